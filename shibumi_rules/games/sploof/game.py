"""Sploof (Matt Green): four in a row, seen from above, on the Shibumi pyramid.

The rules live in ``rules`` (state, moves, the verdict of each rule, outcome), the 24
candidate lines in ``lines``, the notation in ``notation`` and a fast perft in
``perft``; this module ties them into the ``Game`` interface as ``GAME``.

Moves
    ``1c3`` places a ball from the mover's stock at point 1c3; ``x1a1`` removes the red
    ball at 1a1; ``pass`` passes, legal only under ``stuck=pass`` for a player with
    balls in stock who can neither place nor remove (SPF-RUL-3), and then their only
    move. Upper-case letters are accepted; output is lower case.
    Canonical order (``legal_moves``, ``moves``, ``perft --divide``): every placement
    by increasing point index, then every removal by increasing point index. Point
    indices run level by level from level 1, each level by rank then file, so from the
    start: ``1c3 1e3 1c5 1e5 x1a1 x1c1 x1e1 x1g1 x1a3 x1g3 ...``.

Position notation (one line, fields separated by single spaces)::

    position := BOARD SP TURN SP STOCK SP SUPPLY (SP OPTION)*
    BOARD    := the board field of shibumi_rules.notation (letters W, B, R and .)
    TURN     := "white" | "black"                       the player to move
    STOCK    := "stock:" COUNT "," COUNT                White's, then Black's stock
    SUPPLY   := "supply:" OWN "," OWN "," COUNT         White's, Black's, red supply
    OWN      := COUNT | "-"      "-" exactly when supply=unlimited (not counted)
    COUNT    := one or more digits
    OPTION   := "blocking=" ("two" | "one" | "none") | "lines_checked=" ("both" | "mover")
              | "simultaneous=" ("mover" | "draw") | "stuck=" ("lose" | "pass" | "draw")
              | "supply=" ("limited" | "unlimited")

The canonical form writes every option, sorted by name; the parser accepts them in any
order or omitted (defaults ``blocking=two lines_checked=both simultaneous=mover
stuck=lose supply=limited``), each at most once. The start position (White first), on
one line::

    RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4
    blocking=two lines_checked=both simultaneous=mover stuck=lose supply=limited

A position is rejected (PositionError) when a ball floats (SHB-GRAVITY-1), a count is
negative, or the balls of a colour do not add up to 16 (red always; white and black
under ``supply=limited``; SHB-SET-1). Red balls off the perimeter holes cannot arise in
a game but are accepted for analysis (SPF-REMOVE-1).

Outcome
    ``outcome_json`` gives ``{"over", "winner", "draw", "reason"}``; ``reason`` is one
    of ``rules.REASONS``: ``line`` (SPF-WIN-1), ``opponent-line`` (SPF-WIN-2),
    ``both-lines-mover`` / ``both-lines-draw`` (SPF-RUL-2), ``no-legal-move``
    (SPF-END-1, SPF-RUL-3), ``stuck-draw`` (SPF-RUL-3 under ``stuck=draw``),
    ``both-stuck-draw`` (SPF-RUL-3 under ``stuck=pass``). Under ``lines_checked=mover``
    (SPF-RUL-8) only the mover's lines are checked, so no game ends on
    ``opponent-line`` or ``both-lines-*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...board import Board
from ...contract.game import Game, OptionSpec, require_depth
from ...contract.trace import Trace, Traced
from ...diagram import render
from ...errors import IllegalMoveError, OptionError
from ...notation import Colour
from ...verdict import first_failure
from . import effects, notation
from . import perft as sploof_perft
from .rules import (
    MOVE_RULE,
    REASONS,
    SploofMove,
    SploofRules,
    SploofState,
    apply_move,
    available_moves,
    end_reason,
    is_available,
    may_pass,
    move_verdicts,
    outcome,
    outcome_text,
    placements,
    removals,
    start_state,
)

OPTIONS: Final = (
    OptionSpec("blocking", "two", ("two", "one", "none"), "SPF-RUL-4",
               "what crosses a link of a row or column: two: balls on both of its crossing "
               "points (one ball never, so never a perimeter link); one: any ball touching "
               "both of its ends; none: nothing, only hiding breaks a row"),
    OptionSpec("lines_checked", "both", ("both", "mover"), "SPF-RUL-8",
               "both: both players' lines are checked after every move; mover: only the "
               "mover's lines count after a move"),
    OptionSpec("simultaneous", "mover", ("mover", "draw"), "SPF-RUL-2",
               "when one move gives both players a line: the mover wins, or a draw"),
    OptionSpec("stuck", "lose", ("lose", "pass", "draw"), "SPF-RUL-3",
               "a player with balls in stock who can neither place nor remove: lose; "
               "pass (a draw if the opponent then could not move either with balls in "
               "stock); draw"),
    OptionSpec("supply", "limited", ("limited", "unlimited"), "SPF-RUL-1",
               "limited: a removal needs 2 balls of the mover's colour in the supply; "
               "unlimited: the supply is not counted"),
)


class Sploof(Game[SploofState, SploofMove]):
    """The Sploof rules behind the generic ``Game`` interface."""

    name = "sploof"
    move_rule = MOVE_RULE
    options = OPTIONS
    first_choices = ("white", "black")

    def start(self, options: Mapping[str, str] | None = None, first: str | None = None
              ) -> SploofState:
        """The setup (SPF-SETUP-1) with the given first player (SPF-RUL-6; default
        White)."""
        resolved = self.resolve_options(options or {})
        if first is not None and first not in self.first_choices:
            raise OptionError(f"first player {first!r}: expected white or black")
        state = start_state(Colour.BLACK if first == "black" else Colour.WHITE)
        return self.with_options(state, resolved)

    def with_options(self, state: SploofState, options: Mapping[str, str]) -> SploofState:
        rules = SploofRules.from_options(self.resolve_options(options, base=state.options))
        state = notation.with_supply_rule(state, rules.supply)
        return SploofState(state.board, state.turn, state.stock, state.supply, rules)

    def legal_moves(self, state: SploofState) -> list[SploofMove]:
        if end_reason(state) is not None:
            return []
        return available_moves(state)

    def count_moves(self, state: SploofState) -> int:
        if end_reason(state) is not None:
            return 0
        return placements(state).bit_count() + removals(state).bit_count() or \
            int(may_pass(state))

    def play(self, state: SploofState, move: SploofMove) -> SploofState:
        """Implements SPF-TURN-1: one placement or one removal. An illegal move raises
        IllegalMoveError with the first failing verdict of ``move_verdicts`` (a
        finished game first: SPF-END-1 after a player without a move, else SPF-WIN-1);
        a legal one is recognised from the move masks without building verdicts."""
        if end_reason(state) is not None or not is_available(state, move):
            failure = first_failure(move_verdicts(state, move))
            assert failure is not None, f"{move} is refused but no verdict fails"
            raise IllegalMoveError.from_verdict(failure)
        return apply_move(state, move)

    def trace_move(self, state: SploofState, move: SploofMove) -> Traced[SploofState]:
        """The move with its trace (``effects.trace_move``)."""
        return effects.trace_move(state, move)

    def outcome_traced(self, state: SploofState) -> tuple[dict[str, Any], Trace]:
        return outcome(state).to_json(), Trace(outcome=effects.outcome_verdicts(state))

    def is_over(self, state: SploofState) -> bool:
        return end_reason(state) is not None

    def outcome_json(self, state: SploofState) -> dict[str, Any]:
        return outcome(state).to_json()

    def outcome_text(self, state: SploofState) -> str:
        return outcome_text(state)

    def board(self, state: SploofState) -> Board:
        return state.board

    def parse_position(self, text: str) -> SploofState:
        return notation.parse_position(text, self.resolve_options)

    def format_position(self, state: SploofState) -> str:
        return notation.format_position(state)

    def parse_move(self, state: SploofState, text: str) -> SploofMove:
        return notation.parse_move(text)

    def format_move(self, move: SploofMove) -> str:
        return notation.format_move(move)

    def describe(self, state: SploofState) -> str:
        """The diagram, then who is to move, the stocks, the supply and the outcome."""
        white, black, red = state.supply
        supply = ("white -, black - (supply=unlimited)" if white is None or black is None
                  else f"white {white}, black {black}")
        lines = [
            render(state.board),
            f"to move: {state.turn.label}",
            f"stock:   white {state.stock[0]}, black {state.stock[1]}",
            f"supply:  {supply}, red {red}",
            "options: " + " ".join(f"{k}={v}" for k, v in sorted(state.options.items())),
            f"outcome: {outcome_text(state)}",
        ]
        return "\n".join(lines)

    def perft(self, state: SploofState, depth: int) -> int:
        """Same count as the generic perft, through the fast counter of ``perft``."""
        require_depth(depth)
        return self._count(sploof_perft.counter_for(state), state, depth)

    def divide(self, state: SploofState, depth: int) -> list[tuple[str, int]]:
        """Same rows as the generic divide; one transposition table serves every first
        move (positions reached by several first moves are counted once)."""
        if depth < 1:
            return super().divide(state, depth)  # refused there, with the usual message
        counter = sploof_perft.counter_for(state)
        return [(self.format_move(move), self._count(counter, self.play(state, move), depth - 1))
                for move in self.legal_moves(state)]

    @staticmethod
    def _count(counter: sploof_perft.Counter, state: SploofState, depth: int) -> int:
        if depth == 0:
            return 1
        if end_reason(state) is not None:
            return 0
        return counter.count_state(state, depth)


GAME: Final = Sploof()
"""The Sploof game object the registry hands out."""

__all__ = ["GAME", "REASONS", "Sploof", "SploofMove", "SploofState"]
