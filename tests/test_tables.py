"""The generated files of spec/: up to date, deterministic, valid against their schemas,
self-checking (content hashes), and sufficient: rules computed from the tables alone
agree with the engine."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import os
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from shibumi_rules import spec
from shibumi_rules.board import Board
from shibumi_rules.cli import main
from shibumi_rules.contract.files import content_hash, dumps
from shibumi_rules.games.splink.score import score_masks
from shibumi_rules.games.sploof.lines import has_line
from shibumi_rules.geometry import COORDS, NAMES, TOUCHING_PAIRS
from shibumi_rules.notation import Colour
from shibumi_rules.registry import definitions, game_names, get_definition
from shibumi_rules.tables import generated

from .board_strategies import boards

SPEC = Path(__file__).resolve().parents[1] / "spec"
TABLES = ("points", "relations", "pyramids", *game_names(), "rules_index")


@cache
def _table(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SPEC / "tables" / f"{name}.json").read_text("utf-8"))
    return data


def _schema(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SPEC / "schema" / f"{name}.schema.json")
                                           .read_text("utf-8")))


def _index() -> dict[str, int]:
    return {row["name"]: row["index"] for row in _table("points")["rows"]}


# -- up to date and deterministic ----------------------------------------------------

@pytest.mark.slow
def test_tables_check_passes() -> None:
    """The committed files equal a fresh generation (perft counts above the quick
    budget taken from the committed file)."""
    files = generated.generate(definitions(), quick=True)
    assert generated.stale(files) == []


@pytest.mark.slow
def test_generation_is_deterministic() -> None:
    first = generated.generate(definitions(), ["tables", "conformance"])
    second = generated.generate(definitions(), ["tables", "conformance"])
    assert [(f.path, f.text) for f in first] == [(f.path, f.text) for f in second]


@pytest.mark.slow
def test_generation_does_not_depend_on_the_hash_seed() -> None:
    """String hashing, and with it the order of sets, changes with PYTHONHASHSEED; a
    check under a fixed seed other than this process's must pass as well."""
    env = {**os.environ, "PYTHONHASHSEED": "1" if os.environ.get("PYTHONHASHSEED") != "1"
           else "2"}
    done = subprocess.run(
        [sys.executable, "-m", "shibumi_rules", "tables", "--check", "--only", "tables",
         "--only", "conformance"],
        cwd=SPEC.parent, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr


def test_check_names_stale_missing_and_extra_files(tmp_path: Path) -> None:
    files = generated.generate(definitions(), ["tables"])
    generated.write(files, tmp_path)
    assert generated.stale(files, tmp_path, ["tables"]) == []
    (tmp_path / "tables" / "points.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "tables" / "splink_pairs.csv").unlink()
    (tmp_path / "tables" / "old.json").write_text("{}\n", encoding="utf-8")
    assert generated.stale(files, tmp_path, ["tables"]) == [
        ("tables/points.json", "differs"), ("tables/splink_pairs.csv", "missing"),
        ("tables/old.json", "not generated")]


def test_cli_check_exits_1_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    generated.write(generated.generate(definitions(), ["tables"]), tmp_path)
    (tmp_path / "games.json").write_bytes((SPEC / "games.json").read_bytes())
    monkeypatch.setattr(spec, "spec_dir", lambda: tmp_path)
    assert main(["tables", "--check", "--only", "tables"]) == 0
    (tmp_path / "tables" / "sploof.json").write_text("{}\n", encoding="utf-8")
    assert main(["tables", "--check", "--only", "tables"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "spec/tables/sploof.json (differs)" in err
    assert main(["tables", "--only", "tables"]) == 0
    assert main(["tables", "--check", "--only", "tables"]) == 0


def test_perft_quick_check_reuses_only_large_counts() -> None:
    text = (SPEC / "perft" / "sploof.perft").read_text("utf-8")
    from shibumi_rules.tables.perft_files import committed_counts, perft_file
    counts = committed_counts(text)
    doctored = {key: n + 1 if n > generated.CHECK_BUDGET else n for key, n in counts.items()}
    regenerated = perft_file(get_definition("sploof"), doctored, generated.CHECK_BUDGET).text
    assert regenerated != text  # the large counts came from the (doctored) committed file
    small = {key: n + 1 for key, n in counts.items() if n <= 1000}
    again = perft_file(get_definition("sploof"), {**counts, **small}, generated.CHECK_BUDGET)
    assert again.text == text


# -- schemas and hashes --------------------------------------------------------------

@pytest.mark.parametrize("name", TABLES)
def test_tables_validate_and_carry_version_and_hash(name: str) -> None:
    doc = _table(name)
    assert list(_schema(name).iter_errors(doc)) == []
    assert doc["spec_version"] == spec.version()
    body = json.dumps({k: v for k, v in doc.items() if k != "content_hash"}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)
    assert doc["content_hash"] == "sha256:" + hashlib.sha256(body.encode()).hexdigest()
    for twin in doc["csv"]:
        data = (SPEC / "tables" / twin["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == twin["sha256"]


@pytest.mark.parametrize("name", TABLES)
def test_table_schemas_reject_unknown_and_missing_fields(name: str) -> None:
    """The schemas are strict: a field they do not define, or a row without one they
    require, makes a table invalid (so validating proves something)."""
    doc, validator = _table(name), _schema(name)
    assert not validator.is_valid({**doc, "surprise": 1})
    lists = [k for k, v in doc.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    assert lists
    for key in lists:
        broken = copy.deepcopy(doc)
        del broken[key][0][next(iter(broken[key][0]))]
        assert not validator.is_valid(broken), key
        broken = copy.deepcopy(doc)
        broken[key][-1]["surprise"] = 1
        assert not validator.is_valid(broken), key


@pytest.mark.parametrize(("path", "schema"), [("sploof.jsonl", "vector"),
                                              ("splink.jsonl", "vector"),
                                              ("matches/splink.jsonl", "match-vector")])
def test_vectors_validate(path: str, schema: str) -> None:
    validator = _schema(schema)
    for line in (SPEC / "conformance" / path).read_text("utf-8").splitlines():
        vector = json.loads(line)
        assert list(validator.iter_errors(vector)) == [], vector["id"]


def test_content_hash_ignores_key_order_but_not_content() -> None:
    a = {"table": "x", "rows": [1, 2], "content_hash": "old"}
    b = {"rows": [1, 2], "table": "x"}
    assert content_hash(a) == content_hash(b) != content_hash({**b, "rows": [2, 1]})


def test_compact_json_keeps_rows_on_one_line_and_round_trips() -> None:
    doc = {"rows": [{"a": 1, "b": [1, 2]}, {"a": 2, "b": []}], "nested": {"x": {"y": [{}]}}}
    text = dumps(doc)
    assert '{"a": 1, "b": [1, 2]}' in text.splitlines()[2]
    assert json.loads(text) == doc


# -- points and relations ------------------------------------------------------------

def _centre(row: dict[str, Any]) -> tuple[Fraction, Fraction, int]:
    c = row["centre"]
    return Fraction(c["x"]), Fraction(c["y"]), c["z_steps"]


def test_touching_follows_from_the_exact_centres_of_the_table() -> None:
    """SHB-TOUCH-1 from the table alone: (dx^2 + dy^2) + dz_steps^2 / 2 == 1."""
    rows = _table("points")["rows"]
    touching = set()
    for a in rows:
        for b in rows:
            (ax, ay, az), (bx, by, bz) = _centre(a), _centre(b)
            if a["index"] < b["index"] and \
                    (ax - bx) ** 2 + (ay - by) ** 2 + Fraction((az - bz) ** 2, 2) == 1:
                touching.add((a["name"], b["name"]))
    table_pairs = {(p["a"], p["b"]) for p in _table("relations")["touching_pairs"]}
    assert touching == table_pairs == {(NAMES[a], NAMES[b]) for a, b in TOUCHING_PAIRS}


def test_point_names_and_aliases() -> None:
    """SHB-POINT-1: the name is the level (1-4), file of x, rank y+1; AbstractPlay uses it
    as it is; donkirkby drops the level; Ludii sorts centres by (y, x)."""
    rows = _table("points")["rows"]
    for row in rows:
        assert row["name"] == f"{row['level']}{'abcdefg'[row['x']]}{row['y'] + 1}"
        assert row["x"] == 2 * row["col"] + row["level"] - 1 == 2 * row["col"] + \
            row["centre"]["z_steps"]
        assert row["aliases"]["abstractplay"] == row["name"]
        assert row["aliases"]["donkirkby"] == row["name"][2] + row["name"][1].upper()
    shared: dict[str, list[str]] = {}
    for row in rows:
        shared.setdefault(row["aliases"]["donkirkby"], []).append(row["name"])
    doubles = sorted(tuple(v) for v in shared.values() if len(v) > 1)
    covering = sorted((c["hidden"], c["cover"]) for c in _table("relations")["covering_pairs"])
    assert doubles == covering
    ludii = sorted(rows, key=lambda r: r["aliases"]["ludii"])
    assert [r["aliases"]["ludii"] for r in ludii] == list(range(30))
    keys = [(_centre(r)[1], _centre(r)[0], r["level"]) for r in ludii]
    assert keys == sorted(keys)


def test_symmetries_preserve_touching_and_crossing() -> None:
    rel = _table("relations")
    pairs = {frozenset((p["a"], p["b"])) for p in rel["touching_pairs"]}
    links = {frozenset((link["a"], link["b"])): set(link["crossing"]) for link in rel["links"]}
    for sym in rel["symmetries"]:
        image = dict(zip(NAMES, sym["image"]))
        assert sorted(image.values()) == sorted(NAMES)
        assert {frozenset(image[p] for p in pair) for pair in pairs} == pairs
        for ends, crossing in links.items():
            assert links[frozenset(image[p] for p in ends)] == {image[q] for q in crossing}


def test_csv_twin_of_points_matches_the_json() -> None:
    text = (SPEC / "tables" / "points.csv").read_text("utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["name"], int(r["ludii"])) for r in rows] == \
        [(r["name"], r["aliases"]["ludii"]) for r in _table("points")["rows"]]


# -- the game tables suffice to implement lines and scores ---------------------------

def _holds_from_table(line: dict[str, Any], own: set[str], occupied: set[str]) -> bool:
    """A line verdict written from sploof.json alone (its holds_when text)."""
    if line["kind"] == "orthogonal":
        return (all(p in own for p in line["points"])
                and not any(h["cover"] in occupied for h in line["hidden_by"])
                and not any(link["crossable"] and all(q in occupied for q in link["crossing"])
                            for link in line["links"]))
    for cell in line["cells"]:
        present = [p for p in cell["points"] if p in occupied]
        if not present or present[-1] not in own:
            return False
    return True


def _names(mask: int) -> set[str]:
    return {NAMES[p] for p in range(30) if mask >> p & 1}


@settings(max_examples=150, deadline=None)
@given(boards())
def test_sploof_lines_from_the_table_agree_with_the_engine(board: Board) -> None:
    occupied = _names(board.occupied)
    for colour in (Colour.WHITE, Colour.BLACK):
        own = _names(board.masks[colour])
        from_table = any(_holds_from_table(line, own, occupied)
                         for line in _table("sploof")["lines"])
        assert from_table == has_line(board.masks[colour], board.occupied)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_splink_score_from_the_table_agrees_with_the_engine(board: Board) -> None:
    """SPK-SCORE-1 from splink.json: red-white scoring pairs (black read as white)."""
    red, white = board.masks[Colour.RED], board.masks[Colour.WHITE] | board.masks[Colour.BLACK]
    reds, whites = _names(red), _names(white)
    from_table = sum(1 for p in _table("splink")["scoring_pairs"]
                     if (p["a"] in reds and p["b"] in whites)
                     or (p["a"] in whites and p["b"] in reds))
    assert from_table == score_masks(red, white)


def test_game_tables_match_the_counts_the_rules_state() -> None:
    sploof, splink = _table("sploof"), _table("splink")
    kinds = [line["kind"] for line in sploof["lines"]]
    assert kinds.count("orthogonal") == 8 and kinds.count("diagonal") == 16
    assert len(splink["scoring_pairs"]) == 60
    assert sorted(p["point"] for p in splink["inner_points"]) == \
        sorted(["1c3", "1e3", "1c5", "1e5", "2d4"])
    index = _index()
    assert all(index[p["a"]] < index[p["b"]] for p in splink["scoring_pairs"])
    assert all(COORDS[index[p]].level == 0 for p in sploof["setup"]["red_points"])


def test_rules_index_lists_every_id_with_its_option() -> None:
    rows = _table("rules_index")["rows"]
    assert [r["id"] for r in rows] == list(spec.current().ids())
    options = {r["id"]: (r["option"], r["default"]) for r in rows if r["option"]}
    assert options == {"SPF-RUL-1": ("supply", "limited"), "SPF-RUL-2": ("simultaneous", "mover"),
                       "SPF-RUL-3": ("stuck", "lose"), "SPF-RUL-4": ("blocking", "two"),
                       "SPF-RUL-8": ("lines_checked", "both"),
                       "SPK-RUL-4": ("max_turns", "none"), "SPK-RUL-5": ("supply", "limited")}


def test_pyramids_table_reads_back_every_side() -> None:
    doc = _table("pyramids")
    assert [row["side"] for row in doc["sides"]] == list(range(2, 10))
    for row in doc["sides"]:
        n = row["side"]
        assert row["points"] == n * (n + 1) * (2 * n + 1) // 6 == sum(row["points_per_level"])
    four = next(row for row in doc["sides"] if row["side"] == 4)
    assert (four["points"], four["touching_pairs"], four["hidden_points"], four["apex"]) == (
        30, 96, 5, "4d4")
    lines = (SPEC / "tables" / "pyramid_points.csv").read_text(encoding="utf-8").splitlines()
    by_side: dict[str, list[str]] = {}
    for line in lines[1:]:
        side, _, name, *_ = line.split(",")
        by_side.setdefault(side, []).append(name)
    assert by_side["4"] == [p["name"] for p in _table("points")["rows"]]
    assert by_side["5"][0] == "1a1" and by_side["5"][24] == "1i9" and by_side["5"][-1] == "5e5"
