"""The command-line contract for Sploof: ``moves``, ``play`` and ``perft`` exactly as
documented, and one clear line with a non-zero status on bad input."""

from __future__ import annotations

import json

import pytest

from shibumi_rules.cli import main

START = ("RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 "
         "blocking=two lines_checked=both simultaneous=mover stuck=lose supply=limited")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_from_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "sploof")
    assert code == 0
    assert out.split() == ["1c3", "1e3", "1c5", "1e5", "x1a1", "x1c1", "x1e1", "x1g1",
                           "x1a3", "x1g3", "x1a5", "x1g5", "x1a7", "x1c7", "x1e7", "x1g7"]


def test_moves_json_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "sploof", "1c3", "x1a1", "--first", "black",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["position"] == (".RRR,RB.R,R..R,RRRR/...,...,.../..,../. black "
                                "stock:4,1 supply:12,14,5 blocking=two "
                                "lines_checked=both simultaneous=mover stuck=lose "
                                "supply=limited")
    assert data["moves"][:4] == ["1a1", "1e3", "1c5", "1e5"]


def test_seed_chooses_the_first_player_reproducibly(
        capsys: pytest.CaptureFixture[str]) -> None:
    firsts = set()
    for seed in range(8):
        _, out, _ = run(capsys, "moves", "sploof", "--seed", str(seed), "--json")
        again = run(capsys, "moves", "sploof", "--seed", str(seed), "--json")[1]
        assert out == again
        firsts.add(json.loads(out)["position"].split()[1])
    assert firsts == {"white", "black"}


def test_play_json_reports_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    position = ("WBRR,RWBR,RBBR,RRRR/W..,...,.../..,../. white stock:1,1 "
                "supply:12,11,6")
    code, out, _ = run(capsys, "play", "sploof", "2d4", "--position", position, "--json")
    assert code == 0
    assert json.loads(out)["outcome"] == {"over": True, "winner": "white", "draw": False,
                                          "reason": "line"}


def test_play_prints_position_diagram_and_outcome(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "sploof", "--option", "supply=unlimited")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == START.replace("14,14,4", "-,-,4").replace("=limited", "=unlimited")
    assert "top view" in out
    assert lines[-1] == "outcome: in progress: white to move"


def test_illegal_move_stops_with_number_reason_and_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "sploof", "1c3", "1c3")
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err == ("illegal move: move 2 '1c3': 1c3 already holds a white ball: not a valid "
                   "location [SHB-PLACE-1]\n")


@pytest.mark.parametrize("args", [
    ("moves", "sploof", "1z9"),
    ("moves", "sploof", "--position", "nonsense"),
    ("moves", "sploof", "--option", "supply=maybe"),
    ("moves", "sploof", "--first", "red"),
    ("play", "sploof", "x1c3"),
    ("perft", "sploof", "2", "x1a1", "x1a1"),
    ("perft", "sploof", "-1"),
])
def test_bad_input_is_one_line_and_non_zero(capsys: pytest.CaptureFixture[str],
                                            args: tuple[str, ...]) -> None:
    code, _, err = run(capsys, *args)
    assert code != 0
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_perft_last_line_is_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "perft", "sploof", "3")
    assert code == 0
    assert out.splitlines() == ["4064"]
    assert "leaves/s" in err
    code, out, _ = run(capsys, "perft", "sploof", "2", "1c3", "--divide")
    lines = out.splitlines()
    assert lines[0] == "1e3 17"  # 1c5 1e5 2b2 2d2 2f2 and 12 removals
    assert lines[-1] == str(sum(int(line.split()[1]) for line in lines[:-1]))
