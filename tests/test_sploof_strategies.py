"""Hypothesis strategies for reachable Sploof positions (random games from the start
under random options), and checks that the strategy really explores the game."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.games.sploof.game import GAME, SploofState

from .game_strategies import random_game

FIRST = st.sampled_from(("white", "black"))
OPTIONS = st.fixed_dictionaries({
    spec.name: st.sampled_from(spec.values or ()) for spec in GAME.options
})
"""Every option of the game, each at any of its values."""


@st.composite
def games(draw: st.DrawFn, max_moves: int = 60) -> list[SploofState]:
    """The states of a random game from the start, the start first; it stops after
    ``max_moves`` moves or when the game is over."""
    return random_game(draw, GAME, GAME.start(draw(OPTIONS), draw(FIRST)), max_moves)


@st.composite
def positions(draw: st.DrawFn, max_moves: int = 60) -> SploofState:
    """A reachable position: the last state of a random game."""
    return draw(games(max_moves))[-1]


@st.composite
def positions_under(draw: st.DrawFn, options: dict[str, str], max_moves: int = 60
                    ) -> SploofState:
    """A reachable position under the given options."""
    state: SploofState = random_game(draw, GAME, GAME.start(options, draw(FIRST)),
                                     max_moves)[-1]
    return state


@settings(max_examples=200)
@given(games())
def test_random_games_alternate_turns_and_end_only_at_the_end(
        states: list[SploofState]) -> None:
    for before, after in pairwise(states):
        assert after.turn != before.turn
        assert not GAME.is_over(before)


def test_random_games_reach_finished_games() -> None:
    finished = []

    @settings(max_examples=100, database=None)
    @given(positions(max_moves=200))
    def collect(state: SploofState) -> None:
        finished.append(GAME.is_over(state))

    collect()
    assert any(finished)
