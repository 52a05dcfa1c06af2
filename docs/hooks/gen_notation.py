"""The Notation page: point names (pictures of the top view and of each level), the
position and move notation of each game with its grammar, and the alias tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gen_tables
from gen_common import Site, code, esc, fenced, games, table
from gen_diagrams import embed, figure

from shibumi_rules.geometry import AT_TOP_VIEW, COORDS, FILES, GRID, LEVELS, NAMES, SIDE

PAGE = "notation.md"


def generate(site: Site) -> None:
    parts = [
        "# Notation\n",
        "One written form serves every game on this site: a name for each of the 30 "
        "points, a one-line position, and a short text for each move. The engine reads "
        "and prints exactly these forms, and every example below was produced by it "
        "when this page was built.\n",
        _points(site),
        _positions(site),
        _moves(),
        site.part(lambda: _aliases(site)),
    ]
    site.page(PAGE, "\n".join(parts))


def _grid(cell: Callable[[int, int], str | None]) -> str:
    """A compact 7x7 HTML grid, rank 7 at the top; ``cell`` gives a cell's HTML, or
    None for a cell without points."""
    lines = ['<table class="point-grid">']
    for y in reversed(range(GRID)):
        row = [f"<th>{y + 1}</th>"]
        for x in range(GRID):
            content = cell(x, y)
            row.append('<td class="hole">' + content + "</td>" if content else "<td></td>")
        lines.append("<tr>" + "".join(row) + "</tr>")
    lines.append("<tr><th></th>" + "".join(f"<th>{f}</th>" for f in FILES) + "</tr>")
    lines.append("</table>\n")
    return "\n".join(lines)


def _level_grid(level: int) -> str:
    """The names of one level's points at their places on the 7x7 top view."""
    def cell(x: int, y: int) -> str | None:
        p = AT_TOP_VIEW.get((x, y, level))
        return f"<b>{NAMES[p]}</b>" if p is not None else None
    return _grid(cell)


def _top_grid() -> str:
    """For each top-view cell, the point seen from above when the pyramid is complete,
    with the points under it."""
    def cell(x: int, y: int) -> str | None:
        levels = [lv for lv in range(LEVELS) if (x, y, lv) in AT_TOP_VIEW]
        if not levels:
            return None
        top = AT_TOP_VIEW[(x, y, max(levels))]
        hidden = [NAMES[AT_TOP_VIEW[(x, y, lv)]] for lv in levels[:-1]]
        text = f"<b>{NAMES[top]}</b>"
        if hidden:
            text += "<small>over " + " ".join(hidden) + "</small>"
        return text
    return _grid(cell)


def _points(site: Site) -> str:
    complete = "/".join(
        ",".join("WRBW"[lv] * (SIDE - lv) for _ in range(SIDE - lv)) for lv in range(LEVELS)
    )
    pyramid = figure(
        "notation-complete-pyramid",
        "A complete pyramid: every one of the 30 points holds a ball. Seen from above, "
        "each of the 25 cells of the 7x7 grid that hold points shows its highest ball; "
        "the digit "
        "on a ball is its level (here level 1 is white, 2 red, 3 black, 4 white).",
        complete,
    )
    corner = COORDS[0]
    apex = COORDS[-1]
    out = [
        "## Point names {#points}\n",
        "The board has 4x4 holes; the balls stack on it into a square pyramid of "
        f"{SIDE * SIDE} + 9 + 4 + 1 = {len(COORDS)} points. Looked at from directly above, "
        "the ball centres fall on a 7x7 grid: the holes on the even cells, the second "
        "level on the odd cells between them, and so on. A point's name is its level "
        "(1 is the board, 4 the apex), then the file letter `a`-`g` and the rank number "
        "`1`-`7` of its cell on that grid. Of the 49 cells, 25 hold points: a cell with "
        "file a, c, e or g and an odd rank belongs to levels 1 and 3; a cell with file b, "
        "d or f and an even rank to levels 2 and 4. The level digit tells apart two "
        "points on the same cell.\n",
        f"So {code(corner.name)} is a corner hole, {code('2b2')} is the ball that rests "
        f"on {code('1a1')}, {code('1c1')}, {code('1a3')} and {code('1c3')}, and "
        f"{code(apex.name)} is the apex. The engine also numbers the points 0 to 29, level "
        "by level, row by row from rank 1 upwards, file by file from `a`; that index "
        "order is the order of every table on this site.\n",
        embed(site, PAGE, pyramid),
        "### The top view {#top-view}\n",
        "Each cell of the 7x7 grid with the point that is seen there once the pyramid "
        "is complete, and the points beneath it on the same cell. Only five points can "
        "ever be hidden like this: the four inner holes and the centre of level 2.\n",
        _top_grid(),
    ]
    for level in range(LEVELS):
        count = (SIDE - level) ** 2
        out.append(f"### Level {level + 1} {{#level-{level + 1}}}\n")
        out.append(f"{count} point{'s' if count > 1 else ''}, shown at their top-view "
                   "cells.\n")
        out.append(_level_grid(level))
    return "\n".join(out)


