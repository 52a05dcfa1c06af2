"""Splink scoring: the 5 inner points and the 60 pairs that can score.

The attractor's score is the number of touching red-white pairs in which neither ball is
one of the inner points. The inner points are the ones a complete pyramid hides from
view: each sits two levels directly below another point (``COVERING_PAIRS``). Both
tables are derived here from the geometry, never typed in, so the spec tables and the
engine cannot disagree.
"""

from __future__ import annotations

from typing import Final

from ...geometry import (
    COORDS,
    COVERING_PAIRS,
    NAMES,
    NUM_POINTS,
    TOUCHING_PAIRS,
    Mask,
    Point,
    points_of,
    quadruple_squared_distance,
)
from ...verdict import Verdict

MAX_SCORE: Final = 60
"""Number of scoring pairs: no count of red-white contacts can exceed it."""
GREATEST_SCORE: Final = 42
"""The greatest score any position has: no complete pyramid scores more, whatever its
colours, and filling the empty points of an unfinished one never lowers its score
(proved in ``proofs/``: ``splink-greatest-score-16-16`` and
``splink-greatest-score-unlimited``). SPK-SCORE-1."""


def _inner_points() -> tuple[Point, ...]:
    """The points a complete pyramid hides. Implements SPK-RUL-9."""
    return tuple(sorted(hidden for hidden, _cover in COVERING_PAIRS))


INNER_POINTS: Final = _inner_points()
"""The 5 inner points (1c3 1e3 1c5 1e5 2d4), in index order."""
INNER_MASK: Final[Mask] = sum(1 << p for p in INNER_POINTS)


def _scoring_pairs() -> tuple[tuple[Point, Point], ...]:
    """Touching pairs with neither point inner. Implements SPK-SCORE-1 and SPK-RUL-9."""
    return tuple(
        (a, b) for a, b in TOUCHING_PAIRS if not (INNER_MASK >> a & 1 or INNER_MASK >> b & 1)
    )


SCORING_PAIRS: Final = _scoring_pairs()
"""The 60 pairs of points (lower index first, sorted) whose red-white contact scores."""

SCORING_NEIGHBOURS: Final[tuple[Mask, ...]] = tuple(
    sum(1 << (b if a == p else a) for a, b in SCORING_PAIRS if p in (a, b))
    for p in range(NUM_POINTS)
)
"""For each point, the points it forms a scoring pair with (empty for inner points)."""

assert len(INNER_POINTS) == 5 and len(SCORING_PAIRS) == MAX_SCORE


def score_masks(red: Mask, white: Mask) -> int:
    """The attractor's points: scoring pairs holding one red and one white ball.
    Implements SPK-SCORE-1."""
    total = 0
    for p in points_of(red & ~INNER_MASK):
        total += (SCORING_NEIGHBOURS[p] & white).bit_count()
    return total


# -- the score as a verdict ---------------------------------------------------------------

Pair = tuple[Point, Point]


def _mixed(red: Mask, white: Mask, a: Point, b: Point) -> bool:
    """One red and one white ball on the two points."""
    return bool((red >> a & 1 and white >> b & 1) or (white >> a & 1 and red >> b & 1))


def scoring_contacts(red: Mask, white: Mask) -> list[Pair]:
    """The scoring pairs that hold one red and one white ball: the attractor's points.
    Implements SPK-SCORE-1 (``score_masks`` is its count, for speed)."""
    return [(a, b) for a, b in SCORING_PAIRS if _mixed(red, white, a, b)]


def inner_contacts(red: Mask, white: Mask) -> list[Pair]:
    """Red-white touching pairs that do not score because a ball is at an inner point.
    Implements SPK-RUL-9."""
    return [(a, b) for a, b in TOUCHING_PAIRS
            if (INNER_MASK >> a & 1 or INNER_MASK >> b & 1) and _mixed(red, white, a, b)]


def pair_names(pairs: list[Pair]) -> list[list[str]]:
    return [[NAMES[a], NAMES[b]] for a, b in pairs]


def pairs_text(pairs: list[Pair]) -> str:
    """``1a1-1c1 1a1-1a3``, or ``none``."""
    return " ".join(f"{NAMES[a]}-{NAMES[b]}" for a, b in pairs) or "none"


