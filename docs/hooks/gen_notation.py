"""The Notation page: point names (pictures of the top view and of each level), the
position and move notation of each game with its grammar, and the alias tables, in
every language. The words are the site's texts (``notation`` in
``docs/content/site.*.json``); the grammars, the examples and the tables are the
engine's, the same in every language."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import gen_tables
from gen_common import Site, code, esc, fenced, games, table
from gen_diagrams import embed
from gen_i18n import DEFAULT, site_texts, words

from shibumi_rules.board import Board
from shibumi_rules.contract.guide import LANGUAGES, Picture, Text, View
from shibumi_rules.geometry import AT_TOP_VIEW, COORDS, FILES, GRID, LEVELS, NAMES, SIDE

PAGE = "notation.md"


def _say(path: str, lang: str, **values: object) -> str:
    """The site's text ``notation.PATH`` in ``lang``, filled in."""
    return site_texts().fill(f"notation.{path}", **values).get(lang)


def _figure(name: str, caption: Text, board: str) -> Picture:
    return Picture(name, caption, (View(Board.from_text(board), ()),))


def generate(site: Site) -> None:
    for lang in LANGUAGES:
        parts = [
            f"# {_say('title', lang)}\n",
            _say("intro", lang) + "\n",
            _points(site, lang),
            _positions(site, lang),
            _moves(lang),
            site.part(partial(_aliases, site, lang)),
        ]
        site.page(PAGE, "\n".join(parts), lang)


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


def _top_grid(lang: str) -> str:
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
            text += "<small>" + _say("points.over", lang, names=" ".join(hidden)) + "</small>"
        return text
    return _grid(cell)


def _points(site: Site, lang: str) -> str:
    complete = "/".join(
        ",".join("WRBW"[lv] * (SIDE - lv) for _ in range(SIDE - lv)) for lv in range(LEVELS)
    )
    pyramid = _figure("notation-complete-pyramid",
                      site_texts().text("notation.points.caption"), complete)
    corner = COORDS[0]
    apex = COORDS[-1]
    under = [code(n) for n in ("1a1", "1c1", "1a3", "1c3")]
    out = [
        f"## {_say('points.title', lang)} {{#points}}\n",
        _say("points.grid", lang, holes=SIDE * SIDE, points=len(COORDS)) + "\n",
        _say("points.examples", lang, corner=code(corner.name), ball=code("2b2"),
             under=", ".join(under[:-1]) + _say("points.and", lang) + under[-1],
             apex=code(apex.name)) + "\n",
        embed(site, PAGE, pyramid, lang),
        f"### {_say('points.top-view', lang)} {{#top-view}}\n",
        _say("points.top-view-text", lang) + "\n",
        _top_grid(lang),
    ]
    for level in range(LEVELS):
        count = (SIDE - level) ** 2
        out.append(f"### {_say('points.level', lang, n=level + 1)} {{#level-{level + 1}}}\n")
        out.append(_say("points.level-points" if count > 1 else "points.level-point", lang,
                        count=count) + "\n")
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


def _positions(site: Site, lang: str) -> str:
    out = [
        f"## {_say('positions.title', lang)} {{#positions}}\n",
        _say("positions.text", lang) + "\n",
        f"### {_say('positions.board', lang)} {{#board-field}}\n",
        _say("positions.board-text", lang) + "\n",
        fenced(BOARD_GRAMMAR),
        f"### {_say('positions.whole', lang)} {{#position-grammar}}\n",
        fenced(POSITION_GRAMMAR),
    ]
    for definition in games():
        out.append(_game_positions(site, definition, lang))
    return "\n".join(out)


def _title(definition: Any, lang: str) -> str:
    from gen_play import title_of

    return str(title_of(definition, lang))


def _summary(summary: str, lang: str) -> str:
    """An option's summary (the engine's, in English) in ``lang``: the site's words,
    group ``options``."""
    return summary if lang == DEFAULT else words("options", lang).get(summary, summary)


