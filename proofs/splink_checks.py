"""Splink's engine against the model where every case can be enumerated: the score of
every pair of points under every colouring, and the mask mechanics that count moves
(``games/splink/mechanics.py``) on every occupancy that obeys gravity.

The engine is read through its module attributes at run time, so a test that breaks
one of them sees the claim fail.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from shibumi_rules.board import Board, unpinned, valid_locations
from shibumi_rules.game import Game
from shibumi_rules.games.splink import mechanics
from shibumi_rules.games.splink import score as engine_score
from shibumi_rules.geometry import NAMES, points_of

from . import model
from . import reference_model as ref
from . import reference_splink as rk
from .board_checks import occupancy_board
from .game_samples import compare_position, option_sets, sampled
from .lanes import counts, first_difference, flags, mask_columns
from .occupancies import BoardSpace, board_space
from .solver import Outcome, board_counterexample
from .theorem import Theorem, theorem

SPLINK_CHECKS: list[Theorem] = []
EMPTY, RED, WHITE = range(3)


@theorem(SPLINK_CHECKS, "splink-score-engine-equals-model", ("SPK-SCORE-1",), """
    For every pair of points (435 pairs) and every colouring of the two (each empty,
    red or white), the engine's score (score.score_masks, which Splink's outcome reports)
    is the model's: 1 when the two points are a scoring pair, touching and neither
    inner, holding one red and one white ball, else 0. The score of any board is the
    sum over its pairs, in the engine as in the model.""", method="exhaustive")
def splink_score_engine_equals_model() -> Outcome:
    checked = 0
    for a, b in combinations(model.POINTS, 2):
        for ca, cb in product(range(3), repeat=2):
            red = (ca == RED) << a | (cb == RED) << b
            white = (ca == WHITE) << a | (cb == WHITE) << b
            balls = {"R": [bool(red >> p & 1) for p in model.POINTS],
                     "W": [bool(white >> p & 1) for p in model.POINTS]}
            checked += 1
            engine, expected = engine_score.score_masks(red, white), ref.score(balls)
            if engine != expected:
                note = (f"{NAMES[a]} {'-RW'[ca]}, {NAMES[b]} {'-RW'[cb]}: the engine scores "
                        f"{engine}, the model {expected}")
                return Outcome(False, f"counterexample: {note}",
                               board_counterexample(Board((white, 0, red)), note),
                               cases=checked)
    return Outcome(True, f"equal in all {checked:,} colourings of the 435 pairs",
                   cases=checked)


def _refuted(space: BoardSpace, case: int, note: str) -> Outcome:
    return Outcome(False, f"counterexample: {note}", board_counterexample(
        occupancy_board(space.occupancies[case]), note), cases=space.cases)


def _followers(space: BoardSpace) -> Outcome | None:
    """``followers`` and ``follower_count`` against the model: (p, u) with p a valid
    location and u valid only once p holds a ball."""
    by_point: list[list[int]] = [[0] * space.cases for _ in model.POINTS]
    found: list[int] = []
    for index, occ in enumerate(space.occupancies):
        now = valid_locations(occ)
        for p, u in mechanics.followers(occ, now):
            by_point[p][index] |= 1 << u
        found.append(mechanics.follower_count(occ, now))
    lanes, valid, then = space.lanes, space.valid, space.valid_once_filled
    total = 0
    for p in model.POINTS:
        engine = mask_columns(lanes, by_point[p])
        for u in model.POINTS:
            expected = lanes.and_((valid[p], lanes.not_(valid[u]), then[p][u]))
            total += expected
            case = first_difference(engine[u], expected)
            if case is not None:
                return _refuted(space, case, f"followers: {NAMES[u]} after {NAMES[p]}")
    case = first_difference(counts(found), total)
    if case is not None:
        return _refuted(space, case, "follower_count differs from the model's count")
    return None


def _chain_tops(space: BoardSpace) -> Outcome | None:
    """``chain_top`` of every unpinned ball against the model's top of its chain."""
    tops: list[list[int]] = [[0] * space.cases for _ in model.POINTS]
    for index, occ in enumerate(space.occupancies):
        for p in points_of(unpinned(occ)):
            tops[p][index] = 1 << mechanics.chain_top(occ, p)
    for p in model.POINTS:
        engine = mask_columns(space.lanes, tops[p])
        expected = model.chain_top(space.lanes, space.chain(p))
        for q in model.POINTS:
            case = first_difference(engine[q], expected[q] & space.removable(p))
            if case is not None:
                return _refuted(space, case, f"the top of the chain of {NAMES[p]}")
    return None


