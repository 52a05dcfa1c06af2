"""The index of every rule, ruling and clarification: ID, kind, scope, title and, for
rulings chosen by an option, the option with its values and default (from the game
modules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import spec
from ..contract.definition import GameDefinition
from ..contract.files import GeneratedFile, csv_file, table


def _engine_options(definitions: Sequence[GameDefinition]
                    ) -> dict[str, tuple[str, str, list[str]]]:
    """ruling ID -> (option name, default, values) as the engine declares them."""
    out = {}
    for definition in definitions:
        for o in definition.rules().options:
            values = list(o.values) if o.values is not None else ["none", "N"]
            out[o.ruling] = (o.name, o.default, values)
    return out


def rules_index_table(definitions: Sequence[GameDefinition]) -> list[GeneratedFile]:
    options = _engine_options(definitions)
    rows: list[dict[str, Any]] = []
    for entry in spec.current():
        row: dict[str, Any] = {"id": entry.id, "kind": entry.kind, "scope": entry.scope,
                               "title": entry.title, "option": None, "default": None,
                               "values": []}
        if entry.id in options:
            row["option"], row["default"], row["values"] = options[entry.id]
        rows.append(row)
    csv = csv_file("rules_index", ("id", "kind", "scope", "title", "option", "default",
                                   "values"),
                   [(r["id"], r["kind"], r["scope"], r["title"], r["option"], r["default"],
                     r["values"]) for r in rows])
    return table("rules_index", "Index of rules, rulings and clarifications",
                 "Every rule, ruling and clarification of the specification with its kind "
                 "and title. A ruling answers a question the published text leaves open; "
                 "a clarification one the text settles. Rulings whose alternatives an "
                 "option selects give the option, its values (N: any non-negative "
                 "integer) and its default.", {"rows": rows}, [csv])