def _game_positions(site: Site, definition: Any, lang: str) -> str:
    name, g = definition.name, definition.rules()
    title = definition.title if lang == DEFAULT else _title(definition, lang)
    start = g.start(None, g.first_choices[0] if g.first_choices else None)
    text = g.format_position(start)
    if g.format_position(g.parse_position(text)) != text:
        raise ValueError(f"{name}: the start position does not round-trip")
    fields = text.split(" ")
    rows = [[code(f), esc(_field_meaning(definition, i, f, lang))]
            for i, f in enumerate(fields)]
    caption = site_texts().fill("notation.positions.caption", game=definition.title)
    if lang != DEFAULT:
        caption = Text(caption.en, _say("positions.caption", lang, game=title))
    out = [
        f"### {_say('positions.game', lang, game=title)} {{#{name}-positions}}\n",
        _say("positions.start", lang, game=title) + "\n",
        fenced(text),
        table([_say("positions.field", lang), _say("positions.meaning", lang)], rows),
        embed(site, PAGE, _figure(f"notation-{name}-start", caption, fields[0]), lang),
    ]
    options = [[code(f"{o.name}={o.default}"), code(" | ".join(o.values or ("N", "none"))),
                f"[{o.ruling}](rulings.md#{o.ruling})", esc(_summary(o.summary, lang))]
               for o in g.options]
    if options:
        out.append(_say("positions.options", lang, game=title) + "\n")
        out.append(table([_say(f"positions.{h}", lang) for h in ("default", "values",
                                                                  "ruling", "meaning")],
                         options))
    return "\n".join(out)


def _field_meaning(definition: Any, index: int, field: str, lang: str) -> str:
    """What a field of a game's start position holds: the board and the turn are the
    same in every game, options say it themselves, counters are told by the guide."""
    if index == 0:
        return _say("positions.board-meaning", lang)
    if index == 1:
        return _say("positions.turn-meaning", lang)
    if "=" in field:
        name = field.split("=", 1)[0]
        spec = next((o for o in definition.rules().options if o.name == name), None)
        return (_say("positions.option-meaning", lang, summary=_summary(spec.summary, lang))
                if spec is not None else _say("positions.an-option", lang))
    name = field.split(":", 1)[0]
    guide = definition.guide()
    meaning = guide.position_fields.get(name) if guide is not None else None
    return (meaning.get(lang) if meaning is not None
            else _say("positions.see-rules", lang, game=_title(definition, lang)))


def _moves(lang: str) -> str:
    out = [f"## {_say('moves.title', lang)} {{#moves}}\n"]
    for definition in games():
        g = definition.rules()
        start = g.start(None, g.first_choices[0] if g.first_choices else None)
        moves = g.legal_move_texts(start)
        guide = definition.guide()
        title = definition.title if lang == DEFAULT else _title(definition, lang)
        out.append(f"### {esc(title)} {{#{definition.name}-moves}}\n")
        if guide is not None and guide.move_notation is not None:
            out.append(guide.move_notation.get(lang) + "\n")
        if len(moves) <= SHOWN_MOVES:
            out.append(_say("moves.all", lang, n=len(moves)) + "\n")
            out.append(fenced(" ".join(moves)))
        else:
            out.append(_say("moves.first", lang, n=len(moves)) + "\n")
            out.append(fenced(" ".join(moves[:12]) + " ..."))
    return "\n".join(out)


SHOWN_MOVES = 24
"""A start position with more legal moves shows only the first twelve."""


def _aliases(site: Site, lang: str) -> str:
    points: Any = gen_tables.points_table()
    out = [
        f"## {_say('aliases.title', lang)} {{#aliases}}\n",
        _say("aliases.text", lang, link=f"tables/{gen_tables.page_of('points')}") + "\n",
        gen_tables.alias_table(points, lang),
    ]
    return "\n".join(out)
