"""The trace of the rules (``contract.trace``) changes nothing: over random games of
every registered game, under random options, ``play_traced`` gives the state ``play``
gives (or the same IllegalMoveError) and ``outcome_traced`` the outcome
``outcome_json`` gives; a legal move's checks all hold and an illegal move's trace
ends at the rule its error names."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules.contract.game import Game
from shibumi_rules.contract.trace import UNTRACED, Trace, trace_of
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.registry import definitions
from shibumi_rules.verdict import Verdict
from tests.game_strategies import random_game

GAMES = {d.name: d.rules() for d in definitions()}


def _options(draw: st.DrawFn, game: Game[Any, Any]) -> dict[str, str]:
    options = {}
    for spec in game.options:
        values = spec.values if spec.values is not None else (spec.default, "none", "6")
        options[spec.name] = draw(st.sampled_from(values))
    return options


@st.composite
def _games(draw: st.DrawFn, game: Game[Any, Any]) -> list[Any]:
    return random_game(draw, game, game.start(_options(draw, game)), 40)


def _same_play(game: Game[Any, Any], state: Any, move: Any) -> None:
    try:
        expected = game.play(state, move)
    except IllegalMoveError as err:
        with pytest.raises(IllegalMoveError) as traced_err:
            game.play_traced(state, move)
        assert (traced_err.value.rule_id, traced_err.value.message) == (err.rule_id,
                                                                        err.message)
        trace = game.trace_move(state, move).trace
        assert trace.traced and not trace.legal and trace.failure is not None
        assert trace.failure.rule == err.rule_id
        assert not trace.effects and not trace.outcome
        return
    after, trace = game.play_traced(state, move)
    assert after == expected
    assert game.format_position(after) == game.format_position(expected)
    assert trace.traced and trace.legal and trace.checks and trace.effects and trace.outcome
    assert all(v.holds is not False for v in trace.checks)
    assert all(v.holds is None for v in trace.effects)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_traced_and_untraced_play_agree(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    states = data.draw(_games(game))
    for before, state in zip([None, *states], states):
        outcome, trace = game.outcome_traced(state)
        assert outcome == game.outcome_json(state)
        assert trace.traced and trace.outcome and not trace.checks
        legal = game.legal_moves(state)
        for move in data.draw(st.lists(st.sampled_from(legal), max_size=3)) if legal else ():
            _same_play(game, state, move)
        # moves of the position before, most of them illegal now (the point is taken,
        # the stock or the turn has changed), and every move of a finished game
        stale = game.legal_moves(before) if before is not None else []
        for move in data.draw(st.lists(st.sampled_from(stale), max_size=3)) if stale else ():
            _same_play(game, state, move)


def test_an_untraced_game_gives_no_evidence() -> None:
    """The contract's default trace is marked untraced, so that no consumer takes its
    emptiness for a pass."""
    assert not UNTRACED.traced and not UNTRACED.verdicts and UNTRACED.legal


def test_the_rules_of_a_trace_are_in_order_each_once() -> None:
    checks = (Verdict("A-1", "a", True, ("B-1",)), Verdict("C-1", "c", False))
    trace = trace_of(checks, (Verdict("B-1", "b", None, ("D-1",), {"stock": [1, 0]}),),
                     (Verdict("E-1", "e"),))
    assert trace.rule_ids() == ["A-1", "B-1", "C-1", "D-1", "E-1"]
    assert trace.rule_ids("effects") == ["B-1", "D-1"]
    assert trace.failure == checks[1] and not trace.legal
    assert [v.rule for v in trace.effects_with("stock")] == ["B-1"]
    assert trace.effects_with("supply") == () and isinstance(trace, Trace)
