"""The solver agrees with an exhaustive minimax over the plain rules.

On 200 random mid-game positions of Spline and Sploof whose whole remaining tree is
small, ``solve`` (through each game's own kernel: Spline's fast path, Sploof's plain
rules) gives the value, the length of the game under perfect play (the winner hurries,
the loser holds out) and the set of best moves that a plain minimax gives. The minimax
here is written for the test alone: values are compared as tuples, not as the solver's
scaled scores, and it reads only ``legal_moves``, ``play``, ``is_over`` and the returns.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from shibumi_rules.registry import get_definition
from shibumi_rules.solver.search import OutOfBudget, Search
from shibumi_rules.solver.solve import solve

TREE_LIMIT = 800
"""Positions with a larger remaining tree are not drawn (the minimax walks it all)."""
PER_GAME = 100
TEN_MOVES = ("1a1", "1c1", "1e1", "1a3", "1c3", "1g1", "1e3", "1g3", "1a5", "1c5")
"""A Spline game White wins in 3 plies from here (1e5; 1g7 wins in 15)."""


class TooBig(Exception):
    pass


def _rank(value: float, plies: int) -> tuple[float, int]:
    """How good (value, plies to the end) is for the mover: more value, then a faster
    win, a slower loss; the length of a draw does not count (the solver's scores do not
    keep it either)."""
    if value > 0:
        return value, -plies
    if value < 0:
        return value, plies
    return 0.0, 0


def minimax(game: Any, actions: Any, state: Any, count: list[int]
            ) -> tuple[float, int, list[str]]:
    """(value for the mover, plies to the end, best moves) by walking the whole tree."""
    count[0] += 1
    if count[0] > TREE_LIMIT:
        raise TooBig
    mover = actions.seat_to_move(state)
    if game.is_over(state):
        return actions.returns(state)[mover], 0, []
    results = []
    for move in game.legal_moves(state):
        child = game.play(state, move)
        value, plies, _ = minimax(game, actions, child, count)
        if game.is_over(child) or actions.seat_to_move(child) != mover:
            value = -value if not game.is_over(child) else \
                actions.returns(child)[mover]
        results.append((value, plies + 1, game.format_move(move)))
    top = max(_rank(v, p) for v, p, _ in results)
    best = [m for v, p, m in results if _rank(v, p) == top]
    value, plies = next((v, p) for v, p, _ in results if _rank(v, p) == top)
    return value, plies, best


def _positions(name: str, seed: int) -> list[tuple[Any, tuple[float, int, list[str]]]]:
    """Random games, each cut a few plies before its end, while the rest is small."""
    definition = get_definition(name)
    game, actions = definition.rules(), definition.actions()
    rng = random.Random(seed)
    out: list[tuple[Any, tuple[float, int, list[str]]]] = []
    while len(out) < PER_GAME:
        state = game.start(first=rng.choice(game.first_choices) if game.first_choices
                           else None)
        states = [state]
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            states.append(state)
        state = states[max(0, len(states) - 1 - rng.randint(1, 5))]
        if game.is_over(state):
            continue
        try:
            out.append((state, minimax(game, actions, state, [0])))
        except TooBig:
            continue
    return out


@pytest.mark.parametrize("name,seed", [("spline", 30), ("sploof", 31)])
def test_solve_agrees_with_plain_minimax(name: str, seed: int) -> None:
    definition = get_definition(name)
    game, actions = definition.rules(), definition.actions()
    kinds = set()
    for state, (value, plies, best) in _positions(name, seed):
        answer = solve(game, actions, state)
        where = game.format_position(state)
        assert answer.solved, where
        assert answer.value == value, where
        assert answer.plies == (plies if value != 0 else answer.plies), where
        assert sorted(answer.best) == sorted(best), where
        assert answer.line and answer.line[0] in best, where
        kinds.add(value)
    assert {1.0, -1.0} <= kinds, "the sample holds wins and losses for the mover"


def test_a_budget_stops_the_search_without_a_guess() -> None:
    definition = get_definition("sploof")
    game, actions = definition.rules(), definition.actions()
    answer = solve(game, actions, game.start(), budget=200)
    assert not answer.solved
    assert answer.value is None and answer.best == ()
    assert answer.stats.nodes == 201
    assert "not solved: node budget spent" in answer.summary()


def test_the_table_merges_transpositions() -> None:
    game = get_definition("spline").rules()
    state = game.replay(game.start(), TEN_MOVES[:6])
    search = Search(game.search_kernel() or pytest.fail("Spline has a kernel"), budget=20000)
    with pytest.raises(OutOfBudget):
        search.score(search.kernel.node(state))
    stats = search.stats()
    assert 0 < stats.hits <= stats.probes and stats.entries > 0
