"""The Spline table (setup, options, moves, end reasons, the lines of every level) and
its CSV twin, read off the game's own modules."""

from __future__ import annotations

from typing import Any

from ...board import BALLS_PER_COLOUR
from ...contract.files import GeneratedFile, csv_file, names, options_table, reasons_table, table
from ...geometry import LEVELS, SIDE
from .game import GAME
from .lines import LINES, Line
from .rules import REASONS


def _line(line: Line) -> dict[str, Any]:
    return {"name": line.name, "level": line.level + 1, "kind": line.kind,
            "rule": line.rule, "points": names(line.points)}


def _levels() -> list[dict[str, Any]]:
    """Each level: its width and how many lines it holds (none on level 4: SPL-RUL-3)."""
    out = []
    for level in range(LEVELS):
        held = [line for line in LINES if line.level == level]
        out.append({"level": level + 1, "side": SIDE - level,
                    "line_length": SIDE - level if held else None, "lines": len(held)})
    return out


def tables() -> list[GeneratedFile]:
    """Implements the published form of SPL-SETUP-1 and SPL-LINE-1 (with SPL-RUL-1 and
    SPL-RUL-3)."""
    game = GAME
    start = game.start()
    csv = csv_file("spline_lines", ("name", "level", "kind", "rule", "points"),
                   [(line.name, line.level + 1, line.kind, line.rule, names(line.points))
                    for line in LINES])
    body = {
        "setup": {
            "position": game.format_position(start),
            "balls": {"white": BALLS_PER_COLOUR, "black": BALLS_PER_COLOUR},
            "first": "not fixed by the sources; the engine takes it explicitly and "
                     "defaults to white (SPL-RUL-4)",
        },
        "options": options_table(game),
        "moves": {
            "place": "the point name, e.g. 1a1: a ball of the mover's colour on a valid "
                     "location (SPL-PLACE-1)",
            "order": "by increasing point index",
        },
        "outcome_reasons": reasons_table(REASONS.values()),
        "levels": _levels(),
        "holds_when": "every point of the line holds a ball of the player's colour, "
                      "whatever rests on it (SPL-RUL-2)",
        "lines": [_line(line) for line in LINES],
    }
    return table("spline", "Spline: setup, moves and the 24 lines",
                 "The setup, the options, the move notation and order, the end reasons, "
                 "the width of each level and every line: the rows, columns and two "
                 "diagonals of levels 1, 2 and 3, each as wide as its level.", body, [csv])
