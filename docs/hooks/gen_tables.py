"""The Tables section: one page per machine-readable table of ``spec/tables/``, rendered
from the JSON itself, with links to the JSON, its JSON Schema and its CSV files, which
are copied into the site unchanged.

A list of records becomes a table with a column per field, headed in words; nested
values are written out as short lines; on a narrow screen each record becomes a card
that labels every value (``table.data`` in the style sheet). A game's table shows the
pictures the game gives for it (``figures`` module, keyed by the table's name).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from gen_common import ROOT, Site, code, esc, front_matter, game, indent, source, table
from gen_diagrams import embed, figure
from gen_figures import figures_for
from gen_i18n import DEFAULT, t
from gen_i18n import words as translated_words

from shibumi_rules.contract.guide import Text

INDEX = "tables/index.md"
NAV = "generated:tables"
TITLES: dict[str, str] = {}
"""Navigation title of each table page, filled by ``generate``."""
BOOST = 0.5
"""Search weight of the table pages: data, below the rules that explain it."""

MAX_ROWS = 400
"""Longer lists are shown folded."""


def page_of(name: str) -> str:
    """The page of a table, relative to the Tables folder."""
    return f"{name}.md"


def _publish(site: Site, path: Path) -> str:
    uri = path.relative_to(ROOT).as_posix()
    site.asset(uri, path.read_bytes())
    return uri


def points_table() -> Any:
    return json.loads(source("spec/tables/points.json").read_text(encoding="utf-8"))


def words(key: str) -> str:
    """A field name as words: ``covered_by`` reads "covered by"."""
    return key.replace("_", " ")


def heading(key: str) -> str:
    """A field name as a heading: ``touching_pairs`` reads "Touching pairs"."""
    text = words(key)
    return text[:1].upper() + text[1:]


def alias_table(points: Any, lang: str = DEFAULT) -> str:
    """Each point under every naming convention of the points table, and how to convert
    (the notes of the table, in English, translated by the site's words ``aliases``)."""
    conventions = list(points["aliases"])
    rows = [{"name": r["name"], "index": r["index"],
             **{c: r["aliases"][c] for c in conventions}} for r in points["rows"]]
    out = [data_table(rows)]
    notes = translated_words("aliases", lang)
    for convention, note in points["aliases"].items():
        out.append(f"**{esc(convention)}**: {esc(notes.get(note, note))}\n")
    return "\n".join(out)


def _text(value: object) -> str:
    """Escaped text with rule and ruling IDs linked to their entries (as HTML: the
    tables are HTML blocks)."""
    from gen_rules import html_linked

    from shibumi_rules import spec

    return html_linked(str(value), spec.current(), _page[0])


_page = ["tables/index.md"]
"""The page being written (links are relative to it)."""


def _scalar(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _text(value)


def _cell(value: Any) -> str:
    """A value as a cell: scalars as themselves, a list of scalars on one line, an object
    as "field value" lines, a list of objects one object per line."""
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return " ".join(_scalar(v) for v in value) if value else "–"
        return "<br>".join(_inline(v) for v in value)
    if isinstance(value, dict):
        return "<br>".join(f"<em>{esc(words(k))}</em> {_inline(v)}" for k, v in value.items())
    return _scalar(value)


def _inline(value: Any) -> str:
    """A nested value on one line."""
    if isinstance(value, dict):
        return " · ".join(f"<em>{esc(words(k))}</em> {_inline(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_inline(v) for v in value) if value else "–"
    return _scalar(value)


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def data_table(rows: list[dict[str, Any]]) -> str:
    """Records as an HTML table, one column per field; each cell carries its column's
    name, which labels it when the table is shown as cards on a narrow screen."""
    headers: list[str] = []
    for row in rows:
        for key in row:
            if key not in headers:
                headers.append(key)
    lines = ['<div class="data-table">', '<table class="data">', "<thead><tr>"]
    lines += [f"<th>{esc(heading(h))}</th>" for h in headers]
    lines.append("</tr></thead><tbody>")
    for row in rows:
        lines.append("<tr>")
        for h in headers:
            label = html.escape(heading(h), quote=True)
            lines.append(f'<td data-label="{label}">{_cell(row.get(h))}</td>')
        lines.append("</tr>")
    lines += ["</tbody></table>", "</div>", ""]
    text = "\n".join(lines)
    if len(rows) > MAX_ROWS:
        return f'??? note "{len(rows)} rows"\n\n{indent(text)}'
    return text


def _field_docs(schema: dict[str, Any], key: str) -> dict[str, str]:
    """Descriptions of the fields of the rows under ``key``, from the schema."""
    node = schema.get("properties", {}).get(key, {})
    if "$ref" in node:
        node = schema.get("$defs", {}).get(node["$ref"].rsplit("/", 1)[1], {})
    items = node.get("items", {})
    if "$ref" in items:
        items = schema.get("$defs", {}).get(items["$ref"].rsplit("/", 1)[1], {})
    return {k: v.get("description", "") for k, v in items.get("properties", {}).items()
            if isinstance(v, dict) and v.get("description")}


HEADER = ("$schema", "table", "title", "spec_version", "content_hash", "generated_by",
          "description", "csv")


def _body(document: dict[str, Any], schema: dict[str, Any]) -> str:
    out = []
    for key, value in document.items():
        if key in HEADER:
            continue
        title = document.get("title", key) if key == "rows" else heading(key)
        out.append(f"## {esc(title)} {{#{key}}}\n")
        if _is_rows(value):
            docs = _field_docs(schema, key)
            if docs:
                out.append(table(["field", "meaning"],
                                 [[esc(heading(k)), esc(v)] for k, v in docs.items()]))
            out.append(f"{len(value)} entries.\n")
            out.append(data_table(value))
        elif isinstance(value, dict) and all(not isinstance(v, (dict, list)) or
                                             all(not isinstance(i, (dict, list)) for i in v)
                                             for v in value.values()):
            out.append(table(["", ""], [[esc(heading(k)), _cell(v)] for k, v in value.items()]))
        elif isinstance(value, dict):
            for sub, inner in value.items():
                out.append(f"### {esc(heading(sub))}\n")
                out.append(data_table(inner) if _is_rows(inner) else _cell(inner) + "\n")
        else:
            out.append(_cell(value) + "\n")
    return "\n".join(out)


def _setup_figure(site: Site, page: str, name: str, document: dict[str, Any]) -> str:
    """A diagram of a game's setup position, when the table gives one."""
    setup = document.get("setup")
    if not (isinstance(setup, dict) and isinstance(setup.get("position"), str)):
        return ""
    g = game(name)
    state = g.parse_position(setup["position"])
    return embed(site, page, figure(f"table-{name}-setup",
                                    f"The setup: {setup['position']}", g.board(state)))


def _table_page(site: Site, path: Path) -> tuple[str, str, str]:
    document = json.loads(path.read_text(encoding="utf-8"))
    name = document.get("table", path.stem)
    title = document.get("title", name)
    page = f"tables/{page_of(name)}"
    _page[0] = page
    json_uri = _publish(site, path)
    schema_path = ROOT / "spec" / "schema" / f"{name}.schema.json"
    schema: dict[str, Any] = {}
    links = [f"JSON [{path.name}]({_rel(json_uri)})"]
    if schema_path.exists():
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        links.append(f"schema [{schema_path.name}]({_rel(_publish(site, schema_path))})")
    for entry in document.get("csv", []):
        csv_path = path.parent / entry["file"]
        if not csv_path.exists():
            site.warnings.append(f"{page}: {entry['file']} is listed but missing")
            continue
        links.append(f"CSV [{csv_path.name}]({_rel(_publish(site, csv_path))})")
    out = [
        front_matter(boost=BOOST),
        f"# {esc(title)}\n",
        esc(document.get("description", "")) + "\n",
        "**Files:** " + " · ".join(links) + "\n",
        f"Spec version {code(document.get('spec_version', '?'))}, content hash "
        f"{code(document.get('content_hash', '?'))} (SHA-256 of the JSON without this "
        "field, keys sorted, no spaces; the JSON records the SHA-256 of each CSV file).\n",
        _setup_figure(site, page, name, document),
        *(embed(site, page, fig) for fig in figures_for(name)),
        _body(document, schema),
    ]
    site.page(page, "\n".join(out))
    TITLES[page] = title
    return name, title, document.get("description", "")


def _rel(uri: str) -> str:
    return "../" + uri


def generate(site: Site) -> None:
    _page[0] = INDEX
    folder = source("spec/tables")
    source("spec/tables/points.json")
    TITLES.clear()
    entries = [_table_page(site, p) for p in sorted(folder.glob("*.json"))]
    schemas = sorted((ROOT / "spec" / "schema").glob("*.schema.json"))
    for schema in schemas:
        _publish(site, schema)
    out = [
        front_matter(boost=BOOST),
        "# Tables\n",
        "Everything an engine needs to know about the pyramid and the games, as data: "
        "generated from the reference engine by `shibumi-rules tables` and checked in CI "
        "with `shibumi-rules tables --check`, so they always agree with it. Each table is "
        "a JSON file with a JSON Schema; flat tables also come as CSV. Every file carries "
        "the spec version and a content hash.\n",
        table(["table", "what it holds"], [
            [f"[{esc(title)}]({page_of(name)})", esc(description)]
            for name, title, description in entries
        ]),
        "All schemas: " + ", ".join(
            f"[{s.name}]({_rel(s.relative_to(ROOT).as_posix())})" for s in schemas) + "\n",
    ]
    site.page(INDEX, "\n".join(out))
    site.nav[NAV] = [(Text("Tables", t("Tables", "ko")), INDEX)] + [
        (Text(title, t(title, "ko")), f"tables/{page_of(name)}") for name, title, _ in entries]
