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


def broken_words(check: LineCheck) -> str:
    """How a player's hold on a broken line reads: every ball of a row or column is
    theirs; on a diagonal, every cell holds one of theirs but one is covered."""
    if check.line.kind == "diagonal":
        return "has a ball in every cell of"
    return "has all four balls of"


def describe(check: LineCheck, board: Board | None = None) -> str:
    """The line's cells and how it is crossed or hidden, in words (with the contents
    of the missing cells and the colour of a covering ball when ``board`` is given).
    Balls over a link that do not cross it are mentioned where the ruling on what
    crosses a link decides the line (SPF-RUL-4); the option value is named when it is
    not the default."""
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
        alone = " alone, which crosses it under blocking=one" if len(balls) == 1 else ""
        parts.append(f"link {NAMES[a]}-{NAMES[b]} crossed by {by}{alone}")
    for low, cover in check.hidden:
        parts.append(f"{NAMES[low]} hidden from above by {NAMES[cover]}")
    for own, top in check.covered:
        parts.append(f"{who}'s {NAMES[own]} covered by "
                     + (_content(board, top) if board is not None else NAMES[top]))
    if check.blocking_decides:
        under = " under blocking=none" if check.blocking == "none" else ""
        for (a, b), q in check.single:
            parts.append(f"link {NAMES[a]}-{NAMES[b]} has only {NAMES[q]} over it, "
                         f"which does not cross it{under}")
        for (a, b), balls in check.unblocked:
            by = " and ".join(NAMES[q] for q in balls)
            parts.append(f"link {NAMES[a]}-{NAMES[b]} has {by} over it, which do not "
                         f"cross it{under}")
    return "; ".join(parts)


def _content(board: Board, point: Point) -> str:
    colour = board.colour_at(point)
    return f"{NAMES[point]} ({colour.label if colour is not None else 'empty'})"
