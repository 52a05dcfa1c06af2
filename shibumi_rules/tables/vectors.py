"""Conformance vectors: ``spec/conformance/GAME.jsonl`` (one JSON object a line).

A position vector gives a position, its outcome, its legal moves in canonical order,
and for each move the resulting position and its outcome, with the rule and ruling IDs
it exercises (``tagging``). Vectors come from the named positions and from seeded
random games, replayed the same way on every run: each game draws its moves with
``random.Random(seed)`` from the canonical move list. A game may add further files
(``GameBundle.extra_vectors``: Splink's whole match records under ``matches/``).
``index.json`` lists every file
with its game, kind, vector count and SHA-256, under the spec version and a content
hash, so a copy of the vectors can be checked and dated.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .. import spec
from ..game import Game
from ..games import bundles, get_bundle, get_game
from .output import GeneratedFile, json_document, sha256

Tagger = Callable[[Any, list[Any], list[tuple[Any, dict[str, Any]]], dict[str, Any]],
                  set[str]]


@dataclass(frozen=True, slots=True)
class RandomGames:
    """How a game's random vectors are drawn: seeds 1..games, options by seed, at most
    ``max_plies`` plies a game, a vector every ``stride`` plies (and at the end)."""

    games: int
    max_plies: int
    stride: int
    options: tuple[dict[str, str], ...]
    first: tuple[str | None, ...]


def ordered_ids(tags: set[str]) -> list[str]:
    """IDs in the order of the specification."""
    order = {entry_id: i for i, entry_id in enumerate(spec.current().ids())}
    unknown = tags - order.keys()
    if unknown:
        raise spec.SpecError(f"vector tags name unknown IDs: {', '.join(sorted(unknown))}")
    return sorted(tags, key=order.__getitem__)


def _options(position: str) -> dict[str, str]:
    """The options a canonical position lists (its ``name=value`` fields)."""
    return dict(field.split("=", 1) for field in position.split() if "=" in field)


def vector(game: Game[Any, Any], state: Any, vector_id: str, source: dict[str, Any],
           extra_rules: tuple[str, ...] = ()) -> dict[str, Any]:
    """One position vector."""
    moves = game.legal_moves(state)
    children = [game.play(state, m) for m in moves]
    outcomes = [game.outcome_json(c) for c in children]
    outcome = game.outcome_json(state)
    tags = get_bundle(game.name).tagger()(state, moves, list(zip(children, outcomes)), outcome)
    position = game.format_position(state)
    return {
        "id": vector_id,
        "game": game.name,
        "source": source,
        "options": _options(position),
        "position": position,
        "outcome": outcome,
        "moves": [game.format_move(m) for m in moves],
        "results": {
            game.format_move(m): {"position": game.format_position(c), "outcome": o}
            for m, c, o in zip(moves, children, outcomes)
        },
        "rules": ordered_ids(tags | set(extra_rules)),
    }


def _named_vectors(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    for named in get_bundle(game.name).named_positions():
        state = game.parse_position(named.position)
        yield vector(game, state, f"{game.name}/{named.name}",
                     {"kind": "named", "name": named.name}, named.rules)


def _random_vectors(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    plan = get_bundle(game.name).random_games()
    for seed in range(1, plan.games + 1):
        options = plan.options[seed % len(plan.options)]
        first = plan.first[seed % len(plan.first)]
        rng = random.Random(seed)
        state = game.start(options, first)
        for ply in range(plan.max_plies + 1):
            over = game.is_over(state)
            if ply % plan.stride == 0 or over:
                yield vector(game, state, f"{game.name}/random-{seed}-{ply}",
                             {"kind": "random", "seed": seed, "ply": ply})
            if over:
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))


def jsonl(vectors: Iterator[dict[str, Any]]) -> str:
    return "".join(json.dumps(v, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for v in vectors)


def vector_file(game_name: str) -> GeneratedFile:
    game = get_game(game_name)

    def every() -> Iterator[dict[str, Any]]:
        yield from _named_vectors(game)
        yield from _random_vectors(game)

    return GeneratedFile(f"conformance/{game_name}.jsonl", jsonl(every()))


INDEX: Final = "conformance/index.json"
SCHEMA_OF_KIND: Final = {"position": "vector", "match": "match-vector"}


def index_file(files: Sequence[GeneratedFile]) -> GeneratedFile:
    """The manifest of the vector files: for each, its game, kind, number of vectors,
    schema and SHA-256 (so the content hash of the manifest covers them all)."""
    entries = []
    for f in files:
        vectors = [json.loads(line) for line in f.text.splitlines()]
        kind = "match" if any(v.get("kind") == "match" for v in vectors) else "position"
        entries.append({
            "file": f.path.removeprefix("conformance/"),
            "game": vectors[0]["game"] if vectors else None,
            "kind": kind,
            "vectors": len(vectors),
            "schema": f"../schema/{SCHEMA_OF_KIND[kind]}.schema.json",
            "sha256": sha256(f),
        })
    return json_document(
        INDEX, "conformance-index", {"title": "Conformance vectors"},
        "The files of spec/conformance: JSON Lines, one vector a line, each valid "
        "against the schema named here.", {"files": entries})


def conformance_files() -> list[GeneratedFile]:
    """Every file of ``spec/conformance``: the position vectors of each game, the
    match vectors, and their index."""
    files = [vector_file(bundle.name) for bundle in bundles()]
    files += [extra for bundle in bundles() for extra in bundle.extra_vectors()]
    return [*files, index_file(files)]
