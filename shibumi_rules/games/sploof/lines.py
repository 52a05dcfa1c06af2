"""The 24 candidate winning lines of Sploof, derived from the geometry, and how to tell
which of them a player holds.

A line is four balls of one colour that touch in sequence and look straight from
directly above. Two families exist (nothing here is typed by hand):

- ``orthogonal`` (SPF-LINE-1): the 8 rows and columns of level 1. The player owns all
  four balls, none of them is hidden by a ball two levels up (SHB-HIDE-1, SPF-RUL-7),
  and none of its 3 links is crossed (SHB-CROSS-1). What crosses a link is the option
  ``blocking`` (SPF-RUL-4): ``two`` (the default) needs balls on both of its crossing
  points, so a perimeter link, which has a single crossing point, is never crossed;
  ``one`` needs a ball on any crossing point (a ball touching both ends of the link);
  under ``none`` no link is ever crossed. ``crosses`` is the one definition.
- ``diagonal`` (SPF-LINE-2): the 16 windows of 4 consecutive cells along a diagonal of
  the 7x7 top view whose cells are points. The visible (topmost) ball of each cell is
  the player's; the line may zig-zag between levels (SPF-RUL-5).

A consequence of gravity worth knowing: a level-3 ball that hides a level-1 ball
stands on the four level-2 balls around it, so it always comes with two links of the
same row with two balls over each: under ``blocking=two`` or ``one`` hiding never
breaks a row that is not also crossed; under ``blocking=none`` hiding alone breaks it.

``LINES`` is the table. ``check_line`` is the verdict path: for one line and one player
it says whether the line holds and why (which links are crossed and by which balls,
which ball is hidden and by what, the visible ball and level of each cell, whether a
diagonal zig-zags), and ``LineCheck.verdict`` turns that into a ``Verdict``;
explanations, conformance attribution and vector tags render these checks. The bulk
lookups are deliberate fast paths with the same answers
(tests/games/sploof/test_sploof_lines.py holds them to ``check_line`` on random boards
under every ``blocking`` value):
``holds``, ``lines_of`` and ``line_holders`` read the table with masks, ``has_line``
answers "any line at all?" from lookup tables, for search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import pairwise
from typing import Any, Final, Literal

from ...board import Board
from ...board_verdicts import ball
from ...geometry import (
    AT_TOP_VIEW,
    COORDS,
    COVERED_BY,
    COVERING_PAIRS,
    CROSSING,
    FILES,
    GRID,
    LEVEL_MASKS,
    LEVELS,
    NAMES,
    SIDE,
    Mask,
    Point,
    points_of,
)
from ...lookup import superset_table
from ...notation import Colour
from ...verdict import Verdict

LineKind = Literal["orthogonal", "diagonal"]
BlockingRule = Literal["two", "one", "none"]
BLOCKING_RULES: Final[tuple[BlockingRule, ...]] = ("two", "one", "none")
"""The values of the option ``blocking`` (SPF-RUL-4), the default first."""


def crosses(balls_over: int, blocking: BlockingRule) -> bool:
    """Whether ``balls_over`` balls resting over a link (on its crossing points) cross
    it under ``blocking``: ``two`` needs two (both crossing points, so never a
    perimeter link, which has one), ``one`` any ball touching both ends, ``none``
    nothing. The one definition of SPF-RUL-4 (SHB-CROSS-1 names the crossing points)."""
    if blocking == "two":
        return balls_over == 2
    if blocking == "one":
        return balls_over > 0
    return False


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell of the 7x7 top view and the points that project onto it, bottom-up.
    The visible ball of a cell is its topmost ball."""

    x: int
    y: int
    points: tuple[Point, ...]

    @property
    def name(self) -> str:
        """File letter and rank of the cell, as in the point names (``d4``)."""
        return f"{FILES[self.x]}{self.y + 1}"

    def visible(self, occupied: Mask) -> Point | None:
        """The topmost ball of the cell, the one seen from above (None when empty)."""
        for p in reversed(self.points):
            if occupied >> p & 1:
                return p
        return None


