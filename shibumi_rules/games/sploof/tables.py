"""The Sploof table (setup, options, the 24 candidate lines) and its CSV twin, read off
the game's own modules."""

from __future__ import annotations

from typing import Any

from ...contract.files import GeneratedFile, csv_file, names, options_table, reasons_table, table
from ...geometry import NAMES, points_of
from .game import GAME
from .lines import BLOCKING_RULES, LINES, BlockingRule, Line, crosses
from .rules import PERIMETER, REASONS

_names = names


def _line(line: Line) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": line.name, "kind": line.kind, "rule": line.rule,
        "cells": [{"cell": c.name, "points": _names(c.points)} for c in line.cells],
        "points": _names(line.points),
    }
    if line.kind == "orthogonal":
        out["links"] = [
            {"ends": _names(link.ends), "crossing": _names(link.crossing),
             "crossable": link.crossable}
            for link in line.links
        ]
        out["hidden_by"] = [{"point": NAMES[p], "cover": NAMES[c]} for p, c in line.hiders]
        out["blocked_when"] = {b: [_names(s) for s in _blocking_sets(line, b)]
                               for b in BLOCKING_RULES}
        out["holds_when"] = ("all 4 points hold the player's balls and none of the point "
                             "sets listed in blocked_when under the option blocking in force "
                             "is entirely filled: under two (the default), both crossing "
                             "points of a crossable link, or a cover point; under one, any "
                             "crossing point, or a cover point; under none, a cover point "
                             "only")
    else:
        out["holds_when"] = ("every cell has a ball and the highest ball of each cell is "
                             "the player's")
    return out


def _blocking_sets(line: Line, blocking: BlockingRule) -> list[tuple[int, ...]]:
    """The sets of points whose balls, all present, break an orthogonal line under
    ``blocking``: the smallest sets of crossing balls that cross a link (``crosses``),
    then each cover point (SHB-HIDE-1, SPF-RUL-7)."""
    sets: list[tuple[int, ...]] = []
    for link in line.links:
        for size in range(1, len(link.crossing) + 1):
            if crosses(size, blocking):
                sets += ([link.crossing] if size == len(link.crossing)
                         else [(q,) for q in link.crossing])
                break
    return sets + [(cover,) for _, cover in line.hiders]


def _blocked_when(line: Line, blocking: BlockingRule) -> str:
    """The CSV form of ``_blocking_sets``: sets separated by ``;``, points by ``+``."""
    return "; ".join("+".join(_names(s)) for s in _blocking_sets(line, blocking))


def tables() -> list[GeneratedFile]:
    """Implements the published form of SPF-SETUP-1, SPF-LINE-1 and SPF-LINE-2."""
    game = GAME
    start = game.start()
    lines = [_line(line) for line in LINES]
    csv = csv_file("sploof_lines", ("name", "kind", "rule", "cells", "points",
                                    *(f"blocked_when_{b}" for b in BLOCKING_RULES)),
                   [(line.name, line.kind, line.rule, [c.name for c in line.cells],
                     _names(line.points), *(_blocked_when(line, b) for b in BLOCKING_RULES))
                    for line in LINES])
    body = {
        "setup": {
            "position": game.format_position(start),
            "red_points": _names(points_of(PERIMETER)),
            "stock": {"white": 2, "black": 2},
            "supply": {"white": 14, "black": 14, "red": 4},
            "first": "chosen at random (SPF-START-1); the engine takes it explicitly and "
                     "defaults to white (SPF-RUL-6)",
        },
        "options": options_table(game),
        "moves": {
            "place": "the point name, e.g. 1c3 (SPF-PLACE-1)",
            "remove": "x and the point name, e.g. x1a1 (SPF-REMOVE-1)",
            "order": "placements by increasing point index, then removals by increasing "
                     "point index",
        },
        "outcome_reasons": reasons_table(REASONS.values()),
        "lines": lines,
    }
    return table("sploof", "Sploof: setup, options and the 24 candidate lines",
                 "The setup, the options with their rulings, the move notation and order, "
                 "the end reasons, and every candidate line with its cells, points, "
                 "links (crossing points), covering points and what blocks it under each "
                 "value of the option blocking.", body, [csv])

