"""A declarative model of the Shibumi system, written from the rules and not from the
engine: what a position is, gravity, valid locations, pinning, and removal with its drop
chain.

Only the geometry's tables (points, supporters, touching pairs, coordinates) are taken
from ``shibumi_rules.geometry``, the single source of truth for the shape of the
pyramid. The board mechanics read the pyramid off the number of truth values they are
handed (``pyramid_of_points``): one per point of the 4x4 board, or of a pyramid of any
side from 2 to 9, so the same definitions are proved on every side. Every rule is
restated here as a formula over truth values, in the vocabulary of ``proofs.logic``:
one truth value per (colour, point) says whether a ball of that colour sits there. The
same definitions are proved with Z3 and evaluated on concrete positions to check the
engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

from shibumi_rules.geometry import (
    COVERED_BY,
    NUM_POINTS,
    TOUCHING_PAIRS,
    Pyramid,
    pyramid_of_points,
)

from .logic import Logic

B = TypeVar("B")

POINTS: Final = tuple(range(NUM_POINTS))
Balls = Mapping[str, Sequence[B]]
"""A position's balls: colour letter -> one truth value per point."""


def _geo(values: Sequence[object]) -> Pyramid:
    """The pyramid with one point per value."""
    return pyramid_of_points(len(values))


# -- the position -------------------------------------------------------------------

def occupancy(logic: Logic[B], balls: Balls[B]) -> list[B]:
    """A point is occupied when a ball of any colour sits there."""
    columns = list(balls.values())
    return [logic.or_(column[p] for column in columns) for p in range(len(columns[0]))]


def one_ball_per_point(logic: Logic[B], balls: Balls[B]) -> B:
    """No point holds two balls."""
    columns = list(balls.values())
    return logic.and_(logic.at_most_one([c[p] for c in columns])
                      for p in range(len(columns[0])))


def supported(logic: Logic[B], occ: Sequence[B], p: int) -> B:
    """All the points ``p`` rests on hold a ball (always true on level 1).
    Implements SHB-GRAVITY-1 for one point."""
    return logic.and_(occ[s] for s in _geo(occ).supporters[p])


def gravity(logic: Logic[B], occ: Sequence[B]) -> B:
    """Every ball above level 1 rests on its four supporters. Implements SHB-GRAVITY-1."""
    return logic.and_(logic.implies(occ[p], supported(logic, occ, p))
                      for p in range(len(occ)))


def valid_location(logic: Logic[B], occ: Sequence[B], p: int) -> B:
    """An empty point whose supporters are all present (any colours): an empty hole, or
    a complete 2x2 platform. Implements SHB-PLACE-1."""
    return logic.and_((logic.not_(occ[p]), supported(logic, occ, p)))


def resting_on(occ: Sequence[B], p: int) -> list[B]:
    """For each point resting on ``p``: whether a ball is there."""
    return [occ[q] for q in _geo(occ).supportees[p]]


def pinned(logic: Logic[B], occ: Sequence[B], p: int) -> B:
    """A ball on which two or more balls rest. Implements SHB-PIN-1."""
    return logic.and_((occ[p], logic.at_least_two(resting_on(occ, p))))


def supports_exactly_one(logic: Logic[B], occ: Sequence[B], p: int) -> B:
    """A ball on which exactly one ball rests (the balls Splink lets a player remove)."""
    return logic.and_((occ[p], logic.exactly_one(resting_on(occ, p))))


def complete(logic: Logic[B], occ: Sequence[B]) -> B:
    """All the points (30 on the 4x4 board) hold a ball. Implements SHB-COMPLETE-1."""
    return logic.and_(occ)


# -- placing and removing -----------------------------------------------------------

def selected(logic: Logic[B], at: Sequence[B], prop: Sequence[B]) -> B:
    """The selected point has the property."""
    return logic.or_(logic.and_((at[p], prop[p])) for p in range(len(at)))




def place(logic: Logic[B], balls: Balls[B], colour: str, at: Sequence[B]) -> dict[str, list[B]]:
    """The position with a ball of ``colour`` added where the selector ``at`` is true
    (the caller makes ``at`` select one valid location)."""
    return {
        c: [logic.or_((column[p], at[p])) if c == colour else column[p]
            for p in range(len(column))]
        for c, column in balls.items()
    }


