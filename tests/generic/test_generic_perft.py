"""Every game's perft (its fast path, where it has one) and divide agree with the plain
tree counted over ``legal_moves`` and ``play``, on random positions of random option
combinations, at the depths whose tree stays small."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.contract.game import Game

from .selection import GAMES, definition, rules
from .strategies import positions

MAX_DEPTH = 3
LEAF_BUDGET = 5_000
"""The deepest plain tree counted: the depth grows while its leaves stay under this."""


def plain_perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The definition: leaves of the legal-move tree, a finished game having none."""
    if depth == 0:
        return 1
    return sum(plain_perft(game, game.play(state, m), depth - 1)
               for m in game.legal_moves(state))


def depths(game: Game[Any, Any], state: Any) -> list[int]:
    """1 up to ``MAX_DEPTH``, while the tree has at most ``LEAF_BUDGET`` leaves (each
    count is the game's own, held to the plain one by the test)."""
    found = [1]
    while found[-1] < MAX_DEPTH and game.perft(state, found[-1] + 1) <= LEAF_BUDGET:
        found.append(found[-1] + 1)
    return found


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_perft_and_divide_agree_with_the_plain_tree(name: str, data: st.DataObject) -> None:
    game = rules(name)
    state = data.draw(positions(definition(name)))
    assert game.perft(state, 0) == 1
    for depth in depths(game, state):
        expected = plain_perft(game, state, depth)
        assert game.perft(state, depth) == expected, depth
        rows = game.divide(state, depth)
        assert rows == [(game.format_move(m), plain_perft(game, game.play(state, m), depth - 1))
                        for m in game.legal_moves(state)], depth
        assert sum(n for _, n in rows) == expected


@pytest.mark.parametrize("name", GAMES)
def test_perft_from_the_start_is_the_plain_count(name: str) -> None:
    """The start position under the defaults, at the deepest depth within the budget:
    the count the perft files and ``conform`` begin with."""
    game = rules(name)
    start = game.start()
    depth = depths(game, start)[-1]
    assert game.perft(start, depth) == plain_perft(game, start, depth) > 0
