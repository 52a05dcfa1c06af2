"""Splink: two roles share 16 red and 16 white balls; the attractor scores red-white
contacts on the outside of the pyramid.

The rules on bare masks live in ``splink_mechanics``, the state and moves in
``splink_state``, scoring (the 5 inner points, the 60 ``SCORING_PAIRS``) in
``splink_score``, the notation in ``splink_notation``, the fast perft in
``splink_perft``, and matches in ``splink_matches`` (with ``splink_players``,
``splink_records`` and the ``match`` command in ``splink_match``); this module ties the
game into the ``Game`` interface as ``GAME``.

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

Position notation (one line; grammar in ``splink_notation``)::

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
from typing import Any, Final

from ...board import Board, valid_locations
from ...diagram import render
from ...errors import IllegalMoveError, OptionError
from ...game import Game, require_depth
from ...geometry import ALL, NAMES, SUPPORTEE_MASK, SUPPORTER_MASK, Mask, Point, points_of
from ...notation import Colour
from ...verdict import EndReason, reason_table
from . import notation
from .mechanics import can_draw, followers, has_moves, removable, remove_masks
from .mechanics import count_moves as count_mask_moves
from .perft import perft as fast_perft
from .score import score_masks
from .state import (
    OPTIONS,
    PlaceMove,
    RemoveMove,
    Rules,
    SplinkMove,
    SplinkState,
    make_state,
)

REASON_COMPLETE: Final = "pyramid-complete"
REASON_NO_MOVE: Final = "no-legal-move"
REASON_MAX_TURNS: Final = "max-turns"
REASONS: Final = reason_table(
    EndReason(REASON_COMPLETE, "SPK-END-1", "the pyramid is complete", ("SHB-COMPLETE-1",)),
    EndReason(REASON_NO_MOVE, "SPK-RUL-3", "the player to move has no legal move",
              ("SPK-END-1",)),
    EndReason(REASON_MAX_TURNS, "SPK-RUL-4", "max_turns turns have been played",
              ("SPK-END-1",)),
)
"""Every way a game ends, by its reason string: the sentence and the rule that ends
the game."""


def score(state: SplinkState) -> int:
    """The attractor's points as the position stands. Implements SPK-SCORE-1."""
    return score_masks(state.red, state.white)


def end_reason(state: SplinkState) -> str | None:
    """Why the game is over, or None while it goes on. A complete pyramid comes first,
    then the turn limit, then the lack of a move. Implements SPK-END-1, SPK-RUL-3 and
    SPK-RUL-4."""
    if state.occupied == ALL:
        return REASON_COMPLETE
    limit = state.rules.max_turns
    if limit is not None and state.turns >= limit:
        return REASON_MAX_TURNS
    if not has_moves(state.red, state.white, state.rules.unlimited):
        return REASON_NO_MOVE
    return None


def _why_not_valid(occupied: Mask, point: Point, red: Mask) -> str:
    """Why ``point`` is not a valid location (SHB-PLACE-1)."""
    if occupied >> point & 1:
        colour = "red" if red >> point & 1 else "white"
        return f"{NAMES[point]} already holds a {colour} ball"
    missing = [NAMES[s] for s in points_of(SUPPORTER_MASK[point] & ~occupied)]
    return f"{NAMES[point]} is not supported: no ball at {', '.join(missing)}"


