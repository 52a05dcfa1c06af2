"""Sploof in the model's vocabulary: the 24 lines from their definition, holding a line,
and what each move needs and does to the balls, stocks and supply.

Written from the rules (SPF-*), not from the engine: the lines are derived here from
"four balls touching in turn that look straight from directly above", and the
theorems check the engine's line table against them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final, Generic, TypeVar

from shibumi_rules.geometry import (
    AT_TOP_VIEW,
    COORDS,
    COVERED_BY,
    CROSSING,
    LEVELS,
    NEIGHBOURS,
    SIDE,
)

from . import model
from .logic import Arith, Logic

B = TypeVar("B")
N = TypeVar("N")

STOCK_GAIN: Final = 2
"""Balls a removal moves from the mover's supply to their stock (SPF-REMOVE-2)."""
START_STOCK: Final = 2
"""Balls each player holds in stock at the setup (SPF-SETUP-1)."""


def perimeter_holes() -> tuple[int, ...]:
    """The holes of the board's outer ring, where the setup puts the red balls
    (SPF-SETUP-1): the level-1 points in the first or last row or column."""
    edge = (0, SIDE - 1)
    return tuple(p for p in model.POINTS if COORDS[p].level == 0
                 and (COORDS[p].row in edge or COORDS[p].col in edge))

Cell = tuple[int, int]
"""A cell of the 7x7 top view: (x, y)."""


def cell_of(p: int) -> Cell:
    return COORDS[p].x, COORDS[p].y


def straight_from_above(points: Sequence[int]) -> bool:
    """The points' cells are distinct, on one straight line, evenly spaced."""
    cells = [cell_of(p) for p in points]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(cells)}
    return len(set(cells)) == len(cells) and len(steps) == 1


def touching_sequences(length: int = 4) -> list[tuple[int, ...]]:
    """Every sequence of ``length`` distinct points, each touching the next, that looks
    straight from directly above (both directions of travel)."""
    found: list[tuple[int, ...]] = []

    def extend(seq: tuple[int, ...]) -> None:
        if len(seq) == length:
            if straight_from_above(seq):
                found.append(seq)
            return
        for q in NEIGHBOURS[seq[-1]]:
            if q not in seq and straight_from_above((*seq, q)):
                extend((*seq, q))

    for p in model.POINTS:
        extend((p,))
    return found


def _windows() -> tuple[tuple[Cell, ...], ...]:
    """The windows of 4 cells such sequences run through, each in one canonical
    direction (the lower cell first)."""
    out = set()
    for seq in touching_sequences():
        cells = tuple(cell_of(p) for p in seq)
        out.add(min(cells, tuple(reversed(cells))))
    return tuple(sorted(out))


WINDOWS: Final = _windows()
"""The 24 line windows, as 4 top-view cells."""


def points_in_cell(cell: Cell) -> tuple[int, ...]:
    """The points that project onto a cell, bottom-up."""
    x, y = cell
    return tuple(AT_TOP_VIEW[(x, y, lv)] for lv in range(LEVELS) if (x, y, lv) in AT_TOP_VIEW)


def is_orthogonal(window: tuple[Cell, ...]) -> bool:
    """A row or column of level 1 (the cells step sideways, not diagonally)."""
    (x0, y0), (x1, y1) = window[0], window[1]
    return x0 == x1 or y0 == y1


ORTHOGONAL: Final = tuple(w for w in WINDOWS if is_orthogonal(w))
DIAGONAL: Final = tuple(w for w in WINDOWS if not is_orthogonal(w))


def ground_point(cell: Cell) -> int:
    return AT_TOP_VIEW[(cell[0], cell[1], 0)]


# -- holding a line -------------------------------------------------------------------

def hidden(logic: Logic[B], occ: Sequence[B], p: int) -> B:
    """A ball two levels directly above hides ``p`` from above. Implements SHB-HIDE-1."""
    cover = COVERED_BY[p]
    return logic.const(False) if cover is None else occ[cover]


def crossed(logic: Logic[B], occ: Sequence[B], a: int, b: int, blocking: str = "two") -> B:
    """Whether the link a-b of level 1 is crossed, under the option ``blocking``
    (SPF-RUL-4): ``two``, the default, when it has two crossing points and both hold a
    ball; ``one`` when any of its crossing points holds a ball; ``none`` never.
    Implements SHB-CROSS-1 with SPF-RUL-4."""
    crossing = CROSSING[(min(a, b), max(a, b))]
    if blocking == "none":
        return logic.const(False)
    if blocking == "one":
        return logic.or_(occ[q] for q in crossing)
    if len(crossing) < 2:
        return logic.const(False)
    return logic.and_(occ[q] for q in crossing)


def holds_orthogonal(logic: Logic[B], own: Sequence[B], occ: Sequence[B],
                     window: tuple[Cell, ...], blocking: str = "two") -> B:
    """Four own balls in a row of level 1, none hidden, no link crossed (under
    ``blocking``). Implements SPF-LINE-1 with SPF-RUL-4 and SPF-RUL-7."""
    points = [ground_point(c) for c in window]
    return logic.and_([
        *(own[p] for p in points),
        *(logic.not_(hidden(logic, occ, p)) for p in points),
        *(logic.not_(crossed(logic, occ, a, b, blocking)) for a, b in pairwise(points)),
    ])


