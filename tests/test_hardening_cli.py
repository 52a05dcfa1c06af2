"""Hostile command lines: huge integers, deep nesting, odd white space and unbounded
timeouts end with one clean error line and a non-zero status; the smaller defects of
the hardening issue (perft 0 --divide --json, explain's wording, prove X X) stay fixed.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from shibumi_rules.limits import LIMITS, MAX_COUNT_DIGITS, MAX_JSON_NESTING, MAX_TIMEOUT
from tests.test_cli_errors import SPLINK_START, SPLOOF_START, one_error_line, run

HUGE = "9" * 4301
TOO_MANY_DIGITS = f"counts have at most {MAX_COUNT_DIGITS} digits"


def _with(position: str, old: str, new: str) -> str:
    assert old in position
    return position.replace(old, new, 1)


@pytest.mark.parametrize("args", [
    ("moves", "splink", "--option", f"max_turns={HUGE}"),
    ("play", "splink", "--option", f"max_turns={HUGE}"),
    ("perft", "splink", "1", "--option", f"max_turns={HUGE}"),
    ("explain", "splink", "--option", f"max_turns={HUGE}"),
    ("conform", "--option", f"max_turns={HUGE}", "--quiet"),
    ("moves", "sploof", "--position", _with(SPLOOF_START, "stock:2,2", f"stock:{HUGE},2")),
    ("moves", "sploof", "--position", _with(SPLOOF_START, "14,14,4", f"14,{HUGE},4")),
    ("moves", "splink", "--position", _with(SPLINK_START, "turns:0", f"turns:{HUGE}")),
    ("moves", "splink", "--position", _with(SPLINK_START, "16,16", f"{HUGE},16")),
    ("show", "--game", "splink", _with(SPLINK_START, "turns:0", f"turns:{HUGE}")),
    ("play", "sploof", "--position", _with(SPLOOF_START, "stock:2,2", f"stock:2,{HUGE}")),
    ("explain", "splink", "--position", _with(SPLINK_START, "turns:0", f"turns:{HUGE}")),
    ("moves", "splink", "--option", "max_turns=" + "9" * (MAX_COUNT_DIGITS + 1)),
], ids=lambda args: " ".join(a[:20] for a in args))
def test_a_huge_count_is_one_clean_error(capsys: pytest.CaptureFixture[str],
                                         args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    assert out == ""
    line = one_error_line(code, err)
    assert TOO_MANY_DIGITS in line and len(line) < 200


def test_the_largest_count_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    largest = "9" * MAX_COUNT_DIGITS
    code, out, _ = run(capsys, "play", "splink", "--option", f"max_turns={largest}",
                       "--json")
    assert code == 0 and f"max_turns={largest}" in json.loads(out)["position"]


def _record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, _ = run(capsys, "match", "splink", "--seed", "3", "--json")
    assert code == 0
    record: dict[str, object] = json.loads(out)
    return record


@pytest.mark.parametrize("change, words", [
    ({"seed": int("9" * 4000)}, None),  # a large seed is data; it replays
    ({"options": {"max_turns": HUGE, "supply": "limited"}}, TOO_MANY_DIGITS),
])
def test_replay_of_a_record_with_huge_numbers(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, change: dict[str, object],
                                              words: str | None) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps({**_record(tmp_path, capsys), **change}))
    code, out, err = run(capsys, "match", "splink", "--replay", str(path), "--brief")
    if words is None:
        assert code == 0 and "result:" in out
    else:
        assert out == "" and words in one_error_line(code, err)


def test_replay_of_a_record_with_an_integer_json_cannot_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    text = json.dumps({**_record(tmp_path, capsys), "seed": 1})
    path.write_text(text.replace('"seed": 1', '"seed": ' + "9" * 5000))
    code, out, err = run(capsys, "match", "splink", "--replay", str(path))
    assert out == "" and "an integer of 5,000 digits" in one_error_line(code, err)


DEEP = "[" * 100_000 + "]" * 100_000


def test_replay_of_deep_nesting_from_a_file_or_stdin(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    code, out, err = run(capsys, "match", "splink", "--replay", str(path))
    assert out == "" and f"deeper than {MAX_JSON_NESTING}" in one_error_line(code, err)
    monkeypatch.setattr(sys, "stdin", io.StringIO(DEEP))
    code, out, err = run(capsys, "match", "splink", "--replay", "-")
    assert out == "" and f"deeper than {MAX_JSON_NESTING}" in one_error_line(code, err)


def test_a_vector_file_of_deep_nesting(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    path.write_text(DEEP + "\n")
    code, _, err = run(capsys, "conform", "--vectors", str(path), "--games", "0",
                       "--depth", "0", "--quiet")
    line = one_error_line(code, err)
    assert code == 2 and "v.jsonl:1" in line and f"deeper than {MAX_JSON_NESTING}" in line


@pytest.mark.parametrize("timeout", ["inf", "1e10", "nan", "-inf", str(MAX_TIMEOUT + 1)])
def test_conform_refuses_an_unbounded_timeout(capsys: pytest.CaptureFixture[str],
                                              timeout: str) -> None:
    code, out, err = run(capsys, "conform", f"--timeout={timeout}")
    assert code == 2 and out == ""
    assert f"at most {MAX_TIMEOUT:g}" in one_error_line(code, err)


# -- white space in positions ------------------------------------------------------------

@pytest.mark.parametrize("start", [SPLOOF_START, SPLINK_START], ids=["sploof", "splink"])
@pytest.mark.parametrize("spoil, words", [
    (lambda p: p.replace(" ", "\t", 1), "a tab at character"),
    (lambda p: p.replace(" ", "\u00a0", 1), "U+00A0"),
    (lambda p: p.replace(" ", "\u3000", 1), "U+3000"),
    (lambda p: p.replace(" ", "  ", 1), "two spaces at character"),
    (lambda p: " " + p, "a leading space"),
    (lambda p: p + " ", "a trailing space"),
    (lambda p: p + "\n", "a line break"),
], ids=["tab", "nbsp", "ideographic", "double", "leading", "trailing", "newline"])
def test_positions_must_separate_fields_by_single_spaces(
        capsys: pytest.CaptureFixture[str], start: str, spoil: object, words: str) -> None:
    assert callable(spoil)
    game = "sploof" if start == SPLOOF_START else "splink"
    code, out, err = run(capsys, "moves", game, "--position", spoil(start))
    line = one_error_line(code, err)
    assert out == "" and words in line and "single spaces" in line
    assert run(capsys, "moves", game, "--position", start)[0] == 0


# -- smaller defects ------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["sploof", "splink"])
def test_perft_zero_with_divide_gives_null_like_the_protocol(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, "perft", game, "0", "--divide", "--json")
    assert code == 0 and json.loads(out)["divide"] is None
    code, out, _ = run(capsys, "perft", game, "1", "--divide", "--json")
    divide = json.loads(out)["divide"]
    assert code == 0 and isinstance(divide, dict) and sum(divide.values()) > 0


def test_explain_names_moves_of_moves_and_moves_before_the_question(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", "sploof", "--moves", "1c3 1c3", "1e3")
    assert code == 1 and "move 2 '1c3' of --moves is illegal" in err.splitlines()[-1]
    code, _, err = run(capsys, "explain", "sploof", "1c3", "1c3", "1e3")
    last = err.splitlines()[-1]
    assert code == 1 and "--moves" not in last
    assert "move 2 '1c3' (played before the question) is illegal" in last
    code, _, err = run(capsys, "explain", "sploof", "--moves", "1c3", "1c3", "1e3")
    assert code == 1 and "move 2 '1c3' (played before the question)" in err


def test_prove_names_a_theorem_given_twice_once(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("z3")
    code, out, _ = run(capsys, "prove", "--list")
    assert code == 0
    name = out.split()[0]
    code, out, _ = run(capsys, "prove", name, name, "--list")
    assert code == 0 and out.count(f"{name}  [") == 1


def test_every_limit_is_documented_once_with_what_happens() -> None:
    names = [limit.name for limit in LIMITS]
    assert len(names) == len(set(names))
    import shibumi_rules.limits as limits

    for limit in LIMITS:
        assert getattr(limits, limit.name) == limit.value
        assert limit.description and limit.exceeded and "\n" not in limit.description
        assert f"``{limit.name}``" in (limits.__doc__ or "")
