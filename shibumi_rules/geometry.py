"""The Shibumi pyramid: 30 points, their names, and every relation between them.

Everything here is derived from one model: unit-diameter balls whose centres sit at
``(c + l/2, r + l/2, l * sqrt(2)/2)``, where ``l = Coord.level`` counts the layers below
the ball (0 for the holes; the level digit of a point's name is ``l + 1``, so levels are
numbered 1 to 4 in every text). Distances are computed exactly (the squared vertical
offset between layers is ``dl**2 / 2``, a rational number), so "touching" means a squared
centre distance of exactly 1. No relation is typed in by hand.

Points are indexed level-major, then row, then column: the holes (level 1) are 0..15,
level 2 is 16..24, level 3 is 25..28 and the apex (level 4) is 29. A board is a 30-bit
mask per colour, bit ``i`` standing for point ``i``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # lazy: start-up (fractions only for an exact distance)
    from fractions import Fraction

Point = int
"""Index of a point of the pyramid, 0..29."""

Mask = int
"""A set of points as a 30-bit integer, bit i standing for point i."""

LEVELS: Final = 4
SIDE: Final = 4
"""Holes per side of the board (level 1)."""
GRID: Final = 2 * SIDE - 1
"""Cells per side of the top view (7)."""
FILES: Final = "abcdefg"


@dataclass(frozen=True, slots=True)
class Coord:
    """Layer, row and column of a point, all counted from 0: ``level`` is the number of
    layers below the ball (0 for the holes, 3 for the apex), one less than the level
    digit of its name; row and column run 0..3-level."""

    level: int
    row: int
    col: int

    @property
    def x(self) -> int:
        """Top-view column on the 7x7 grid (0..6)."""
        return 2 * self.col + self.level

    @property
    def y(self) -> int:
        """Top-view row on the 7x7 grid (0..6)."""
        return 2 * self.row + self.level

    @property
    def centre(self) -> tuple[float, float, float]:
        """Centre of a unit-diameter ball at this point."""
        return (
            self.col + self.level / 2,
            self.row + self.level / 2,
            self.level * math.sqrt(2) / 2,
        )

    @property
    def name(self) -> str:
        """Canonical name: level digit, file letter a-g, rank 1-7 (e.g. ``2b2``)."""
        return f"{self.level + 1}{FILES[self.x]}{self.y + 1}"


def _coords() -> tuple[Coord, ...]:
    return tuple(
        Coord(level, row, col)
        for level in range(LEVELS)
        for row in range(SIDE - level)
        for col in range(SIDE - level)
    )


COORDS: Final = _coords()
POINTS: Final = range(len(COORDS))
NUM_POINTS: Final = len(COORDS)
ALL: Final[Mask] = (1 << NUM_POINTS) - 1
NAMES: Final = tuple(c.name for c in COORDS)
INDEX_OF_NAME: Final = {name: i for i, name in enumerate(NAMES)}
INDEX_OF_COORD: Final = {c: i for i, c in enumerate(COORDS)}
AT_TOP_VIEW: Final = {(c.x, c.y, c.level): i for i, c in enumerate(COORDS)}


def _level_mask(level: int) -> Mask:
    return sum(1 << i for i, c in enumerate(COORDS) if c.level == level)


LEVEL_MASKS: Final = tuple(_level_mask(level) for level in range(LEVELS))
GROUND: Final[Mask] = LEVEL_MASKS[0]


def quadruple_squared_distance(a: Point, b: Point) -> int:
    """Four times the squared distance between the centres of two points, in ball
    diameters: an exact integer, since centres sit on half units across and the squared
    height step between levels is 1/2."""
    (xa, ya, la), (xb, yb, lb) = _PLACES[a], _PLACES[b]
    dx, dy, dl = xa - xb, ya - yb, la - lb
    return dx * dx + dy * dy + 2 * dl * dl


_PLACES: Final = tuple((c.x, c.y, c.level) for c in COORDS)
"""Top-view column, top-view row and level of each point, read by the distance."""


def squared_distance(a: Point, b: Point) -> Fraction:
    """Exact squared distance between the centres of two points, in ball diameters."""
    from fractions import Fraction  # lazy: start-up

    return Fraction(quadruple_squared_distance(a, b), 4)


def touching(a: Point, b: Point) -> bool:
    """Two balls touch when their centres are exactly one diameter apart."""
    return a != b and quadruple_squared_distance(a, b) == 4


def _to_mask(points: tuple[Point, ...]) -> Mask:
    return sum(1 << p for p in points)


def _supporters(p: Point) -> tuple[Point, ...]:
    level = COORDS[p].level
    return tuple(q for q in POINTS if COORDS[q].level == level - 1 and touching(p, q))


SUPPORTERS: Final = tuple(_supporters(p) for p in POINTS)
"""The balls a point rests on: 4 for every point above level 1, none for a hole."""
SUPPORTEES: Final = tuple(tuple(q for q in POINTS if p in SUPPORTERS[q]) for p in POINTS)
"""The points resting on a point: up to 4."""
SUPPORTER_MASK: Final = tuple(_to_mask(s) for s in SUPPORTERS)
SUPPORTEE_MASK: Final = tuple(_to_mask(s) for s in SUPPORTEES)

TOUCHING_PAIRS: Final = tuple((a, b) for a in POINTS for b in POINTS if a < b and touching(a, b))
"""Every pair of points whose balls touch (96 pairs)."""
SAME_LEVEL_PAIRS: Final = tuple(
    (a, b) for a, b in TOUCHING_PAIRS if COORDS[a].level == COORDS[b].level
)
SUPPORT_PAIRS: Final = tuple(
    (a, b) for a, b in TOUCHING_PAIRS if COORDS[a].level != COORDS[b].level
)
NEIGHBOURS: Final = tuple(
    tuple(sorted(b for pair in TOUCHING_PAIRS if a in pair for b in pair if b != a))
    for a in POINTS
)


def _covered_by(p: Point) -> Point | None:
    c = COORDS[p]
    return AT_TOP_VIEW.get((c.x, c.y, c.level + 2))


COVERED_BY: Final = tuple(_covered_by(p) for p in POINTS)
"""The point two levels directly above, whose ball hides this one from above (or None)."""
COVERING_PAIRS: Final = tuple(
    (p, cover) for p, cover in enumerate(COVERED_BY) if cover is not None
)
"""(hidden point, covering point): exactly 5 points can be hidden."""


def _crossing(a: Point, b: Point) -> tuple[Point, ...]:
    level = COORDS[a].level
    return tuple(
        q for q in POINTS
        if COORDS[q].level == level + 1 and touching(q, a) and touching(q, b)
    )


CROSSING: Final = {(a, b): _crossing(a, b) for a, b in SAME_LEVEL_PAIRS}
"""For each same-level link (a < b), the next-level points whose balls pass over it."""


def _top_view_symmetries() -> tuple[tuple[str, tuple[Point, ...]], ...]:
    last = GRID - 1
    transforms: dict[str, Callable[[int, int], tuple[int, int]]] = {
        "identity": lambda x, y: (x, y),
        "rotate90": lambda x, y: (last - y, x),
        "rotate180": lambda x, y: (last - x, last - y),
        "rotate270": lambda x, y: (y, last - x),
        "mirror_x": lambda x, y: (last - x, y),
        "mirror_y": lambda x, y: (x, last - y),
        "diagonal": lambda x, y: (y, x),
        "antidiagonal": lambda x, y: (last - y, last - x),
    }
    result = []
    for name, f in transforms.items():
        perm = []
        for c in COORDS:
            x, y = f(c.x, c.y)
            perm.append(AT_TOP_VIEW[(x, y, c.level)])
        result.append((name, tuple(perm)))
    return tuple(result)


SYMMETRIES: Final = _top_view_symmetries()
"""The 8 symmetries of the square as (name, permutation); perm[p] is the image of p."""


def map_mask(perm: tuple[Point, ...], mask: Mask) -> Mask:
    """Apply a point permutation to a set of points."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


def points_of(mask: Mask) -> list[Point]:
    """The points of a mask in increasing index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
