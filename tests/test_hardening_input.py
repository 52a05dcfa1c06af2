"""One rule for the text and numbers every reader accepts: ASCII digits wherever a
number is written (a command-line integer or number as in position notation); a
byte-order mark ignored alike by the engine, match records and vector files; invalid
UTF-8 from an engine refused like a lone surrogate; a malformed or over-long vector a
usage error (files streamed, never read whole); a request whose options contradict its
position notation refused; an out-of-range OpenSpiel parameter a clear Python error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.conformance.results import USAGE_STATUS
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.limits import MAX_VECTOR_LINE
from tests.test_cli_errors import one_error_line, run
from tests.test_hardening_output import ONE_COMBINATION

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "spec" / "conformance" / "sploof.jsonl"


@pytest.mark.parametrize("args", [
    ("perft", "sploof", "١٢"), ("perft", "sploof", "1_0"), ("perft", "sploof", "+1"),
    ("perft", "sploof", " 1"), ("moves", "sploof", "--seed", "５"),
    ("bench", "--depth", "٢"), ("explain", "sploof", "--seed", "1_0"),
    ("match", "splink", "--seed", "٣"), ("match", "splink", "--first", "١"),
    ("conform", "--seed", "١"), ("conform", "--games", "٢"), ("conform", "--depth", "١"),
    ("conform", "--timeout", "١"), ("conform", "--budget", "1e3"),
    ("conform", "--timeout", "inf"),
])
def test_numbers_on_the_command_line_are_ascii_digits(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    line = one_error_line(code, err)
    assert "digits 0-9" in line


def test_ordinary_numbers_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "sploof", "2")
    assert code == 0 and out.splitlines()[-1] == "256"
    code, out, _ = run(capsys, "moves", "sploof", "--seed", "-3")
    assert code == 0 and out


# -- a byte-order mark: the same in every reader -------------------------------------------

def test_a_byte_order_mark_is_ignored_by_the_engine_records_and_vectors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = {"id": 1, "type": "moves", "game": "sploof", "options": {},
               "position": {"moves": []}}
    line = "\ufeff".encode() + json.dumps(request).encode()
    assert json.loads(ReferenceEngine().handle_line(line))["ok"] is True
    code, out, _ = run(capsys, "match", "splink", "--seed", "3", "--json")
    record = tmp_path / "match.json"
    record.write_text("\ufeff" + out, encoding="utf-8")
    code, out, err = run(capsys, "match", "splink", "--replay", str(record), "--brief")
    assert code == 0 and "result:" in out, err
    vectors = tmp_path / "v.jsonl"
    vectors.write_text("\ufeff" + VECTORS.read_text(encoding="utf-8").splitlines()[0] + "\n",
                       encoding="utf-8")
    code, out, err = run(capsys, *ONE_COMBINATION, "--vectors", str(vectors))
    assert code in (0, 3) and "bad vector" not in err, err


# -- vectors: malformed, over-long, not UTF-8 --------------------------------------------

def _vector(**change: Any) -> dict[str, Any]:
    vector: dict[str, Any] = json.loads(VECTORS.read_text(encoding="utf-8").splitlines()[0])
    return {**vector, **change}


@pytest.mark.parametrize("vector, words", [
    (_vector(outcome={"over": "yes"}), "outcome.over: expected boolean"),
    (_vector(outcome={"winner": None}), "outcome: missing 'over'"),
    (_vector(outcome={"over": False, "score": -1}), "outcome.score: -1 is below 0"),
])
def test_a_malformed_vector_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], vector: dict[str, Any],
        words: str) -> None:
    path = tmp_path / "v.jsonl"
    path.write_text(json.dumps(vector) + "\n", encoding="utf-8")
    code, out, err = run(capsys, *ONE_COMBINATION, "--vectors", str(path))
    assert code == USAGE_STATUS and out == ""
    line = one_error_line(code, err)
    assert "bad vector at v.jsonl:1" in line and words in line


def test_a_malformed_result_of_a_move_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vector = _vector()
    move = vector["moves"][0]
    vector["results"][move]["outcome"] = {"over": 1}
    path = tmp_path / "v.jsonl"
    path.write_text(json.dumps(vector) + "\n", encoding="utf-8")
    code, _, err = run(capsys, *ONE_COMBINATION, "--vectors", str(path))
    assert code == USAGE_STATUS
    assert f"results['{move}'].outcome.over: expected boolean" in one_error_line(code, err)


def test_a_vector_file_is_streamed_and_an_over_long_line_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "v.jsonl"
    with path.open("wb") as handle:
        handle.write(b"{" + b" " * (MAX_VECTOR_LINE + 10) + b"}\n")
    code, _, err = run(capsys, *ONE_COMBINATION, "--vectors", str(path))
    assert code == USAGE_STATUS
    assert f"a line over the limit of {MAX_VECTOR_LINE:,} bytes" in one_error_line(code, err)
    path.write_bytes(b'{"id": "caf\xff"}\n')
    code, _, err = run(capsys, *ONE_COMBINATION, "--vectors", str(path))
    assert "not UTF-8 text (byte 11" in one_error_line(code, err)


# -- invalid UTF-8 from an engine, refused like a lone surrogate -------------------------

@pytest.mark.slow
def test_invalid_utf8_from_an_engine_is_a_protocol_finding(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    engine = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'engine_invalid_utf8.py'}"
    done = subprocess.run([sys.executable, "-m", "shibumi_rules", *ONE_COMBINATION,
                           "--engine", engine, "--report", str(target)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stdout[-2000:]
    data = json.loads(target.read_text(encoding="utf-8"))
    details = {d["detail"] for d in data["divergences"] if d["kind"] == "protocol"}
    assert any("not UTF-8 text" in (detail or "") for detail in details), details


# -- a request whose options contradict its notation -------------------------------------

def test_a_request_whose_options_contradict_its_notation_is_refused() -> None:
    engine = ReferenceEngine()
    game = engine.games["sploof"]
    notation = game.format_position(game.start({"supply": "unlimited"}))
    request = {"id": 1, "type": "moves", "game": "sploof",
               "options": {"supply": "limited"}, "position": {"notation": notation}}
    reply = engine.handle(request)
    assert reply["ok"] is False and reply["error"]["kind"] == "option"
    assert "the request says 'limited' but its position notation says 'unlimited'" in \
        reply["error"]["message"]
    agreeing = {**request, "options": {"supply": "unlimited"}}
    assert engine.handle(agreeing)["ok"] is True
    assert engine.handle({**request, "options": {}})["ok"] is True


# -- OpenSpiel parameters -----------------------------------------------------------------

@pytest.mark.parametrize("params, words", [
    ({"max_turns": 10**30}, "max_turns=1,000,000,000,000,000,000,000,000,000,000 is out of "
                            "range: 0 to 2,147,483,647"),
    ({"max_turns": 2**31}, "out of range"),
    ({"max_turns": "5"}, "parameter max_turns takes an integer, not '5'"),
    ({"max_turns": True}, "takes an integer"),
    ({"supply": 3}, "parameter supply takes text, not 3"),
    ({"nope": 1}, "unknown parameter 'nope' (known: max_turns, supply)"),
])
def test_an_out_of_range_openspiel_parameter_is_a_clear_error(
        params: dict[str, Any], words: str) -> None:
    pytest.importorskip("pyspiel", reason="the rl extra is not installed")
    from shibumi_rules.errors import OptionError
    from shibumi_rules.openspiel import load_game

    with pytest.raises(OptionError, match="shibumi_splink: ") as caught:
        load_game("shibumi_splink", params)
    assert words in str(caught.value)
    assert load_game("shibumi_splink", {"max_turns": 2**31 - 1}).max_game_length() > 0
