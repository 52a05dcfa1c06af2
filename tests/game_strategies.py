"""Hypothesis strategy shared by every game: the states of a random game."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from shibumi_rules.contract.game import Game


def random_game(draw: st.DrawFn, game: Game[Any, Any], start: Any, max_moves: int
                ) -> list[Any]:
    """The states of a random game from ``start``, the start first; it stops after
    ``max_moves`` moves or when the game is over."""
    state = start
    states = [state]
    for _ in range(draw(st.integers(0, max_moves))):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, draw(st.sampled_from(moves)))
        states.append(state)
    return states