def visible_is_own(logic: Logic[B], own: Sequence[B], occ: Sequence[B], cell: Cell) -> B:
    """The topmost ball of a cell is the player's."""
    stack = points_in_cell(cell)
    return logic.or_(
        logic.and_((own[p], *(logic.not_(occ[q]) for q in stack[i + 1:])))
        for i, p in enumerate(stack)
    )


def holds_diagonal(logic: Logic[B], own: Sequence[B], occ: Sequence[B],
                   window: tuple[Cell, ...]) -> B:
    """The visible ball of each of the four cells is the player's. Implements SPF-LINE-2
    with SPF-RUL-5."""
    return logic.and_(visible_is_own(logic, own, occ, c) for c in window)


def holds(logic: Logic[B], own: Sequence[B], occ: Sequence[B], window: tuple[Cell, ...],
          blocking: str = "two") -> B:
    """The player holds the line of ``window`` (orthogonal lines under ``blocking``)."""
    if is_orthogonal(window):
        return holds_orthogonal(logic, own, occ, window, blocking)
    return holds_diagonal(logic, own, occ, window)


def has_line(logic: Logic[B], own: Sequence[B], occ: Sequence[B], blocking: str = "two") -> B:
    """The player holds at least one of the 24 lines (the theorems use the default
    ``blocking=two``)."""
    return logic.or_(holds(logic, own, occ, w, blocking) for w in WINDOWS)


# -- the state and the moves ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class State(Generic[B, N]):
    """Balls (W, B, R), who moves, stocks (white, black), supply (white, black, red).
    Under ``supply=unlimited`` the white and black supply are not counted and their
    numbers here are ignored."""

    balls: Mapping[str, Sequence[B]]
    white_to_move: B
    stock: tuple[N, N]
    supply: tuple[N, N, N]


def may_place(logic: Logic[B], arith: Arith[B, N], s: State[B, N], at: Sequence[B]) -> B:
    """The mover has a ball in stock and the selected point is a valid location.
    Implements SPF-PLACE-1 and SHB-PLACE-1."""
    occ = model.occupancy(logic, s.balls)
    valid = [model.valid_location(logic, occ, p) for p in model.POINTS]
    stock = arith.ite(s.white_to_move, s.stock[0], s.stock[1])
    return logic.and_((arith.ge(stock, arith.num(1)), model.selected(logic, at, valid)))


def may_remove(logic: Logic[B], arith: Arith[B, N], s: State[B, N], at: Sequence[B],
               unlimited: bool) -> B:
    """The selected ball is red and not pinned, and (limited supply) the mover's supply
    holds the two balls the removal brings to their stock. Implements SPF-REMOVE-1,
    SHB-PIN-1 and SPF-RUL-1."""
    occ = model.occupancy(logic, s.balls)
    free_red = [logic.and_((s.balls["R"][p], logic.not_(model.pinned(logic, occ, p))))
                for p in model.POINTS]
    conditions = [model.selected(logic, at, free_red)]
    if not unlimited:
        own_supply = arith.ite(s.white_to_move, s.supply[0], s.supply[1])
        conditions.append(arith.ge(own_supply, arith.num(STOCK_GAIN)))
    return logic.and_(conditions)


def after_place(logic: Logic[B], arith: Arith[B, N], s: State[B, N], at: Sequence[B]
                ) -> State[B, N]:
    """A ball of the mover's colour on the selected point, one fewer in their stock, and
    the turn passes. Implements SPF-PLACE-1 and SPF-TURN-1."""
    as_white = model.place(logic, s.balls, "W", at)
    as_black = model.place(logic, s.balls, "B", at)
    balls = {c: [logic.ite(s.white_to_move, as_white[c][p], as_black[c][p])
                 for p in model.POINTS] for c in s.balls}
    one = arith.num(1)
    stock = (arith.ite(s.white_to_move, arith.sub(s.stock[0], one), s.stock[0]),
             arith.ite(s.white_to_move, s.stock[1], arith.sub(s.stock[1], one)))
    return State(balls, logic.not_(s.white_to_move), stock, s.supply)


def after_remove(logic: Logic[B], arith: Arith[B, N], s: State[B, N], at: Sequence[B],
                 unlimited: bool) -> State[B, N]:
    """The red ball back in the supply, its chain dropped, two of the mover's balls from
    supply to stock, and the turn passes. Implements SPF-REMOVE-1, SPF-REMOVE-2 and
    SHB-DROP-1."""
    balls = model.remove(logic, s.balls, at)
    gain = arith.num(STOCK_GAIN)
    w, b = s.white_to_move, logic.not_(s.white_to_move)
    stock = (arith.ite(w, arith.add(s.stock[0], gain), s.stock[0]),
             arith.ite(b, arith.add(s.stock[1], gain), s.stock[1]))
    own = s.supply[:2]
    if not unlimited:
        own = (arith.ite(w, arith.sub(s.supply[0], gain), s.supply[0]),
               arith.ite(b, arith.sub(s.supply[1], gain), s.supply[1]))
    supply = (own[0], own[1], arith.add(s.supply[2], arith.num(1)))
    return State(balls, logic.not_(s.white_to_move), stock, supply)
