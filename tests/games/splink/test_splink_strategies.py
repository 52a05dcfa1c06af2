"""Hypothesis strategies for reachable Splink positions (random games from the start
under random options), and checks that the strategy explores the whole game."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.games.splink.game import GAME, end_reason
from shibumi_rules.games.splink.state import SplinkState

from ...game_strategies import random_game

OPTIONS = st.fixed_dictionaries({
    "supply": st.sampled_from(("limited", "unlimited")),
    "max_turns": st.sampled_from(("none", "none", "none", "12")),
})


@st.composite
def games(draw: st.DrawFn, max_moves: int = 80) -> list[SplinkState]:
    """The states of a random game from the start, the start first; it stops after
    ``max_moves`` moves or when the game is over."""
    return random_game(draw, GAME, GAME.start(draw(OPTIONS)), max_moves)


@st.composite
def positions(draw: st.DrawFn, max_moves: int = 80) -> SplinkState:
    """A reachable position: the last state of a random game."""
    return draw(games(max_moves))[-1]


@settings(max_examples=100)
@given(games())
def test_random_games_alternate_roles_and_end_only_at_the_end(
        states: list[SplinkState]) -> None:
    for before, after in itertools.pairwise(states):
        assert after.role == before.role.other
        assert after.turns == before.turns + 1
        assert end_reason(before) is None


def test_random_games_reach_every_kind_of_position() -> None:
    """The strategy is worth its name: seen over many draws, random games contain
    removals at levels 1 and 2, complete pyramids and the turn limit."""
    seen: set[str] = set()

    @settings(max_examples=150, database=None)
    @given(games())
    def collect(states: list[SplinkState]) -> None:
        last = states[-1]
        reason = end_reason(last)
        if reason is not None:
            seen.add(reason)
        for before, after in itertools.pairwise(states):
            if after.occupied.bit_count() == before.occupied.bit_count():
                seen.add("removal")

    collect()
    assert {"removal", "pyramid-complete", "max-turns"} <= seen
