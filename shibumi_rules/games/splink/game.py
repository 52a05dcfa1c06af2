"""Splink: two roles share 16 red and 16 white balls; the attractor scores red-white
contacts on the outside of the pyramid.

The rules as verdicts live in ``rules`` (legality of a move, the end of the game), the
move generator on bare masks in ``mechanics``, the state and moves in ``state``,
scoring (the 5 inner points, the 60 ``SCORING_PAIRS``) in ``score``, the notation in
``notation``, the fast perft in ``perft``, and matches in ``matches`` (with
``players``, ``records`` and the ``match`` command in ``match_cli``); this module ties
the game into the ``Game`` interface as ``GAME``.

The attractor moves first on an empty board (SPK-SETUP-1). A turn is either

- (a) a red and a white ball placed, each on a location valid when it is placed, so the
  second may rest on a platform the first completed (SPK-PLACE-1, SPK-RUL-1); or
- (b) a ball that supports exactly one ball removed to the supply, its chain dropping,
  then a ball of the other colour placed anywhere valid (SPK-REMOVE-1, SPK-REMOVE-2,
  SPK-RUL-2, SPK-RUL-7).

The game ends on a complete pyramid (SPK-END-1), when the player to move has no legal
move (SPK-RUL-3), or after ``max_turns`` turns (SPK-RUL-4); it is scored as it stands.

Moves
    ``R1a1+W1c1`` places a red ball on 1a1 and a white one on 1c1 (canonical: lower point
    index first; either order parses); ``x2b2+W3c3`` removes the ball at 2b2 (red
    here), then places a white ball on 3c3.
    Canonical order (``legal_moves``, ``moves``, ``perft --divide``): every placement
    (a), by the lower point index, then the higher point index, then the colour on the
    lower point (red first); then every removal (b), by the removed point index, then
    the index of the point the new ball goes on. From the start:
    ``R1a1+W1c1 W1a1+R1c1 R1a1+W1e1 W1a1+R1e1 ...`` (240 moves).

Position notation (one line; grammar in ``notation``)::

    BOARD ROLE turns:N supply:RED,WHITE max_turns=N|none supply=limited|unlimited
    ....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16
    max_turns=none supply=limited                       (the start, on one line)

Outcome
    ``outcome_json`` gives ``{"over", "score", "reason"}``; ``score`` is the attractor's
    points as the position stands; ``reason`` is one of ``REASONS``:
    ``pyramid-complete`` (SPK-END-1), ``no-legal-move`` (SPK-RUL-3), ``max-turns``
    (SPK-RUL-4), or ``null`` while the game goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any, Final

from ...board import Board
from ...contract.game import Game, require_depth
from ...contract.trace import Trace, Traced
from ...diagram import render
from ...errors import IllegalMoveError, OptionError
from ...notation import Colour
from ...verdict import first_failure
from . import effects, notation
from .mechanics import bits, can_draw, placement_rows, removals, remove_masks
from .mechanics import count_moves as count_mask_moves
from .perft import Perft
from .perft import perft as fast_perft
from .rules import (
    MOVE_RULE,
    REASON_COMPLETE,
    REASON_MAX_TURNS,
    REASON_NO_MOVE,
    REASONS,
    end_reason,
    move_verdicts,
    score,
)
from .state import (
    OPTIONS,
    PAIR_MOVES,
    SWAP_MOVES,
    PlaceMove,
    RemoveMove,
    Rules,
    SplinkMove,
    SplinkState,
    make_state,
    successor,
)

__all__ = ["GAME", "REASONS", "REASON_COMPLETE", "REASON_MAX_TURNS", "REASON_NO_MOVE",
           "Splink", "end_reason", "score"]


def moves_of(state: SplinkState) -> tuple[SplinkMove, ...]:
    """The legal moves of ``state`` in canonical order, generated on first use and kept
    in the state. Moves come from ``PAIR_MOVES`` and ``SWAP_MOVES``, so none is made
    here."""
    moves = state.memo_moves
    if moves is not None:
        return moves
    out: list[SplinkMove] = []
    if end_reason(state) is None:
        red, white = state.red, state.white
        red_ok, white_ok = can_draw(red, white, state.rules.unlimited)
        if red_ok and white_ok:
            for low, highs in placement_rows(red | white):
                out.extend(chain.from_iterable(map(PAIR_MOVES[low].__getitem__, highs)))
        for b, spots in removals(red, white, red_ok, white_ok):
            swaps = SWAP_MOVES[Colour.WHITE if red >> b & 1 else Colour.RED][b]
            out.extend(map(swaps.__getitem__, bits(spots)))
    moves = tuple(out)
    object.__setattr__(state, "memo_moves", moves)
    return moves


class Splink(Game[SplinkState, SplinkMove]):
    """The Splink rules behind the common game interface."""

    name = "splink"
    move_rule = MOVE_RULE
    options = OPTIONS
    first_choices: tuple[str, ...] = ()

    # -- setup ---------------------------------------------------------------------
    def start(self, options: Mapping[str, str] | None = None, first: str | None = None
              ) -> SplinkState:
        """Empty board, attractor to move, full supply. Implements SPK-SETUP-1."""
        if first is not None:
            raise OptionError(
                "splink fixes who moves first (the attractor, SPK-SETUP-1); "
                "--first is not used"
            )
        rules = Rules.from_options(self.resolve_options(options or {}))
        return make_state(0, 0, 0, rules)

    def with_options(self, state: SplinkState, options: Mapping[str, str]) -> SplinkState:
        rules = Rules.from_options(self.resolve_options(options, state.options))
        new = make_state(state.red, state.white, state.turns, rules)
        notation.check_position(new)
        return new

    # -- moves -----------------------------------------------------------------------
    def legal_moves(self, state: SplinkState) -> list[SplinkMove]:
        """Every legal move in canonical order, from the one move generator
        (``mechanics.placement_rows`` and ``mechanics.removals``), worked out once per
        state."""
        return list(moves_of(state))

    def count_moves(self, state: SplinkState) -> int:
        if state.memo_moves is not None:
            return len(state.memo_moves)
        if end_reason(state) is not None:
            return 0
        return count_mask_moves(state.red, state.white, state.rules.unlimited)

    def perft(self, state: SplinkState, depth: int) -> int:
        require_depth(depth)
        return fast_perft(state, depth)

    def divide(self, state: SplinkState, depth: int) -> list[tuple[str, int]]:
        """Perft split by first move, every first move counted with one transposition
        table (``perft.Perft``)."""
        if depth < 1:
            raise OptionError("--divide needs a depth of at least 1")
        counter = Perft(state)
        return [(self.format_move(m), counter.leaves(self.play(state, m), depth - 1))
                for m in moves_of(state)]

    def play(self, state: SplinkState, move: SplinkMove) -> SplinkState:
        """The state after a legal move. A move the generator does not list is
        illegal: the error is the first failing verdict of ``rules.move_verdicts``."""
        if not isinstance(move, PlaceMove | RemoveMove):
            raise TypeError(f"not a Splink move: {move!r}")
        if move not in moves_of(state):
            failure = first_failure(move_verdicts(state, move))
            if failure is None:
                raise AssertionError(f"the move generator misses {move}, which every rule "
                                     "allows")
            raise IllegalMoveError.from_verdict(failure)
        if isinstance(move, PlaceMove):
            return successor(state, state.red | 1 << move.red, state.white | 1 << move.white)
        red, white, _ = remove_masks(state.red, state.white, move.removed)
        if move.colour == Colour.RED:
            return successor(state, red | 1 << move.placed, white)
        return successor(state, red, white | 1 << move.placed)

    def trace_move(self, state: SplinkState, move: SplinkMove) -> Traced[SplinkState]:
        """The move with its trace (``effects``): the checks, then for a legal move the
        state ``play`` gives, its effects and how the game stands after it."""
        checks = effects.move_checks(state, move)
        if first_failure(checks) is not None:
            return Traced(None, Trace(tuple(checks)))
        after = self.play(state, move)
        return Traced(after, Trace(tuple(checks),
                                   tuple(effects.move_effects(state, after, move, checks)),
                                   tuple(effects.outcome_effects(after))))

    def outcome_traced(self, state: SplinkState) -> tuple[dict[str, Any], Trace]:
        return self.outcome_json(state), Trace(outcome=tuple(effects.outcome_effects(state)))

    # -- outcome ---------------------------------------------------------------------
    def is_over(self, state: SplinkState) -> bool:
        return end_reason(state) is not None

    def outcome_json(self, state: SplinkState) -> dict[str, Any]:
        reason = end_reason(state)
        return {"over": reason is not None, "score": score(state), "reason": reason}

    def outcome_text(self, state: SplinkState) -> str:
        reason = end_reason(state)
        points = score(state)
        if reason is None:
            return (f"game on: {state.role.value} to move; the attractor has {points} "
                    f"point{'s' if points != 1 else ''} as it stands")
        sentence, rule = REASONS[reason].meaning, REASONS[reason].rule
        return (f"game over ({reason}): {sentence}; the attractor scores {points} "
                f"[{rule}]")

    def board(self, state: SplinkState) -> Board:
        return Board((state.white, 0, state.red))

    # -- notation --------------------------------------------------------------------
    def parse_position(self, text: str) -> SplinkState:
        return notation.parse_position(text)

    def format_position(self, state: SplinkState) -> str:
        return notation.format_position(state)

    def parse_move(self, state: SplinkState, text: str) -> SplinkMove:
        return notation.parse_move(text)

    def format_move(self, move: SplinkMove) -> str:
        return notation.format_move(move)

    def describe(self, state: SplinkState) -> str:
        """The diagram, then the role to move, turns, supply, score, options, outcome."""
        supply = ("red -, white - (supply=unlimited)" if state.supply is None
                  else f"red {state.supply[0]}, white {state.supply[1]}")
        options = " ".join(f"{k}={v}" for k, v in sorted(state.options.items()))
        lines = [
            render(self.board(state)),
            f"to move: {state.role.value}",
            f"turns:   {state.turns} played",
            f"supply:  {supply}",
            f"score:   {score(state)} (the attractor's points as it stands)",
            f"options: {options}",
            f"outcome: {self.outcome_text(state)}",
        ]
        return "\n".join(lines)


GAME: Final = Splink()
"""The Splink game object the registry hands out."""
