"""The Shibumi pyramid of any side: its points, their names, and every relation between
them, derived from coordinates. The module's constants are the tables of the 4x4 set
(30 points), which every game plays on today; ``pyramid(side)`` gives the same tables
for any side from 2 to 9, built once per side on first use.

Everything is derived from one model: unit-diameter balls whose centres sit at
``(c + l/2, r + l/2, l * sqrt(2)/2)``, where ``l = Coord.level`` counts the layers below
the ball (0 for the holes; the level digit of a point's name is ``l + 1``, so a pyramid
of side n has levels 1 to n in every text). Distances are computed exactly (the squared
vertical offset between layers is ``dl**2 / 2``, a rational number), so "touching" means
a squared centre distance of exactly 1. No relation is typed in by hand.

Points are indexed level-major, then row, then column: on the 4x4 board the holes
(level 1) are 0..15, level 2 is 16..24, level 3 is 25..28 and the apex (level 4) is 29.
A board is a bit mask per colour, bit ``i`` standing for point ``i``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:  # lazy: start-up (fractions only for an exact distance)
    from fractions import Fraction

Point = int
"""Index of a point of the pyramid (0..29 on the 4x4 board)."""

Mask = int
"""A set of points as an integer, bit i standing for point i."""

MIN_SIDE: Final = 2
MAX_SIDE: Final = 9
"""The sides ``pyramid`` builds: a level digit stays one digit up to 9."""
DEFAULT_SIDE: Final = 4
"""The side of the Shibumi set, and of every table this module exports as a constant."""
TOP_VIEW_FILES: Final = "abcdefghijklmnopq"
"""File letters of the top view of the largest pyramid (17 cells across for side 9)."""


@dataclass(frozen=True, slots=True)
class Coord:
    """Layer, row and column of a point, all counted from 0: ``level`` is the number of
    layers below the ball (0 for the holes, side - 1 for the apex), one less than the
    level digit of its name; row and column run 0..side-1-level."""

    level: int
    row: int
    col: int

    @property
    def x(self) -> int:
        """Top-view column on the (2n-1)x(2n-1) grid (0..6 on the 4x4 board)."""
        return 2 * self.col + self.level

    @property
    def y(self) -> int:
        """Top-view row on the (2n-1)x(2n-1) grid (0..6 on the 4x4 board)."""
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
        """Canonical name: level digit, top-view file letter, top-view rank (``2b2``;
        ``1i9`` on a 5x5 board). It does not depend on the side: a point keeps its name
        on every larger pyramid."""
        return f"{self.level + 1}{TOP_VIEW_FILES[self.x]}{self.y + 1}"


LineKind = Literal["row", "column", "diagonal"]


@dataclass(frozen=True, slots=True)
class LevelLine:
    """A straight line of points spanning one level: a row, a column or one of the two
    corner-to-corner diagonals, as many points as the level is wide, in order along
    it. ``level`` counts from 0 (the board)."""

    level: int
    kind: LineKind
    points: tuple[Point, ...]


Symmetry = tuple[str, tuple[Point, ...]]
"""A symmetry of the square as (name, permutation); perm[p] is the image of p."""


class Pyramid:
    """Every table of the pyramid of one side, built from coordinates when constructed
    (use ``pyramid(side)``, which builds each side once). The attribute names are the
    module's constant names in lower case."""

    def __init__(self, side: int) -> None:
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(f"side {side} is not {MIN_SIDE}-{MAX_SIDE}")
        self.side: Final = side
        """Holes per side of the board (level 1)."""
        self.levels: Final = side
        self.grid: Final = 2 * side - 1
        """Cells per side of the top view."""
        self.files: Final = TOP_VIEW_FILES[:self.grid]
        self.coords: Final = tuple(
            Coord(level, row, col)
            for level in range(side)
            for row in range(side - level)
            for col in range(side - level)
        )
        self.points: Final = range(len(self.coords))
        self.num_points: Final = len(self.coords)
        self.all: Final[Mask] = (1 << self.num_points) - 1
        self.names: Final = tuple(c.name for c in self.coords)
        self.index_of_name: Final = {name: i for i, name in enumerate(self.names)}
        self.index_of_coord: Final = {c: i for i, c in enumerate(self.coords)}
        self.at_top_view: Final = {(c.x, c.y, c.level): i for i, c in enumerate(self.coords)}
        self.level_masks: Final = tuple(
            sum(1 << i for i, c in enumerate(self.coords) if c.level == level)
            for level in range(side))
        self.ground: Final[Mask] = self.level_masks[0]
        self.places: Final = tuple((c.x, c.y, c.level) for c in self.coords)
        """Top-view column, top-view row and level of each point, read by the distance."""
        points, coords = self.points, self.coords
        level_of = [c.level for c in coords]
        by_level = [[q for q in points if level_of[q] == lv] for lv in range(side)]
        self.supporters: Final = tuple(
            tuple(q for q in (by_level[level_of[p] - 1] if level_of[p] else ())
                  if self.touching(p, q))
            for p in points)
        """The balls a point rests on: 4 for every point above level 1, none for a hole."""
        self.supportees: Final = tuple(
            tuple(q for q in points if p in self.supporters[q]) for p in points)
        """The points resting on a point: up to 4."""
        self.supporter_mask: Final = tuple(_to_mask(s) for s in self.supporters)
        self.supportee_mask: Final = tuple(_to_mask(s) for s in self.supportees)
        self.touching_pairs: Final = tuple(
            (a, b) for a in points for b in points if a < b and self.touching(a, b))
        """Every pair of points whose balls touch (96 pairs on the 4x4 board)."""
        self.same_level_pairs: Final = tuple(
            (a, b) for a, b in self.touching_pairs if coords[a].level == coords[b].level)
        self.support_pairs: Final = tuple(
            (a, b) for a, b in self.touching_pairs if coords[a].level != coords[b].level)
        self.neighbours: Final = _neighbours(self.num_points, self.touching_pairs)
        self.covered_by: Final = tuple(
            self.at_top_view.get((c.x, c.y, c.level + 2)) for c in coords)
        """The point two levels directly above, whose ball hides this one from above (or
        None)."""
        self.covering_pairs: Final = tuple(
            (p, cover) for p, cover in enumerate(self.covered_by) if cover is not None)
        """(hidden point, covering point): 5 points can be hidden on the 4x4 board."""
        self.crossing: Final = {
            (a, b): tuple(q for q in self.neighbours[a]
                          if coords[q].level == coords[a].level + 1 and self.touching(q, b))
            for a, b in self.same_level_pairs}
        """For each same-level link (a < b), the next-level points whose balls pass over
        it."""
        self.symmetries: Final = self._top_view_symmetries()
        self.level_lines: Final = tuple(
            line for level in range(side) if side - level >= 2
            for line in self._level_lines(level))
        self.top_view_diagonals: Final = self._top_view_diagonals()

    def quadruple_squared_distance(self, a: Point, b: Point) -> int:
        """Four times the squared distance between the centres of two points, in ball
        diameters: an exact integer, since centres sit on half units across and the
        squared height step between levels is 1/2."""
        (xa, ya, la), (xb, yb, lb) = self.places[a], self.places[b]
        dx, dy, dl = xa - xb, ya - yb, la - lb
        return dx * dx + dy * dy + 2 * dl * dl

    def squared_distance(self, a: Point, b: Point) -> Fraction:
        """Exact squared distance between the centres of two points, in ball diameters."""
        from fractions import Fraction  # lazy: start-up

        return Fraction(self.quadruple_squared_distance(a, b), 4)

    def touching(self, a: Point, b: Point) -> bool:
        """Two balls touch when their centres are exactly one diameter apart."""
        return a != b and self.quadruple_squared_distance(a, b) == 4

    def _top_view_symmetries(self) -> tuple[Symmetry, ...]:
        last = self.grid - 1
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
            for c in self.coords:
                x, y = f(c.x, c.y)
                perm.append(self.at_top_view[(x, y, c.level)])
            result.append((name, tuple(perm)))
        return tuple(result)

    def _level_lines(self, level: int) -> tuple[LevelLine, ...]:
        """Rows (by rank), columns (by file), then the diagonal from the corner of the
        lowest rank and file and the one from the corner of the lowest rank and highest
        file."""
        width = self.side - level
        at = {(c.row, c.col): p for p, c in enumerate(self.coords) if c.level == level}
        groups: list[tuple[LineKind, list[Point]]] = []
        groups += [("row", [at[(r, c)] for c in range(width)]) for r in range(width)]
        groups += [("column", [at[(r, c)] for r in range(width)]) for c in range(width)]
        groups.append(("diagonal", [at[(i, i)] for i in range(width)]))
        groups.append(("diagonal", [at[(i, width - 1 - i)] for i in range(width)]))
        return tuple(LevelLine(level, kind, tuple(points)) for kind, points in groups)

    def cell_points(self, x: int, y: int) -> tuple[Point, ...]:
        """The points seen at top-view cell (x, y), lowest first (none, one or more)."""
        return tuple(p for level in range(self.levels)
                     if (p := self.at_top_view.get((x, y, level))) is not None)

    def _top_view_diagonals(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Every diagonal of the top view at least two cells long, as its cells in
        order of increasing x: first the rising ones (x - y constant) from the lowest
        rank, then the falling ones (x + y constant). A cell is on a diagonal with
        points only when x and y have the same parity, and then it always shows a
        point (of level 1 or 2 at the least), so each diagonal is a run of points."""
        last = self.grid - 1
        out = []
        for d in range(-last, last + 1, 2):
            cells = tuple((x, x - d) for x in range(self.grid) if 0 <= x - d <= last)
            if len(cells) >= 2:
                out.append(cells)
        for s in range(0, 2 * last + 1, 2):
            cells = tuple((x, s - x) for x in range(self.grid) if 0 <= s - x <= last)
            if len(cells) >= 2:
                out.append(cells)
        return tuple(out)


def _neighbours(count: int, pairs: tuple[tuple[Point, Point], ...]
                ) -> tuple[tuple[Point, ...], ...]:
    """For each of ``count`` points, the other end of each pair it is in, in index
    order."""
    out: list[list[Point]] = [[] for _ in range(count)]
    for a, b in pairs:
        out[a].append(b)
        out[b].append(a)
    return tuple(tuple(sorted(n)) for n in out)


def _to_mask(points: tuple[Point, ...]) -> Mask:
    return sum(1 << p for p in points)


def point_count(side: int) -> int:
    """n(n+1)(2n+1)/6: the points of the pyramid of side n, one square per level."""
    return side * (side + 1) * (2 * side + 1) // 6


_PYRAMIDS: dict[int, Pyramid] = {}


def pyramid(side: int = DEFAULT_SIDE) -> Pyramid:
    """The pyramid of ``side`` (2 to 9), built on first use and kept."""
    found = _PYRAMIDS.get(side)
    if found is None:
        found = _PYRAMIDS[side] = Pyramid(side)
    return found


_SIDE_OF_COUNT: Final = {point_count(side): side for side in range(MIN_SIDE, MAX_SIDE + 1)}


def pyramid_of_points(num_points: int) -> Pyramid:
    """The pyramid with ``num_points`` points (the count fixes the side): for code that
    is handed one truth value per point and reads the shape off their number."""
    side = _SIDE_OF_COUNT.get(num_points)
    if side is None:
        raise ValueError(f"no pyramid of side {MIN_SIDE}-{MAX_SIDE} has {num_points} points")
    return pyramid(side)


# -- the 4x4 pyramid of the Shibumi set, as constants ---------------------------------

_FOUR: Final = pyramid(DEFAULT_SIDE)

LEVELS: Final = 4
SIDE: Final = 4
"""Holes per side of the board (level 1)."""
GRID: Final = 2 * SIDE - 1
"""Cells per side of the top view (7)."""
FILES: Final = "abcdefg"

COORDS: Final = _FOUR.coords
POINTS: Final = _FOUR.points
NUM_POINTS: Final = _FOUR.num_points
ALL: Final[Mask] = _FOUR.all
NAMES: Final = _FOUR.names
INDEX_OF_NAME: Final = _FOUR.index_of_name
INDEX_OF_COORD: Final = _FOUR.index_of_coord
AT_TOP_VIEW: Final = _FOUR.at_top_view
LEVEL_MASKS: Final = _FOUR.level_masks
GROUND: Final[Mask] = _FOUR.ground
_PLACES: Final = _FOUR.places


def quadruple_squared_distance(a: Point, b: Point) -> int:
    """Four times the squared distance between the centres of two points of the 4x4
    board, in ball diameters (``Pyramid.quadruple_squared_distance``)."""
    return _FOUR.quadruple_squared_distance(a, b)


def squared_distance(a: Point, b: Point) -> Fraction:
    """Exact squared distance between the centres of two points of the 4x4 board."""
    return _FOUR.squared_distance(a, b)


def touching(a: Point, b: Point) -> bool:
    """Two balls of the 4x4 board touch when their centres are one diameter apart."""
    return _FOUR.touching(a, b)


SUPPORTERS: Final = _FOUR.supporters
"""The balls a point rests on: 4 for every point above level 1, none for a hole."""
SUPPORTEES: Final = _FOUR.supportees
"""The points resting on a point: up to 4."""
SUPPORTER_MASK: Final = _FOUR.supporter_mask
SUPPORTEE_MASK: Final = _FOUR.supportee_mask
TOUCHING_PAIRS: Final = _FOUR.touching_pairs
"""Every pair of points whose balls touch (96 pairs)."""
SAME_LEVEL_PAIRS: Final = _FOUR.same_level_pairs
SUPPORT_PAIRS: Final = _FOUR.support_pairs
NEIGHBOURS: Final = _FOUR.neighbours
COVERED_BY: Final = _FOUR.covered_by
"""The point two levels directly above, whose ball hides this one from above (or None)."""
COVERING_PAIRS: Final = _FOUR.covering_pairs
"""(hidden point, covering point): exactly 5 points can be hidden."""
CROSSING: Final = _FOUR.crossing
"""For each same-level link (a < b), the next-level points whose balls pass over it."""
SYMMETRIES: Final = _FOUR.symmetries
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