BOARD_GRAMMAR = """\
board  = level "/" level "/" level "/" level     (levels 1 to 4, bottom first)
level  = row { "," row }                         (ranks upwards: 4, 3, 2 and 1 rows)
row    = cell { cell }                           (files left to right: 4, 3, 2 and 1 cells)
cell   = "." | "W" | "B" | "R"                   (empty, white, black, red)
"""

POSITION_GRAMMAR = """\
position = board " " turn { " " field } { " " option }
field    = name ":" count { "," count }          (fixed set and order per game)
count    = digits | "-"                          ("-" where the supply is unlimited)
option   = name "=" value                        (sorted by name; any may be omitted)
"""


def _positions(site: Site) -> str:
    out = [
        "## Positions {#positions}\n",
        "A position is one line of fields separated by single spaces: the board, whose "
        "turn it is, the game's counters, then the options in force. Written by the "
        "engine, the options are always all present and sorted by name; when reading, "
        "any option left out takes its default.\n",
        "### The board field {#board-field}\n",
        "The four levels from the board upwards, separated by `/`. Each level lists its "
        "rows from rank 1 upwards, separated by `,`; each row lists its points from "
        "file `a` rightwards, one character each.\n",
        fenced(BOARD_GRAMMAR),
        "### The whole position {#position-grammar}\n",
        fenced(POSITION_GRAMMAR),
    ]
    for definition in games():
        out.append(_game_positions(site, definition))
    return "\n".join(out)


def _game_positions(site: Site, definition: Any) -> str:
    name, title, g = definition.name, definition.title, definition.rules()
    start = g.start(None, g.first_choices[0] if g.first_choices else None)
    text = g.format_position(start)
    if g.format_position(g.parse_position(text)) != text:
        raise ValueError(f"{name}: the start position does not round-trip")
    fields = text.split(" ")
    rows = [[code(f), esc(_field_meaning(definition, i, f))] for i, f in enumerate(fields)]
    out = [
        f"### {title} positions {{#{name}-positions}}\n",
        f"The start of {title} under the default options:\n",
        fenced(text),
        table(["field", "meaning"], rows),
        embed(site, PAGE, figure(f"notation-{name}-start", f"The {title} start position.",
                                 fields[0])),
    ]
    options = [[code(f"{o.name}={o.default}"), code(" | ".join(o.values or ("N", "none"))),
                f"[{o.ruling}](rulings.md#{o.ruling})", esc(o.summary)] for o in g.options]
    if options:
        out.append(f"Options of {title} (each selects an alternative of a ruling):\n")
        out.append(table(["default", "values", "ruling", "meaning"], options))
    return "\n".join(out)


def _field_meaning(definition: Any, index: int, field: str) -> str:
    """What a field of a game's start position holds: the board and the turn are the
    same in every game, options say it themselves, counters are told by the guide."""
    if index == 0:
        return "the board field"
    if index == 1:
        return "whose turn it is"
    if "=" in field:
        name = field.split("=", 1)[0]
        spec = next((o for o in definition.rules().options if o.name == name), None)
        return f"option: {spec.summary}" if spec is not None else "an option"
    name = field.split(":", 1)[0]
    guide = definition.guide()
    meaning = guide.position_fields.get(name) if guide is not None else None
    return meaning.en if meaning is not None else f"see the {definition.title} rules"


def _moves() -> str:
    out = ["## Moves {#moves}\n"]
    for definition in games():
        g = definition.rules()
        start = g.start(None, g.first_choices[0] if g.first_choices else None)
        moves = g.legal_move_texts(start)
        guide = definition.guide()
        out.append(f"### {esc(definition.title)} {{#{definition.name}-moves}}\n")
        if guide is not None and guide.move_notation is not None:
            out.append(guide.move_notation.en + "\n")
        if len(moves) <= SHOWN_MOVES:
            out.append(f"The {len(moves)} legal moves of the start position, in the "
                       "engine's canonical order:\n")
            out.append(fenced(" ".join(moves)))
        else:
            out.append(f"The start position has {len(moves)} legal moves; in the engine's "
                       "canonical order, the first ones are:\n")
            out.append(fenced(" ".join(moves[:12]) + " ..."))
    return "\n".join(out)


SHOWN_MOVES = 24
"""A start position with more legal moves shows only the first twelve."""


def _aliases(site: Site) -> str:
    points: Any = gen_tables.points_table()
    out = [
        "## Aliases {#aliases}\n",
        "Other implementations name the points differently. The points table carries "
        f"each convention; see [the points table](tables/{gen_tables.page_of('points')}) "
        "for the files.\n",
        gen_tables.alias_table(points),
    ]
    return "\n".join(out)
