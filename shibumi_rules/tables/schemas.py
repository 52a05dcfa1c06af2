"""The lists of games and ID prefixes in the hand-written schemas of ``spec/schema``,
generated from ``spec/games.json``.

The schemas are written by hand, but the games they enumerate (the scopes of the rules
and rulings, the games of a vector, the prefixes an ID may have) are facts of
``spec/games.json``: ``shibumi-rules tables`` rewrites exactly those values, at the
places ``TARGETS`` names, and leaves every other byte of the file as written (an
array keeps its layout: on one line, or one item a line at the indentation it had).
``tables --check`` then holds each schema to the scopes, so a new game edits
``spec/games.json`` and no schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .. import spec
from ..contract.files import GeneratedFile

Scopes = Sequence[spec.ScopeEntry]
Path_ = tuple[str | int, ...]
"""A place in a JSON document: object keys and array indices from the top."""


def _prefixes(scopes: Scopes) -> str:
    return "|".join(s.prefix for s in scopes)


def _games(scopes: Scopes) -> list[str]:
    return [s.scope for s in scopes if s.scope != spec.SYSTEM_SCOPE]


def _any_id(scopes: Scopes) -> str:
    return f"^({_prefixes(scopes)})-[A-Z]+-[0-9]+$"


def _rule_id(scopes: Scopes) -> str:
    return f"^({_prefixes(scopes)})-(?!RUL-)[A-Z]+-[0-9]+$"


def _ruling_id(scopes: Scopes) -> str:
    return f"^({_prefixes(scopes)})-RUL-[0-9]+$"


def _scope_names(scopes: Scopes) -> list[str]:
    return [s.scope for s in scopes]


def _scope_description(scopes: Scopes) -> str:
    return "; ".join(f"{s.scope}: the system (IDs {s.prefix}-*)" if s.scope == spec.SYSTEM_SCOPE
                     else f"{s.scope}: {s.prefix}-*" for s in scopes)


def _vector_id(scopes: Scopes) -> str:
    return f"^({'|'.join(_games(scopes))})/[a-z0-9-]+$"


@dataclass(frozen=True, slots=True)
class Target:
    """One value of a schema that ``spec/games.json`` decides."""

    schema: str
    """The file, under ``spec/schema``."""
    where: Path_
    make: Callable[[Scopes], Any]


TARGETS: Final = (
    Target("rules.schema.json", ("$defs", "ruleId", "pattern"), _rule_id),
    Target("rules.schema.json", ("$defs", "rulingId", "pattern"), _ruling_id),
    Target("rules.schema.json", ("$defs", "scope", "enum"), _scope_names),
    Target("rules.schema.json", ("$defs", "scope", "description"), _scope_description),
    Target("rulings.schema.json", ("$defs", "anyId", "pattern"), _any_id),
    Target("rulings.schema.json", ("$defs", "rulingId", "pattern"), _ruling_id),
    Target("rulings.schema.json", ("$defs", "ruling", "properties", "scope", "enum"),
           _scope_names),
    Target("rules_index.schema.json",
           ("properties", "rows", "items", "properties", "id", "pattern"), _any_id),
    Target("rules_index.schema.json",
           ("properties", "rows", "items", "properties", "scope", "enum"), _scope_names),
    Target("vector.schema.json", ("properties", "id", "pattern"), _vector_id),
    Target("vector.schema.json", ("properties", "game", "enum"), _games),
    Target("vector.schema.json", ("properties", "rules", "items", "pattern"), _any_id),
    Target("conformance-index.schema.json",
           ("properties", "files", "items", "properties", "game", "enum"), _games),
)
"""Every generated value, by schema and place."""


def schema_files(root: Path, scopes: Scopes | None = None) -> list[GeneratedFile]:
    """Each schema of ``TARGETS`` as committed under ``root/schema``, with its targets
    rewritten from ``scopes`` (by default ``spec/games.json``'s). A SpecError when a
    schema is missing or a target is not where ``TARGETS`` says."""
    listed = tuple(scopes) if scopes is not None else spec.listed_scopes(root)
    files = []
    for name in dict.fromkeys(t.schema for t in TARGETS):
        path = root / "schema" / name
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise spec.SpecError(f"cannot read spec/schema/{name}: {err}") from None
        for target in (t for t in TARGETS if t.schema == name):
            text = replace_value(text, target.where, target.make(listed), f"schema/{name}")
        files.append(GeneratedFile(f"schema/{name}", text))
    return files


def replace_value(text: str, where: Path_, value: Any, name: str = "the document") -> str:
    """``text`` (a JSON document) with the value at ``where`` replaced by ``value``,
    written in the layout the old value had; every other character is kept."""
    spans = _Spans(text, name).all()
    if where not in spans:
        raise spec.SpecError(f"{name}: no value at /{'/'.join(map(str, where))}")
    start, end = spans[where]
    return text[:start] + _layout(text[start:end], value) + text[end:]


def _layout(old: str, value: Any) -> str:
    """``value`` as JSON, on one line, or one item a line when ``old`` (an array) was."""
    if isinstance(value, list) and "\n" in old:
        lines = old.split("\n")
        item_pad = lines[1][:len(lines[1]) - len(lines[1].lstrip(" "))]
        close_pad = lines[-1][:len(lines[-1]) - len(lines[-1].lstrip(" "))]
        items = ",\n".join(item_pad + json.dumps(v, ensure_ascii=False) for v in value)
        return "[\n" + items + "\n" + close_pad + "]"
    return json.dumps(value, ensure_ascii=False)


class _Spans:
    """Where each value of a JSON document starts and ends (character offsets), by
    path: enough of a JSON reader to find them without changing a byte."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.spans: dict[Path_, tuple[int, int]] = {}

    def all(self) -> dict[Path_, tuple[int, int]]:
        try:
            json.loads(self.text)
        except json.JSONDecodeError as err:
            raise spec.SpecError(f"{self.name} is not JSON: {err}") from None
        end = self._value(self._space(0), ())
        if self._space(end) != len(self.text):
            raise spec.SpecError(f"{self.name}: text after the document")
        return self.spans

    def _space(self, at: int) -> int:
        while at < len(self.text) and self.text[at] in " \t\r\n":
            at += 1
        return at

    def _value(self, at: int, path: Path_) -> int:
        start, char = at, self.text[at]
        if char == "{":
            at = self._space(at + 1)
            while self.text[at] != "}":
                key_end = self._string(at)
                key = json.loads(self.text[at:key_end])
                at = self._space(self._space(key_end) + 1)  # past the colon
                at = self._space(self._value(at, (*path, key)))
                if self.text[at] == ",":
                    at = self._space(at + 1)
            end = at + 1
        elif char == "[":
            at = self._space(at + 1)
            index = 0
            while self.text[at] != "]":
                at = self._space(self._value(at, (*path, index)))
                index += 1
                if self.text[at] == ",":
                    at = self._space(at + 1)
            end = at + 1
        elif char == '"':
            end = self._string(at)
        else:
            end = at
            while end < len(self.text) and self.text[end] not in ",]} \t\r\n":
                end += 1
        self.spans[path] = (start, end)
        return end

    def _string(self, at: int) -> int:
        """The offset just past the string that starts at ``at``."""
        at += 1
        while self.text[at] != '"':
            at += 2 if self.text[at] == "\\" else 1
        return at + 1