@dataclass(frozen=True, slots=True)
class Link:
    """Two touching level-1 points of an orthogonal line and the level-2 points whose
    balls may cross the link (one for a perimeter link, two for an inner one). Which
    balls cross it is the option ``blocking`` (SPF-RUL-4, ``crosses``)."""

    ends: tuple[Point, Point]
    crossing: tuple[Point, ...]

    @property
    def crossable(self) -> bool:
        """Two crossing points: the only links ``blocking=two`` can cross."""
        return len(self.crossing) == 2

    def over(self, occupied: Mask) -> tuple[Point, ...]:
        """The balls resting over the link (on its crossing points)."""
        return tuple(q for q in self.crossing if occupied >> q & 1)

    def crossed(self, occupied: Mask, blocking: BlockingRule = "two") -> bool:
        """Whether the balls over the link cross it (SHB-CROSS-1) under ``blocking``
        (SPF-RUL-4): by default both crossing points must hold a ball, so one ball over
        a link never crosses it and a perimeter link is never crossed."""
        return crosses(len(self.over(occupied)), blocking)


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate line.

    ``name`` is the top-view cells at its two ends (``a1-g1``, ``a1-d4``). ``points``
    are the points a ball of the line may occupy: the four level-0 points of an
    orthogonal line, or every point projecting onto a diagonal window's cells.
    ``links`` (orthogonal only) lists the 3 links with their crossing points;
    ``hiders`` (orthogonal only) pairs each hideable point of the line with the point
    two levels up whose ball hides it."""

    name: str
    kind: LineKind
    rule: str
    cells: tuple[Cell, ...]
    points: tuple[Point, ...]
    links: tuple[Link, ...]
    hiders: tuple[tuple[Point, Point], ...]

    @property
    def mask(self) -> Mask:
        return sum(1 << p for p in self.points)


def _cell(x: int, y: int) -> Cell:
    return Cell(x, y, tuple(
        AT_TOP_VIEW[(x, y, level)] for level in range(LEVELS) if (x, y, level) in AT_TOP_VIEW
    ))


_CELLS_WITH_POINTS: Final = frozenset((x, y) for x, y, _ in AT_TOP_VIEW)
"""The cells of the top view that some point projects onto."""


def _orthogonal_lines() -> list[Line]:
    ground = points_of(LEVEL_MASKS[0])
    groups: list[list[Point]] = []
    for i in range(SIDE):
        groups.append([p for p in ground if COORDS[p].row == i])  # a row (constant rank)
    for i in range(SIDE):
        groups.append([p for p in ground if COORDS[p].col == i])  # a column (constant file)
    lines = []
    for group in groups:
        points = tuple(sorted(group, key=lambda p: (COORDS[p].x, COORDS[p].y)))
        cells = tuple(_cell(COORDS[p].x, COORDS[p].y) for p in points)
        links = tuple(
            Link((a, b), CROSSING[(min(a, b), max(a, b))]) for a, b in pairwise(points)
        )
        hiders = tuple((p, cover) for p in points if (cover := COVERED_BY[p]) is not None)
        lines.append(Line(f"{cells[0].name}-{cells[-1].name}", "orthogonal", "SPF-LINE-1",
                          cells, points, links, hiders))
    return lines


def _diagonal_lines() -> list[Line]:
    """Windows along (1, 1) first, then along (1, -1); each named from its left end."""
    lines = []
    for dy in (1, -1):
        for x0, y0 in sorted((x, y) for x in range(GRID) for y in range(GRID)):
            cells_xy = [(x0 + k, y0 + dy * k) for k in range(4)]
            if not all(cell in _CELLS_WITH_POINTS for cell in cells_xy):
                continue
            cells = tuple(_cell(x, y) for x, y in cells_xy)
            points = tuple(p for c in cells for p in c.points)
            lines.append(Line(f"{cells[0].name}-{cells[-1].name}", "diagonal", "SPF-LINE-2",
                              cells, points, (), ()))
    return lines


LINES: Final[tuple[Line, ...]] = tuple(_orthogonal_lines() + _diagonal_lines())
"""The 24 candidate lines: 8 orthogonal (ranks then files), then 16 diagonal windows."""
LINE_BY_NAME: Final = {line.name: line for line in LINES}


CROSS_RULE: Final = "SHB-CROSS-1"
"""The rule by which balls over a link cross it (``crossed``)."""
BLOCKING_RULING: Final = "SPF-RUL-4"
"""The ruling on what crosses a link (``blocking``, ``blocking_decides``)."""
HIDE_RULE: Final = "SHB-HIDE-1"
"""The rule by which a ball two levels up hides a ball (``hidden``)."""
HIDDEN_RULING: Final = "SPF-RUL-7"
"""The ruling that a hidden ball breaks a row or column (``LineCheck.hidden``)."""
ZIGZAG_RULING: Final = "SPF-RUL-5"
"""The ruling that a zig-zag diagonal counts (``LineCheck.zigzag``).

