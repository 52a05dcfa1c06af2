"""``shibumi-rules solve`` and the certificates: answers, limits, a clean stop on SIGINT,
and a checker that refuses every certificate that does not prove its claim."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from typing import Any

import pytest

from shibumi_rules.cli import main
from shibumi_rules.registry import get_definition
from shibumi_rules.solver.certificate import (
    CertificateError,
    build_strategy,
    certificate_document,
    check_certificate,
    position_key,
)
from shibumi_rules.solver.plain import kernel_of
from shibumi_rules.solver.search import Search
from shibumi_rules.solver.solve import solve

from .test_solver import TEN_MOVES

SPLINE = get_definition("spline")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_the_value_the_best_moves_and_the_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["solve", "spline", *TEN_MOVES, "--json", "--quiet"], capsys)
    assert status == 0
    answer = json.loads(out)
    assert answer["solved"] and answer["to_move"] == "white" and answer["winner"] == "white"
    assert answer["value"] == 1.0 and answer["plies"] == 3
    assert answer["best_moves"] == ["1e5"]  # 1g7 wins too, in 15 plies
    game = SPLINE.rules()
    state = game.replay(game.start(), [*TEN_MOVES, *answer["line"]])
    assert game.outcome_json(state)["winner"] == "white"
    status, out, _ = _run(["solve", "spline", *TEN_MOVES, "--quiet"], capsys)
    assert out == "White can force a win in 2 (3 plies: 1e5, then 1e7 1g7)\n"


def test_a_loss_names_the_longest_defence(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["solve", "spline", *TEN_MOVES, "1e5", "--json", "--quiet"], capsys)
    answer = json.loads(out)
    assert status == 0 and answer["to_move"] == "black"
    assert answer["value"] == -1.0 and answer["plies"] == 2 and answer["winner"] == "white"
    game = SPLINE.rules()
    state = game.replay(game.start(), [*TEN_MOVES, "1e5"])
    assert answer["best_moves"] == game.legal_move_texts(state)  # every move loses in 2
    assert len(answer["line"]) == 2


def test_out_of_budget_is_not_solved(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["solve", "sploof", "--nodes", "100", "--json", "--quiet"], capsys)
    answer = json.loads(out)
    assert status == 0 and not answer["solved"] and answer["value"] is None
    assert answer["reason"] == "node budget spent" and answer["search"]["nodes"] == 101


def test_a_game_without_end_needs_a_depth(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_definition("splink").rules()
    unbounded = [o for o in game.options if o.name == "max_turns"]
    if not unbounded or unbounded[0].default != "none":
        pytest.skip("Splink's default ends every game")
    status, out, _ = _run(["solve", "splink", "--quiet"], capsys)
    assert status == 0 and "not solved: the game may go on for ever" in out


@pytest.mark.parametrize("argv,message", [
    (["--nodes", "0"], "--nodes 0: expected a positive number"),
    (["--depth", "-1"], "--depth -1: expected a non-negative integer"),
    (["1a1", "1a1"], "move 2 '1a1'"),
])
def test_bad_input_is_one_line(argv: list[str], message: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(["solve", "spline", *argv], capsys)
    assert status == 1 and out == ""
    assert message in err and err.count("\n") == 1


def test_sigint_gives_a_clean_not_solved_answer() -> None:
    child = subprocess.Popen([sys.executable, "-m", "shibumi_rules", "solve", "sploof",
                              "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stderr is not None
    assert child.stderr.readline().startswith("solve: ")  # the search is under way
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    answer = json.loads(out)
    assert not answer["solved"] and answer["reason"] == "interrupted"
    assert answer["search"]["nodes"] > 0
    assert "Traceback" not in err


def _certificate() -> tuple[Any, Any, dict[str, Any]]:
    game, actions = SPLINE.rules(), SPLINE.actions()
    state = game.replay(game.start(), TEN_MOVES)
    search = Search(kernel_of(game, actions))
    won, strategy, longest = build_strategy(game, search, state)
    return game, actions, certificate_document(game, actions, state, won, strategy, longest,
                                               search)


def test_a_certificate_replays_against_every_reply() -> None:
    game, actions, document = _certificate()
    report = check_certificate(game, actions, document)
    assert report.answers == document["positions"] == len(document["strategy"])
    assert report.winner_positions >= report.answers
    assert report.loser_positions > 0 and report.longest == document["longest"]


def test_the_checker_refuses_a_broken_certificate() -> None:
    game, actions, document = _certificate()
    first = next(iter(document["strategy"]))
    missing = {**document, "strategy": {k: v for k, v in document["strategy"].items()
                                        if k != first}}
    with pytest.raises(CertificateError, match="no answer for the position"):
        check_certificate(game, actions, missing)
    start = game.parse_position(document["position"])
    key = position_key(game, start)
    refused = 0
    for move in game.legal_move_texts(start):
        if move != document["strategy"][key]:
            bad = {**document, "strategy": {**document["strategy"], key: move}}
            try:
                check_certificate(game, actions, bad)
            except CertificateError:
                refused += 1
    assert refused >= 1, "some first answer does not win, and the checker says so"
    extra = {**document, "strategy": {**document["strategy"], "0" * 12: "1a1"}}
    with pytest.raises(CertificateError, match="never reached"):
        check_certificate(game, actions, extra)
    with pytest.raises(CertificateError, match="winner"):
        check_certificate(game, actions, {**document, "winner": "red"})


def test_a_dataset_holds_only_solved_positions(tmp_path: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "values.jsonl"
    status, out, _ = _run(["solve", "spline", "--dataset", str(target), "--count", "5",
                           "--nodes", "3000", "--seed", "4"], capsys)
    assert status == 0 and "5 solved positions of spline (seed 4)" in out
    game, actions = SPLINE.rules(), SPLINE.actions()
    lines = target.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    for line in lines:
        row = json.loads(line)
        state = game.parse_position(row["position"])
        again = solve(game, actions, state, budget=3000)
        assert (again.value, again.plies, list(again.best)) == \
            (row["value"], row["plies"], row["best_moves"])
        assert set(row["best_moves"]) <= set(game.legal_move_texts(state))


def test_a_game_longer_than_the_search_goes_is_not_solved_and_never_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Splink under a turn limit of 1,000 is bounded, but deeper than the search can go in
    Python frames: the answer says so, as explain's value line and bench do."""
    from shibumi_rules.solver.search import MAX_PLIES

    status, out, _ = _run(["solve", "splink", "--option", "max_turns=1000", "--nodes",
                           "100000", "--json", "--quiet"], capsys)
    answer = json.loads(out)
    assert status == 0 and not answer["solved"]
    assert f"limit of {MAX_PLIES} plies" in answer["reason"]
    status, out, _ = _run(["explain", "splink", "--option", "max_turns=1000", "--json"],
                          capsys)
    assert status == 0 and json.loads(out)["value"]["solved"] is False
    for name in ("sploof", "splink", "spline"):
        status, out, _ = _run(["bench", name, "--depth", "1", "--playouts", "0",
                               "--startup", "0", "--solve", "3000"], capsys)
        assert status == 0 and f"{name} solver" in out
