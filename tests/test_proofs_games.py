"""The game theorems' certificates hold in the engine too, and the theorems catch a
broken model: a wrong rule gives a counterexample position the engine can read."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from proofs import splink_model as km
from proofs import sploof_model as sm
from proofs.solver import Outcome
from proofs.theorems import by_name
from shibumi_rules.games.sploof.lines import LINES
from shibumi_rules.registry import get_game

SPLINK = get_game("splink")
SPLOOF = get_game("sploof")
EXTREMES = ["splink-greatest-score-16-16", "splink-least-score-16-16",
            "splink-greatest-score-unlimited", "splink-least-score-unlimited"]


@cache
def _proved(name: str) -> Outcome:
    return by_name()[name].prove()


@pytest.mark.parametrize("name", EXTREMES)
def test_witness_games_are_legal_in_the_engine(name: str) -> None:
    outcome = _proved(name)
    assert outcome.proved, outcome.summary
    facts = outcome.facts
    options = {"supply": "limited" if "16-16" in name else "unlimited"}
    state = SPLINK.replay(SPLINK.start(options), facts["witness_game"].split())
    assert SPLINK.outcome_json(state) == {"over": True, "score": facts["reached"],
                                          "reason": "pyramid-complete"}
    assert SPLINK.format_position(state) == facts["witness_final"]["position"]
    assert facts["reachable"] == (facts["reached"] == facts["extreme"])


def test_unreachable_extremes_are_the_least_scores() -> None:
    facts = {name: _proved(name).facts for name in EXTREMES}
    assert (facts["splink-least-score-16-16"]["extreme"],
            facts["splink-least-score-16-16"]["reached"]) == (10, 11)
    assert (facts["splink-least-score-unlimited"]["extreme"],
            facts["splink-least-score-unlimited"]["reached"]) == (0, 4)


def test_broken_splink_swap_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A swap that forgets to return the removed ball to the supply (SPK-RUL-2).
    real = km.after_swap

    def broken(logic: Any, arith: Any, s: Any, removed: Sequence[Any], placed: Sequence[Any],
               unlimited: bool) -> Any:
        after = real(logic, arith, s, removed, placed, unlimited)
        if unlimited:
            return after
        red = km.removed_is_red(logic, s, removed)
        one = arith.num(1)
        supply = (arith.ite(red, arith.sub(after.supply[0], one), after.supply[0]),
                  arith.ite(red, after.supply[1], arith.sub(after.supply[1], one)))
        return km.State(after.balls, after.turns, supply)

    monkeypatch.setattr(km, "after_swap", broken)
    outcome = by_name()["splink-conservation"].prove()
    assert not outcome.proved and outcome.counterexample is not None
    state = SPLINK.parse_position(outcome.counterexample.position)
    assert outcome.counterexample.note.startswith("swap")
    assert SPLINK.legal_moves(state)


def test_broken_sploof_removal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A removal that keeps the red ball out of the supply (SPF-REMOVE-1).
    real = sm.after_remove

    def broken(logic: Any, arith: Any, s: Any, at: Sequence[Any], unlimited: bool) -> Any:
        after = real(logic, arith, s, at, unlimited)
        return sm.State(after.balls, after.white_to_move, after.stock,
                        (after.supply[0], after.supply[1], s.supply[2]))

    monkeypatch.setattr(sm, "after_remove", broken)
    outcome = by_name()["sploof-conservation"].prove()
    assert not outcome.proved and outcome.counterexample is not None
    state = SPLOOF.parse_position(outcome.counterexample.position)
    move = outcome.counterexample.note.split()[-1]
    assert f"x{move}" in SPLOOF.legal_move_texts(state)


def test_a_missing_line_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("proofs.sploof_theorems.LINES", LINES[:-1])
    outcome = by_name()["sploof-lines-table"].prove()
    assert not outcome.proved and "missing from the table" in outcome.summary
