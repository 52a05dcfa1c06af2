"""Splink scoring: the 5 inner points and the 60 pairs that can score.

The attractor's score is the number of touching red-white pairs in which neither ball is
one of the inner points. The inner points are the ones a complete pyramid hides from
view: each sits two levels directly below another point (``COVERING_PAIRS``). Both
tables are derived here from the geometry, never typed in, so the spec tables and the
engine cannot disagree.
"""

from __future__ import annotations

from typing import Final

from ...geometry import COVERING_PAIRS, NUM_POINTS, TOUCHING_PAIRS, Mask, Point, points_of

MAX_SCORE: Final = 60
"""Number of scoring pairs, hence the greatest score any position can have."""


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
