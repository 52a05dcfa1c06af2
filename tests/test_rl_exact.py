"""The exact-play bot of the learning adapters: OpenSpiel's MCTS does not beat it, and
PettingZoo's agents get the same perfect moves. Skipped without the ``rl`` extra."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the rl extra (open-spiel)")
openspiel = pytest.importorskip("shibumi_rules.openspiel",
                                reason="needs the rl extra (open-spiel, numpy)")
pettingzoo = pytest.importorskip("shibumi_rules.pettingzoo",
                                 reason="needs the rl extra (pettingzoo)")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from shibumi_rules.registry import get_definition  # noqa: E402
from shibumi_rules.solver.solve import solve  # noqa: E402

BUDGET = 50_000
"""Positions the bot may search per move; the positions below need fewer."""


def _positions(count: int, seed: int) -> list[str]:
    """Spline positions of random games with at least 12 balls, five plies before the
    random game's end."""
    definition = get_definition("spline")
    game = definition.rules()
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        states = [game.start(first=rng.choice(game.first_choices))]
        while not game.is_over(states[-1]):
            states.append(game.play(states[-1], rng.choice(game.legal_moves(states[-1]))))
        if len(states) > 17:
            out.append(game.format_position(states[-6]))
    return out


@pytest.mark.parametrize("position", _positions(4, 7))
def test_mcts_does_not_beat_the_exact_bot(position: str) -> None:
    definition = get_definition("spline")
    game, actions = definition.rules(), definition.actions()
    state0 = game.parse_position(position)
    value = solve(game, actions, state0, budget=BUDGET)
    assert value.solved and value.value is not None
    spiel = pyspiel.load_game("shibumi_spline")
    for exact_seat in (0, 1):
        bots = {exact_seat: openspiel.ExactBot(BUDGET),
                1 - exact_seat: mcts.MCTSBot(
                    spiel, 2.0, 300, mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
                    random_state=np.random.RandomState(5))}
        state = spiel.new_initial_state(position)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        mover = actions.seat_to_move(state0)
        guaranteed = value.value if exact_seat == mover else -value.value
        assert returns[exact_seat] >= guaranteed, (position, exact_seat)


def test_pettingzoo_agents_get_the_solvers_move() -> None:
    environment = pettingzoo.env("spline")
    environment.reset()
    raw = environment.unwrapped
    for text in ("1a1", "1c1", "1e1", "1a3", "1c3", "1g1", "1e3", "1g3", "1a5", "1c5"):
        environment.step(raw.learning.index[text])
    action = pettingzoo.exact_action(environment, BUDGET)
    assert raw.learning.action_text(action) == "1e5"  # the one win in 3 plies
    environment.reset()
    with pytest.raises(RuntimeError, match="not solved within 10 positions"):
        pettingzoo.exact_action(environment, 10)
