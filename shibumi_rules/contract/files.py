"""The files a game's package writes under ``spec/`` (``GeneratedFile``), and the
helpers every generator shares: deterministic text (compact, readable JSON with a
content hash, CSV twins for flat tables, JSON Lines) and the pieces every game's table
has (its options with their rulings, its end reasons, point names).

Every byte depends only on the data: keys keep the order the generators give them,
floats use Python's shortest round-trip form and lines end with ``\\n``, so the files
are identical on every run and machine.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import spec
from ..geometry import NAMES, Point
from ..verdict import EndReason
from .game import Game, OptionSpec

GENERATED_BY = "shibumi-rules tables"
INLINE_WIDTH = 100
"""Objects and arrays that fit in this many characters are written on one line."""


@dataclass(frozen=True, slots=True)
class GeneratedFile:
    """One file of ``spec/``: its path relative to ``spec/`` and its exact text."""

    path: str
    text: str


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _inline(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _flat(value: Any) -> bool:
    """Scalars, arrays of scalars, and objects of those: candidates for one line."""
    if _scalar(value):
        return True
    if isinstance(value, list):
        return all(_scalar(v) for v in value)
    if isinstance(value, dict):
        return all(_scalar(v) or (isinstance(v, list | dict) and _flat(v))
                   for v in value.values())
    return False


def dumps(value: Any, indent: int = 0) -> str:
    """JSON with 2-space indentation, except that small flat values, and the flat rows
    of a table, stay on one line each."""
    if _scalar(value):
        return _inline(value)
    pad = "  " * (indent + 1)
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(_scalar(v) for v in value):
            return _inline(value)
        if all(isinstance(v, dict) and _flat(v) for v in value):
            items = [pad + _inline(v) for v in value]  # table rows: one per line
        else:
            items = [pad + dumps(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        one_line = _inline(value)
        if _flat(value) and len(one_line) + 2 * indent <= INLINE_WIDTH:
            return one_line
        items = [f"{pad}{_inline(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def content_hash(document: Mapping[str, Any]) -> str:
    """SHA-256 of the canonical form of a document without its ``content_hash``: keys
    sorted, no spaces, UTF-8. Anyone can recompute it to check a copy."""
    body = {k: v for k, v in document.items() if k != "content_hash"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def csv_text(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """CSV with a header row, ``\\n`` line ends, lists joined by spaces, None empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return " ".join(_cell(v) for v in value)
    return str(value)


def sha256(file: GeneratedFile) -> str:
    """The SHA-256 of a generated file's bytes, in hex."""
    return hashlib.sha256(file.text.encode("utf-8")).hexdigest()


def json_document(path: str, schema: str, head: Mapping[str, Any], description: str,
                  body: Mapping[str, Any]) -> GeneratedFile:
    """A JSON file of ``spec/`` with the common header: its schema (in ``spec/schema``,
    one folder up), ``head``, the spec version, the content hash and a description,
    then ``body``."""
    document: dict[str, Any] = {
        "$schema": f"../schema/{schema}.schema.json",
        **head,
        "spec_version": spec.version(),
        "content_hash": "",
        "generated_by": GENERATED_BY,
        "description": description,
        **body,
    }
    document["content_hash"] = content_hash(document)
    return GeneratedFile(path, dumps(document) + "\n")


def table(name: str, title: str, description: str, body: Mapping[str, Any],
          csv_files: Sequence[GeneratedFile] = ()) -> list[GeneratedFile]:
    """A table's JSON file (with the common header) and its CSV twins. The JSON records
    each CSV file's SHA-256, so the hash of the JSON covers the CSV files too."""
    twins: dict[str, Any] = {}
    if csv_files:
        twins["csv"] = [{"file": f.path.rsplit("/", 1)[-1], "sha256": sha256(f)}
                        for f in csv_files]
    document = json_document(f"tables/{name}.json", name, {"table": name, "title": title},
                             description, {**twins, **body})
    return [document, *csv_files]


def csv_file(name: str, header: Sequence[str], rows: Sequence[Sequence[object]]
             ) -> GeneratedFile:
    """A table's CSV twin, ``tables/NAME.csv`` (``csv_text``)."""
    return GeneratedFile(f"tables/{name}.csv", csv_text(header, rows))


def jsonl(records: Iterable[Mapping[str, Any]]) -> str:
    """JSON Lines: one compact object a line, keys in the order given."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for r in records)


def options_table(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The game's options: name, default, values, ruling and summary."""
    return [_option(o) for o in game.options]


def _option(o: OptionSpec) -> dict[str, Any]:
    return {"name": o.name, "default": o.default,
            "values": list(o.values) if o.values is not None else ["none", "N"],
            "ruling": o.ruling, "summary": o.summary}


def reasons_table(reasons: Iterable[EndReason]) -> list[dict[str, Any]]:
    """The game's end reasons: the ``reason`` string, its rule and its meaning."""
    return [{"reason": r.key, "rule": r.rule, "meaning": r.meaning} for r in reasons]


def names(points: Iterable[Point]) -> list[str]:
    """Point names, in the order given."""
    return [NAMES[p] for p in points]