class Splink(Game[SplinkState, SplinkMove]):
    """The Splink rules behind the common game interface."""

    name = "splink"
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
        if end_reason(state) is not None:
            return []
        red, white = state.red, state.white
        occupied = red | white
        red_ok, white_ok = can_draw(red, white, state.rules.unlimited)
        moves: list[SplinkMove] = []
        if red_ok and white_ok:
            valid = valid_locations(occupied)
            points = points_of(valid)
            extra: dict[Point, list[Point]] = {}
            for p, u in followers(occupied, valid):
                extra.setdefault(p, []).append(u)
            for i, low in enumerate(points):
                for high in sorted(points[i + 1:] + extra.get(low, [])):
                    moves.append(PlaceMove(red=low, white=high))
                    moves.append(PlaceMove(red=high, white=low))
        for b in points_of(removable(red, white, red_ok, white_ok)):
            colour = Colour.WHITE if red >> b & 1 else Colour.RED
            _, _, after = remove_masks(red, white, b)
            moves.extend(RemoveMove(b, v, colour) for v in points_of(valid_locations(after)))
        return moves

    def count_moves(self, state: SplinkState) -> int:
        if end_reason(state) is not None:
            return 0
        return count_mask_moves(state.red, state.white, state.rules.unlimited)

    def perft(self, state: SplinkState, depth: int) -> int:
        require_depth(depth)
        return fast_perft(state, depth)

    def play(self, state: SplinkState, move: SplinkMove) -> SplinkState:
        reason = end_reason(state)
        if reason is not None:
            sentence, rule = REASONS[reason].meaning, REASONS[reason].rule
            if reason == REASON_MAX_TURNS:
                sentence = (f"{state.turns} turns have been played "
                            f"(max_turns={state.rules.max_turns})")
            raise IllegalMoveError(f"the game is over: {sentence}", rule)
        if isinstance(move, PlaceMove):
            red, white = self._place_pair(state, move)
        else:
            red, white = self._remove_and_place(state, move)
        return make_state(red, white, state.turns + 1, state.rules)

    def _place_pair(self, state: SplinkState, move: PlaceMove) -> tuple[Mask, Mask]:
        """Check and apply move (a). Implements SPK-PLACE-1 and SPK-RUL-1."""
        red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
        for ok, colour in ((red_ok, Colour.RED), (white_ok, Colour.WHITE)):
            if not ok:
                raise IllegalMoveError(
                    f"no {colour.label} ball left in the supply to place", "SPK-PLACE-1"
                )
        if move.red == move.white:
            raise IllegalMoveError(
                f"both balls on {NAMES[move.red]}: a point holds one ball", "SHB-PLACE-1"
            )
        low, high = move.points
        occupied = state.occupied
        if not valid_locations(occupied) >> low & 1:
            raise IllegalMoveError(
                f"{_why_not_valid(occupied, low, state.red)}", "SHB-PLACE-1"
            )
        if not valid_locations(occupied | 1 << low) >> high & 1:
            raise IllegalMoveError(
                f"{_why_not_valid(occupied | 1 << low, high, state.red)}, even after the "
                f"ball on {NAMES[low]} (SPK-RUL-1)",
                "SHB-PLACE-1",
            )
        return state.red | 1 << move.red, state.white | 1 << move.white

    def _remove_and_place(self, state: SplinkState, move: RemoveMove) -> tuple[Mask, Mask]:
        """Check and apply move (b). Implements SPK-REMOVE-1, SPK-REMOVE-2, SPK-RUL-2
        and SPK-RUL-7."""
        red, white = state.red, state.white
        occupied = red | white
        b = move.removed
        if not occupied >> b & 1:
            raise IllegalMoveError(f"no ball at {NAMES[b]} to remove", "SPK-REMOVE-1")
        removed = Colour.RED if red >> b & 1 else Colour.WHITE
        other = Colour.WHITE if removed == Colour.RED else Colour.RED
        supported = (SUPPORTEE_MASK[b] & occupied).bit_count()
        if supported != 1:
            detail = "no ball" if supported == 0 else f"{supported} balls (it is pinned)"
            raise IllegalMoveError(
                f"the ball at {NAMES[b]} supports {detail}; only a ball that supports "
                "exactly one ball may be removed",
                "SPK-REMOVE-1",
            )
        if move.colour != other:
            raise IllegalMoveError(
                f"after removing the {removed.label} ball at {NAMES[b]} the new ball must "
                f"be {other.label}",
                "SPK-REMOVE-2",
            )
        red_ok, white_ok = can_draw(red, white, state.rules.unlimited)
        if not (white_ok if other == Colour.WHITE else red_ok):
            raise IllegalMoveError(
                f"no {other.label} ball in the supply before the removal, so the "
                f"{removed.label} ball at {NAMES[b]} cannot be swapped",
                "SPK-RUL-7",
            )
        new_red, new_white, after = remove_masks(red, white, b)
        if not valid_locations(after) >> move.placed & 1:
            raise IllegalMoveError(
                f"{_why_not_valid(after, move.placed, new_red)} after the removal at "
                f"{NAMES[b]}",
                "SHB-PLACE-1",
            )
        if other == Colour.RED:
            return new_red | 1 << move.placed, new_white
        return new_red, new_white | 1 << move.placed

    # -- outcome ---------------------------------------------------------------------
    def is_over(self, state: SplinkState) -> bool:
        return end_reason(state) is not None

    def outcome_json(self, state: SplinkState) -> dict[str, Any]:
        return {"over": end_reason(state) is not None, "score": score(state),
                "reason": end_reason(state)}

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