def drop_chain(logic: Logic[B], occ: Sequence[B], removed: Sequence[B]) -> list[B]:
    """Which points belong to the drop chain of the removed ball: the removed point, and
    every ball that rests on a point of the chain. Points are listed level by level, so
    one pass computes this upward closure. Implements SHB-DROP-1."""
    chain: list[B] = []
    supporters = _geo(occ).supporters
    for q in range(len(occ)):
        below = logic.or_(chain[s] for s in supporters[q])
        chain.append(logic.or_((removed[q], logic.and_((occ[q], below)))))
    return chain


def remove(logic: Logic[B], balls: Balls[B], removed: Sequence[B]) -> dict[str, list[B]]:
    """Remove the ball the selector ``removed`` points at and let its chain drop: along
    the chain every point takes the content of the chain point resting on it, and the
    top of the chain empties. Implements SHB-DROP-1."""
    occ = occupancy(logic, balls)
    chain = drop_chain(logic, occ, removed)
    supportees = _geo(occ).supportees
    return {
        c: [
            logic.ite(
                chain[p],
                logic.or_(logic.and_((chain[t], column[t])) for t in supportees[p]),
                column[p],
            )
            for p in range(len(occ))
        ]
        for c, column in balls.items()
    }


def chain_top(logic: Logic[B], chain: Sequence[B]) -> list[B]:
    """The chain point with no chain point resting on it: the one that empties."""
    supportees = _geo(chain).supportees
    return [
        logic.and_((chain[p], logic.not_(logic.or_(chain[t] for t in supportees[p]))))
        for p in range(len(chain))
    ]


# -- single chain drops, for the exactness of pinning ---------------------------------

def is_single_chain(logic: Logic[B], occ: Sequence[B], removed: Sequence[B],
                    path: Sequence[B]) -> B:
    """``path`` marks the balls of one chain starting at the removed ball: the removed
    point, then at most one ball per level going up, each resting on the one below it,
    with no level skipped."""
    geo = _geo(occ)
    conditions = [logic.implies(removed[p], path[p]) for p in geo.points]
    for q in geo.points:
        on_path_below = logic.or_(path[s] for s in geo.supporters[q])
        conditions.append(logic.implies(path[q], occ[q]))
        conditions.append(logic.implies(path[q], logic.or_((removed[q], on_path_below))))
    for level in range(geo.levels):
        conditions.append(logic.at_most_one(
            [path[p] for p in geo.points if geo.coords[p].level == level]))
    return logic.and_(conditions)


def after_single_drop(logic: Logic[B], occ: Sequence[B], path: Sequence[B]) -> list[B]:
    """Occupancy after removing the bottom of ``path`` and moving each ball of the path
    down into the path point below it: a path point stays occupied exactly when a path
    point rests on it."""
    supportees = _geo(occ).supportees
    return [
        logic.ite(path[p], logic.or_(path[t] for t in supportees[p]), occ[p])
        for p in range(len(occ))
    ]


def nothing_else_loses_support(logic: Logic[B], occ: Sequence[B], path: Sequence[B]) -> B:
    """No ball outside the path rests on a point of the path. A ball that does not fall
    must keep the very balls it rested on; a ball whose supporter is taken away or falls
    away falls too."""
    supporters = _geo(occ).supporters
    return logic.and_(
        logic.implies(logic.and_((occ[q], logic.not_(path[q]))),
                      logic.not_(logic.or_(path[s] for s in supporters[q])))
        for q in range(len(occ))
    )


# -- Splink's scoring ---------------------------------------------------------------

INNER: Final = tuple(p for p in POINTS if COVERED_BY[p] is not None)
"""The 5 points a complete pyramid hides from view (SPK-RUL-9): those with a point two
levels directly above them."""

SCORING_PAIRS: Final = tuple(
    (a, b) for a, b in TOUCHING_PAIRS if a not in INNER and b not in INNER
)
"""Touching pairs with neither ball inner: the connections Splink can score."""


def scores(logic: Logic[B], balls: Balls[B], a: int, b: int) -> B:
    """A red ball and a white ball at the two ends of a scoring pair. Implements
    SPK-SCORE-1 for one pair."""
    red, white = balls["R"], balls["W"]
    return logic.or_((logic.and_((red[a], white[b])), logic.and_((white[a], red[b]))))
