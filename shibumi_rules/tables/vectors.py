"""Conformance vectors: ``spec/conformance/GAME.jsonl`` (one JSON object a line).

A position vector gives a position, its outcome, its legal moves in canonical order,
and for each move the resulting position and its outcome, with the rule and ruling IDs
it exercises (``tagging``) and the ends of the game it reaches (its own, or a move's).

Vectors are drawn under every combination of the game's options (``combinations``):
every value of an option that lists its values, and the values the game's
``RandomGames`` plan names for an option that takes any integer. Under each
combination come

- the named positions (``positions.py`` of the game), each under its own options and
  under every other combination where it is a valid position;
- seeded random games, ``games`` per strategy of the game (``GameBundle.strategies``:
  uniform play and strategies that seek rare ends), a vector every ``stride`` plies and
  at the last two positions of each game;
- for each end the combination can reach (``GameBundle.ends``) and still lacks, up to
  ``seek`` further games of the strategy that seeks it, kept only when they reach it.

A random game is replayed the same way on every run: ``random.Random(seed)`` drives the
named strategy from the start with the recorded first player and options. Identical
positions are written once. A game may add further files (``GameBundle.extra_vectors``:
Splink's whole match records under ``matches/``). ``index.json`` lists every file with
its game, kind, vector count and SHA-256, and, for every combination of options, the
rules, rulings and ends its vectors cover, under the spec version and a content hash,
so a copy of the vectors can be checked and dated.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .. import spec
from ..bundle import GameBundle
from ..errors import ShibumiError
from ..game import Game
from ..games import bundles, get_bundle, get_game
from .output import GeneratedFile, json_document, sha256

Tagger = Callable[[Any, list[Any], list[tuple[Any, dict[str, Any]]], dict[str, Any]],
                  set[str]]
AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class RandomGames:
    """How a game's random vectors are drawn: ``games`` games per strategy and
    combination of options, at most ``max_plies`` plies each, a vector every ``stride``
    plies and at the last two positions; up to ``seek`` more games for each end a
    combination still lacks. ``values`` gives the values drawn for options that take
    any integer (only the default otherwise)."""

    games: int
    max_plies: int
    stride: int
    values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seek: int = 12


def combinations(game: AnyGame, plan: RandomGames) -> list[dict[str, str]]:
    """Every combination of option values the vectors cover, the defaults first."""
    choices = []
    for option in game.options:
        values = option.values if option.values is not None else \
            plan.values.get(option.name, (option.default,))
        ordered = [option.default] + [v for v in values if v != option.default]
        choices.append([(option.name, value) for value in ordered])
    return [dict(pairs) for pairs in itertools.product(*choices)]


def ordered_ids(tags: set[str]) -> list[str]:
    """IDs in the order of the specification."""
    order = {entry_id: i for i, entry_id in enumerate(spec.current().ids())}
    unknown = tags - order.keys()
    if unknown:
        raise spec.SpecError(f"vector tags name unknown IDs: {', '.join(sorted(unknown))}")
    return sorted(tags, key=order.__getitem__)


def ordered_ends(bundle: GameBundle, ends: set[str]) -> list[str]:
    """End keys in the order the game declares them, then any other alphabetically."""
    order = {end.key: i for i, end in enumerate(bundle.ends())}
    return sorted(ends, key=lambda key: (order.get(key, len(order)), key))


def position_options(position: str) -> dict[str, str]:
    """The options a canonical position lists (its ``name=value`` fields)."""
    return dict(field.split("=", 1) for field in position.split() if "=" in field)


def vector(game: AnyGame, state: Any, vector_id: str, source: dict[str, Any],
           extra_rules: tuple[str, ...] = ()) -> dict[str, Any]:
    """One position vector."""
    bundle = get_bundle(game.name)
    moves = game.legal_moves(state)
    children = [game.play(state, m) for m in moves]
    outcomes = [game.outcome_json(c) for c in children]
    outcome = game.outcome_json(state)
    tags = bundle.tagger()(state, moves, list(zip(children, outcomes)), outcome)
    ends = {bundle.end_of(s) for s in [state, *(c for c, o in zip(children, outcomes)
                                                 if o.get("over"))]}
    position = game.format_position(state)
    return {
        "id": vector_id,
        "game": game.name,
        "source": source,
        "options": position_options(position),
        "position": position,
        "outcome": outcome,
        "moves": [game.format_move(m) for m in moves],
        "results": {
            game.format_move(m): {"position": game.format_position(c), "outcome": o}
            for m, c, o in zip(moves, children, outcomes)
        },
        "rules": ordered_ids(tags | set(extra_rules)),
        "ends": ordered_ends(bundle, {e for e in ends if e is not None}),
    }


def _slug(options: Mapping[str, str]) -> str:
    """``supply-unlimited-max-turns-12``: options as an ID suffix."""
    return "-".join(f"{k}-{v}".replace("_", "-") for k, v in options.items())


class _Vectors:
    """The vectors of one game as they are drawn: each position once, and the ends
    each combination has reached so far."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.bundle = get_bundle(game.name)
        self.plan = self.bundle.random_games()
        self.combinations = combinations(game, self.plan)
        self.positions: set[str] = set()
        self.ends: dict[tuple[tuple[str, str], ...], set[str]] = {}
        self.seed = 0

    def add(self, state: Any, vector_id: str, source: dict[str, Any],
            extra_rules: tuple[str, ...] = ()) -> dict[str, Any] | None:
        if self.game.format_position(state) in self.positions:
            return None
        item = vector(self.game, state, vector_id, source, extra_rules)
        self.positions.add(item["position"])
        self.ends.setdefault(_key(item["options"]), set()).update(item["ends"])
        return item

    def named(self) -> Iterator[dict[str, Any]]:
        """Each named position under its own options, then under every combination
        where it is a valid position."""
        game, named = self.game, self.bundle.named_positions()
        states = [(p, game.parse_position(p.position)) for p in named]
        for position, state in states:
            item = self.add(state, f"{game.name}/{position.name}",
                            _named_source(position), position.rules)
            if item is not None:
                yield item
        for options in self.combinations:
            for position, state in states:
                own = position_options(game.format_position(state))
                changed = {k: v for k, v in options.items() if own.get(k) != v}
                try:
                    variant = game.with_options(state, options)
                except ShibumiError:
                    continue  # not a position under these options
                item = self.add(variant, f"{game.name}/{position.name}-{_slug(changed)}",
                                _named_source(position))
                if item is not None:
                    yield item

    def play(self, options: dict[str, str], strategy: str,
             keep: Callable[[list[Any]], bool] | None = None) -> Iterator[dict[str, Any]]:
        """One seeded game under ``options``; its vectors (every ``stride`` plies and
        the last two positions), or none when ``keep`` refuses the game's states."""
        self.seed += 1
        seed, game, plan = self.seed, self.game, self.plan
        choose = self.bundle.strategies()[strategy]
        firsts = game.first_choices or (None,)
        first = firsts[(seed - 1) % len(firsts)]
        rng = random.Random(seed)
        state = game.start(options, first)
        states = [state]
        for _ in range(plan.max_plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, choose(state, moves, rng))
            states.append(state)
        if keep is not None and not keep(states):
            return
        last = len(states) - 1
        for ply, at in enumerate(states):
            if ply % plan.stride and ply < last - 1:
                continue
            source: dict[str, Any] = {"kind": "random", "seed": seed, "ply": ply,
                                      "strategy": strategy}
            if first is not None:
                source["first"] = first
            item = self.add(at, f"{game.name}/random-{seed}-{ply}", source)
            if item is not None:
                yield item

    def random(self) -> Iterator[dict[str, Any]]:
        """``games`` games per strategy and combination."""
        for options in self.combinations:
            for strategy in self.bundle.strategies():
                for _ in range(self.plan.games):
                    yield from self.play(options, strategy)

    def seek(self) -> Iterator[dict[str, Any]]:
        """Games of the seeking strategy for each end a combination lacks."""
        for options in self.combinations:
            for end in self.bundle.ends():
                if not end.possible(options):
                    continue
                for _ in range(self.plan.seek):
                    if end.key in self.ends.get(_key(options), set()):
                        break
                    yield from self.play(options, end.seeker, keep=self._reaches(end.key))

    def _reaches(self, key: str) -> Callable[[list[Any]], bool]:
        """Whether a game's last two positions end the game as ``key``."""
        def test(states: list[Any]) -> bool:
            return any(self.bundle.end_of(s) == key for s in states[-2:])
        return test


