"""The command-line contract for Splink: ``moves``, ``play``, ``perft`` as for Sploof,
the ``match`` command, and one clear line with a non-zero status on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shibumi_rules.cli import main

START = ("....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16 "
         "max_turns=none supply=limited")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_moves_from_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "splink")
    lines = out.split()
    assert code == 0 and len(lines) == 240
    assert lines[:4] == ["R1a1+W1c1", "W1a1+R1c1", "R1a1+W1e1", "W1a1+R1e1"]


def test_moves_json_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "splink", "W1c1+R1a1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["position"] == ("RW..,....,....,..../...,...,.../..,../. repulsor "
                                "turns:1 supply:15,15 max_turns=none supply=limited")
    assert len(data["moves"]) == 14 * 13


def test_play_json_reports_the_score_as_it_stands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "splink", "R1a1+W1c1", "R1e1+W1g1", "--json")
    assert code == 0
    assert json.loads(out) == {
        "position": "RWRW,....,....,..../...,...,.../..,../. attractor turns:2 "
                    "supply:14,14 max_turns=none supply=limited",
        "outcome": {"over": False, "score": 3, "reason": None},
    }


def test_play_text_shows_position_diagram_and_outcome(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "splink", "--option", "max_turns=1", "R1a1+W1c1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].endswith("turns:1 supply:15,15 max_turns=1 supply=limited")
    assert "top view" in out and "score:   1" in out
    assert lines[-1].startswith("outcome: game over (max-turns)")


def test_perft_last_line_is_a_bare_integer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "perft", "splink", "2")
    assert code == 0 and out.splitlines()[-1] == "43680"
    assert "leaves/s" in err
    code, out, _ = run(capsys, "perft", "splink", "2", "--divide", "R1a1+W1c1")
    lines = out.splitlines()
    assert lines[0] == f"R1e1+W1g1 {12 * 11}"  # 1e1 is the lowest empty point
    assert len(lines) == 14 * 13 + 1
    assert int(lines[-1]) == sum(int(line.split()[1]) for line in lines[:-1])


def test_perft_from_a_position_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "splink", "1", "--position", START, "--option",
                       "supply=unlimited")
    assert code == 0 and out.splitlines()[-1] == "240"
    code, out, _ = run(capsys, "perft", "splink", "3", "--option", "max_turns=2", "--json")
    assert json.loads(out)["total"] == 0


@pytest.mark.parametrize("args, fragment", [
    (("moves", "splink", "--first", "attractor"), "fixes who moves first"),
    (("moves", "splink", "R1a1+R1c1"), "SPK-PLACE-1"),
    (("play", "splink", "R2b2+W1a1"), "move 1 'R2b2+W1a1'"),
    (("play", "splink", "R1a1+W1c1", "x1a1+W1e1"), "SPK-REMOVE-1"),
    (("moves", "splink", "--option", "supply=none"), "limited, unlimited"),
    (("moves", "splink", "--option", "max_turns=-1"), "max_turns"),
    (("moves", "splink", "--position", "nonsense"), "bad position"),
    (("moves", "splink", "--position", START.replace("turns:0", "turns:1")),
     "SPK-SETUP-1"),
    (("perft", "splink", "2", "--position", START.replace("supply:16,16", "supply:15,16")),
     "SHB-SET-1"),
    (("play", "splink", "--position", "R...,....,....,..../...,...,.../..,../. repulsor "
      "turns:1 supply:15,16"), "count is always even"),
    (("play", "splink", "--position", "....,....,....,..../R..,...,.../..,../. repulsor "
      "turns:1 supply:15,16"), "SHB-GRAVITY-1"),
    (("match", "splink", "--players", "random,oracle"), "unknown player"),
    (("match", "splink", "--players", "random"), "two players"),
    (("match", "splink", "--option", "colour=red"), "unknown option"),
    (("match", "splink", "--replay", "/nonexistent/record.json"), "cannot read"),
])
def test_bad_input_gives_one_line_and_status_1(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str) -> None:
    code, _out, err = run(capsys, *args)
    assert code == 1
    assert err.count("\n") == 1 and fragment in err
    assert "Traceback" not in err


def test_match_prints_the_games_as_they_go(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "match", "splink", "--format", "bid", "--seed", "7",
                       "--players", "greedy,random", "--option", "max_turns=12")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("bid match, seed 7: player 1 greedy, player 2 random")
    assert any(line.startswith("bidding: player") for line in lines)
    assert any(line.startswith("game 1 turn 1: attractor") for line in lines)
    assert "top view" in out
    assert lines[-1].startswith("result: ")


def test_match_json_replays_to_the_same_record(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "match", "splink", "--seed", "3", "--json", "--option",
                       "max_turns=20")
    assert code == 0
    record = json.loads(out)
    assert record["format"] == "duel" and record["seed"] == 3 and len(record["games"]) == 2
    path = tmp_path / "match.json"
    path.write_text(out)
    code, again, _ = run(capsys, "match", "splink", "--replay", str(path), "--json")
    assert code == 0 and json.loads(again) == record
    code, text, _ = run(capsys, "match", "splink", "--replay", str(path), "--brief")
    assert code == 0 and text.splitlines()[-1] == "result: " + record["result"]["summary"]
    assert "top view" in text  # --brief still shows each final board


def test_replay_of_a_tampered_record_fails(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, "match", "splink", "--seed", "5", "--json", "--option",
                    "max_turns=8")
    record = json.loads(out)
    record["games"][1]["score"] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "match", "splink", "--replay", str(path))
    assert code == 1 and "game 2: score" in err and err.count("\n") == 1
    path.write_text("{not json")
    code, _, err = run(capsys, "match", "splink", "--replay", str(path))
    assert code == 1 and "not JSON" in err
    code, _, err = run(capsys, "match", "splink", "--replay", str(path), "--seed", "1")
    assert code == 1 and "--seed cannot be used" in err


def test_match_says_when_the_turn_limit_stopped_a_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """SPK-RUL-4: a game the match's turn limit stops is not called complete."""
    code, out, _ = run(capsys, "match", "splink", "--seed", "4", "--first", "2", "--brief",
                       "--option", "max_turns=6")
    over = [line for line in out.splitlines() if " over after " in line]
    assert code == 0 and len(over) == 2
    assert all("the turn limit max_turns=6 stopped it before the pyramid was complete "
               "(a limit the text does not have) [SPK-RUL-4]" in line for line in over)
    assert out.splitlines()[0].endswith("player 2 first")
