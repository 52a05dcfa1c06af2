"""The 24 Spline lines, derived from the geometry, and whether a player holds one.

A Spline line is flat and spans its level (SPL-LINE-1, SPL-RUL-1): a row, a column or
one of the two corner-to-corner diagonals of a level, as long as the level is wide.
Levels 1, 2 and 3 are 4, 3 and 2 points wide, so they hold 10, 8 and 6 lines; the single
point of level 4 is not a line (SPL-RUL-3, which the proofs show never matters in play).
Nothing here is typed by hand: the lines are read off the points' rows and columns.

A player holds a line when every point of it holds one of their balls. Balls resting on
a line's balls, or hiding them from two levels up, change nothing (SPL-RUL-2), so
``holds`` looks at the player's own balls only. ``covering`` lists those balls, for
explanations.

``LINES_THROUGH`` gives, for each point, the masks of the lines through it: a placement
can only complete a line through its own point, which the fast perft uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from ...board import Board
from ...geometry import (
    AT_TOP_VIEW,
    COORDS,
    COVERED_BY,
    LEVELS,
    NAMES,
    NUM_POINTS,
    POINTS,
    SIDE,
    SUPPORTEES,
    Mask,
    Point,
)
from ...notation import Colour

LineKind = Literal["row", "column", "diagonal"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line: its points in order along it, named by its two end points
    (``1a1-1g1``, ``3e3-3c5``). ``level`` counts from 0 (the board)."""

    name: str
    level: int
    kind: LineKind
    points: tuple[Point, ...]
    mask: Mask = field(init=False, repr=False, compare=False)
    """The points as a mask, worked out once (``holds`` reads it for every line of
    every outcome)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", sum(1 << p for p in self.points))

    @property
    def rule(self) -> str:
        return "SPL-LINE-1"

    def describe(self) -> str:
        """``row 1a1-1g1 of level 1 (1a1 1c1 1e1 1g1)``, levels numbered from 1."""
        return (f"{self.kind} {self.name} of level {self.level + 1} "
                f"({' '.join(NAMES[p] for p in self.points)})")


def _level_lines(level: int) -> list[Line]:
    """Rows (by rank), columns (by file), then the diagonal from the corner of the
    lowest rank and file and the one from the corner of the lowest rank and highest
    file."""
    side = SIDE - level
    at = {(COORDS[p].row, COORDS[p].col): p for p in POINTS if COORDS[p].level == level}
    groups: list[tuple[LineKind, list[Point]]] = []
    groups += [("row", [at[(r, c)] for c in range(side)]) for r in range(side)]
    groups += [("column", [at[(r, c)] for r in range(side)]) for c in range(side)]
    groups.append(("diagonal", [at[(i, i)] for i in range(side)]))
    groups.append(("diagonal", [at[(i, side - 1 - i)] for i in range(side)]))
    return [Line(f"{NAMES[points[0]]}-{NAMES[points[-1]]}", level, kind, tuple(points))
            for kind, points in groups]


def _lines() -> tuple[Line, ...]:
    """Every level at least two points wide (SPL-RUL-1, SPL-RUL-3)."""
    return tuple(line for level in range(LEVELS) if SIDE - level >= 2
                 for line in _level_lines(level))


LINES: Final[tuple[Line, ...]] = _lines()
"""The 24 lines: level 1's 10, level 2's 8, level 3's 6, each level's rows, columns and
two diagonals in that order."""
LINE_BY_NAME: Final = {line.name: line for line in LINES}
LINES_THROUGH: Final[tuple[tuple[Mask, ...], ...]] = tuple(
    tuple(line.mask for line in LINES if p in line.points) for p in range(NUM_POINTS))
"""For each point, the masks of the lines through it (none through the apex)."""


def _diagonal_neighbour(point: Point, dx: int, dy: int, own: Mask) -> Point | None:
    """The ball of ``own`` one step along the top-view diagonal (dx, dy) from
    ``point`` that touches it: a step of one cell that way is always a level up or
    down (SHB-TOUCH-1)."""
    c = COORDS[point]
    for step in (1, -1):
        found = AT_TOP_VIEW.get((c.x + dx, c.y + dy, c.level + step))
        if found is not None and own >> found & 1:
            return found
    return None


def straight_from_above(own: Mask, point: Point) -> tuple[Point, ...]:
    """The longest run through ``point`` of the player's balls (``own``) that touch in
    turn and look straight from above while going up and down between levels, as a
    Sploof line may (SPF-RUL-5): along a top-view diagonal, since touching balls of two
    levels are always diagonal neighbours seen from above. Such a run is never a Spline
    line, which lies on one level (SPL-RUL-1); it is found only to say so."""
    best: tuple[Point, ...] = (point,)
    for dx, dy in ((1, 1), (1, -1)):
        run = [point]
        for sign in (1, -1):
            at = point
            while (after := _diagonal_neighbour(at, sign * dx, sign * dy, own)) is not None:
                run.insert(len(run) if sign == 1 else 0, after)
                at = after
        if len(run) > len(best):
            best = tuple(run)
    return best


def holds(line: Line, own: Mask) -> bool:
    """Whether the player owning ``own`` holds ``line``: a ball of theirs on every one
    of its points, whatever rests on them. Implements SPL-LINE-1 with SPL-RUL-1 and
    SPL-RUL-2."""
    return own & line.mask == line.mask


def lines_of(board: Board, colour: Colour) -> tuple[Line, ...]:
    """The lines ``colour`` holds on ``board``, in table order."""
    own = board.masks[colour]
    return tuple(line for line in LINES if holds(line, own))


def covering(line: Line, occupied: Mask) -> tuple[tuple[Point, tuple[Point, ...]], ...]:
    """(ball of the line, balls resting on it) for each ball of the line that has balls
    resting on it: covered, yet still part of the line (SPL-RUL-2)."""
    out = []
    for p in line.points:
        above = tuple(q for q in SUPPORTEES[p] if occupied >> q & 1)
        if above:
            out.append((p, above))
    return tuple(out)


def hidden_in(line: Line, occupied: Mask) -> tuple[tuple[Point, Point], ...]:
    """(ball of the line, ball two levels up hiding it from above) for each hidden ball
    of the line (SHB-HIDE-1): hidden, yet still part of the line (SPL-RUL-2)."""
    return tuple((p, cover) for p in line.points
                 if (cover := COVERED_BY[p]) is not None and occupied >> cover & 1)
