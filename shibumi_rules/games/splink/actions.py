"""Splink for the learning adapters: action numbers, seats, returns, counts.

The action numbering lists every move text that is legal in at least one position the
notation accepts, in the canonical move order: first the placements (a), by lower
point, then higher point, then the colour on the lower point (red first); then the
removals (b), by removed point, then the point of the new ball, then its colour (red
first). That is 374 pairs of points that two placements can fill, in both colourings
(748 actions), then 592 (removed, placed) pairs in both colours (1184 actions): 1932.

Which pairs can ever be played is worked out from the geometry, without a search:

- Placement on ``p`` then ``q`` (``p < q``; a point that completes a platform always has
  the lower index, SPK-RUL-1): possible exactly when ``p`` is not needed below the
  other supporters of ``q``. The board holding the supporters of ``p`` and of ``q``
  (but not ``p``), with everything under them, is the least board where the move could
  be legal; any other such board holds it, so if ``p`` is filled there it is filled in
  all of them.
- Removal at ``b``, new ball on ``v``: the drop chain from ``b`` is a path upwards
  through single supportees (``chain-is-one-straight-diagonal``). For each such path,
  the least board holds the path's points and everything under them (and, when ``v``
  is not the vacated top of the chain, the supporters of ``v`` and everything under
  them); the move is possible exactly when on that board every chain point supports
  only the next one, the top supports nothing, ``v`` is empty and ``v`` does not rest
  on the top. Vacating the top always leaves the top a valid location.

``tests/test_rl_actions.py`` checks both against every one of the 141,120 boards that
obey gravity. Boards with an odd number of balls, which the notation refuses, add no
pair.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from typing import Final

from ...board import BALLS_PER_COLOUR
from ...contract.actions import Count, GameActions
from ...geometry import POINTS, SUPPORTEE_MASK, SUPPORTEES, SUPPORTER_MASK, Mask, Point, points_of
from ...notation import Colour
from .game import score
from .matches import MATCH_DEFAULT_OPTIONS
from .notation import format_move
from .score import GREATEST_SCORE
from .state import PlaceMove, RemoveMove, Role, SplinkState


def below(mask: Mask) -> Mask:
    """``mask`` with every point under its points, down to the holes: the least board
    that obeys gravity and holds them."""
    out = mask
    while True:
        grown = out
        for p in points_of(out):
            grown |= SUPPORTER_MASK[p]
        if grown == out:
            return out
        out = grown


def placement_pairs() -> tuple[tuple[Point, Point], ...]:
    """Every (p, q), p < q, such that some board has p valid and q valid once p is
    filled. Implements the pair condition of SPK-PLACE-1 with SPK-RUL-1."""
    return tuple((p, q) for p in POINTS for q in POINTS
                 if p < q and not below(SUPPORTER_MASK[q] & ~(1 << p)) >> p & 1)


def _paths_up(start: Point) -> Iterator[tuple[Point, ...]]:
    """Every path from ``start`` going up one supportee at a time, of length >= 2."""
    stack: list[tuple[Point, ...]] = [(start,)]
    while stack:
        path = stack.pop()
        for upper in SUPPORTEES[path[-1]]:
            longer = (*path, upper)
            yield longer
            stack.append(longer)


def _is_drop_chain(path: tuple[Point, ...], occupied: Mask) -> bool:
    """Whether ``path`` is the drop chain from its first point on this board: each point
    supports exactly the next, the last supports nothing."""
    for lower, upper in pairwise(path):
        if SUPPORTEE_MASK[lower] & occupied != 1 << upper:
            return False
    return not SUPPORTEE_MASK[path[-1]] & occupied


def removal_pairs() -> tuple[tuple[Point, Point], ...]:
    """Every (b, v) such that some board lets the ball at b be removed (it supports
    exactly one ball, SPK-REMOVE-1) and then has v valid (SPK-REMOVE-2)."""
    found: set[tuple[Point, Point]] = set()
    for b in POINTS:
        for path in _paths_up(b):
            top = path[-1]
            least = below(sum(1 << p for p in path))
            if _is_drop_chain(path, least):
                found.add((b, top))
            for v in POINTS:
                if v == top or SUPPORTER_MASK[v] >> top & 1:
                    continue
                occupied = least | below(SUPPORTER_MASK[v])
                if not occupied >> v & 1 and _is_drop_chain(path, occupied):
                    found.add((b, v))
    return tuple(sorted(found))


@cache
def _texts() -> tuple[str, ...]:
    place = [format_move(PlaceMove(red=low, white=high) if red_low
                         else PlaceMove(red=high, white=low))
             for low, high in placement_pairs() for red_low in (True, False)]
    remove = [format_move(RemoveMove(b, v, colour))
              for b, v in removal_pairs() for colour in (Colour.RED, Colour.WHITE)]
    return (*place, *remove)


class SplinkActions(GameActions[SplinkState]):
    """The attractor is seat 0, the repulsor seat 1."""

    seats = (Role.ATTRACTOR.value, Role.REPULSOR.value)
    colours = (Colour.RED, Colour.WHITE)
    order = ("placements (a) by lower point, then higher point, then the colour on the "
             "lower point (red first); then removals (b) by removed point, then the point "
             "of the new ball, then its colour (red first); only pairs of points that "
             "some position allows")
    utility = (float(-GREATEST_SCORE), float(GREATEST_SCORE))
    utility_reason = ("the attractor's return is the score, the repulsor's its negative; "
                      f"no position scores less than 0 or more than {GREATEST_SCORE} "
                      "(SPK-SCORE-1, proofs splink-greatest-score-16-16 and "
                      "splink-greatest-score-unlimited)")
    length_reason = ("max_turns - turns played: a move is a turn, and the game ends after "
                     "max_turns turns (SPK-RUL-4); without max_turns a game can go on for "
                     "ever (no repetition rule), so the adapters use max_turns="
                     f"{MATCH_DEFAULT_OPTIONS['max_turns']} by default, as matches do")
    adapter_defaults = MATCH_DEFAULT_OPTIONS

    def texts(self) -> tuple[str, ...]:
        return _texts()

    def seat_to_move(self, state: SplinkState) -> int:
        return 0 if state.role is Role.ATTRACTOR else 1

    def returns(self, state: SplinkState) -> tuple[float, ...]:
        """The attractor's score, and its negative for the repulsor (SPK-SCORE-1)."""
        points = float(score(state))
        return (points, -points)

    def counts(self, state: SplinkState) -> tuple[Count, ...]:
        red, white = state.supply if state.supply is not None else (None, None)
        limit = state.rules.max_turns
        return (Count("turns", state.turns, limit if limit is not None else state.turns),
                Count("supply_red", red, BALLS_PER_COLOUR),
                Count("supply_white", white, BALLS_PER_COLOUR))

    def moves_left_bound(self, state: SplinkState) -> int | None:
        limit = state.rules.max_turns
        return None if limit is None else max(0, limit - state.turns)


ACTIONS: Final = SplinkActions()
"""Splink's action numbering and learning view, handed out by the definition."""
