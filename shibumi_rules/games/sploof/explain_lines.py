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


def broken_text(check: LineCheck, board: Board) -> str:
    """A broken line in words, from what a player sees. A row or column: the player has
    all four balls, and what crosses or hides them. A diagonal: what each cell shows
    from above, which balls of another colour cover the player's, and so whose line it
    is not (every cell holds a ball of the player's, but not on top)."""
    who = check.colour.label
    if check.line.kind != "diagonal":
        return f"{who} has all four balls of {describe(check, board)}, so it is not a line"
    shown = " ".join(_content(board, p) for p in check.balls)
    covers = ", ".join(f"{_owner(board, top)} {NAMES[top]} covers {who}'s {NAMES[own]}"
                       for own, top in check.covered)
    return (f"seen from above, diagonal {check.line.name} shows {shown}: {covers}, so it is "
            f"not {who}'s line")


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


def _owner(board: Board, point: Point) -> str:
    """``black's`` or ``the red``: whose ball is at ``point``."""
    colour = board.colour_at(point)
    assert colour is not None
    return "the red" if colour.label == "red" else f"{colour.label}'s"