These are the IDs the line checks decide; the modules that name the rules behind a
line (attribution, tagging) read them from here or from ``LineCheck.rule_ids``."""

def hidden(occupied: Mask) -> Mask:
    """Points whose ball (if any) is hidden from above by a ball two levels up.
    Implements SHB-HIDE-1."""
    out = 0
    for low, cover in COVERING_PAIRS:
        if occupied >> cover & 1:
            out |= 1 << low
    return out



def hiding_verdicts(before: Board, after: Board) -> list[Verdict]:
    """Balls a move newly hid from above, or revealed, as verdicts of fact (the effect
    of SHB-HIDE-1 on the lines the players see)."""
    verdicts = []
    was, now = hidden(before.occupied), hidden(after.occupied)
    for p in points_of(now & ~was & after.occupied):
        cover = min(c for low, c in COVERING_PAIRS if low == p)
        verdicts.append(Verdict("SHB-HIDE-1", f"{ball(after, p)} is now hidden from above "
                                f"by the ball on {NAMES[cover]}", evidence={"hidden": NAMES[p]}))
    for p in points_of(was & ~now & after.occupied):
        verdicts.append(Verdict("SHB-HIDE-1", f"{ball(after, p)} is no longer hidden from "
                                "above", evidence={"revealed": NAMES[p]}))
    return verdicts

# -- the verdict path ----------------------------------------------------------------

LineStatus = Literal["held", "broken", "near", "none"]
LinkBalls = tuple[tuple[Point, Point], tuple[Point, ...]]
"""A link of an orthogonal line and the balls resting over it."""


def zigzag(levels: tuple[int, ...]) -> bool:
    """Whether a diagonal whose cells show balls on ``levels`` changes direction
    between levels instead of climbing one way (SPF-RUL-5: it still counts). The one
    definition of a zig-zag."""
    return len({b - a for a, b in pairwise(levels)}) > 1


@dataclass(frozen=True, slots=True)
class LineCheck:
    """What SPF-LINE-1 or SPF-LINE-2 says about one line for one player, with the
    evidence it was read from.

    ``status``: ``held`` (the player has the line); ``broken`` (all four balls are the
    player's, but a link is crossed or a ball hidden, or for a diagonal a cell's own
    ball is covered by another colour's); ``near`` (three of four cells are the
    player's; a near orthogonal line may already be crossed or hidden, so completing
    it would not make a line); ``none`` otherwise (no further evidence)."""

    line: Line
    colour: Colour
    status: LineStatus
    balls: tuple[Point, ...]
    """The balls that show the line: the 4 level-1 points, or each cell's visible ball
    (its lowest point when the cell is empty)."""
    overs: tuple[LinkBalls, ...] = ()
    """Orthogonal: the links with balls resting over them, with those balls (whether
    they cross the link is ``blocking``'s to say: ``crossed``, ``single``,
    ``unblocked``)."""
    hidden: tuple[tuple[Point, Point], ...] = ()
    """(hidden point, covering ball) pairs (SHB-HIDE-1, SPF-RUL-7)."""
    covered: tuple[tuple[Point, Point], ...] = ()
    """Diagonal: (own ball, other-colour ball visible above it in the same cell)."""
    missing: tuple[Point, ...] = ()
    """Near line: the point (or cell's visible or lowest empty point) not the player's."""
    blocking: BlockingRule = "two"
    """The value of the option ``blocking`` the check was made under (SPF-RUL-4)."""
    dead: bool = False
    """Near line: the missing cell shows another player's ball on level 1 that nothing
    can cover, so the line can never be completed. Only red balls are removed
    (SPF-REMOVE-1) and a ball drops only into a point below it (SHB-DROP-1), so a white
    or black ball on level 1 never leaves; a row needs that very ball, and a diagonal
    cell with no point two levels up always shows it."""

    @property
    def holds(self) -> bool:
        return self.status == "held"

    @property
    def crossed(self) -> tuple[LinkBalls, ...]:
        """Links crossed under ``blocking``, with the balls over them (SHB-CROSS-1)."""
        return tuple(o for o in self.overs if crosses(len(o[1]), self.blocking))

    @property
    def single(self) -> tuple[tuple[tuple[Point, Point], Point], ...]:
        """Links with one ball over them that does not cross them (SPF-RUL-4, under
        ``two`` or ``none``): a perimeter link's only crossing point, or one of an
        inner link's two."""
        return tuple((ends, over[0]) for ends, over in self.overs
                     if len(over) == 1 and not crosses(1, self.blocking))

    @property
    def unblocked(self) -> tuple[LinkBalls, ...]:
        """Links with two balls over them that do not cross them (``blocking=none``)."""
        return tuple(o for o in self.overs
                     if len(o[1]) == 2 and not crosses(2, self.blocking))

    def blocked_under(self, blocking: BlockingRule) -> bool:
        """Whether crossing (under ``blocking``), hiding or covering breaks the line."""
        return bool(self.hidden or self.covered
                    or any(crosses(len(over), blocking) for _, over in self.overs))

    @property
    def levels(self) -> tuple[int, ...]:
        """The level of each ball of ``balls`` (the visible level of each cell)."""
        return tuple(COORDS[p].level for p in self.balls)

    @property
    def zigzag(self) -> bool:
        """A diagonal line held with balls that change level up and down: SPF-RUL-5
        lets it count (said only of a line the player holds)."""
        return self.line.kind == "diagonal" and self.holds and zigzag(self.levels)

    @property
    def blocking_decides(self) -> bool:
        """Balls over the links of a row or column of three or four of the player's
        balls, and another value of ``blocking`` would break it or let it through:
        SPF-RUL-4 decides whether the line holds (or would, once completed)."""
        if self.status == "none" or not self.overs:
            return False
        return len({self.blocked_under(b) for b in BLOCKING_RULES}) > 1

    @property
    def blocked(self) -> bool:
        """Crossed or hidden: four balls here would still not make a line."""
        return self.blocked_under(self.blocking)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The line's rule, then the rules and rulings its status depends on."""
        out = [self.line.rule]
        if self.blocking_decides:
            out.append(BLOCKING_RULING)
        if self.crossed:
            out.append(CROSS_RULE)
        if self.hidden:
            out += [HIDE_RULE, HIDDEN_RULING]
        if self.covered:
            out.append(HIDE_RULE)
        if self.zigzag:
            out.append(ZIGZAG_RULING)
        return tuple(dict.fromkeys(out))

    def verdict(self) -> Verdict:
        """The check as a verdict: holds when the player has the line."""
        who, name = self.colour.label, self.line.name
        text = (f"{who} holds line {name}" if self.holds
                else f"{who} does not hold line {name} ({self.status})")
        return Verdict(self.line.rule, text, self.holds, self.rule_ids[1:], self.evidence())

    def evidence(self) -> dict[str, Any]:
        """The check as JSON-ready values (point names)."""
        return {
            "line": self.line.name, "kind": self.line.kind, "colour": self.colour.label,
            "status": self.status, "balls": [NAMES[p] for p in self.balls],
            "levels": [level + 1 for level in self.levels],
            "crossed": [{"link": [NAMES[a], NAMES[b]], "by": [NAMES[q] for q in balls]}
                        for (a, b), balls in self.crossed],
            "single": [{"link": [NAMES[a], NAMES[b]], "by": NAMES[q]}
                       for (a, b), q in self.single],
            "unblocked": [{"link": [NAMES[a], NAMES[b]], "by": [NAMES[q] for q in balls]}
                          for (a, b), balls in self.unblocked],
            "blocking": self.blocking,
            "hidden": [{"ball": NAMES[low], "by": NAMES[cover]} for low, cover in self.hidden],
            "covered": [{"ball": NAMES[own], "by": NAMES[top]} for own, top in self.covered],
            "missing": [NAMES[p] for p in self.missing],
            "zigzag": self.zigzag,
        }


def _check_orthogonal(line: Line, colour: Colour, board: Board, blocking: BlockingRule
                      ) -> LineCheck:
    own, occupied = board.masks[colour], board.occupied
    count = (own & line.mask).bit_count()
    if count < 3:
        return LineCheck(line, colour, "none", line.points, blocking=blocking)
    overs = tuple((link.ends, over) for link in line.links if (over := link.over(occupied)))
    hidden = tuple((low, cover) for low, cover in line.hiders if occupied >> cover & 1)
    if count == 4:
        check = LineCheck(line, colour, "held", line.points, overs, hidden,
                          blocking=blocking)
        return replace(check, status="broken") if check.blocked else check
    missing = tuple(p for p in line.points if not own >> p & 1)
    return LineCheck(line, colour, "near", line.points, overs, hidden, (), missing,
                     blocking, _settled(board, missing[0]))


def _settled(board: Board, point: Point) -> bool:
    """A white or black ball on level 1 there: it never leaves (``LineCheck.dead``)."""
    found = board.colour_at(point)
    return found is not None and found != Colour.RED and COORDS[point].level == 0


def _check_diagonal(line: Line, colour: Colour, board: Board, blocking: BlockingRule
                    ) -> LineCheck:
    own, occupied = board.masks[colour], board.occupied
    balls: list[Point] = []
    covered: list[tuple[Point, Point]] = []
    missing: list[Point] = []
    for cell in line.cells:
        top = cell.visible(occupied)
        if top is not None and own >> top & 1:
            balls.append(top)
            continue
        mine = [p for p in cell.points if own >> p & 1]
        if top is not None and mine:
            covered.append((mine[-1], top))
        shown = top if top is not None else cell.points[0]
        balls.append(shown)
        missing.append(shown)
    if not missing:
        return LineCheck(line, colour, "held", tuple(balls), blocking=blocking)
    if len(covered) == len(missing):
        return LineCheck(line, colour, "broken", tuple(balls), covered=tuple(covered),
                         blocking=blocking)
    if len(missing) == 1:
        (cell,) = (c for c in line.cells if missing[0] in c.points)
        return LineCheck(line, colour, "near", tuple(balls), missing=tuple(missing),
                         blocking=blocking,
                         dead=len(cell.points) == 1 and _settled(board, missing[0]))
    return LineCheck(line, colour, "none", tuple(balls), blocking=blocking)


def check_line(line: Line, colour: Colour, board: Board, blocking: BlockingRule = "two"
               ) -> LineCheck:
    """Whether ``colour`` holds ``line`` on ``board`` under ``blocking``, and why.
    Implements SPF-LINE-1 (with SHB-CROSS-1, SHB-HIDE-1, SPF-RUL-4 and SPF-RUL-7) and
    SPF-LINE-2 (with SHB-HIDE-1 and SPF-RUL-5)."""
    if line.kind == "orthogonal":
        return _check_orthogonal(line, colour, board, blocking)
    return _check_diagonal(line, colour, board, blocking)


def check_lines(board: Board, colour: Colour, blocking: BlockingRule = "two"
                ) -> list[LineCheck]:
    """Every candidate line for ``colour``, in table order."""
    return [check_line(line, colour, board, blocking) for line in LINES]


# -- bulk lookups (fast paths of check_line) ------------------------------------------

def holds(line: Line, own: Mask, occupied: Mask, blocking: BlockingRule = "two") -> bool:
    """Whether the player owning ``own`` holds ``line`` on a board with ``occupied``
    under ``blocking``: ``check_line(...).holds`` without the evidence, for the outcome
    and search."""
    if line.kind == "orthogonal":
        if own & line.mask != line.mask:
            return False
        if any(occupied >> cover & 1 for _, cover in line.hiders):
            return False
        return not any(link.crossed(occupied, blocking) for link in line.links)
    for cell in line.cells:
        top = cell.visible(occupied)
        if top is None or not own >> top & 1:
            return False
    return True


def lines_of(board: Board, colour: Colour, blocking: BlockingRule = "two"
             ) -> tuple[Line, ...]:
    """The lines ``colour`` holds on ``board`` under ``blocking``, in table order."""
    own, occupied = board.masks[colour], board.occupied
    return tuple(line for line in LINES if holds(line, own, occupied, blocking))


def line_holders(board: Board, blocking: BlockingRule = "two"
                 ) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """The lines White and Black hold on ``board`` under ``blocking``."""
    return lines_of(board, Colour.WHITE, blocking), lines_of(board, Colour.BLACK, blocking)


# -- fast detection -----------------------------------------------------------------
# A 7x7 top-view bitboard with a stride of 8 (bit 8y + x; column 7 stays empty so that
# diagonal shifts never wrap). Diagonal windows are then 4 set bits in a row along a
# stride of 9 or 7, found with two shifts each.

_STRIDE: Final = 8
_LEVEL_BASE: Final = tuple((m & -m).bit_length() - 1 for m in LEVEL_MASKS)
_LEVEL_SIZE: Final = tuple(m.bit_count() for m in LEVEL_MASKS)


def _grid_bit(p: Point) -> int:
    return 1 << (_STRIDE * COORDS[p].y + COORDS[p].x)


def _grid_table(level: int) -> tuple[int, ...]:
    """occupancy of one level -> the top-view bitboard cells of its balls."""
    base, size = _LEVEL_BASE[level], _LEVEL_SIZE[level]
    return superset_table(size, ((1 << i, _grid_bit(base + i)) for i in range(size)))


_G1, _G2, _G3 = (_grid_table(level) for level in range(1, LEVELS))
_G0_LOW = superset_table(8, ((1 << i, _grid_bit(i)) for i in range(8)))
_G0_HIGH = superset_table(8, ((1 << i, _grid_bit(8 + i)) for i in range(8)))
"""The grid table of level 1 (the holes) in two halves, its first two rows of holes and
its last two: the cells of a set of level-1 balls are ``_G0_LOW[m & 0xFF] |
_G0_HIGH[m >> 8]``. The whole table (one lookup) is built for perft the first time it
asks (``fast_tables``): 65,536 entries every command would otherwise build at start-up."""


@cache
def _whole_ground_grid() -> tuple[int, ...]:
    """The grid table of level 1 in one piece, for the fast perft."""
    return _grid_table(0)


_ORTHO: Final = tuple(line for line in LINES if line.kind == "orthogonal")


def _ortho_complete_table(half: int | None = None) -> tuple[int, ...]:
    """own level-0 occupancy -> bitmask of the orthogonal lines whose 4 points are all
    own (bit i for ``_ORTHO[i]``). With ``half`` (0 or 1), the table of that byte of
    the occupancy alone: the lines whose points in that byte are all own (a line with
    none there is in every entry), so the whole table's entry is the AND of the two
    halves' entries."""
    if half is None:
        return superset_table(_LEVEL_SIZE[0],
                              ((line.mask, 1 << i) for i, line in enumerate(_ORTHO)))
    return superset_table(8, ((line.mask >> 8 * half & 0xFF, 1 << i)
                              for i, line in enumerate(_ORTHO)))


def _ortho_blocked_table(blocking: BlockingRule) -> tuple[int, ...]:
    """occupancy of levels 2-3 (13 bits, level 2 from bit 0) -> bitmask of the
    orthogonal lines that are crossed under ``blocking`` (SPF-RUL-4) or hidden
    (SPF-RUL-7)."""
    base = _LEVEL_BASE[1]
    blockers: list[tuple[int, int]] = []  # (set of points that blocks it, line bit)
    for i, line in enumerate(_ORTHO):
        for link in line.links:
            bits = [1 << (q - base) for q in link.crossing]
            if blocking == "two" and crosses(len(bits), blocking):
                blockers.append((sum(bits), 1 << i))
            elif blocking == "one":
                blockers += [(bit, 1 << i) for bit in bits]
        for _, cover in line.hiders:
            blockers.append((1 << (cover - base), 1 << i))
    return superset_table(_LEVEL_SIZE[1] + _LEVEL_SIZE[2], blockers)


_ORTHO_COMPLETE_LOW: Final = _ortho_complete_table(0)
_ORTHO_COMPLETE_HIGH: Final = _ortho_complete_table(1)
"""The complete-lines table in two halves, what ``has_line`` reads: the lines complete
in ``own`` are ``_ORTHO_COMPLETE_LOW[own & 0xFF] & _ORTHO_COMPLETE_HIGH[own >> 8 &
0xFF]``. The whole table (one lookup, 65,536 entries) is built for perft the first time
it asks (``fast_tables``)."""
_ORTHO_BLOCKED_BY: Final[dict[str, tuple[int, ...]]] = {}
_B1, _B2, _B3 = _LEVEL_BASE[1], _LEVEL_BASE[2], _LEVEL_BASE[3]


@cache
def _whole_ortho_complete() -> tuple[int, ...]:
    """The complete-lines table in one piece, for the fast perft."""
    return _ortho_complete_table()


def ortho_blocked(blocking: BlockingRule) -> tuple[int, ...]:
    """The lookup table of blocked orthogonal lines under ``blocking``, built the first
    time it is asked for: ``has_line`` asks only once some row or column is complete."""
    table = _ORTHO_BLOCKED_BY.get(blocking)
    if table is None:
        table = _ORTHO_BLOCKED_BY[blocking] = _ortho_blocked_table(blocking)
    return table


def has_line(own: Mask, occupied: Mask, blocking: BlockingRule = "two") -> bool:
    """Whether the player owning ``own`` holds at least one of the 24 lines under
    ``blocking``; the same answer as ``holds`` over ``LINES``, from lookup tables.
    Implements SPF-LINE-1 and SPF-LINE-2."""
    complete = _ORTHO_COMPLETE_LOW[own & 0xFF] & _ORTHO_COMPLETE_HIGH[own >> 8 & 0xFF]
    if complete:
        blocked = _ORTHO_BLOCKED_BY.get(blocking) or ortho_blocked(blocking)
        if complete & ~blocked[(occupied >> _B1) & 0x1FFF]:
            return True
    occ2 = (occupied >> _B2) & 0xF
    grid = (
        ((_G0_LOW[own & 0xFF] | _G0_HIGH[(own >> 8) & 0xFF]) & ~_G2[occ2])
        | _G2[(own >> _B2) & 0xF]
        | (_G1[(own >> _B1) & 0x1FF] & ~_G3[occupied >> _B3])
        | _G3[own >> _B3]
    )
    t = grid & (grid >> 9)
    if t & (t >> 18):
        return True
    t = grid & (grid >> 7)
    return bool(t & (t >> 14))


def fast_tables(blocking: BlockingRule = "two") -> tuple[tuple[int, ...], ...]:
    """The lookup tables behind ``has_line`` under ``blocking``, for code that inlines
    it (the fast perft): the four level grids (level 1's whole), complete rows (whole),
    blocked rows; each built the first time it is asked for."""
    return (_whole_ground_grid(), _G1, _G2, _G3, _whole_ortho_complete(),
            ortho_blocked(blocking))
