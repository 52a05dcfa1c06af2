"""The Spline theorems: their witness game is legal in the engine and lasts 28 balls,
their counterexamples are positions the engine reads, and they catch a wrong line table
or a wrong claim (the theorems themselves are run by ``test_proofs``)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import z3

from proofs import model
from proofs import spline_model as sm
from proofs import spline_theorems as st
from proofs.solver import (
    Z3,
    Outcome,
    board_counterexample,
    board_in,
    check,
    count,
    well_formed,
)
from proofs.theorems import by_name
from shibumi_rules.games.spline.game import GAME
from shibumi_rules.games.spline.lines import LINES
from shibumi_rules.geometry import LEVEL_MASKS
from shibumi_rules.notation import Colour

NAMES = ("spline-lines-table", "spline-level-3-decides", "spline-only-the-mover-makes-lines",
         "spline-supply-suffices", "spline-longest-game")


@cache
def _proved(name: str) -> Outcome:
    return by_name()[name].prove()


@pytest.mark.slow
def test_every_spline_theorem_is_registered_and_proved() -> None:
    for name in NAMES:
        outcome = _proved(name)
        assert outcome.proved, f"{name}: {outcome.summary}"


def test_the_longest_game_is_legal_in_the_engine_and_ends_at_the_28th_ball() -> None:
    facts = _proved("spline-longest-game").facts
    state = GAME.replay(GAME.start(), facts["moves"])
    assert GAME.format_position(state) == facts["position"]
    assert not GAME.is_over(state) and len(facts["moves"]) == 27
    assert GAME.legal_move_texts(state) == facts["last_moves"]
    for last in facts["last_moves"]:
        after = GAME.play_text(state, last)
        assert GAME.outcome_json(after)["winner"] == "black"
        assert after.board.occupied.bit_count() == facts["longest_game"] == 28
        assert after.board.count(Colour.BLACK) == 14


@pytest.mark.slow
def test_the_facts_match_the_engine() -> None:
    assert _proved("spline-lines-table").facts["lines_per_level"] == {1: 10, 2: 8, 3: 6}
    assert _proved("spline-supply-suffices").facts["most_placed"] == 14
    assert len(sm.LINES) == len(LINES) == 24


def test_a_wrong_line_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(st, "LINES", LINES[:-1])
    outcome = st.spline_lines_table()
    assert not outcome.proved and "3e3 3c5 missing from the table" in outcome.summary


def test_a_false_claim_gets_a_counterexample_the_engine_reads() -> None:
    """'Two balls on level 3 always hold a line' is false (one of each colour); the
    counterexample is a position of a game (its counts alternate)."""
    balls = {c: [z3.Bool(f"f_{c}_{p}") for p in model.POINTS] for c in sm.COLOURS}
    occ = model.occupancy(Z3, balls)
    white, black = count(balls["W"]), count(balls["B"])

    def explain(m: Any) -> Any:
        return board_counterexample(board_in(m, balls), "two balls, no line")

    outcome = check([well_formed(balls), count(occ[p] for p in st.TOP) == 2],
                    z3.Or(sm.has_line(Z3, balls["W"]), sm.has_line(Z3, balls["B"])), "",
                    explain, presentable=[white - black >= 0, white - black <= 1])
    assert not outcome.proved and outcome.counterexample is not None
    board = outcome.counterexample.position
    turn = "white" if board.count("W") == board.count("B") else "black"
    state = GAME.parse_position(f"{board} {turn}")
    assert not GAME.is_over(state)
    assert (state.board.occupied & LEVEL_MASKS[2]).bit_count() == 2
