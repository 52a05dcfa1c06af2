"""Bad input on the command line: every command answers with one line on stderr and a
non-zero status, never a traceback; random junk arguments included."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules.cli import main, terminal_columns
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.errors import ShibumiError
from shibumi_rules.limits import MAX_PERFT_DEPTH
from shibumi_rules.registry import definitions, game_names
from shibumi_rules.tables.generated import generate
from shibumi_rules.tables.perft_files import parse_perft

SPLOOF_START = ("RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 "
                "simultaneous=mover supply=limited")
SPLINK_START = ("....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16 "
                "max_turns=none supply=limited")
WON = ("WWBB,.BWW,WBWB,WBBW/.W.,.WW,..B/..,../. black stock:1,8 supply:4,0,16 "
       "simultaneous=mover supply=limited")
"""A finished Sploof game (White has the diagonal c1-f4)."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``shibumi-rules ARGS`` run in this process
    (a usage error leaves argparse by SystemExit, as it does on the command line)."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(code: int, err: str) -> str:
    """The single stderr line of a failed command (asserts there is exactly one)."""
    assert code != 0
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    return err.strip()


# -- usage errors ------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("moves", "chess"),
    ("moves", "sploof", "--seed", "abc"),
    ("perft", "sploof", "x"),
    ("match", "splink", "--first", "3"),
    ("tables", "--only", "everything"),
    ("nonsense",),
    (),
])
def test_a_usage_error_is_one_line_with_status_2(capsys: pytest.CaptureFixture[str],
                                                 args: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    line = one_error_line(code, err)
    assert code == 2 and out == ""
    assert line.startswith("shibumi-rules") and "error:" in line and "--help" in line


def test_a_missing_depth_names_only_the_depth(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "perft", "sploof")
    line = one_error_line(code, err)
    assert "required: DEPTH" in line and "MOVE" not in line


@pytest.mark.parametrize("depth", ["-1", str(MAX_PERFT_DEPTH + 1), "99999999999999999999"])
def test_perft_refuses_a_depth_out_of_range(capsys: pytest.CaptureFixture[str],
                                           depth: str) -> None:
    code, out, err = run(capsys, "perft", "sploof", depth)
    assert out == "" and f"expected 0 to {MAX_PERFT_DEPTH}" in one_error_line(code, err)


def test_bench_refuses_a_negative_depth_instead_of_running_forever(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bench", "sploof", "--depth", "-1")
    assert out == "" and "--depth -1" in one_error_line(code, err)


def test_bench_checks_every_game_before_measuring(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    code, out, err = run(capsys, "bench", "sploof", "chess", "--depth", "1")
    assert out == "" and "unknown game 'chess'" in one_error_line(code, err)


def test_the_deepest_perft_allowed_runs_on_a_finished_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "sploof", str(MAX_PERFT_DEPTH), "--position", WON)
    assert code == 0 and out.splitlines()[-1] == "0"


@pytest.mark.parametrize("args", [
    ("show", "sploof", "\n"),
    ("show", "sploof", "\udcff"),
    ("moves", "sploof", "1c3\nx1a1"),
    ("moves", "sploof", "--position", "RRRR\n"),
    ("moves", "sploof", "--option", "supply=un\r\nlimited"),
    ("explain", "sploof", "--position", "RRRR\n"),
])
def test_an_error_quoting_a_newline_or_undecodable_byte_stays_one_line(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, _, err = run(capsys, *args)
    line = one_error_line(code, err)
    assert "\\n" in line or "\\udcff" in line or "\\r" in line


# -- options and the first player ---------------------------------------------------

@pytest.mark.parametrize("args, expected", [
    (("moves", "sploof", "--option", "supply=unlimited", "--option", "supply=limited"),
     "option 'supply' is given twice"),
    (("moves", "sploof", "--first", "black", "--seed", "3"),
     "--first and --seed both choose"),
    (("moves", "splink", "--seed", "3"), "--seed is not used"),
    (("perft", "splink", "1", "--first", "black"), "--first is not used"),
    (("moves", "sploof", "--position", SPLOOF_START, "--first", "black"),
     "cannot be used with --position"),
    (("moves", "splink", "--option", "max_turns=²"), "max_turns='²'"),
    (("moves", "splink", "--option", "max_turns=５"), "max_turns='５'"),
    (("moves", "splink", "--position", SPLINK_START.replace("=none", "=¹")), "max_turns='¹'"),
    (("explain", "sploof", "1c3", "--svg", "-", "--json"), "cannot be used with --json"),
])
def test_contradictory_or_ignored_options_are_refused(capsys: pytest.CaptureFixture[str],
                                                      args: tuple[str, ...],
                                                      expected: str) -> None:
    code, out, err = run(capsys, *args)
    assert out == "" and expected in one_error_line(code, err)


def test_options_may_stand_before_and_after_the_moves(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    before = run(capsys, "moves", "sploof", "--first", "black", "--json", "1c3", "x1a1")
    after = run(capsys, "moves", "sploof", "1c3", "x1a1", "--first", "black", "--json")
    assert before == after and before[0] == 0
    assert set(json.loads(before[1])) == {"position", "moves"}


def test_show_with_a_game_and_no_position_shows_the_start(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "--game", "splink")
    assert code == 0 and "to move: attractor" in out


def test_show_of_an_empty_board_text_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "")
    assert out == "" and "bad board ''" in one_error_line(code, err)


# -- match ---------------------------------------------------------------------------

def test_a_bad_match_option_stops_before_any_output(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    code, out, err = run(capsys, "match", "splink", "--option", "max_turns=abc")
    assert out == "" and "max_turns='abc'" in one_error_line(code, err)


def _record(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, _ = run(capsys, "match", "splink", "--seed", "7", "--json", "--option",
                       "max_turns=6")
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_replay_of_a_record_with_an_unknown_option_stops_before_any_output(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _record(capsys)
    record["options"] = {**record["options"], "colour": "blue"}  # type: ignore[dict-item]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "match", "splink", "--replay", str(path))
    assert out == "" and "record: unknown option 'colour'" in one_error_line(code, err)


def test_replay_of_a_record_without_its_result_names_the_field_once(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _record(capsys)
    del record["result"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "match", "splink", "--replay", str(path))
    line = one_error_line(code, err)
    assert "missing result" in line and "record: record" not in line


def test_replay_of_a_file_that_is_not_text(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_bytes(b"\xff\xfe{}")
    code, out, err = run(capsys, "match", "splink", "--replay", str(path))
    assert out == "" and "not UTF-8 text" in one_error_line(code, err)


def test_replay_from_a_closed_stdin(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    code, out, err = run(capsys, "match", "splink", "--replay", "-")
    assert out == "" and "stdin" in one_error_line(code, err)


# -- engine and conform ---------------------------------------------------------------

def test_the_engine_with_a_closed_stdin(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, "engine")
    assert "stdin" in one_error_line(code, err)


def test_the_engine_answers_a_line_that_is_not_utf8_and_reads_a_bom() -> None:
    engine = ReferenceEngine()
    bad = json.loads(engine.handle_line(b"\xff\xfe\n"))
    assert bad["ok"] is False and "not UTF-8" in bad["error"]["message"]
    good = json.loads(engine.handle_line(
        b'\xef\xbb\xbf{"id": 1, "type": "identify", "protocol": 1}\n'))
    assert good["ok"] is True and good["id"] == 1


def test_engine_spec_dir_needs_write_spec(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    code, out, err = run(capsys, "engine", "--spec-dir", str(tmp_path))
    assert out == "" and "--spec-dir" in one_error_line(code, err)


def test_engine_write_spec_to_an_unwritable_folder(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run(capsys, "engine", "--write-spec", "--spec-dir", str(blocker / "sub"))
    assert "cannot write" in one_error_line(code, err)


def _vector_line() -> dict[str, object]:
    """A well-formed vector (for the start position, with one move listed)."""
    child = {"position": SPLOOF_START, "outcome": {"over": False}}
    return {"id": "v", "game": "sploof",
            "options": {"simultaneous": "mover", "supply": "limited"},
            "position": SPLOOF_START, "outcome": {"over": False}, "moves": ["1c3"],
            "results": {"1c3": child}}


@pytest.mark.parametrize("change, expected", [
    ({"game": "sploofx"}, "unknown game 'sploofx'"),
    ({"options": {"supply": "bogus"}}, "supply='bogus'"),
    ({"options": {"colour": "blue"}}, "unknown option 'colour'"),
    ({"options": ["supply"]}, "options must be a JSON object"),
    ({"results": None}, "missing field 'results'"),
    ({"position": 5}, "position must be a string, not a number"),
    ({"moves": "1c3"}, "moves must be a JSON list"),
    ({"results": {"1c3": 5}}, "results['1c3'] must be a JSON object"),
    ({"moves": ["1e3"]}, "no entry for the move '1e3'"),
])
def test_conform_refuses_a_broken_vector_file(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, change: dict[str, object],
                                              expected: str) -> None:
    vector = {**_vector_line(), **change}
    vector = {k: v for k, v in vector.items() if v is not None}
    path = tmp_path / "v.jsonl"
    path.write_text(json.dumps(vector) + "\n")
    code, _, err = run(capsys, "conform", "--vectors", str(path), "--games", "0",
                       "--depth", "0", "--quiet")
    line = one_error_line(code, err)
    assert code == 2 and "v.jsonl:1" in line and expected in line


@pytest.mark.parametrize("content, expected", [
    (b"\xff\xfe\n", "not UTF-8 text"),
    (b"not json\n", "not JSON: Expecting value at column 1"),
])
def test_conform_refuses_a_vector_file_that_does_not_parse(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes,
        expected: str) -> None:
    path = tmp_path / "v.jsonl"
    path.write_bytes(content)
    code, _, err = run(capsys, "conform", "--vectors", str(path), "--games", "0",
                       "--depth", "0", "--quiet")
    assert code == 2 and expected in one_error_line(code, err)


def test_conform_engine_that_is_a_folder_or_not_executable(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "conform", "--engine", str(tmp_path), "--quiet")
    assert code == 2 and "it is a folder" in one_error_line(code, err)
    script = tmp_path / "engine.py"
    script.write_text("print('hello')\n")
    script.chmod(0o644)
    code, _, err = run(capsys, "conform", "--engine", str(script), "--quiet")
    assert code == 2 and "not executable" in one_error_line(code, err)


def test_conform_says_why_a_run_that_stopped_early_failed(
        capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{shlex.quote(sys.executable)} -c pass"
    code, out, _ = run(capsys, "conform", "--engine", engine, "--quiet")
    assert code == 4
    assert "run stopped early: the engine failed on identify" in out
    assert "result: ERROR (the run stopped early)" in out


# -- tables ----------------------------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("depth 8 banana", "line 2: 'banana' is not a count"),
    ("depth 8", "line 2: expected 'depth D COUNT'"),
    ("divide 1 1c3 -5", "line 2: '-5' is not a count"),
])
def test_a_malformed_perft_file_names_its_line(line: str, expected: str) -> None:
    with pytest.raises(ShibumiError, match=re.escape(expected)):
        parse_perft(f"name start\n{line}\n")


def test_a_quick_check_of_a_malformed_perft_file_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "perft").mkdir()
    for game in ("sploof", "splink"):
        (tmp_path / "perft" / f"{game}.perft").write_text("name start\ndepth 8 banana\n")
    with pytest.raises(ShibumiError, match=r"malformed .*'banana' is not a count.*restore"):
        generate(definitions(), ("perft",), quick=True, root=tmp_path)


# -- random junk ------------------------------------------------------------------------

TOKENS = st.sampled_from([
    "sploof", "splink", "chess", "", " ", "1c3", "1e3", "x1a1", "2b2", "4d4", "zz",
    "R1a1+W1c1", "W1c1+R1a1", "x2b2+W3c3", "R1a1", "--json", "--divide", "--first",
    "white", "black", "attractor", "--seed", "-1", "0", "1", "2", "65", "abc",
    "--position", SPLOOF_START, SPLINK_START, WON, SPLOOF_START.replace("14,14,4", "14,14,5"),
    "--option", "supply=unlimited", "simultaneous=draw", "max_turns=2", "max_turns=x", "=",
    "--moves", "1c3 1e3", "--svg", "-", "--compare-rulings", "--no-diagram", "--game",
    "--replay", "/nonexistent/record.json", "--brief", "é", "\x00", "\udcff",
])
JUNK = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
COMMANDS = st.sampled_from(["show", "moves", "play", "perft", "explain", "match"])


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=COMMANDS, words=st.lists(st.one_of(TOKENS, JUNK), max_size=6))
def test_junk_arguments_never_raise_a_traceback(capsys: pytest.CaptureFixture[str],
                                                command: str, words: list[str]) -> None:
    """Any arguments: the command succeeds, or fails with one line on stderr."""
    if command == "match" and "--replay" not in words:
        words = [*words, "--replay", "/nonexistent/record.json"]  # never a whole match
    if command == "perft":  # keep the trees small
        words = ["1" if _integer(w) > 1 else w for w in words]
    if "--svg" in words:
        words = [*words, "--svg", "-"]  # never a file
        words = [w for w in words if w != "--json"]
    code, _, err = run(capsys, command, *words)
    if code != 0:
        one_error_line(code, err)
    else:
        assert "Traceback" not in err


def _integer(word: str) -> int:
    """The integer argparse would read from ``word`` (0 when it reads none)."""
    try:
        return int(word)
    except ValueError:
        return 0


def test_tables_full_without_check_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--full`` only changes ``--check``; alone it would silently do nothing."""
    code, out, err = run(capsys, "tables", "--full")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert "use tables --check --full" in err


def test_prove_refuses_an_unwritable_report_before_proving(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "prove", "--report", str(tmp_path / "no" / "r.json"))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "does not exist" in err
    assert "[1/" not in err, "no theorem ran"


@pytest.mark.parametrize("columns", [None, "37", "200", "0", "-4", "wide", ""])
def test_help_is_laid_out_at_the_width_shutil_gives(monkeypatch: pytest.MonkeyPatch,
                                                    columns: str | None) -> None:
    """The command line reads the terminal's width without importing shutil, and reads
    the same width: COLUMNS when it is a positive number, else the terminal's, else 80."""
    import shutil

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", "30")  # shutil asks the terminal for the lines alone
    assert terminal_columns() == shutil.get_terminal_size().columns
    monkeypatch.delenv("LINES")
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("name", game_names())
def test_listing_moves_imports_no_module_it_does_not_need(name: str) -> None:
    """Listing the moves from the start imports neither shutil (the terminal's width),
    random (drawing the first player) nor json (printing JSON), each a cost on every
    command's start-up."""
    code = ("import sys; before = set(sys.modules); from shibumi_rules.cli import main; "
            f"main(['moves', {name!r}]); "
            "print(sorted({'shutil', 'random', 'json'} & (set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "[]"