def _key(options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(options.items()))


def _named_source(position: Any) -> dict[str, Any]:
    source: dict[str, Any] = {"kind": "named", "name": position.name}
    if getattr(position, "first", None) is not None:
        source["first"] = position.first
    return source


def game_vectors(game: AnyGame) -> Iterator[dict[str, Any]]:
    """Every position vector of a game, in the order of the file."""
    drawn = _Vectors(game)
    yield from drawn.named()
    yield from drawn.random()
    yield from drawn.seek()


def jsonl(vectors: Iterator[dict[str, Any]]) -> str:
    return "".join(json.dumps(v, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for v in vectors)


def vector_file(game_name: str) -> GeneratedFile:
    return GeneratedFile(f"conformance/{game_name}.jsonl",
                         jsonl(game_vectors(get_game(game_name))))


INDEX: Final = "conformance/index.json"
SCHEMA_OF_KIND: Final = {"position": "vector", "match": "match-vector"}


def index_file(files: Sequence[GeneratedFile]) -> GeneratedFile:
    """The manifest of the vector files: for each, its game, kind, number of vectors,
    schema and SHA-256 (so the content hash of the manifest covers them all); and for
    each combination of options of each game, what its position vectors cover."""
    entries = []
    covered: dict[tuple[str, tuple[tuple[str, str], ...]], Coverage] = {}
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
        if kind == "position":
            for v in vectors:
                key = (v["game"], _key(v["options"]))
                covered.setdefault(key, Coverage(v["game"], dict(v["options"]))).add(v)
    return json_document(
        INDEX, "conformance-index", {"title": "Conformance vectors"},
        "The files of spec/conformance: JSON Lines, one vector a line, each valid "
        "against the schema named here; and for every combination of options of each "
        "game, the rules, rulings and ends of the game its position vectors cover "
        "(planned: the combination is one the vectors are drawn under, held to cover "
        "everything that can occur under it).",
        {"files": entries, "combinations": _combination_entries(covered)})


@dataclass
class Coverage:
    """What the position vectors of one game under one combination of options
    cover."""

    game: str
    options: dict[str, str]
    vectors: int = 0
    ids: set[str] = field(default_factory=set)
    ends: set[str] = field(default_factory=set)

    def add(self, item: Mapping[str, Any]) -> None:
        self.vectors += 1
        self.ids.update(item.get("rules", ()))
        self.ends.update(item.get("ends", ()))


def _combination_entries(covered: Mapping[tuple[str, tuple[tuple[str, str], ...]], Coverage]
                         ) -> list[dict[str, Any]]:
    current = spec.current()
    rows = []
    for bundle in bundles():
        planned = [_key(c) for c in combinations(get_game(bundle.name),
                                                 bundle.random_games())]
        mine = sorted((key for key in covered if key[0] == bundle.name),
                      key=lambda key: (key[1] not in planned,
                                       planned.index(key[1]) if key[1] in planned else 0,
                                       key[1]))
        for key in mine:
            item = covered[key]
            ids = ordered_ids(item.ids)
            rows.append({
                "game": item.game, "options": item.options, "planned": key[1] in planned,
                "vectors": item.vectors,
                "rules": [i for i in ids if current.kind(i) == "rule"],
                "rulings": [i for i in ids if current.kind(i) != "rule"],
                "ends": ordered_ends(bundle, item.ends),
            })
    return rows


def conformance_files() -> list[GeneratedFile]:
    """Every file of ``spec/conformance``: the position vectors of each game, the
    match vectors, and their index."""
    files = [vector_file(bundle.name) for bundle in bundles()]
    files += [extra for bundle in bundles() for extra in bundle.extra_vectors()]
    return [*files, index_file(files)]
