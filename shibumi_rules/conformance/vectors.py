"""The spec's conformance vectors, read for the harness (the format is written by
``shibumi_rules.tables.vectors``).

Vectors are checked before the run: a line that is not a vector, a game or option the
reference does not know, a position the reference rejects or whose options disagree
with the vector's, a file that ``index.json`` lists but is missing or altered, or one
it does not list, each stops the run with a usage error naming the place.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..contract.game import Game
from ..errors import ShibumiError, one_line
from ..json_input import load_json, read_lines
from ..limits import MAX_VECTOR_LINE
from ..spec import spec_dir
from .nodes import Expected
from .protocol import validate_outcome
from .results import UsageError

INDEX_FILE = "index.json"


def default_vector_dir() -> Path:
    """Where the spec's vectors live (``spec/conformance``, shipped with the
    package)."""
    return spec_dir() / "conformance"


def default_vector_files() -> list[Path]:
    """The spec's vector files (shipped with the package; empty when they are
    missing)."""
    folder = default_vector_dir()
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def folder_files(folder: Path) -> list[Path]:
    """The vector files of a folder (``*.jsonl``), checked against the folder's
    ``index.json`` when it has one."""
    files = sorted(folder.glob("*.jsonl"))
    index = folder / INDEX_FILE
    if index.is_file():
        check_index(index, files)
    return files


def check_index(index: Path, files: Sequence[Path]) -> None:
    """Every file the index lists at the folder's top level exists with the listed
    SHA-256, and every vector file there is listed (UsageError otherwise)."""
    try:
        data = load_json(index.read_text(encoding="utf-8"))
        listed = {entry["file"]: entry["sha256"] for entry in data["files"]}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as err:
        raise UsageError(f"cannot read the vector index {index}: {err}") from None
    folder = index.parent
    for name, digest in listed.items():
        if "/" in name:
            continue  # a file of a sub-folder (whole match records) is not read here
        path = folder / name
        if not path.is_file():
            raise UsageError(f"vectors missing: {path} is listed in {index.name} but "
                             "does not exist (restore it, or regenerate with "
                             "`shibumi-rules tables`)")
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise UsageError(f"vectors altered: {path} differs from the SHA-256 in "
                             f"{index.name} (restore it, or regenerate with "
                             "`shibumi-rules tables`)")
    for path in files:
        if path.name not in listed:
            raise UsageError(f"vectors not listed: {path} is not in {index.name} (pass "
                             "your own vectors with --vectors FILE)")


def index_hash(files: Sequence[Path]) -> str | None:
    """The content hash of the ``index.json`` beside the vector files (None when they
    have none, or lie in several folders): it dates the vectors a run used."""
    folders = {path.parent for path in files}
    if len(folders) != 1:
        return None
    try:
        data = load_json((folders.pop() / INDEX_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    digest = data.get("content_hash") if isinstance(data, dict) else None
    return digest if isinstance(digest, str) else None


@dataclass
class Vector:
    game: str
    options: dict[str, str]
    position: str
    expected: Expected
    rules: list[str]
    source: str
    name: str | None = None
    """The vector's id when it is one of the spec's named positions under its own
    options (the perft roots)."""
    ends: list[str] = field(default_factory=list)
    first: str | None = None
    """Who moved first, when the vector's source says it or the position shows it
    (``Game.first_mover``)."""
    state: Any = None
    """The reference's reading of the position."""

    @property
    def exercises(self) -> set[str]:
        """Rule, ruling and end IDs the vector exercises (ends as ``end:KEY``)."""
        return set(self.rules) | {f"end:{end}" for end in self.ends}


