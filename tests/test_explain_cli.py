"""The ``explain`` command line: how moves and the question are told apart, the output
forms, and one clear error line (never a traceback) for bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["explain", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    status, out, err = _run(capsys, *argv, "--json")
    assert status == 0 and err == ""
    report: dict[str, object] = json.loads(out)
    return report


@pytest.mark.parametrize("argv", [
    ("sploof", "--moves", "1c3 1e3", "1c5"),
    ("sploof", "1c5", "--moves", "1c3 1e3"),
    ("sploof", "--moves", "1c3,1e3", "1c5"),
    ("sploof", "--moves", "1c3", "--moves", "1e3", "1c5"),
])
def test_question_and_moves_are_told_apart(capsys: pytest.CaptureFixture[str],
                                            argv: tuple[str, ...]) -> None:
    report = _json(capsys, *argv)
    assert report["moves_played"] == ["1c3", "1e3"]
    assert report["question"] == "1c5"


def test_without_a_question_the_position_is_described(
        capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "sploof", "--moves", "1c3 1e3")
    assert report["question"] is None
    answer = report["answer"]
    assert isinstance(answer, dict) and answer["kind"] == "position"
    assert answer["moves"]["place"] == ["1c5", "1e5", "2b2", "2d2", "2f2"]


@pytest.mark.parametrize("argv", [
    ("sploof", "--moves", "1c3", "1e3", "1c5"),
    ("sploof", "1c3", "1e3", "1c5"),
])
def test_the_last_positional_move_is_the_question(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    """The issue's form ``explain sploof --moves ... 3c3``: moves, then the question."""
    report = _json(capsys, *argv)
    assert report["question"] == argv[-1]
    assert report["moves_played"] == [m for m in argv[1:-1] if m != "--moves"]


@pytest.mark.parametrize(("argv", "rule", "message"), [
    (("sploof", "3z9"), "SPF-TURN-1", "file 'z' is not a-g"),
    (("sploof", "x"), "SPF-TURN-1", "x must be followed by the point name of the red ball"),
    (("splink", "R1a1+R1c1"), "SPK-PLACE-1", "one red and one white ball, not two red"),
    (("splink", "x1a1"), "SPK-REMOVE-2", "a removal is followed, in the same move, by a "
                                         "placement of the other colour"),
    (("splink", "R1a1"), "SPK-PLACE-1", "a placement is two balls"),
    (("splink", "R1a1+W1c1+x1e1"), "SPK-PLACE-1", "expected C<point>+C<point>"),
    (("spline", "x1a1"), "SPL-TURN-1", "a Spline move is the point name"),
])
def test_a_question_that_is_no_move_is_an_illegal_answer(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], rule: str,
        message: str) -> None:
    """A player may type anything: text that is no move of the game is answered, with
    exit 0, as an illegal move breaking the rule that says what a move is."""
    status, out, err = _run(capsys, *argv)
    assert status == 0 and err == ""
    words = " ".join(out.split())
    assert "is illegal for" in words and f"it breaks {rule}" in words and message in words
    report: Any = _json(capsys, *argv)
    assert report["answer"]["legal"] is False and report["answer"]["rule"] == rule
    assert list(report["rules"]) == [rule]


@pytest.mark.parametrize(("argv", "message"), [
    (("sploof", "--moves", "1c3 9a1", "1e3"), "--moves move 2 '9a1'"),
    (("sploof", "--position", "RRRR white"), "bad position"),
    (("sploof", "--position", "RRRR,R..R,R..R,RRRR/W..,...,.../..,../. white stock:2,2 "
                              "supply:14,14,4"), "SHB-GRAVITY-1"),
    (("sploof", "--option", "supply=plenty"), "supply='plenty'"),
    (("sploof", "--option", "colour=blue"), "unknown option 'colour'"),
    (("sploof", "--first", "red"), "--first 'red'"),
    (("sploof", "--position",
      "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4",
      "--first", "black"), "cannot be used with --position"),
    (("splink", "--first", "attractor"), "--first"),
])
def test_bad_input_gives_one_clear_line(capsys: pytest.CaptureFixture[str],
                                        argv: tuple[str, ...], message: str) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 1 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err
    assert "Traceback" not in err


def test_an_option_reanswers_under_another_ruling(capsys: pytest.CaptureFixture[str]
                                                  ) -> None:
    position = ("RRRR,RWW.,.B..,..../...,...,.../..,../. white stock:14,1 supply:0,14,11")
    limited = _json(capsys, "sploof", "--position", position, "x1a1")
    unlimited = _json(capsys, "sploof", "--position", position, "x1a1",
                      "--option", "supply=unlimited")
    assert isinstance(limited["answer"], dict) and isinstance(unlimited["answer"], dict)
    assert limited["answer"]["legal"] is False and limited["answer"]["rule"] == "SPF-RUL-1"
    assert unlimited["answer"]["legal"] is True
    assert unlimited["options"] == {"blocking": "two", "lines_checked": "both",
                                    "simultaneous": "mover", "stuck": "lose",
                                    "supply": "unlimited"}


def test_compare_rulings_lists_only_alternatives_that_change_the_answer(
        capsys: pytest.CaptureFixture[str]) -> None:
    report = _json(capsys, "sploof", "1c3", "--compare-rulings")
    assert report["rulings"] == []
    position = "RWWW,RBWR,RWBR,RRRR/WW.,WB.,.../B.,../. white stock:1,2 supply:7,10,7"
    report = _json(capsys, "sploof", "--position", position, "x1a1", "--compare-rulings")
    rulings = report["rulings"]
    assert isinstance(rulings, list) and len(rulings) == 3
    one, mover, draw = rulings
    assert (one["option"], one["value"], one["ruling"]) == ("blocking", "one", "SPF-RUL-4")
    assert one["answer"]["outcome"] == {"over": True, "winner": "black", "draw": False,
                                        "reason": "opponent-line"}  # 2b2 now crosses a1-g1
    assert (mover["option"], mover["value"], mover["ruling"]) == ("lines_checked", "mover",
                                                                  "SPF-RUL-8")
    assert mover["answer"]["outcome"] == {"over": True, "winner": "white", "draw": False,
                                          "reason": "line"}
    assert (draw["option"], draw["value"], draw["ruling"]) == ("simultaneous", "draw",
                                                                "SPF-RUL-2")
    assert draw["answer"]["outcome"] == {"over": True, "winner": None, "draw": True,
                                         "reason": "both-lines-draw"}


def test_svg_goes_to_a_file_or_to_stdout(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    target = tmp_path / "answer.svg"
    status, out, _ = _run(capsys, "sploof", "1c3", "--svg", str(target))
    assert status == 0 and out.startswith("Sploof: is 1c3 legal")
    from_file = target.read_text(encoding="utf-8")
    status, out, _ = _run(capsys, "sploof", "1c3", "--svg", "-")
    assert status == 0 and out == from_file
    root = ET.fromstring(out)
    assert root.tag.endswith("svg")


def test_an_unwritable_svg_path_is_one_error_line(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    status, _, err = _run(capsys, "sploof", "1c3", "--svg", str(tmp_path / "no" / "x.svg"))
    assert status == 1 and err.startswith("error: cannot write ") and \
        err.count("\n") == 1


def test_help_documents_how_moves_and_question_are_told_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["explain", "--help"])
    out = capsys.readouterr().out
    assert "LAST move written without --moves" in out
    assert "explain sploof --moves 1c3 1e3 3c3" in out
    assert 'explain sploof --moves "1c3 1e3" 3c3' in out
