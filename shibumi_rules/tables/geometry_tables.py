"""The points table (with the names other implementations use), the relations
table and the table of the pyramids of sides 2 to 9, all read off
``shibumi_rules.geometry``."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Final

from ..contract.files import GeneratedFile, csv_file, table
from ..geometry import (
    COORDS,
    COVERED_BY,
    COVERING_PAIRS,
    CROSSING,
    FILES,
    MAX_SIDE,
    MIN_SIDE,
    NAMES,
    NEIGHBOURS,
    POINTS,
    SUPPORTEES,
    SUPPORTERS,
    SYMMETRIES,
    TOUCHING_PAIRS,
    Point,
    pyramid,
)


def donkirkby_label(point: Point) -> str:
    """The label donkirkby/shibumi-games gives a point: top-view row number (1 at the
    bottom of its diagrams, like our ranks) then column letter, the level left out."""
    c = COORDS[point]
    return f"{c.y + 1}{FILES[c.x].upper()}"


def _ludii_order() -> tuple[Point, ...]:
    """Points sorted by the centre's (y, x), ties (a point and the point two levels
    above it) broken lower level first."""
    return tuple(sorted(POINTS, key=lambda p: (COORDS[p].y, COORDS[p].x, COORDS[p].level)))


LUDII_ORDER: Final = _ludii_order()
LUDII_INDEX: Final = {p: i for i, p in enumerate(LUDII_ORDER)}
"""Our point index -> Ludii vertex number of the pyramidal 4x4 board."""


def _number(value: Fraction) -> int | float:
    """Whole numbers as JSON integers; halves as exact binary floats."""
    return int(value) if value.denominator == 1 else float(value)


def point_row(p: Point) -> dict[str, Any]:
    c = COORDS[p]
    cx, cy = Fraction(c.x, 2), Fraction(c.y, 2)
    return {
        "index": p, "name": NAMES[p], "level": c.level + 1, "row": c.row, "col": c.col,
        "x": c.x, "y": c.y,
        "centre": {"x": _number(cx), "y": _number(cy), "z_steps": c.level},
        "centre_float": [float(cx), float(cy), c.level * math.sqrt(2) / 2],
        "aliases": {"abstractplay": NAMES[p], "donkirkby": donkirkby_label(p),
                    "ludii": LUDII_INDEX[p]},
    }


ALIAS_NOTES: Final = {
    "abstractplay": (
        "AbstractPlay/gameslib names points exactly as here: level digit 1-4, file a-g, "
        "rank 1-7 of the 7x7 top view."
    ),
    "donkirkby": (
        "donkirkby/shibumi-games labels a point by its top-view row number and column "
        "letter, row first: label = str(y + 1) + 'ABCDEFG'[x], so 1a1 -> 1A, 2b2 -> 2B, "
        "4d4 -> 4D. Its diagrams print row 1 at the bottom and column A at the left, and "
        "row index 0 of its arrays is row 1, so its rows count the same way as our ranks. "
        "The level is left out: on the five cells that hold two points (c3, e3, c5, e5, "
        "d4) one label names both the low point and the point two levels above it "
        "(3C is 1c3 and 3c3; 4D is 2d4 and 4d4). When it reads a move, a label means the "
        "lowest point of that cell that is a valid location."
    ),
    "ludii": (
        "Ludii numbers the 30 vertices of its pyramidal square board by sorting their "
        "centres by y, then x, with y and x as in this table's centre. Five pairs of "
        "points share a top-view position (a hideable point and the point two levels "
        "above it); they are numbered lower level first, as a stable sort of vertices "
        "generated level by level gives. Check the numbering against the Ludii version "
        "you convert from."
    ),
}


def points_table() -> list[GeneratedFile]:
    """Implements the published form of SHB-POINT-1: every point with its coordinates,
    exact centre and aliases."""
    rows = [point_row(p) for p in POINTS]
    csv = csv_file("points", (
        "index", "name", "level", "row", "col", "x", "y", "centre_x", "centre_y",
        "centre_z_steps", "abstractplay", "donkirkby", "ludii"), [
        (r["index"], r["name"], r["level"], r["row"], r["col"], r["x"], r["y"],
         r["centre"]["x"], r["centre"]["y"], r["centre"]["z_steps"],
         r["aliases"]["abstractplay"], r["aliases"]["donkirkby"], r["aliases"]["ludii"])
        for r in rows])
    body = {
        "conventions": {
            "index": "0-29: level by level from the board up, then row, then column",
            "level": "1 (the holes) to 4 (the apex), the first digit of the name",
            "row_col": "row and column within the level, 0 to 4 - level",
            "x_y": "top-view cell of the 7x7 grid: x = 2*col + z_steps (file a-g), "
                   "y = 2*row + z_steps (rank 1-7)",
            "centre": "centre of a ball one unit across: x and y exact, "
                      "z = z_steps * sqrt(2)/2 with z_steps = level - 1, the layers below "
                      "the ball; centre_float repeats it in floating point",
        },
        "aliases": ALIAS_NOTES,
        "rows": rows,
    }
    return table("points", "The 30 points of the pyramid",
                 "Index, level, row, column, top-view cell, exact centre, canonical name "
                 "and the names other implementations use, for each point (SHB-POINT-1).",
                 body, [csv])


def _names(points: tuple[Point, ...] | list[Point]) -> list[str]:
    return [NAMES[p] for p in points]


def relations_table() -> list[GeneratedFile]:
    """Supporters, supportees, touching pairs (SHB-TOUCH-1), links with their crossing
    points (SHB-CROSS-1), covering pairs (SHB-HIDE-1) and the 8 symmetries."""
    points = [
        {"name": NAMES[p], "supporters": _names(SUPPORTERS[p]),
         "supportees": _names(SUPPORTEES[p]), "neighbours": _names(NEIGHBOURS[p]),
         "covered_by": NAMES[c] if (c := COVERED_BY[p]) is not None else None}
        for p in POINTS
    ]
    touching = [
        {"a": NAMES[a], "b": NAMES[b], "kind": "level" if (a, b) in CROSSING else "support"}
        for a, b in TOUCHING_PAIRS
    ]
    links = [
        {"a": NAMES[a], "b": NAMES[b], "level": COORDS[a].level + 1,
         "crossing": _names(CROSSING[(a, b)])}
        for a, b in TOUCHING_PAIRS if (a, b) in CROSSING
    ]
    covering = [{"hidden": NAMES[p], "cover": NAMES[c]} for p, c in COVERING_PAIRS]
    symmetries = [{"name": name, "image": _names(perm)} for name, perm in SYMMETRIES]
    files = [
        csv_file("relations_points", ("name", "supporters", "supportees", "neighbours",
                                      "covered_by"),
                 [(r["name"], r["supporters"], r["supportees"], r["neighbours"],
                   r["covered_by"]) for r in points]),
        csv_file("touching_pairs", ("a", "b", "kind", "crossing"),
                 [(NAMES[a], NAMES[b], "level" if (a, b) in CROSSING else "support",
                   _names(CROSSING.get((a, b), ()))) for a, b in TOUCHING_PAIRS]),
        csv_file("symmetries", ("name", *NAMES),
                 [(name, *_names(perm)) for name, perm in SYMMETRIES]),
    ]
    body = {
        "conventions": {
            "supporters": "the 4 points a ball above level 1 rests on (SHB-GRAVITY-1)",
            "supportees": "the points resting on a point (up to 4)",
            "touching_pairs": "pairs one diameter apart, lower index first; kind 'level' "
                              "for two points of one level, 'support' for a point and one "
                              "of its supporters (SHB-TOUCH-1)",
            "links": "same-level touching pairs, with their level (1-3) and their "
                     "crossing points: the points of the next level touching both "
                     "(SHB-CROSS-1)",
            "covering_pairs": "a point and the point two levels directly above it, whose "
                              "ball hides it from above (SHB-HIDE-1)",
            "symmetries": "the 8 symmetries of the square acting on the top view; image[i] "
                          "is the image of the point with index i",
        },
        "points": points,
        "touching_pairs": touching,
        "links": links,
        "covering_pairs": covering,
        "symmetries": symmetries,
    }
    return table("relations", "Relations between points",
                 "Which points support, touch, cross and hide which, and the symmetries "
                 "of the pyramid, derived from the exact ball centres.", body, files)


def pyramids_table() -> list[GeneratedFile]:
    """The pyramid of every side from 2 to 9: per side its counts (points, touching
    pairs, hidden points, level lines, top-view diagonals) and, in the CSV twin, every
    point with its coordinates and supporters, so that an implementation of a larger
    board can check its names and its support relation."""
    sides = []
    rows = []
    for side in range(MIN_SIDE, MAX_SIDE + 1):
        geo = pyramid(side)
        sides.append({
            "side": side, "levels": geo.levels, "grid": geo.grid, "points": geo.num_points,
            "points_per_level": [m.bit_count() for m in geo.level_masks],
            "touching_pairs": len(geo.touching_pairs),
            "same_level_pairs": len(geo.same_level_pairs),
            "support_pairs": len(geo.support_pairs),
            "hidden_points": len(geo.covering_pairs),
            "level_lines": len(geo.level_lines),
            "top_view_diagonals": len(geo.top_view_diagonals),
            "first": geo.names[0], "last_hole": geo.names[side * side - 1],
            "apex": geo.names[-1],
        })
        rows += [(side, p, geo.names[p], c.level + 1, c.row, c.col, c.x, c.y,
                  [geo.names[s] for s in geo.supporters[p]])
                 for p, c in enumerate(geo.coords)]
    csv = csv_file("pyramid_points", ("side", "index", "name", "level", "row", "col", "x",
                                      "y", "supporters"), rows)
    body = {
        "conventions": {
            "side": "holes per side of the board (level 1); the Shibumi set is side 4, "
                    "whose points are tables/points.json",
            "name": "level digit, file letter and rank of the (2 side - 1) x (2 side - 1) "
                    "top view, as on the 4x4 board: a point keeps its name on every "
                    "larger pyramid",
            "points": "side (side + 1) (2 side + 1) / 6, one square of (side + 1 - "
                      "level)^2 points on each level, 1 (the holes) to side (the apex)",
            "level_lines": "the rows, columns and two corner-to-corner diagonals of each "
                           "level at least two points wide",
            "top_view_diagonals": "the diagonals of the top view at least two cells long; "
                                  "every cell of one shows a point",
        },
        "sides": sides,
    }
    return table("pyramids", "The pyramid of every side from 2 to 9",
                 "Counts of each pyramid's points and relations, and in the CSV twin its "
                 "points with their coordinates and supporters, all derived from the "
                 "ball centres as for the 4x4 board.", body, [csv])
