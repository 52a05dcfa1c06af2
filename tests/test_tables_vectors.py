"""Conformance vectors and perft files: every rule and ruling covered, the recorded IDs
backed by what the positions really show, and the perft files consistent."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules import spec
from shibumi_rules.contract.positions import NamedPosition
from shibumi_rules.games.splink.matches import replay_match
from shibumi_rules.games.splink.records import MatchRecord
from shibumi_rules.registry import definitions, game_names, get_definition, get_game
from shibumi_rules.tables.perft_files import parse_perft
from shibumi_rules.tables.vectors import combinations

NAMED = {d.name: d.named_positions() for d in definitions()}

SPEC = Path(__file__).resolve().parents[1] / "spec"
FILES = tuple(sorted(p.relative_to(SPEC / "conformance").as_posix()
                    for p in (SPEC / "conformance").rglob("*.jsonl")))
"""Every vector file of the spec, each game's and the match records."""
POSITION_FILES = tuple(
    entry["file"] for entry in json.loads(
        (SPEC / "conformance" / "index.json").read_text("utf-8"))["files"]
    if entry["kind"] == "position")


def _vectors(name: str) -> list[dict[str, Any]]:
    text = (SPEC / "conformance" / name).read_text("utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _auto_tags(named: NamedPosition) -> set[str]:
    """The IDs the tagger finds in a named position, without its declared list."""
    game = get_game(named.game)
    state = game.parse_position(named.position)
    moves = game.legal_moves(state)
    results = [(c, game.outcome_json(c)) for c in (game.play(state, m) for m in moves)]
    return get_definition(named.game).tagger()(state, moves, results, game.outcome_json(state))


def _named(game: str, name: str) -> NamedPosition:
    return next(p for p in NAMED[game] if p.name == name)


def test_vectors_cover_every_rule_and_ruling() -> None:
    covered: set[str] = set()
    for name in FILES:
        for vector in _vectors(name):
            covered.update(vector["rules"])
    assert [i for i in spec.current().ids() if i not in covered] == []


def test_vector_files_stay_small() -> None:
    """A guard against runaway generation: each combination of options (72 for Sploof)
    keeps only the fewest positions that cover what its candidates cover, so no file
    reaches 2 MB (Sploof's is about 1.2 MB)."""
    for name in FILES:
        assert (SPEC / "conformance" / name).stat().st_size < 2_000_000, name


@pytest.mark.parametrize("named", [p for ps in NAMED.values() for p in ps],
                         ids=lambda p: f"{p.game}-{p.name}")
def test_named_positions_show_what_they_claim(named: NamedPosition) -> None:
    assert set(named.rules) <= _auto_tags(named)


@pytest.mark.parametrize(("game", "name", "expected", "absent"), [
    ("sploof", "start", {"SPF-SETUP-1", "SPF-REMOVE-1"},
     {"SPF-WIN-1", "SPF-RUL-2", "SHB-CROSS-1", "SHB-DROP-1"}),
    ("sploof", "both-lines", {"SPF-RUL-2", "SPF-WIN-2", "SHB-DROP-1"}, {"SPF-RUL-3"}),
    ("sploof", "perimeter-single", {"SPF-RUL-4", "SPF-LINE-1"}, {"SPF-LINE-2", "SPF-RUL-5"}),
    ("sploof", "zigzag", {"SPF-LINE-2", "SPF-RUL-5"}, {"SPF-RUL-4"}),
    ("sploof", "hidden", {"SPF-RUL-7", "SHB-HIDE-1", "SHB-CROSS-1"}, {"SPF-WIN-1"}),
    ("sploof", "supply-empty", {"SPF-RUL-1"}, {"SPF-REMOVE-1"}),
    ("sploof", "complete-stuck", {"SPF-RUL-3", "SHB-COMPLETE-1"}, {"SPF-TURN-1"}),
    ("splink", "start", {"SPK-SETUP-1", "SPK-PLACE-1"}, {"SPK-RUL-1", "SPK-REMOVE-1"}),
    ("splink", "placement-order", {"SPK-RUL-1"}, {"SPK-RUL-7"}),
    ("splink", "red-exhausted", {"SPK-RUL-7", "SPK-REMOVE-1"}, {"SPK-RUL-1"}),
    ("splink", "complete", {"SPK-RUL-9", "SPK-END-1"}, {"SPK-PLACE-1"}),
])
def test_the_tagger_finds_what_a_position_shows_and_nothing_it_does_not(
        game: str, name: str, expected: set[str], absent: set[str]) -> None:
    tags = _auto_tags(_named(game, name))
    assert expected <= tags
    assert not absent & tags


def test_vectors_agree_with_the_engine_on_a_sample() -> None:
    """Independent of the generator: replay each vector's moves through the engine."""
    for file in (f"{name}.jsonl" for name in game_names()):
        for vector in _vectors(file)[::25]:
            game = get_game(vector["game"])
            state = game.parse_position(vector["position"])
            assert game.format_position(state) == vector["position"]
            assert game.legal_move_texts(state) == vector["moves"] == list(vector["results"])
            for move, result in vector["results"].items():
                child = game.play_text(state, move)
                assert game.format_position(child) == result["position"]
                assert game.outcome_json(child) == result["outcome"]


def test_match_vectors_replay_and_show_every_result() -> None:
    results = set()
    for vector in _vectors("matches/splink.jsonl"):
        record = MatchRecord.from_json(vector["record"])
        assert replay_match(record) == record
        results.add((record.format, vector["source"]["result"]))
    assert ("duel", "draw") in results
    assert {f for f, _ in results} == {"duel", "bid"}


@pytest.mark.parametrize("game", sorted(NAMED))
def test_perft_files_are_consistent(game: str) -> None:
    text = (SPEC / "perft" / f"{game}.perft").read_text("utf-8")
    assert f"# spec_version {spec.version()}" in text
    header, _, body = text.partition("\n\n")
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    assert f"# content_hash sha256:{digest}" in header.splitlines()
    blocks = parse_perft(text)
    assert [b["name"] for b in blocks] == [p.name for p in NAMED[game]]
    engine = get_game(game)
    for block in blocks:
        state = engine.parse_position(block["position"])
        assert block["depths"][1] == len(engine.legal_moves(state))
        for depth, rows in block["divide"].items():
            assert sum(n for _, n in rows) == block["depths"][depth]
            assert [m for m, _ in rows] == engine.legal_move_texts(state)
        for depth, count in block["depths"].items():
            if count <= 20_000:
                assert engine.perft(state, depth) == count


def test_sploof_start_perft_matches_the_published_counts() -> None:
    blocks = {b["name"]: b for b in parse_perft((SPEC / "perft" / "sploof.perft").read_text())}
    assert blocks["start"]["depths"][5] == 958_524
    assert blocks["start"]["depths"][6] == 13_993_428
    splink = {b["name"]: b for b in parse_perft((SPEC / "perft" / "splink.perft").read_text())}
    assert splink["start"]["depths"][2] == 43_680
    assert splink["start"]["depths"][3] == 5_791_680


def test_the_vector_index_dates_and_fingerprints_every_file() -> None:
    """index.json: valid against its schema, of this spec version, with a content hash
    that recomputes, and one entry per vector file whose count, kind and SHA-256 match
    the file."""
    from jsonschema import Draft202012Validator

    from shibumi_rules.contract.files import content_hash

    folder = SPEC / "conformance"
    index = json.loads((folder / "index.json").read_text("utf-8"))
    schema = json.loads((SPEC / "schema" / "conformance-index.schema.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(index)) == []
    assert index["spec_version"] == spec.version()
    assert index["content_hash"] == content_hash(index)
    listed = {entry["file"]: entry for entry in index["files"]}
    assert sorted(listed) == sorted(p.relative_to(folder).as_posix()
                                    for p in folder.rglob("*.jsonl"))
    for name, entry in listed.items():
        data = (folder / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
        vectors = _vectors(name)
        assert entry["vectors"] == len(vectors)
        assert {v["game"] for v in vectors} == {entry["game"]}
        assert {v.get("kind", "position") for v in vectors} == {entry["kind"]}
        assert (folder / entry["schema"]).resolve().is_file()


# -- coverage of every option, rule and end -------------------------------------------

def _index() -> dict[str, Any]:
    index: dict[str, Any] = json.loads((SPEC / "conformance" / "index.json").read_text("utf-8"))
    return index


def _anywhere(options: Mapping[str, str]) -> bool:
    return True


def _planned(game: str) -> list[dict[str, str]]:
    return combinations(get_game(game), get_definition(game).vector_plan())


def test_the_index_records_what_each_combination_covers() -> None:
    """Recounted from the position vectors: per game and options, the number of
    vectors, the rule and ruling IDs (split by kind) and the ends."""
    current = spec.current()
    counted: dict[tuple[str, str], dict[str, Any]] = {}
    for file in POSITION_FILES:
        for v in _vectors(file):
            entry = counted.setdefault(
                (v["game"], json.dumps(v["options"], sort_keys=True)),
                {"vectors": 0, "ids": set(), "ends": set()})
            entry["vectors"] += 1
            entry["ids"].update(v["rules"])
            entry["ends"].update(v["ends"])
    rows = _index()["combinations"]
    assert len(rows) == len(counted)
    for row in rows:
        entry = counted[(row["game"], json.dumps(row["options"], sort_keys=True))]
        assert row["vectors"] == entry["vectors"]
        assert set(row["rules"]) | set(row["rulings"]) == entry["ids"]
        assert all(current.kind(i) == "rule" for i in row["rules"])
        assert all(current.kind(i) != "rule" for i in row["rulings"])  # or clarification
        assert set(row["ends"]) == entry["ends"]
        assert row["planned"] == (row["options"] in _planned(row["game"]))


@pytest.mark.parametrize("game", sorted(NAMED))
def test_every_planned_combination_covers_all_that_can_occur_under_it(game: str) -> None:
    """Every rule or ruling the vectors of a game exercise anywhere, and every end the
    game declares, is covered under each combination of options where it can occur."""
    definition = get_definition(game)
    rows = {json.dumps(r["options"], sort_keys=True): r for r in _index()["combinations"]
            if r["game"] == game}
    everywhere = {i for r in rows.values() for i in r["rules"] + r["rulings"]}
    conditions = definition.rule_conditions()
    for options in _planned(game):
        row = rows.get(json.dumps(options, sort_keys=True))
        assert row is not None, f"no vectors under {options}"
        wanted = {i for i in everywhere if conditions.get(i, _anywhere)(options)}
        missing = wanted - set(row["rules"]) - set(row["rulings"])
        assert not missing, f"{game} {options} lacks {sorted(missing)}"
        ends = {e.key for e in definition.ends() if e.possible(options)}
        assert ends <= set(row["ends"]), f"{game} {options} lacks {sorted(ends - set(row['ends']))}"
        assert not {e.key for e in definition.ends() if not e.possible(options)} & set(row["ends"])


def test_every_alternative_of_a_ruling_with_an_option_has_vectors() -> None:
    """An option that lists its values has vectors under each; one that takes any
    integer has vectors under 'none' and under a number."""
    rows = _index()["combinations"]
    for ruling in spec.current():
        option = getattr(ruling, "option", None)
        if option is None:
            continue
        game = get_game(ruling.scope)
        spec_option = next(o for o in game.options if o.name == option.name)
        seen = {r["options"][option.name] for r in rows if r["game"] == game.name}
        if spec_option.values is not None:
            assert seen >= set(spec_option.values), ruling.id
        else:
            assert "none" in seen and any(v.isdigit() for v in seen), ruling.id


@pytest.mark.parametrize("game", sorted(NAMED))
def test_each_declared_end_is_classified_from_the_position_alone(game: str) -> None:
    """The vectors' ends are what the definition says of the position and its finished
    successors, and a finished position always has an end."""
    definition = get_definition(game)
    engine = get_game(game)
    for v in _vectors(f"{game}.jsonl")[::7]:
        state = engine.parse_position(v["position"])
        ends = {definition.end_of(state)} if v["outcome"]["over"] else set()
        ends |= {definition.end_of(engine.parse_position(r["position"]))
                 for r in v["results"].values() if r["outcome"]["over"]}
        assert None not in ends
        assert set(v["ends"]) == ends


@pytest.mark.parametrize("game", sorted(NAMED))
def test_strategies_play_legal_moves_and_repeat_themselves(game: str) -> None:
    """Every strategy returns one of the legal moves it is given, and the same seed
    gives the same game."""
    engine = get_game(game)
    for name, strategy in get_definition(game).strategies().items():
        games = []
        for _ in range(2):
            rng = random.Random(7)
            state = engine.start({}, None)
            played = []
            for _ in range(60):
                moves = engine.legal_moves(state)
                if not moves:
                    break
                move = strategy(state, moves, rng)
                assert move in moves, name
                played.append(engine.format_move(move))
                state = engine.play(state, move)
            games.append(played)
        assert games[0] == games[1], name


def test_random_vectors_replay_from_their_seed_and_strategy() -> None:
    """A random vector's source (seed, strategy, first player) and options reproduce
    its position from the start."""
    for file in POSITION_FILES:
        for v in _vectors(file)[::11]:
            source = v["source"]
            if source["kind"] != "random":
                continue
            game = get_game(v["game"])
            choose = get_definition(v["game"]).strategies()[source["strategy"]]
            rng = random.Random(source["seed"])
            state = game.start(v["options"], source.get("first"))
            for _ in range(source["ply"]):
                state = game.play(state, choose(state, game.legal_moves(state), rng))
            assert game.format_position(state) == v["position"], v["id"]
