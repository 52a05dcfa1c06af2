"""``conform --expect``: a run is held to an engine's known divergences. The expectations
recorded from an engine match its next run; the same engine with one more divergence
fails the comparison, naming the new rule; an engine that lost an expected divergence
fails it too; ``--record`` writes a run record that ``--check`` then finds up to date,
and out of date once the engine changes. Usage errors are refused before the run."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main
from shibumi_rules.conformance.expectations import FORMAT
from shibumi_rules.conformance.vectors import default_vector_files

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "engines"
EXPECTED_ENGINE = "sploof_unlimited_both_lines_to_black.py"
CHANGED_ENGINE = "known_engine_new_divergence.py"
OPTIONS = {"blocking": "two", "lines_checked": "both", "simultaneous": "mover",
           "stuck": "lose", "supply": "unlimited"}


@pytest.fixture(autouse=True)
def _engines_can_import_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def _engine(script: str | None) -> list[str]:
    if script is None:
        return []
    return ["--engine", f"{sys.executable} {ENGINES / script}"]


@pytest.fixture(scope="module")
def vectors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped Sploof vectors under the unlimited supply and the other defaults:
    among them a removal that gives both players a line and positions with pinned red
    balls."""
    lines = [line for f in default_vector_files() for line in f.read_text().splitlines()
             if (v := json.loads(line)).get("game") == "sploof" and "moves" in v
             and v["options"] == OPTIONS]
    assert len(lines) >= 5
    path = tmp_path_factory.mktemp("vectors") / "sploof-unlimited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def run(script: str | None, vectors: Path, *extra: str,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["conform", "--quiet", *_engine(script), "--game", "sploof",
                   "--option", "supply=unlimited", "--games", "0", "--depth", "0",
                   "--vectors", str(vectors), *extra])
    return status, capsys.readouterr().err


def _groups(path: Path) -> set[tuple[str, str, str, str]]:
    data = json.loads(path.read_text())
    return {(e["game"], e["category"], e["rule"], e["kind"]) for e in data["expected"]}


def test_an_unexpected_divergence_fails_and_an_expected_one_must_still_happen(
        tmp_path: Path, vectors: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = tmp_path / "expectations.json"
    status, err = run(EXPECTED_ENGINE, vectors, "--expect", str(expected),
                      "--update-expectations", capsys=capsys)
    assert status == 0, err
    assert "rewritten from this run" in err
    data = json.loads(expected.read_text())
    assert data["format"] == FORMAT and data["result"] == "DIVERGENT"
    assert _groups(expected) == {("sploof", "rule", "SPF-RUL-2", "outcome")}
    entry = data["expected"][0]
    assert entry["count"] >= 1 and entry["example"]["move"] and entry["example"]["position"]
    assert entry["example"]["actual"]["winner"] == "black"

    # the same engine matches what it showed
    status, err = run(EXPECTED_ENGINE, vectors, "--expect", str(expected), capsys=capsys)
    assert status == 0, err
    assert "the run matches them: 1 expected group(s)" in err

    # one divergence more: the comparison fails and names it
    status, err = run(CHANGED_ENGINE, vectors, "--expect", str(expected), capsys=capsys)
    assert status == 1, err
    assert "does not match" in err
    unexpected = [line for line in err.splitlines() if "unexpected:" in line]
    assert unexpected and all("SHB-PIN-1" in line or "SPF-REMOVE-1" in line
                              for line in unexpected), err
    assert "expected but not seen" not in err

    # the reference no longer shows the expected divergence: that fails as well
    status, err = run(None, vectors, "--expect", str(expected), capsys=capsys)
    assert status == 1, err
    assert "expected but not seen: sploof SPF-RUL-2 (rule, outcome)" in err
    assert "the run ended CONFORMANT, the expectations say DIVERGENT" in err


def test_an_update_keeps_the_readings_written_by_hand(
        tmp_path: Path, vectors: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = tmp_path / "expectations.json"
    assert run(EXPECTED_ENGINE, vectors, "--expect", str(expected),
               "--update-expectations", capsys=capsys)[0] == 0
    data = json.loads(expected.read_text())
    data["expected"][0]["reading"] = "Black wins when both players have a line"
    expected.write_text(json.dumps(data))
    assert run(EXPECTED_ENGINE, vectors, "--expect", str(expected),
               "--update-expectations", capsys=capsys)[0] == 0
    assert json.loads(expected.read_text())["expected"][0]["reading"] == \
        "Black wins when both players have a line"


def test_the_settings_of_a_run_are_part_of_its_expectations(
        tmp_path: Path, vectors: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = tmp_path / "expectations.json"
    assert run(EXPECTED_ENGINE, vectors, "--expect", str(expected),
               "--update-expectations", capsys=capsys)[0] == 0
    status, err = run(EXPECTED_ENGINE, vectors, "--expect", str(expected), "--seed", "2",
                      capsys=capsys)
    assert status == 1
    assert "this run's seed is 2, the expectations were recorded with 1" in err


def test_a_record_is_up_to_date_until_the_engine_changes(
        tmp_path: Path, vectors: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "record.json"
    status, err = run(EXPECTED_ENGINE, vectors, "--record", str(record), capsys=capsys)
    assert status == 1, err  # without --expect the run's own status: DIVERGENT
    data: dict[str, Any] = json.loads(record.read_text())
    assert "elapsed_seconds" not in json.dumps(data)
    sploof = data["games"]["sploof"]
    assert sploof["result"] == "DIVERGENT" and sploof["positions"] > 0
    assert [g["rule"] for g in sploof["divergences"]] == ["SPF-RUL-2"]
    ruling = next(r for r in sploof["rulings"] if r["ruling"] == "SPF-RUL-2")
    assert ruling["declared"] == ["mover", "draw"] and ruling["vectors_failed"] >= 1
    supply = next(r for r in sploof["rulings"] if r["ruling"] == "SPF-RUL-1")
    assert supply["vectors"] > 0 and supply["vectors_failed"] == 0
    assert data["command"].startswith("shibumi-rules conform --engine ")

    data["made"]["date"] = "1999-01-01"  # when it was made is not compared
    record.write_text(json.dumps(data))
    status, err = run(EXPECTED_ENGINE, vectors, "--record", str(record), "--check",
                      capsys=capsys)
    assert status == 0 and "up to date" in err, err
    status, err = run(CHANGED_ENGINE, vectors, "--record", str(record), "--check",
                      capsys=capsys)
    assert status == 1 and "out of date" in err, err
    assert json.loads(record.read_text())["made"]["date"] == "1999-01-01"  # not rewritten


@pytest.mark.parametrize(("args", "says"), [
    (["--update-expectations"], "--update-expectations needs --expect FILE"),
    (["--check"], "--check needs --record FILE"),
    (["--expect", "MISSING"], "--expect MISSING:"),
    (["--expect", "BAD"], "not an expectations file"),
    (["--record", "R", "--check", "--expect", "E", "--update-expectations"],
     "give one"),
])
def test_usage_errors_are_refused_before_the_run(
        args: list[str], says: str, tmp_path: Path, vectors: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "BAD").write_text('{"format": 1, "expected": [{"game": 1}]}')
    args = [str(tmp_path / a) if a in ("MISSING", "BAD", "R", "E") else a for a in args]
    says = says.replace("MISSING", str(tmp_path / "MISSING"))
    status, err = run(EXPECTED_ENGINE, vectors, *args, capsys=capsys)
    assert status == 2
    assert says in err and "Traceback" not in err
