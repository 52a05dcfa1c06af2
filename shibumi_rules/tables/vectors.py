"""Conformance vectors: ``spec/conformance/GAME.jsonl`` (one JSON object a line).

A position vector gives a position, its outcome, its legal moves in canonical order,
and for each move the resulting position and its outcome, with the rule and ruling IDs
it exercises (``tagging``) and the ends of the game it reaches (its own, or a move's).

Vectors are drawn under every combination of the game's options (``combinations``):
every value of an option that lists its values, and the values the game's
``VectorPlan`` plan names for an option that takes any integer. First come the named
positions (``positions.py`` of the game), each under its own options. Then, under each
combination, the candidates are analysed without being written out:

- the named positions under the combination, where they are valid positions;
- the last two positions of a seeded game of each strategy of the game
  (``GameDefinition.strategies``: uniform play and strategies that seek rare ends);
- for each end the combination can reach (``GameDefinition.ends``) and still lacks, the
  last two positions of up to ``seek`` further games of the strategy that seeks it,
  kept when they reach it;

and the file keeps the fewest candidates that cover every rule, ruling and end the
candidates cover (chosen greedily, by what each adds for its size), then the last two
positions of the uniform game and of the longest game, for breadth.

A random game is replayed the same way on every run: ``random.Random(seed)`` drives the
named strategy from the start with the recorded first player and options. Identical
positions are written once. A game may add further files (``GameDefinition.extra_vectors``:
Splink's whole match records under ``matches/``). ``index.json`` lists every file with
its game, kind, vector count and SHA-256, and, for every combination of options, the
rules, rulings and ends its vectors cover, under the spec version and a content hash,
so a copy of the vectors can be checked and dated.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .. import spec
from ..contract.definition import GameDefinition
from ..contract.files import GeneratedFile, json_document, jsonl, sha256
from ..contract.game import Game
from ..contract.vectors import VectorPlan, ordered_ids
from ..errors import ShibumiError

AnyGame = Game[Any, Any]


def combinations(game: AnyGame, plan: VectorPlan) -> list[dict[str, str]]:
    """Every combination of option values the vectors cover, the defaults first."""
    choices = []
    for option in game.options:
        values = option.values if option.values is not None else \
            plan.values.get(option.name, (option.default,))
        ordered = [option.default] + [v for v in values if v != option.default]
        choices.append([(option.name, value) for value in ordered])
    return [dict(pairs) for pairs in itertools.product(*choices)]


def ordered_ends(definition: GameDefinition, ends: set[str]) -> list[str]:
    """End keys in the order the game declares them, then any other alphabetically."""
    order = {end.key: i for i, end in enumerate(definition.ends())}
    return sorted(ends, key=lambda key: (order.get(key, len(order)), key))


def position_options(position: str) -> dict[str, str]:
    """The options a canonical position lists (its ``name=value`` fields)."""
    return dict(field.split("=", 1) for field in position.split() if "=" in field)


@dataclass
class Analysis:
    """What a position vector would hold, before any of it is written out: the moves,
    the position after each and its outcome, and what the vector exercises."""

    state: Any
    moves: list[Any]
    children: list[Any]
    outcomes: list[dict[str, Any]]
    outcome: dict[str, Any]
    ids: set[str]
    ends: set[str]

    @property
    def covers(self) -> set[str]:
        """The rule, ruling and end IDs exercised (ends as ``end:KEY``)."""
        return self.ids | {f"end:{end}" for end in self.ends}


def analyse(definition: GameDefinition, state: Any, extra_rules: tuple[str, ...] = ()
            ) -> Analysis:
    """Everything a vector of ``state`` exercises, without formatting a position."""
    game = definition.rules()
    moves = game.legal_moves(state)
    children = [game.play(state, m) for m in moves]
    outcomes = [game.outcome_json(c) for c in children]
    outcome = game.outcome_json(state)
    tags = definition.tagger()(state, moves, list(zip(children, outcomes)), outcome)
    ends = {definition.end_of(s) for s in [state, *(c for c, o in zip(children, outcomes)
                                                 if o.get("over"))]}
    return Analysis(state, moves, children, outcomes, outcome, tags | set(extra_rules),
                    {e for e in ends if e is not None})


def render(definition: GameDefinition, analysis: Analysis, vector_id: str,
           source: dict[str, Any]) -> dict[str, Any]:
    """The vector of an analysed position, as written to the file."""
    game = definition.rules()
    position = game.format_position(analysis.state)
    return {
        "id": vector_id,
        "game": game.name,
        "source": source,
        "options": position_options(position),
        "position": position,
        "outcome": analysis.outcome,
        "moves": [game.format_move(m) for m in analysis.moves],
        "results": {
            game.format_move(m): {"position": game.format_position(c), "outcome": o}
            for m, c, o in zip(analysis.moves, analysis.children, analysis.outcomes)
        },
        "rules": ordered_ids(analysis.ids),
        "ends": ordered_ends(definition, analysis.ends),
    }


def vector(definition: GameDefinition, state: Any, vector_id: str, source: dict[str, Any],
           extra_rules: tuple[str, ...] = ()) -> dict[str, Any]:
    """One position vector."""
    return render(definition, analyse(definition, state, extra_rules), vector_id, source)


def _slug(options: Mapping[str, str]) -> str:
    """``supply-unlimited-max-turns-12``: options as an ID suffix."""
    return "-".join(f"{k}-{v}".replace("_", "-") for k, v in options.items())


@dataclass
class _Candidate:
    """A position that may become a vector, with where it comes from."""

    analysis: Analysis
    vector_id: str
    source: dict[str, Any]
    weight: int
    """What the vector would cost in the file, roughly (its number of moves, plus one)."""


class _Vectors:
    """The vectors of one game as they are drawn: the named positions under their own
    options, then for each combination of options the fewest candidates (named
    positions under the combination, the last positions of a seeded game of each
    strategy, of games that seek an end the combination lacks) that cover everything
    the candidates cover, and the last two positions of a uniform game and of the
    longest game."""

    def __init__(self, definition: GameDefinition) -> None:
        game = definition.rules()
        self.game = game
        self.definition = definition
        self.plan = definition.vector_plan()
        self.combinations = combinations(game, self.plan)
        self.positions: set[str] = set()
        self.seed = 0
        self.named = [(p, game.parse_position(p.position))
                      for p in self.definition.named_positions()]

    def _candidate(self, state: Any, vector_id: str, source: dict[str, Any],
                   extra_rules: tuple[str, ...] = ()) -> _Candidate | None:
        position = self.game.format_position(state)
        if position in self.positions:
            return None
        analysis = analyse(self.definition, state, extra_rules)
        return _Candidate(analysis, vector_id, source, len(analysis.moves) + 1)

    def _emit(self, chosen: _Candidate) -> dict[str, Any]:
        item = render(self.definition, chosen.analysis, chosen.vector_id, chosen.source)
        self.positions.add(item["position"])
        return item

    def every(self) -> Iterator[dict[str, Any]]:
        """Every vector of the game, in the order of the file."""
        originals: dict[tuple[tuple[str, str], ...], set[str]] = {}
        for position, state in self.named:
            found = self._candidate(state, f"{self.game.name}/{position.name}",
                                    _named_source(position), position.rules)
            if found is not None:
                options = position_options(self.game.format_position(state))
                originals.setdefault(_key(options), set()).update(found.analysis.covers)
                yield self._emit(found)
        for options in self.combinations:
            yield from self._combination(options, originals.get(_key(options), set()))

    def _combination(self, options: dict[str, str], covered: set[str]
                     ) -> Iterator[dict[str, Any]]:
        candidates = list(self._variants(options))
        games = [list(self.play(options, strategy)) for strategy in self.definition.strategies()]
        longest = max(range(len(games)), key=lambda i: (_plies(games[i]), -i))
        breadth = games[0] + (games[longest] if longest else [])
        for number, game in enumerate(games):
            if number not in (0, longest):
                candidates += game
        wanted = {f"end:{e.key}" for e in self.definition.ends() if e.possible(options)}
        for end in self.definition.ends():
            key = f"end:{end.key}"
            if key not in wanted:
                continue
            for _ in range(self.plan.seek):
                have = covered.union(*(c.analysis.covers for c in candidates + breadth))
                if key in have:
                    break
                reached = [c for c in self.play(options, end.seeker)
                           if key in c.analysis.covers]
                candidates += reached
        for chosen in _fewest(candidates, covered | set().union(
                *(c.analysis.covers for c in breadth))):
            yield self._emit(chosen)
        for chosen in breadth:
            yield self._emit(chosen)

    def _variants(self, options: dict[str, str]) -> Iterator[_Candidate]:
        """The named positions under ``options`` (where they are valid positions)."""
        for position, state in self.named:
            own = position_options(self.game.format_position(state))
            changed = {k: v for k, v in options.items() if own.get(k) != v}
            if not changed:
                continue  # the position itself, written already
            try:
                variant = self.game.with_options(state, options)
            except ShibumiError:
                continue  # not a position under these options
            found = self._candidate(variant,
                                    f"{self.game.name}/{position.name}-{_slug(changed)}",
                                    _named_source(position))
            if found is not None:
                yield found

    def play(self, options: dict[str, str], strategy: str) -> Iterator[_Candidate]:
        """One seeded game under ``options``, played by ``strategy``: its last two
        positions (the one before the end, whose moves reach it, and the end)."""
        self.seed += 1
        seed, game, plan = self.seed, self.game, self.plan
        choose = self.definition.strategies().get(strategy) or self.definition.strategies()[
            "uniform"]
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
        final = len(states) - 1
        for ply, at in enumerate(states):
            if ply < final - 1:
                continue
            source: dict[str, Any] = {"kind": "random", "seed": seed, "ply": ply,
                                      "strategy": strategy}
            if first is not None:
                source["first"] = first
            found = self._candidate(at, f"{game.name}/random-{seed}-{ply}", source)
            if found is not None:
                yield found


def _plies(game: list[_Candidate]) -> int:
    """How long a game played for the vectors lasted (its last position's ply)."""
    return int(game[-1].source.get("ply", 0)) if game else 0


def _fewest(candidates: list[_Candidate], covered: set[str]) -> list[_Candidate]:
    """Candidates chosen one at a time, each the one that adds most to what is covered
    for what it weighs (the first of equals), until none adds anything; in their
    original order."""
    chosen: list[int] = []
    have = set(covered)
    left = list(range(len(candidates)))
    while True:
        best, score = -1, 0.0
        for index in left:
            gain = len(candidates[index].analysis.covers - have)
            if gain and gain / candidates[index].weight > score:
                best, score = index, gain / candidates[index].weight
        if best < 0:
            break
        chosen.append(best)
        left.remove(best)
        have |= candidates[best].analysis.covers
    return [candidates[i] for i in sorted(chosen)]


def _key(options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(options.items()))


def _named_source(position: Any) -> dict[str, Any]:
    source: dict[str, Any] = {"kind": "named", "name": position.name}
    if getattr(position, "first", None) is not None:
        source["first"] = position.first
    return source


def game_vectors(definition: GameDefinition) -> Iterator[dict[str, Any]]:
    """Every position vector of a game, in the order of the file."""
    yield from _Vectors(definition).every()


def vector_file(definition: GameDefinition) -> GeneratedFile:
    return GeneratedFile(f"conformance/{definition.name}.jsonl",
                         jsonl(game_vectors(definition)))


INDEX: Final = "conformance/index.json"
SCHEMA_OF_KIND: Final = {"position": "vector", "match": "match-vector"}


def index_file(definitions: Sequence[GameDefinition], files: Sequence[GeneratedFile]
               ) -> GeneratedFile:
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
        {"files": entries, "combinations": _combination_entries(definitions, covered)})


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


def _combination_entries(definitions: Sequence[GameDefinition],
                         covered: Mapping[tuple[str, tuple[tuple[str, str], ...]], Coverage]
                         ) -> list[dict[str, Any]]:
    current = spec.current()
    rows = []
    for definition in definitions:
        planned = [_key(c) for c in combinations(definition.rules(),
                                                 definition.vector_plan())]
        mine = sorted((key for key in covered if key[0] == definition.name),
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
                "ends": ordered_ends(definition, item.ends),
            })
    return rows


def conformance_files(definitions: Sequence[GameDefinition]) -> list[GeneratedFile]:
    """Every file of ``spec/conformance``: the position vectors of each game, the
    match vectors, and their index."""
    files = [vector_file(definition) for definition in definitions]
    files += [extra for definition in definitions for extra in definition.extra_vectors()]
    return [*files, index_file(definitions, files)]
