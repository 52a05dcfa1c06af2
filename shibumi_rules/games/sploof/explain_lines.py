"""Why a Sploof line is held or not: for each of the 24 candidate lines and a player,
its status with the cells that make it, and the balls that cross or hide it.

Reads the line table of ``shibumi_rules.games.sploof.lines`` literally (cells,
links with their crossing points, hiders); a test checks that ``held`` here agrees
with the engine's ``holds`` on random boards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...board import Board
from ...geometry import COORDS, NAMES, Point
from ...notation import Colour
from .lines import LINES, Line

Status = Literal["held", "broken", "near", "none"]


@dataclass(frozen=True, slots=True)
class LineView:
    """One line as seen for one player.

    ``status``: ``held`` (the player has it); ``broken`` (all four balls are the
    player's but a link is crossed or a ball hidden, or for a diagonal a cell's own
    ball is covered by another colour); ``near`` (three of four cells are the
    player's; a near orthogonal line may already be crossed or hidden, so completing it
    would not make a line); ``none`` otherwise."""

    line: Line
    colour: Colour
    status: Status
    balls: tuple[Point, ...]
    """The balls that show the line: the 4 level-0 points, or each cell's visible ball."""
    crossed: tuple[tuple[tuple[Point, Point], tuple[Point, ...]], ...] = ()
    """Crossed links: ((a, b), (crossing balls))."""
    single: tuple[tuple[tuple[Point, Point], Point], ...] = ()
    """Perimeter links with their one crossing ball present: not crossed (SPF-RUL-4)."""
    hidden: tuple[tuple[Point, Point], ...] = ()
    """(hidden point, covering ball) pairs."""
    covered: tuple[tuple[Point, Point], ...] = ()
    """Diagonal: (own ball, other-colour ball visible above it in the same cell)."""
    missing: tuple[Point, ...] = ()
    """Near-line: the point (or cell's visible/lowest empty point) not the player's."""

    @property
    def zigzag(self) -> bool:
        """A diagonal whose visible balls change level up and down (SPF-RUL-5)."""
        if self.line.kind != "diagonal" or len(self.balls) != 4:
            return False
        steps = {COORDS[b].level - COORDS[a].level for a, b in zip(self.balls, self.balls[1:])}
        return len(steps) > 1

    @property
    def blocked(self) -> bool:
        """Crossed or hidden: four balls here would still not make a line."""
        return bool(self.crossed or self.hidden or self.covered)

    @property
    def rules(self) -> tuple[str, ...]:
        """The line's rule and the rulings its status depends on."""
        out = [self.line.rule]
        if self.single:
            out.append("SPF-RUL-4")
        if self.crossed:
            out.append("SHB-CROSS-1")
        if self.hidden:
            out += ["SHB-HIDE-1", "SPF-RUL-7"]
        if self.covered:
            out.append("SHB-HIDE-1")
        if self.zigzag:
            out.append("SPF-RUL-5")
        return tuple(dict.fromkeys(out))

    def describe(self, board: Board | None = None) -> str:
        """The line's cells and how it is crossed or hidden, in words (with the
        contents of the missing cells when ``board`` is given)."""
        who = self.colour.label
        cells = " ".join(NAMES[p] for p in self.balls)
        if self.line.kind == "diagonal":
            kind = "diagonal"
        elif len({c.y for c in self.line.cells}) == 1:
            kind = f"row {self.line.cells[0].y + 1} of the board"
        else:
            kind = f"file {self.line.cells[0].name[0]} of the board"
        parts = [f"{self.line.name} ({kind}: {cells})"]
        if self.missing:
            parts.append(f"{who} lacks " + ", ".join(
                _content(board, p) if board is not None else NAMES[p] for p in self.missing))
        if self.zigzag:
            parts.append("zig-zagging between levels, which counts")
        for (a, b), balls in self.crossed:
            by = " and ".join(NAMES[q] for q in balls)
            parts.append(f"link {NAMES[a]}-{NAMES[b]} crossed by {by}")
        for low, cover in self.hidden:
            parts.append(f"{NAMES[low]} hidden from above by {NAMES[cover]}")
        for own, top in self.covered:
            parts.append(f"{who}'s {NAMES[own]} covered by {NAMES[top]}")
        for (a, b), q in self.single:
            parts.append(f"link {NAMES[a]}-{NAMES[b]} has only {NAMES[q]} over it, "
                         "which does not cross it")
        return "; ".join(parts)


def _content(board: Board, point: Point) -> str:
    colour = board.colour_at(point)
    return f"{NAMES[point]} ({colour.label if colour is not None else 'empty'})"


def _visible(board: Board, points: tuple[Point, ...]) -> Point | None:
    present = [p for p in points if board.colour_at(p) is not None]
    return present[-1] if present else None


def _orthogonal(line: Line, colour: Colour, board: Board) -> LineView:
    occupied = board.occupied
    own = [p for p in line.points if board.colour_at(p) == colour]
    crossed = tuple(
        (link.ends, link.crossing) for link in line.links
        if link.crossable and all(occupied >> q & 1 for q in link.crossing)
    )
    single = tuple(
        (link.ends, link.crossing[0]) for link in line.links
        if not link.crossable and occupied >> link.crossing[0] & 1
    )
    hidden = tuple((low, cover) for low, cover in line.hiders if occupied >> cover & 1)
    if len(own) == 4:
        status: Status = "broken" if crossed or hidden else "held"
        return LineView(line, colour, status, line.points, crossed, single, hidden)
    if len(own) == 3:
        missing = tuple(p for p in line.points if p not in own)
        return LineView(line, colour, "near", line.points, crossed, single, hidden, (),
                        missing)
    return LineView(line, colour, "none", line.points)


def _diagonal(line: Line, colour: Colour, board: Board) -> LineView:
    balls: list[Point] = []
    covered: list[tuple[Point, Point]] = []
    missing: list[Point] = []
    own_cells = 0
    for cell in line.cells:
        top = _visible(board, cell.points)
        if top is not None and board.colour_at(top) == colour:
            own_cells += 1
            balls.append(top)
            continue
        mine = [p for p in cell.points if board.colour_at(p) == colour]
        if top is not None and mine:
            covered.append((mine[-1], top))
        balls.append(top if top is not None else cell.points[0])
        missing.append(top if top is not None else cell.points[0])
    if own_cells == 4:
        return LineView(line, colour, "held", tuple(balls))
    if own_cells + len(covered) == 4:
        return LineView(line, colour, "broken", tuple(balls), covered=tuple(covered))
    if own_cells == 3:
        return LineView(line, colour, "near", tuple(balls), missing=tuple(missing))
    return LineView(line, colour, "none", tuple(balls))


def view(line: Line, colour: Colour, board: Board) -> LineView:
    """The status of ``line`` for ``colour``. Explains SPF-LINE-1 (with SHB-CROSS-1,
    SHB-HIDE-1, SPF-RUL-4, SPF-RUL-7) and SPF-LINE-2 (with SPF-RUL-5)."""
    if line.kind == "orthogonal":
        return _orthogonal(line, colour, board)
    return _diagonal(line, colour, board)


def views(board: Board, colour: Colour) -> list[LineView]:
    """Every candidate line for ``colour``, in table order."""
    return [view(line, colour, board) for line in LINES]
