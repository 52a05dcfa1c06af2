"""Conformance vectors: ``spec/conformance/GAME.jsonl`` (one JSON object a line).

A position vector gives a position, its outcome, its legal moves in canonical order,
and for each move the resulting position and its outcome, with the rule and ruling IDs
it exercises (``tagging``). Vectors come from the named positions and from seeded
random games, replayed the same way on every run: each game draws its moves with
``random.Random(seed)`` from the canonical move list. ``matches/splink.jsonl`` holds
whole Splink match records (Duel and Bid) for the match rules, in their own folder
``matches/`` because they are not position vectors. ``index.json`` lists every file
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
from ..games import get_game
from ..games.splink_matches import first_from_seed, make_players, run_match
from .output import GeneratedFile, json_document, sha256
from .positions import NAMED
from .tagging import splink_tags, sploof_tags

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


RANDOM: Final = {
    "sploof": RandomGames(
        games=16, max_plies=120, stride=2,
        options=({}, {"simultaneous": "draw"}, {"supply": "unlimited"},
                 {"simultaneous": "draw", "supply": "unlimited"}),
        first=("white", "black")),
    "splink": RandomGames(
        games=6, max_plies=40, stride=5,
        options=({}, {"supply": "unlimited"}, {"max_turns": "12"}),
        first=(None,)),
}

TAGGERS: Final[dict[str, Tagger]] = {"sploof": sploof_tags, "splink": splink_tags}

MATCHES: Final = (
    # (format, players, seed, max_turns): chosen so that the four results all occur
    ("duel", ("random", "greedy"), 1, "6"),   # player 2 wins
    ("duel", ("greedy", "random"), 26, "6"),  # equal scores: a draw
    ("bid", ("greedy", "random"), 4, "6"),    # the attractor reaches the bid
    ("bid", ("greedy", "random"), 2, "6"),    # the attractor falls short
)


def _ordered(tags: set[str]) -> list[str]:
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
    tags = TAGGERS[game.name](state, moves, list(zip(children, outcomes)), outcome)
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
        "rules": _ordered(tags | set(extra_rules)),
    }


def _named_vectors(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    for named in NAMED[game.name]:
        state = game.parse_position(named.position)
        yield vector(game, state, f"{game.name}/{named.name}",
                     {"kind": "named", "name": named.name}, named.rules)


def _random_vectors(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    plan = RANDOM[game.name]
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


def _lines(vectors: Iterator[dict[str, Any]]) -> str:
    return "".join(json.dumps(v, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for v in vectors)


def vector_file(game_name: str) -> GeneratedFile:
    game = get_game(game_name)

    def every() -> Iterator[dict[str, Any]]:
        yield from _named_vectors(game)
        yield from _random_vectors(game)

    return GeneratedFile(f"conformance/{game_name}.jsonl", _lines(every()))


def match_vectors() -> Iterator[dict[str, Any]]:
    """Whole Splink matches between the built-in players, one per interesting result."""
    for fmt, names, seed, max_turns in MATCHES:
        record = run_match(fmt, make_players(names, seed), options={"max_turns": max_turns},
                           first=first_from_seed(seed), seed=seed)
        data = record.to_json()
        tags = {"SPK-RUL-4", "SPK-SCORE-1"}
        if fmt == "duel":
            tags.add("SPK-DUEL-1")
            if record.result.draw:
                tags.add("SPK-RUL-8")
        else:
            tags.update(("SPK-BID-1", "SPK-RUL-6"))
        outcome = "draw" if record.result.draw else f"player-{record.result.winner}-wins"
        yield {
            "id": f"splink/match-{fmt}-{seed}",
            "game": "splink",
            "kind": "match",
            "source": {"kind": "match", "format": fmt, "players": list(names), "seed": seed,
                       "result": outcome},
            "record": data,
            "rules": _ordered(tags),
        }


def match_file() -> GeneratedFile:
    return GeneratedFile("conformance/matches/splink.jsonl", _lines(match_vectors()))


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
    files = [*(vector_file(name) for name in NAMED), match_file()]
    return [*files, index_file(files)]