def score_verdict(red: Mask, white: Mask) -> Verdict:
    """The attractor's score as the balls stand, with the pairs that score and the
    red-white contacts the inner points keep from scoring. Implements SPK-SCORE-1 and
    SPK-RUL-9."""
    pairs = scoring_contacts(red, white)
    return Verdict("SPK-SCORE-1", f"the attractor scores {len(pairs)} as it stands: "
                   f"{pairs_text(pairs)}", None, ("SHB-TOUCH-1",),
                   {"score": len(pairs), "pairs": pair_names(pairs),
                    "inner_pairs": pair_names(inner_contacts(red, white))})


def score_change_verdict(before: tuple[Mask, Mask], after: tuple[Mask, Mask]) -> Verdict:
    """How a move changed the score: the scoring pairs it made and those it broke.
    Implements SPK-SCORE-1."""
    old, new = scoring_contacts(*before), scoring_contacts(*after)
    gained = [p for p in new if p not in old]
    lost = [p for p in old if p not in new]
    change = len(new) - len(old)
    return Verdict("SPK-SCORE-1", f"the attractor's score goes from {len(old)} to {len(new)} "
                   f"({change:+d}); red-white contacts made: {pairs_text(gained)}; lost: "
                   f"{pairs_text(lost)}", None, ("SHB-TOUCH-1",),
                   {"before": len(old), "after": len(new), "change": change,
                    "pairs_made": pair_names(gained), "pairs_lost": pair_names(lost)})


def _diagonal_pairs() -> tuple[tuple[Point, Point], ...]:
    """Points of one level that are diagonal neighbours: sqrt(2) diameters apart, so
    their balls do not touch (SHB-TOUCH-1)."""
    return tuple((a, b) for a in range(NUM_POINTS) for b in range(a + 1, NUM_POINTS)
                 if COORDS[a].level == COORDS[b].level
                 and quadruple_squared_distance(a, b) == 8)


DIAGONAL_PAIRS: Final = _diagonal_pairs()
"""The pairs of diagonal neighbours on one level, which never touch."""


def untouching_verdict(red: Mask, white: Mask, placed: tuple[Point, ...]) -> Verdict | None:
    """A red and a white ball that are diagonal neighbours on one level, one of them
    just placed: they do not touch, so they make no contact; None when there is none.
    Implements the explanation of SHB-TOUCH-1 for SPK-SCORE-1 (``touching`` decides)."""
    pairs = [(a, b) for a, b in DIAGONAL_PAIRS if (a in placed or b in placed)
             and _mixed(red, white, a, b)]
    if not pairs:
        return None
    said = "; ".join(f"{NAMES[a]} and {NAMES[b]} are diagonal neighbours on level "
                     f"{COORDS[a].level + 1}" for a, b in pairs)
    return Verdict("SHB-TOUCH-1", f"{said}: balls that are diagonal neighbours on one "
                   "level do not touch, so they make no contact", None, ("SPK-SCORE-1",),
                   {"pairs": pair_names(pairs)})


def inner_point_verdict(point: Point) -> Verdict | None:
    """A ball placed on an inner point: its contacts never score; None for any other
    point. Implements SPK-RUL-9."""
    if not INNER_MASK >> point & 1:
        return None
    return Verdict("SPK-RUL-9", f"{NAMES[point]} is one of the 5 inner points (hidden in a "
                   "complete pyramid): its contacts never score", None,
                   evidence={"point": NAMES[point]})


def inner_points_verdict(occupied: Mask) -> Verdict:
    """The inner points, and which of them hold a ball now. Implements SPK-RUL-9."""
    held = [p for p in INNER_POINTS if occupied >> p & 1]
    return Verdict("SPK-RUL-9", "the inner points " + " ".join(NAMES[p] for p in INNER_POINTS)
                   + " never score" + (f" (occupied now: {', '.join(NAMES[p] for p in held)})"
                                       if held else ""), None,
                   evidence={"inner": [NAMES[p] for p in INNER_POINTS],
                             "occupied": [NAMES[p] for p in held]})
