"""The Sploof table (setup, options, the 24 candidate lines) and the Splink table
(setup, options, the 5 inner points, the 60 scoring pairs), read off the game modules."""

from __future__ import annotations

from typing import Any

from ..game import Game, OptionSpec
from ..games import get_game
from ..games.splink import REASONS as SPLINK_REASONS
from ..games.splink_score import INNER_POINTS, SCORING_PAIRS
from ..games.sploof_lines import LINES, Line
from ..games.sploof_rules import PERIMETER
from ..games.sploof_rules import REASONS as SPLOOF_REASONS
from ..geometry import COVERED_BY, NAMES, SUPPORTERS, Point, points_of
from .output import GeneratedFile, csv_file, table


def _options(game: Game[Any, Any]) -> list[dict[str, Any]]:
    return [_option(o) for o in game.options]


def _option(o: OptionSpec) -> dict[str, Any]:
    return {"name": o.name, "default": o.default,
            "values": list(o.values) if o.values is not None else ["none", "N"],
            "ruling": o.ruling, "summary": o.summary}


def _names(points: tuple[Point, ...] | list[Point]) -> list[str]:
    return [NAMES[p] for p in points]


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
        out["holds_when"] = ("all 4 points hold the player's balls, no cover point holds a "
                             "ball, and no crossable link has both crossing points filled")
    else:
        out["holds_when"] = ("every cell has a ball and the highest ball of each cell is "
                             "the player's")
    return out


def _blocked_when(line: Line) -> list[str]:
    """The sets of points whose balls, all present, break an orthogonal line."""
    sets = ["+".join(_names(link.crossing)) for link in line.links if link.crossable]
    return sets + [NAMES[cover] for _, cover in line.hiders]


def sploof_table() -> list[GeneratedFile]:
    """Implements the published form of SPF-SETUP-1, SPF-LINE-1 and SPF-LINE-2."""
    game = get_game("sploof")
    start = game.start()
    lines = [_line(line) for line in LINES]
    csv = csv_file("sploof_lines", ("name", "kind", "rule", "cells", "points", "blocked_when"),
                   [(line.name, line.kind, line.rule, [c.name for c in line.cells],
                     _names(line.points), "; ".join(_blocked_when(line)))
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
        "options": _options(game),
        "moves": {
            "place": "the point name, e.g. 1c3 (SPF-PLACE-1)",
            "remove": "x and the point name, e.g. x1a1 (SPF-REMOVE-1)",
            "order": "placements by increasing point index, then removals by increasing "
                     "point index",
        },
        "outcome_reasons": [{"reason": reason, "rule": rule, "meaning": meaning}
                            for reason, (rule, meaning) in SPLOOF_REASONS.items()],
        "lines": lines,
    }
    return table("sploof", "Sploof: setup, options and the 24 candidate lines",
                 "The setup, the options with their rulings, the move notation and order, "
                 "the end reasons, and every candidate line with its cells, points, "
                 "links (crossing points) and covering points.", body, [csv])


def splink_table() -> list[GeneratedFile]:
    """Implements the published form of SPK-SETUP-1, SPK-SCORE-1 and SPK-RUL-9."""
    game = get_game("splink")
    start = game.start()
    pairs = [{"a": NAMES[a], "b": NAMES[b],
              "kind": "support" if a in SUPPORTERS[b] else "level"}
             for a, b in SCORING_PAIRS]
    csv = csv_file("splink_pairs", ("a", "b", "kind"),
                   [(p["a"], p["b"], p["kind"]) for p in pairs])
    body = {
        "setup": {
            "position": game.format_position(start),
            "supply": {"red": 16, "white": 16},
            "first": "attractor",
        },
        "options": _options(game),
        "moves": {
            "place": "R and W with their points, lower point index first, e.g. R1a1+W1c1 "
                     "(SPK-PLACE-1)",
            "remove": "x, the removed point, +, the colour and point of the new ball, e.g. "
                      "x2b2+W3c3 (SPK-REMOVE-1, SPK-REMOVE-2)",
            "order": "placements by lower point, then higher point, then the colour on the "
                     "lower point (red first); then removals by removed point, then the "
                     "point of the new ball",
        },
        "outcome_reasons": [{"reason": reason, "rule": rule, "meaning": meaning}
                            for reason, (meaning, rule) in SPLINK_REASONS.items()],
        "inner_points": [{"point": NAMES[p], "covered_by": NAMES[c]}
                         for p in INNER_POINTS if (c := COVERED_BY[p]) is not None],
        "scoring_pairs": pairs,
    }
    return table("splink", "Splink: setup, options, inner points and the 60 scoring pairs",
                 "The setup, the options with their rulings, the move notation and order, "
                 "the end reasons, the five inner points a complete pyramid hides, and the "
                 "60 touching pairs whose red-white contact scores a point.", body, [csv])
