"""Plain-text board diagrams: the 7x7 top view (what is seen from directly above) and
each level on its own, both with file letters and rank numbers."""

from __future__ import annotations

from .board import Board
from .geometry import AT_TOP_VIEW, COORDS, FILES, GRID, LEVELS, SIDE
from .notation import EMPTY


def top_view_letters(board: Board) -> list[list[str]]:
    """For each top-view cell (row y, column x): the visible ball's letter, ``.`` for a
    point with no ball, a space where no point projects."""
    letters = board.letters()
    grid = [[" "] * GRID for _ in range(GRID)]
    for y in range(GRID):
        for x in range(GRID):
            for level in reversed(range(LEVELS)):
                p = AT_TOP_VIEW.get((x, y, level))
                if p is None:
                    continue
                if letters[p] != EMPTY:
                    grid[y][x] = letters[p]
                    break
                grid[y][x] = EMPTY
    return grid


def render(board: Board) -> str:
    """Top view beside the four levels, rank 7 at the top, as in the point names."""
    letters = board.letters()
    blocks: list[list[str]] = []
    grid = top_view_letters(board)
    top = ["top view"]
    for y in reversed(range(GRID)):
        top.append(f"{y + 1} " + " ".join(grid[y]))
    top.append("  " + " ".join(FILES))
    blocks.append(top)
    for level in range(LEVELS):
        side = SIDE - level
        block = [f"level {level + 1}"]
        points = [i for i, c in enumerate(COORDS) if c.level == level]
        for row in reversed(range(side)):
            row_points = [p for p in points if COORDS[p].row == row]
            rank = COORDS[row_points[0]].y + 1
            block.append(f"{rank} " + " ".join(letters[p] for p in row_points))
        block.append("  " + " ".join(FILES[COORDS[p].x] for p in points[:side]))
        blocks.append(block)
    height = max(len(b) for b in blocks)
    widths = [max(len(line) for line in b) for b in blocks]
    lines = []
    for i in range(height):
        parts = []
        for block, width in zip(blocks, widths):
            line = block[i] if i < len(block) else ""
            parts.append(line.ljust(width))
        lines.append("   ".join(parts).rstrip())
    return "\n".join(lines)
