"""The spec's conformance vectors, read for the harness (the format is written by
``shibumi_rules.tables.vectors``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .nodes import Expected
from .results import UsageError


def default_vector_files() -> list[Path]:
    """The spec's vector files in the source tree (empty when not installed with it)."""
    folder = Path(__file__).resolve().parents[2] / "spec" / "conformance"
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


@dataclass
class Vector:
    game: str
    options: dict[str, str]
    position: str
    expected: Expected
    rules: list[str]
    source: str
    name: str | None = None
    """The vector's id when it is one of the spec's named positions."""


def load_vectors(files: Sequence[Path]) -> Iterator[Vector]:
    """Read conformance vectors (JSON Lines); a malformed line stops with its place."""
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise UsageError(f"cannot read vectors {path}: {err.strerror}") from None
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise ValueError("a vector is a JSON object")
                if data.get("kind") == "match":
                    continue  # a whole match record, not a position vector
                yield parse_vector(data, where)
            except (ValueError, KeyError, TypeError) as err:
                raise UsageError(f"bad vector at {where}: {err}") from None


def parse_vector(data: dict[str, Any], source: str) -> Vector:
    """One vector: game, options, position, sorted legal moves, each move's result,
    and the rule IDs it exercises."""
    results = data["results"]
    children: dict[str, tuple[str, dict[str, Any]]] = {}
    for move in data["moves"]:
        result = results[move]
        children[move] = (result["position"], result["outcome"])
    label = f"{data['id']} ({source})" if isinstance(data.get("id"), str) else source
    origin = data.get("source")
    named = isinstance(origin, dict) and origin.get("kind") == "named"
    return Vector(data["game"], dict(data.get("options", {})), data["position"],
                  Expected(data["outcome"], children), list(data.get("rules", [])), label,
                  str(data.get("id", source)) if named else None)
