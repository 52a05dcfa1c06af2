"""Sploof lines in words: renders the line checks of
``shibumi_rules.games.sploof.lines`` (status, crossing balls per link, hiding balls,
visible levels) as the phrases ``explain`` prints. Nothing here decides whether a line
holds."""

from __future__ import annotations

from ...board import Board
from ...geometry import NAMES, Point
from .lines import LineCheck


def kind_words(check: LineCheck) -> str:
    """``diagonal``, ``row 3 of the board`` or ``file c of the board``."""
    line = check.line
    if line.kind == "diagonal":
        return "diagonal"
    if len({c.y for c in line.cells}) == 1:
        return f"row {line.cells[0].y + 1} of the board"
    return f"file {line.cells[0].name[0]} of the board"


def describe(check: LineCheck, board: Board | None = None) -> str:
    """The line's cells and how it is crossed or hidden, in words (with the contents
    of the missing cells when ``board`` is given)."""
    who = check.colour.label
    cells = " ".join(NAMES[p] for p in check.balls)
    parts = [f"{check.line.name} ({kind_words(check)}: {cells})"]
    if check.missing:
        parts.append(f"{who} lacks " + ", ".join(
            _content(board, p) if board is not None else NAMES[p] for p in check.missing))
    if check.zigzag:
        parts.append("zig-zagging between levels, which counts")
    for (a, b), balls in check.crossed:
        by = " and ".join(NAMES[q] for q in balls)
        parts.append(f"link {NAMES[a]}-{NAMES[b]} crossed by {by}")
    for low, cover in check.hidden:
        parts.append(f"{NAMES[low]} hidden from above by {NAMES[cover]}")
    for own, top in check.covered:
        parts.append(f"{who}'s {NAMES[own]} covered by {NAMES[top]}")
    for (a, b), q in check.single:
        parts.append(f"link {NAMES[a]}-{NAMES[b]} has only {NAMES[q]} over it, "
                     "which does not cross it")
    return "; ".join(parts)


def _content(board: Board, point: Point) -> str:
    colour = board.colour_at(point)
    return f"{NAMES[point]} ({colour.label if colour is not None else 'empty'})"
