"""Plain-text board diagrams: the top view (what is seen from directly above) and each
level on its own, both with file letters and rank numbers, on a pyramid of any side
(the 4x4 board unless one is given)."""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .geometry import Pyramid, pyramid
from .notation import COLOUR_OF_LETTER, EMPTY


def letters_on(board: Board, geo: Pyramid) -> list[str]:
    """One letter per point of ``geo`` (``.`` for an empty point): the colour masks of
    ``board`` read over as many points as the pyramid has."""
    out = [EMPTY] * geo.num_points
    for letter, colour in COLOUR_OF_LETTER.items():
        mask = board.masks[colour]
        for p in geo.points:
            if mask >> p & 1:
                out[p] = letter
    return out


def top_view_letters(board: Board, geo: Pyramid | None = None) -> list[list[str]]:
    """For each top-view cell (row y, column x): the visible ball's letter, ``.`` for a
    point with no ball, a space where no point projects."""
    geo = pyramid() if geo is None else geo
    return _top_view(board.letters() if geo is pyramid() else letters_on(board, geo), geo)


def _top_view(letters: Sequence[str], geo: Pyramid) -> list[list[str]]:
    grid = [[" "] * geo.grid for _ in range(geo.grid)]
    for y in range(geo.grid):
        for x in range(geo.grid):
            for level in reversed(range(geo.levels)):
                p = geo.at_top_view.get((x, y, level))
                if p is None:
                    continue
                if letters[p] != EMPTY:
                    grid[y][x] = letters[p]
                    break
                grid[y][x] = EMPTY
    return grid


def render(board: Board, geo: Pyramid | None = None) -> str:
    """Top view beside each level, rank 1 at the bottom as in the point names, on the
    4x4 board or on ``geo``; the board's masks are read over that pyramid's points."""
    geo = pyramid() if geo is None else geo
    return render_letters(board.letters() if geo is pyramid() else letters_on(board, geo),
                          geo)


def render_empty(geo: Pyramid | None = None) -> str:
    """The diagram of the empty pyramid of ``geo`` (the 4x4 board unless given)."""
    geo = pyramid() if geo is None else geo
    return render_letters([EMPTY] * geo.num_points, geo)


def render_letters(letters: Sequence[str], geo: Pyramid) -> str:
    """The diagram of one letter per point of ``geo``: the top view, then the levels.
    Ranks of two digits (side 6 and up) are right-aligned."""
    width = len(str(geo.grid))
    blocks: list[list[str]] = []
    grid = _top_view(letters, geo)
    top = ["top view"]
    for y in reversed(range(geo.grid)):
        top.append(f"{y + 1:>{width}} " + " ".join(grid[y]))
    top.append(" " * (width + 1) + " ".join(geo.files))
    blocks.append(top)
    for level in range(geo.levels):
        side = geo.side - level
        block = [f"level {level + 1}"]
        points = [i for i, c in enumerate(geo.coords) if c.level == level]
        for row in reversed(range(side)):
            row_points = [p for p in points if geo.coords[p].row == row]
            rank = geo.coords[row_points[0]].y + 1
            block.append(f"{rank:>{width}} " + " ".join(letters[p] for p in row_points))
        block.append(" " * (width + 1) + " ".join(geo.files[geo.coords[p].x]
                                                  for p in points[:side]))
        blocks.append(block)
    height = max(len(b) for b in blocks)
    widths = [max(len(line) for line in b) for b in blocks]
    lines = []
    for i in range(height):
        parts = []
        for block, block_width in zip(blocks, widths):
            line = block[i] if i < len(block) else ""
            parts.append(line.ljust(block_width))
        lines.append("   ".join(parts).rstrip())
    return "\n".join(lines)
