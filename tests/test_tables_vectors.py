"""Conformance vectors and perft files: every rule and ruling covered, the recorded IDs
backed by what the positions really show, and the perft files consistent."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules import spec
from shibumi_rules.games import game_names, get_bundle, get_game
from shibumi_rules.games.splink.matches import replay_match
from shibumi_rules.games.splink.records import MatchRecord
from shibumi_rules.tables.perft_files import parse_perft
from shibumi_rules.tables.positions import NamedPosition, all_named

NAMED = all_named()

SPEC = Path(__file__).resolve().parents[1] / "spec"
FILES = tuple(sorted(p.relative_to(SPEC / "conformance").as_posix()
                    for p in (SPEC / "conformance").rglob("*.jsonl")))
"""Every vector file of the spec, each game's and the match records."""


def _vectors(name: str) -> list[dict[str, Any]]:
    text = (SPEC / "conformance" / name).read_text("utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _auto_tags(named: NamedPosition) -> set[str]:
    """The IDs the tagger finds in a named position, without its declared list."""
    game = get_game(named.game)
    state = game.parse_position(named.position)
    moves = game.legal_moves(state)
    results = [(c, game.outcome_json(c)) for c in (game.play(state, m) for m in moves)]
    return get_bundle(named.game).tagger()(state, moves, results, game.outcome_json(state))


def _named(game: str, name: str) -> NamedPosition:
    return next(p for p in NAMED[game] if p.name == name)


def test_vectors_cover_every_rule_and_ruling() -> None:
    covered: set[str] = set()
    for name in FILES:
        for vector in _vectors(name):
            covered.update(vector["rules"])
    assert [i for i in spec.current().ids() if i not in covered] == []


def test_vector_files_stay_small() -> None:
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

    from shibumi_rules.tables.output import content_hash

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
