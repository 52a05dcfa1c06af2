"""Spline (Néstor Romeral Andrés): the first game of the Shibumi rule book. Two players
place balls of their colour; the first to make a flat line that spans a level wins.

The rules live in ``rules`` (state, verdicts, outcome), the 24 lines in ``lines``, the
notation in ``notation`` and a fast perft in ``perft``; this module ties them into the
``Game`` interface as ``GAME``.

Moves
    ``1a1`` places a ball of the mover's colour on point 1a1 (upper-case letters are
    accepted; output is lower case). Canonical order (``legal_moves``, ``moves``,
    ``perft --divide``): by increasing point index, level by level from level 1, each
    level by rank then file, so from the start ``1a1 1c1 1e1 1g1 1a3 ... 1g7``.

Position notation (one line, fields separated by single spaces)::

    position := BOARD SP TURN (SP OPTION)*
    BOARD    := the board field of shibumi_rules.notation (letters W, B and .)
    TURN     := "white" | "black"                       the player to move
    OPTION   := NAME "=" VALUE                          Spline has no options

The canonical form writes every option sorted by name: none, so it is the board field
and the player to move. Each player's supply is the 16 balls of their colour not on the
board, and who moved first follows from the counts, so neither is written. The start
(White first) is::

    ....,....,....,..../...,...,.../..,../. white

A position is rejected (PositionError, with the rule) when a ball floats
(SHB-GRAVITY-1), or when no game reaches it: the counts do not alternate (SPL-TURN-1),
level 3 holds four balls (SPL-RUL-6), both players hold a line (SPL-RUL-5), or the
player to move holds one (SPL-WIN-1). A red ball is a notation error.

Outcome
    ``outcome_json`` gives ``{"over", "winner", "draw", "reason"}``; ``reason`` is
    ``line`` (SPL-WIN-1) once a player holds a line, ``null`` while the game goes on;
    ``draw`` is always false (SPL-RUL-6: every game has a winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...board import Board
from ...contract.game import Game, require_depth
from ...contract.trace import Trace, Traced
from ...diagram import render
from ...errors import OptionError
from ...notation import Colour
from . import notation, rules
from . import perft as spline_perft
from .rules import REASONS, SplineMove, SplineState, outcome, outcome_text, supply_left

if TYPE_CHECKING:  # lazy: start-up
    from .search import SplineKernel


class Spline(Game[SplineState, SplineMove]):
    """The Spline rules behind the generic ``Game`` interface."""

    name = "spline"
    move_rule = rules.MOVE_RULE
    options = ()
    first_choices = ("white", "black")

    def start(self, options: Mapping[str, str] | None = None, first: str | None = None
              ) -> SplineState:
        """The empty pyramid (SPL-SETUP-1) with the given first player (SPL-RUL-4;
        default White)."""
        self.resolve_options(options or {})
        if first is not None and first not in self.first_choices:
            raise OptionError(f"first player {first!r}: expected white or black")
        return rules.start_state(Colour.BLACK if first == "black" else Colour.WHITE)

    def first_mover(self, state: SplineState) -> str | None:
        """Read from the counts (SPL-RUL-4): with equal counts the player to move began,
        otherwise the player with one ball more."""
        first = rules.turn_verdict(state).evidence.get("first")
        return first if isinstance(first, str) else None

    def with_options(self, state: SplineState, options: Mapping[str, str]) -> SplineState:
        self.resolve_options(options, base=state.options)
        return state

    def legal_moves(self, state: SplineState) -> list[SplineMove]:
        return rules.legal_moves(state)

    def count_moves(self, state: SplineState) -> int:
        return rules.legal_points(state).bit_count()

    def play(self, state: SplineState, move: SplineMove) -> SplineState:
        """Implements SPL-TURN-1: one ball placed, the first failing verdict otherwise."""
        return rules.play(state, move)

    def trace_move(self, state: SplineState, move: SplineMove) -> Traced[SplineState]:
        return rules.trace_move(state, move)

    def outcome_traced(self, state: SplineState) -> tuple[dict[str, Any], Trace]:
        return self.outcome_json(state), Trace(outcome=(rules.end_verdict(state),))

    def is_over(self, state: SplineState) -> bool:
        return outcome(state).over

    def outcome_json(self, state: SplineState) -> dict[str, Any]:
        return outcome(state).to_json()

    def outcome_text(self, state: SplineState) -> str:
        return outcome_text(state)

    def board(self, state: SplineState) -> Board:
        return state.board

    def parse_position(self, text: str) -> SplineState:
        return notation.parse_position(text, self.resolve_options)

    def format_position(self, state: SplineState) -> str:
        return notation.format_position(state)

    def parse_move(self, state: SplineState, text: str) -> SplineMove:
        return notation.parse_move(text)

    def format_move(self, move: SplineMove) -> str:
        return notation.format_move(move)

    def describe(self, state: SplineState) -> str:
        """The diagram, then who is to move, the balls left to each player and the
        outcome."""
        board = state.board
        lines = [
            render(board),
            f"to move: {state.turn.label}",
            f"supply:  white {supply_left(board, Colour.WHITE)}, "
            f"black {supply_left(board, Colour.BLACK)}",
            f"outcome: {outcome_text(state)}",
        ]
        return "\n".join(lines)

    def search_kernel(self) -> SplineKernel:
        """The masks, symmetries and move order of ``search`` (a fast path)."""
        from .search import KERNEL  # lazy: start-up (only the solver searches)

        return KERNEL

    def perft(self, state: SplineState, depth: int) -> int:
        """Same count as the generic perft, through ``spline_perft``."""
        require_depth(depth)
        if depth == 0:
            return 1
        if outcome(state).over:
            return 0
        return spline_perft.perft(state, depth)

    def divide(self, state: SplineState, depth: int) -> list[tuple[str, int]]:
        """Same rows as the generic divide; one set of transposition tables serves every
        first move (positions reached by several first moves are counted once)."""
        if depth < 1:
            return super().divide(state, depth)  # refused there, with the usual message
        tables: spline_perft.Tables = {}
        rows = []
        for move in self.legal_moves(state):
            child = self.play(state, move)
            count = (1 if depth == 1 else 0 if outcome(child).over
                     else spline_perft.perft(child, depth - 1, tables))
            rows.append((self.format_move(move), count))
        return rows


GAME: Final = Spline()
"""The Spline game object the registry hands out."""

__all__ = ["GAME", "REASONS", "Spline", "SplineMove", "SplineState"]
