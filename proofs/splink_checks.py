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
from shibumi_rules.contract.game import Game
from shibumi_rules.games.splink import mechanics
from shibumi_rules.games.splink import score as engine_score
from shibumi_rules.geometry import NAMES, points_of

from . import model
from . import reference_splink as rk
from .board_checks import occupancy_board
from .game_samples import compare_position, option_sets, sampled
from .lanes import counts, first_difference, flags, mask_columns
from .logic import PY_LOGIC
from .occupancies import BoardSpace, board_space
from .solver import Outcome, board_counterexample
from .theorem import Theorem, theorem

SPLINK_CHECKS: list[Theorem] = []
EMPTY, RED, WHITE = range(3)


@theorem(SPLINK_CHECKS, "splink-score-engine-equals-model", ("SPK-SCORE-1", "SPK-RUL-9"), """
    For every pair of points (435 pairs) and every colouring of the two (each empty,
    red or white), the engine's scoring contacts (score.scoring_contacts, the verdict
    path) and its score (score.score_masks, the count the outcome and perft use) are
    the model's: the pair scores when its points are a scoring pair, touching and
    neither inner, holding one red and one white ball. The score of any board is the
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
            expected = {(x, y) for x, y in model.SCORING_PAIRS
                        if model.scores(PY_LOGIC, balls, x, y)}
            contacts = engine_score.scoring_contacts(red, white)
            count = engine_score.score_masks(red, white)
            if set(contacts) != expected or len(contacts) != len(expected) \
                    or count != len(expected):
                note = (f"{NAMES[a]} {'-RW'[ca]}, {NAMES[b]} {'-RW'[cb]}: the engine scores "
                        f"{len(contacts)} (contacts) and {count} (count), the model "
                        f"{len(expected)}")
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


def model_pairs(space: BoardSpace) -> dict[tuple[int, int], int]:
    """For every two points a < b, the lanes where move (a) may fill them: one is a
    valid location and the other is one once a ball is on the first (SPK-PLACE-1,
    SPK-RUL-1)."""
    valid, then = space.valid, space.valid_once_filled
    return {(a, b): (valid[a] & then[a][b]) | (valid[b] & then[b][a])
            for a, b in combinations(model.POINTS, 2)}


def model_swaps(space: BoardSpace, removed: int) -> list[int]:
    """For each point, the lanes where move (b) may remove the ball at ``removed`` (it
    supports exactly one ball) and put the new ball there (a valid location once the
    chain has dropped; SPK-REMOVE-1, SPK-REMOVE-2)."""
    after = space.after_removal(removed)
    return [space.supports_one[removed] & model.valid_location(space.lanes, after, v)
            for v in model.POINTS]


def _placement_rows(space: BoardSpace, pairs: dict[tuple[int, int], int]) -> Outcome | None:
    """``placement_rows`` (the one generator of moves (a)) against the model's pairs."""
    rows: list[list[int]] = [[0] * space.cases for _ in model.POINTS]
    for index, occ in enumerate(space.occupancies):
        for low, highs in mechanics.placement_rows(occ):
            rows[low][index] = sum(1 << high for high in highs)
    for a in model.POINTS:
        engine = mask_columns(space.lanes, rows[a])
        for b in model.POINTS:
            case = first_difference(engine[b], pairs.get((a, b), 0))
            if case is not None:
                return _refuted(space, case, f"placement_rows pairs {NAMES[a]} with "
                                             f"{NAMES[b]} where the model does not, or not "
                                             "where it does")
    return None


def _removals(space: BoardSpace) -> Outcome | None:
    """``removals`` (the one generator of moves (b)) against the model, every ball
    red and white in the supply."""
    spots: list[list[int]] = [[0] * space.cases for _ in model.POINTS]
    for index, occ in enumerate(space.occupancies):
        for removed, where in mechanics.removals(occ, 0, True, True):
            spots[removed][index] = where
    for b in model.POINTS:
        engine = mask_columns(space.lanes, spots[b])
        expected = model_swaps(space, b)
        for v in model.POINTS:
            case = first_difference(engine[v], expected[v])
            if case is not None:
                return _refuted(space, case, f"removals: the new ball on {NAMES[v]} after "
                                             f"removing {NAMES[b]}")
    return None


def model_move_count(space: BoardSpace, pairs: dict[tuple[int, int], int]) -> tuple[int, int]:
    """The model's number of Splink moves on every occupancy under supply=unlimited,
    and whether there is one: each pair of points move (a) may fill, in both
    colourings, and each removal with each place for the new ball. A complete pyramid
    ends the game (SPK-END-1)."""
    lanes = space.lanes
    total, anything = 0, 0
    live = lanes.not_(model.complete(lanes, space.occ))
    for pair in pairs.values():
        total += 2 * (pair & live)
        anything |= pair & live
    for b in model.POINTS:
        for swap in model_swaps(space, b):
            total += swap & live
            anything |= swap & live
    return total, anything


@theorem(SPLINK_CHECKS, "splink-mask-mechanics", ("SPK-PLACE-1", "SPK-REMOVE-1",
                                                  "SPK-REMOVE-2", "SPK-END-1"), """
    On every occupancy that obeys gravity (all 141,120), Splink's move generators and
    the mask mechanics that count moves agree with the model: placement_rows (every
    pair of points move (a) may fill) and removals (every ball move (b) may remove,
    with the places for the new ball once its chain has dropped), the generators
    legal_moves and perft read; followers and follower_count (the points that become
    valid locations only once a given valid location holds a ball); chain_top (the
    point a removal empties, for every unpinned ball); and, under supply=unlimited
    where the count depends on the occupancy alone, count_moves (n(n-1) + 2 x followers
    for the pairs, a formula for the places after a removal) and has_moves are the
    model's number of moves and whether there is one.""", method="exhaustive", slow=True)
def splink_mask_mechanics() -> Outcome:
    space = board_space()
    pairs = model_pairs(space)
    failed = (_placement_rows(space, pairs) or _removals(space) or _followers(space)
              or _chain_tops(space))
    if failed:
        return failed
    total, anything = model_move_count(space, pairs)
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