def model_move_count(space: BoardSpace) -> tuple[int, int]:
    """The model's number of Splink moves on every occupancy under supply=unlimited,
    and whether there is one: moves (a) are the ordered (red, white) pairs of distinct
    points where one point is a valid location and the other is one once a ball is on
    the first; moves (b) are a ball supporting exactly one, removed with its chain, and
    a valid location after the drop. A complete pyramid ends the game (SPK-END-1)."""
    lanes, valid, then = space.lanes, space.valid, space.valid_once_filled
    total, anything = 0, 0
    live = lanes.not_(model.complete(lanes, space.occ))
    for a, b in combinations(model.POINTS, 2):
        pair = ((valid[a] & then[a][b]) | (valid[b] & then[b][a])) & live
        total += 2 * pair
        anything |= pair
    for b in model.POINTS:
        after = space.after_removal(b)
        for v in model.POINTS:
            swap = space.supports_one[b] & model.valid_location(lanes, after, v) & live
            total += swap
            anything |= swap
    return total, anything


@theorem(SPLINK_CHECKS, "splink-mask-mechanics", ("SPK-PLACE-1", "SPK-REMOVE-1",
                                                  "SPK-REMOVE-2", "SPK-END-1"), """
    On every occupancy that obeys gravity (all 141,120), the mask mechanics that Splink's
    move list and perft use agree with the model: followers and follower_count (the
    points that become valid locations only once a given valid location holds a ball),
    chain_top (the point a removal empties, for every unpinned ball), and, under
    supply=unlimited where the count depends on the occupancy alone, count_moves (the
    number of moves (a) and (b), n(n-1) + 2 x followers for the pairs) and has_moves
    are the model's number of moves and whether there is one.""", method="exhaustive", slow=True)
def splink_mask_mechanics() -> Outcome:
    space = board_space()
    failed = _followers(space) or _chain_tops(space)
    if failed:
        return failed
    total, anything = model_move_count(space)
    engine = counts([mechanics.count_moves(occ, 0, True) for occ in space.occupancies])
    case = first_difference(engine, total)
    if case is not None:
        return _refuted(space, case, f"count_moves says {space.lanes.lane(engine, case)}, "
                                     f"the model {space.lanes.lane(total, case)}")
    engine = flags(space.lanes, [mechanics.has_moves(occ, 0, True)
                                 for occ in space.occupancies])
    case = first_difference(engine, anything)
    if case is not None:
        return _refuted(space, case, "has_moves differs from the model")
    return Outcome(True, f"equal on all {space.cases:,} occupancies", cases=space.cases)


SPLINK_OPTIONS = option_sets(supply=("limited", "unlimited"), max_turns=("none", "6", "20"))


def compare_splink(game: Game[Any, Any], state: Any) -> str | None:
    """Where the engine and the model disagree on a Splink position, or None."""
    return compare_position(rk, game, state)


@theorem(SPLINK_CHECKS, "splink-games-engine-equals-model",
         ("SPK-PLACE-1", "SPK-REMOVE-1", "SPK-REMOVE-2", "SPK-END-1", "SPK-SCORE-1"), """
    On the positions of seeded random games from the start, under every combination
    of the options (with max_turns none, 6 or 20), the engine's legal moves, the
    position each leads to and the outcome with its score are the model's. Sampled:
    whole games cannot be enumerated; the claims above cover the parts that can.""",
         method="sampling", slow=True)
def splink_games_engine_equals_model() -> Outcome:
    return sampled("splink", compare_splink, SPLINK_OPTIONS, games=8, most_plies=30)
