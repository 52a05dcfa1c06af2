"""The spec's conformance vectors, read for the harness (the format is written by
``shibumi_rules.tables.vectors``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..games import game_names, get_game
from ..json_input import load_json
from ..spec import spec_dir
from .nodes import Expected
from .results import UsageError


def default_vector_files() -> list[Path]:
    """The spec's vector files (shipped with the package, so a wheel has them too)."""
    folder = spec_dir() / "conformance"
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
        except UnicodeDecodeError as err:
            raise UsageError(f"cannot read vectors {path}: not UTF-8 text (byte "
                             f"{err.start}: {err.reason})") from None
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                data = load_json(line)
                if not isinstance(data, dict):
                    raise ValueError("a vector is a JSON object")
                if data.get("kind") == "match":
                    continue  # a whole match record, not a position vector
                yield parse_vector(data, where)
            except json.JSONDecodeError as err:
                raise UsageError(f"bad vector at {where}: not JSON: {err.msg} at column "
                                 f"{err.colno}") from None
            except KeyError as err:
                raise UsageError(f"bad vector at {where}: missing field {err}") from None
            except (ValueError, TypeError) as err:
                raise UsageError(f"bad vector at {where}: {err}") from None


def parse_vector(data: dict[str, Any], source: str) -> Vector:
    """One vector: game, options, position, sorted legal moves, each move's result,
    and the rule IDs it exercises. A game or option the reference does not know is an
    error (a vector file with a typo must not pass by being skipped)."""
    game = data["game"]
    if game not in game_names():
        raise ValueError(f"unknown game {game!r} (known: {', '.join(game_names())})")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options must be a JSON object")
    get_game(game).resolve_options(options)
    position = _typed(data["position"], str, "position", "a string")
    outcome = _typed(data["outcome"], dict, "outcome", "a JSON object")
    results = _typed(data["results"], dict, "results", "a JSON object")
    children: dict[str, tuple[str, dict[str, Any]]] = {}
    for move in _typed(data["moves"], list, "moves", "a JSON list"):
        move = _typed(move, str, "every move", "a string")
        if move not in results:
            raise ValueError(f"results has no entry for the move {move!r}")
        result = _typed(results[move], dict, f"results[{move!r}]", "a JSON object")
        children[move] = (_typed(result["position"], str, f"results[{move!r}].position",
                                 "a string"),
                          _typed(result["outcome"], dict, f"results[{move!r}].outcome",
                                 "a JSON object"))
    label = f"{data['id']} ({source})" if isinstance(data.get("id"), str) else source
    origin = data.get("source")
    named = isinstance(origin, dict) and origin.get("kind") == "named"
    return Vector(game, dict(options), position, Expected(outcome, children),
                  list(data.get("rules", [])), label,
                  str(data.get("id", source)) if named else None)


def _typed(value: Any, kind: type, what: str, described: str) -> Any:
    """``value`` when it is of the JSON type a vector field needs; else a ValueError."""
    if not isinstance(value, kind):
        found = _JSON_TYPES.get(type(value), type(value).__name__)
        raise ValueError(f"{what} must be {described}, not {found}")
    return value


_JSON_TYPES = {str: "a string", int: "a number", float: "a number", bool: "true or false",
               list: "a list", dict: "an object", type(None): "null"}
