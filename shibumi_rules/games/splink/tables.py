"""The Splink table (setup, options, the 5 inner points, the 60 scoring pairs) and its
CSV twin, read off the game's own modules."""

from __future__ import annotations

from ...contract.files import GeneratedFile, csv_file, options_table, reasons_table, table
from ...geometry import COVERED_BY, NAMES, SUPPORTERS
from .game import GAME, REASONS
from .score import INNER_POINTS, SCORING_PAIRS


def tables() -> list[GeneratedFile]:
    """Implements the published form of SPK-SETUP-1, SPK-SCORE-1 and SPK-RUL-9."""
    game = GAME
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
        "options": options_table(game),
        "moves": {
            "place": "R and W with their points, lower point index first, e.g. R1a1+W1c1 "
                     "(SPK-PLACE-1)",
            "remove": "x, the removed point, +, the colour and point of the new ball, e.g. "
                      "x2b2+W3c3 (SPK-REMOVE-1, SPK-REMOVE-2)",
            "order": "placements by lower point, then higher point, then the colour on the "
                     "lower point (red first); then removals by removed point, then the "
                     "point of the new ball",
        },
        "outcome_reasons": reasons_table(REASONS.values()),
        "inner_points": [{"point": NAMES[p], "covered_by": NAMES[c]}
                         for p in INNER_POINTS if (c := COVERED_BY[p]) is not None],
        "scoring_pairs": pairs,
    }
    return table("splink", "Splink: setup, options, inner points and the 60 scoring pairs",
                 "The setup, the options with their rulings, the move notation and order, "
                 "the end reasons, the five inner points a complete pyramid hides, and the "
                 "60 touching pairs whose red-white contact scores a point.", body, [csv])
