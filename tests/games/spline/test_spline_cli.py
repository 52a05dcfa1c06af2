"""The command-line contract for Spline: ``moves``, ``play`` and ``perft`` exactly as for
the other games, ``bench`` and ``explain``, and one clear line with a non-zero status on
bad input."""

from __future__ import annotations

import json

import pytest

from shibumi_rules.cli import main
from shibumi_rules.notation import EMPTY_BOARD

COVERED_ROW = "WWW.,BB..,....,..../B..,...,.../..,../. white"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_from_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "spline")
    assert code == 0
    assert out.split() == ["1a1", "1c1", "1e1", "1g1", "1a3", "1c3", "1e3", "1g3", "1a5",
                           "1c5", "1e5", "1g5", "1a7", "1c7", "1e7", "1g7"]


def test_moves_json_after_moves_with_black_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "spline", "1a1", "1c1", "1a3", "1c3",
                       "--first", "black", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["position"] == "BW..,BW..,....,..../...,...,.../..,../. black"
    assert data["moves"][:3] == ["1e1", "1g1", "1e3"] and "2b2" in data["moves"]


def test_seed_chooses_the_first_player_reproducibly(
        capsys: pytest.CaptureFixture[str]) -> None:
    firsts = set()
    for seed in range(8):
        _, out, _ = run(capsys, "moves", "spline", "--seed", str(seed), "--json")
        assert out == run(capsys, "moves", "spline", "--seed", str(seed), "--json")[1]
        firsts.add(json.loads(out)["position"].split()[1])
    assert firsts == {"white", "black"}


def test_play_json_reports_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "spline", "1g1", "--position", COVERED_ROW, "--json")
    assert code == 0
    assert json.loads(out) == {
        "position": "WWWW,BB..,....,..../B..,...,.../..,../. black",
        "outcome": {"over": True, "winner": "white", "draw": False, "reason": "line"}}
    code, out, _ = run(capsys, "play", "spline", "--json")
    assert json.loads(out) == {"position": f"{EMPTY_BOARD} white", "outcome": {
        "over": False, "winner": None, "draw": False, "reason": None}}


def test_play_prints_position_diagram_and_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "spline", "1a1", "1a3", "1c1", "1c3", "1e1", "2b2",
                       "1g1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "WWWW,BB..,....,..../B..,...,.../..,../. black"
    assert "top view" in lines[1] and "level 4" in lines[1]
    assert lines[-3:] == ["to move: black", "supply:  white 12, black 13",
                          "outcome: white wins with the line 1a1-1g1 [SPL-WIN-1]"]


def test_perft_prints_the_bare_count_last_and_divide_rows(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "perft", "spline", "3")
    assert code == 0 and out.splitlines() == ["3360"] and "perft(3) = 3360" in err
    code, out, _ = run(capsys, "perft", "spline", "2", "--divide", "--first", "black")
    rows = out.splitlines()
    assert rows[0] == "1a1 15" and len(rows) == 17 and rows[-1] == "240"
    assert sum(int(r.split()[1]) for r in rows[:-1]) == 240
    code, out, _ = run(capsys, "perft", "spline", "1", "--position", COVERED_ROW, "--json")
    assert json.loads(out) == {"position": COVERED_ROW, "depth": 1, "divide": None,
                               "total": 11}


def test_bench_reports_depths_4_and_5(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "spline", "--playouts", "0", "--startup", "0",
                       "--solve", "0")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines()] == ["perft(4)", "perft(5)",
                                                              "divide(5)"]
    assert "524,376" in out


def test_explain_cites_the_covered_ball_clarification(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "spline", "--position", COVERED_ROW, "1g1",
                       "--json")
    assert code == 0
    report = json.loads(out)
    assert report["answer"]["legal"] is True
    assert {"SPL-LINE-1", "SPL-RUL-2", "SPL-WIN-1", "SPL-RUL-5"} <= set(report["rules"])
    assert report["answer"]["details"]["lines_made"][0]["line"] == "1a1-1g1"


@pytest.mark.parametrize(("args", "words"), [
    (("play", "spline", "1a1", "1a1"), "illegal move: move 2 '1a1': 1a1 already holds"),
    (("play", "spline", "3c3"), "[SHB-PLACE-1]"),
    (("play", "spline", "x1a1"), "a Spline move is the point name"),
    (("moves", "spline", "--position", "W... white"), "expected 4 levels"),
    (("moves", "spline", "--position", f"{EMPTY_BOARD} white", "--first", "black"),
     "cannot be used with --position"),
    (("moves", "spline", "--option", "a=b"), "unknown option 'a' for spline (known: none)"),
    (("moves", "spline", "--first", "red"), "expected one of white, black"),
    (("play", "spline", "--position", "WW..,....,....,..../...,...,.../..,../. black"),
     "[SPL-TURN-1]"),
])
def test_bad_input_is_one_line_and_a_failure(capsys: pytest.CaptureFixture[str],
                                            args: tuple[str, ...], words: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and words in err