def load_vectors(files: Sequence[Path], games: Mapping[str, Game[Any, Any]]
                 ) -> Iterator[Vector]:
    """Read conformance vectors (JSON Lines) of ``games`` (the reference's, by name); a
    malformed line stops with its place. A file is read line by line, never whole, and
    a line longer than ``MAX_VECTOR_LINE`` bytes is refused before it is stored."""
    for path in files:
        for number, line in _lines(path):
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            try:
                data = load_json(line)
                if not isinstance(data, dict):
                    raise ValueError("a vector is a JSON object")
                if data.get("kind") == "match":
                    continue  # a whole match record, not a position vector
                yield parse_vector(data, where, games)
            except json.JSONDecodeError as err:
                raise UsageError(f"bad vector at {where}: not JSON: {err.msg} at column "
                                 f"{err.colno}") from None
            except KeyError as err:
                raise UsageError(f"bad vector at {where}: missing field {err}") from None
            except RecursionError:
                raise UsageError(f"bad vector at {where}: nested too deeply") from None
            except (ValueError, TypeError) as err:
                raise UsageError(f"bad vector at {where}: {one_line(str(err))}") from None


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """(number, text) of each line of a vector file, read as a stream of UTF-8 lines of
    at most ``MAX_VECTOR_LINE`` bytes; a usage error names the first line that is
    not."""
    try:
        with path.open("rb") as handle:
            for number, (raw, whole) in enumerate(read_lines(handle, MAX_VECTOR_LINE), 1):
                if not whole:
                    raise UsageError(f"bad vector at {path.name}:{number}: a line over the "
                                     f"limit of {MAX_VECTOR_LINE:,} bytes")
                try:
                    yield number, raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    raise UsageError(f"bad vector at {path.name}:{number}: not UTF-8 text "
                                     f"(byte {err.start}: {err.reason})") from None
    except OSError as err:
        raise UsageError(f"cannot read vectors {path}: {err.strerror}") from None


def parse_vector(data: dict[str, Any], source: str, games: Mapping[str, Game[Any, Any]]
                 ) -> Vector:
    """One vector: game, options, position, sorted legal moves, each move's result,
    and the rule IDs it exercises. A game or option the reference does not know, or a
    position it rejects, is an error (a vector file with a typo must not pass by being
    skipped)."""
    game_name = data["game"]
    if game_name not in games:
        raise ValueError(f"unknown game {game_name!r} (known: {', '.join(games)})")
    game = games[game_name]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options must be a JSON object")
    game.resolve_options(options)
    position = _typed(data["position"], str, "position", "a string")
    try:
        state = game.parse_position(position)
        if game.format_position(game.with_options(state, options)) != \
                game.format_position(state):
            raise ValueError("the vector's options disagree with its position")
    except ShibumiError as err:
        raise ValueError(f"the reference rejects the position: {err}") from None
    outcome = _typed(data["outcome"], dict, "outcome", "a JSON object")
    validate_outcome(outcome, "outcome")
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
        validate_outcome(children[move][1], f"results[{move!r}].outcome")
    label = f"{data['id']} ({source})" if isinstance(data.get("id"), str) else source
    origin = data.get("source")
    origin = origin if isinstance(origin, dict) else {}
    named = origin.get("kind") == "named" and data.get("id") == \
        f"{game_name}/{origin.get('name')}"  # the position itself, not under other options
    first = origin.get("first")
    return Vector(game_name, dict(options), position, Expected(outcome, children),
                  [str(r) for r in _typed(data.get("rules", []), list, "rules",
                                          "a JSON list")],
                  label, str(data.get("id", source)) if named else None,
                  [str(e) for e in _typed(data.get("ends", []), list, "ends", "a JSON list")],
                  first if isinstance(first, str) else game.first_mover(state), state)


def _typed(value: Any, kind: type, what: str, described: str) -> Any:
    """``value`` when it is of the JSON type a vector field needs; else a ValueError."""
    if not isinstance(value, kind):
        found = _JSON_TYPES.get(type(value), type(value).__name__)
        raise ValueError(f"{what} must be {described}, not {found}")
    return value


_JSON_TYPES = {str: "a string", int: "a number", float: "a number", bool: "true or false",
               list: "a list", dict: "an object", type(None): "null"}
