"""Spline in the model's vocabulary: its lines from their definition, holding one, and
what a placement needs and does.

Written from the rules (SPL-*), not from the engine: a line is defined here as a set of
points of one level, as many as the level is wide, that lie on one straight line of the
top view ("flat, spanning the level side to side or corner to corner"); the theorems
check the engine's table against it. Level 4, one point wide, has no line (SPL-RUL-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final, TypeVar

from shibumi_rules.geometry import COORDS, LEVELS, SIDE

from . import model
from .logic import Logic

B = TypeVar("B")

COLOURS: Final = "WB"
"""Spline's balls: white and black (SPL-SETUP-1)."""
LINE_LEVELS: Final = tuple(level for level in range(LEVELS) if SIDE - level >= 2)
"""Levels 1 to 3 (0 to 2 here): the ones at least two points wide."""
TOP_LINE_LEVEL: Final = LINE_LEVELS[-1]


def level_points(level: int) -> tuple[int, ...]:
    return tuple(p for p in model.POINTS if COORDS[p].level == level)


def collinear(points: Sequence[int]) -> bool:
    """The points' top-view cells lie on one straight line."""
    (x0, y0), (x1, y1) = ((COORDS[p].x, COORDS[p].y) for p in points[:2])
    return all((x1 - x0) * (COORDS[p].y - y0) == (y1 - y0) * (COORDS[p].x - x0)
               for p in points[2:])


def _windows() -> tuple[tuple[int, ...], ...]:
    """Every set of as many points of a level as the level is wide, on one straight
    line of the top view, as a sorted tuple of points."""
    return tuple(group for level in LINE_LEVELS
                 for group in combinations(level_points(level), SIDE - level)
                 if collinear(group))


LINES: Final = _windows()
"""The model's lines (levels 1 to 3), each a sorted tuple of points."""


def holds(logic: Logic[B], own: Sequence[B], line: Sequence[int]) -> B:
    """Every point of the line holds one of the player's balls; what rests on them does
    not matter. Implements SPL-LINE-1 with SPL-RUL-2."""
    return logic.and_(own[p] for p in line)


def has_line(logic: Logic[B], own: Sequence[B]) -> B:
    return logic.or_(holds(logic, own, line) for line in LINES)


def place(logic: Logic[B], balls: Mapping[str, Sequence[B]], white_to_move: B,
          at: Sequence[B]) -> dict[str, list[B]]:
    """A ball of the mover's colour on the selected point (the caller makes ``at``
    select one valid location). Implements SPL-PLACE-1."""
    as_white = model.place(logic, balls, "W", at)
    as_black = model.place(logic, balls, "B", at)
    return {c: [logic.ite(white_to_move, as_white[c][p], as_black[c][p])
                for p in model.POINTS] for c in balls}
