"""Random playouts of every game, under random options and first player, keep the
contract's invariants at every state: the legal moves are distinct, canonical and all
playable, their fast count agrees, the outcome says "not over" exactly while a move is
left, a finished game has no move and its outcome names a reason, and the learning
bound on the moves left (where the game has one) falls with every move."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import spec
from shibumi_rules.contract.game import Game
from shibumi_rules.errors import IllegalMoveError, ShibumiError

from .selection import GAMES, definition, rules
from .strategies import playouts


def _bound(name: str, state: Any) -> int | None:
    """The game's bound on the moves left, or None (no actions part, or no bound)."""
    try:
        actions = definition(name).actions()
    except ShibumiError:
        return None
    return actions.moves_left_bound(state)


def _check_state(game: Game[Any, Any], state: Any) -> list[Any]:
    moves = game.legal_moves(state)
    assert game.legal_moves(state) == moves, "legal_moves is not deterministic"
    assert len(set(moves)) == len(moves), "a legal move is listed twice"
    assert game.count_moves(state) == len(moves)
    outcome = game.outcome_json(state)
    json.dumps(outcome)  # the outcome of play --json is JSON
    text = game.outcome_text(state)
    assert text and "\n" not in text.strip()
    assert outcome["over"] is game.is_over(state)
    if game.is_over(state):
        assert moves == [], "a finished game has legal moves"
        assert isinstance(outcome.get("reason"), str), outcome
    else:
        assert moves, "the game is not over, yet no move is legal"
    assert game.describe(state)
    return moves


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_random_playouts_keep_the_invariants(name: str, data: st.DataObject) -> None:
    game = rules(name)
    played = data.draw(playouts(definition(name)))
    for before, move, after in zip(played.states, played.moves, played.states[1:]):
        assert move in _check_state(game, before)
        assert game.play(before, move) == after, "play is not deterministic"
        bound = _bound(name, before)
        if bound is not None:
            after_bound = _bound(name, after)
            assert after_bound is not None and after_bound <= bound - 1
    _check_state(game, played.states[-1])


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_every_legal_move_plays_and_a_finished_game_refuses_one(name: str,
                                                                 data: st.DataObject) -> None:
    """Each legal move of a random position plays; once the game is over, a move that
    was legal before it is refused with a rule of the specification."""
    game = rules(name)
    played = data.draw(playouts(definition(name)))
    state = played.states[data.draw(st.integers(0, len(played.states) - 1))]
    for move in game.legal_moves(state):
        game.play(state, move)
    last = played.states[-1]
    if game.is_over(last) and played.moves:
        with pytest.raises(IllegalMoveError) as refused:
            game.play(last, played.moves[-1])
        assert refused.value.rule_id in spec.current()


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_within_the_declared_bound(name: str) -> None:
    """Under the options the learning adapters start from (the game's defaults, with a
    finite game where the defaults let it go on for ever), random games end within the
    bound on the moves left that the game's actions declare."""
    try:
        actions = definition(name).actions()
    except ShibumiError as err:
        pytest.skip(f"{name} has no learning actions: {err}")
    game = rules(name)
    start = game.start(dict(actions.adapter_defaults))
    bound = actions.moves_left_bound(start)
    assert bound is not None, "the adapters' options must give a finite game"
    rng = random.Random(name)
    for _ in range(20):
        state, plies = start, 0
        while not game.is_over(state):
            assert plies < bound
            state = game.play(state, rng.choice(game.legal_moves(state)))
            plies += 1
        assert game.legal_moves(state) == []
