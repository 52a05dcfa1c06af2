"""The transposition tables of one perft count are bounded (``MAX_PERFT_ENTRIES``):
with a cap far below what a count would store, every game's fast perft gives the same
counts, and its tables never hold more than the cap."""

from __future__ import annotations

from typing import Any

import pytest

from shibumi_rules.games.spline import perft as spline_perft
from shibumi_rules.games.splink import perft as splink_perft
from shibumi_rules.games.sploof import perft as sploof_perft
from shibumi_rules.limits import MAX_PERFT_ENTRIES
from shibumi_rules.registry import get_game

CAPS = (1, 7, 50)


def _start(name: str, moves: int = 0) -> Any:
    game = get_game(name)
    state = game.start()
    for _ in range(moves):
        state = game.play(state, game.legal_moves(state)[0])
    return game, state


@pytest.mark.parametrize("cap", CAPS)
def test_sploof_counts_the_same_within_any_cap(cap: int) -> None:
    game, state = _start("sploof", 2)
    counter = sploof_perft.Counter(True, cap=cap)
    sizes = []
    for depth in (2, 3, 4):
        assert counter.count_state(state, depth) == game.perft(state, depth)
        sizes.append(sum(len(t) for t in counter.tables.values()))
    assert max(sizes) <= cap


@pytest.mark.parametrize("cap", CAPS)
def test_spline_counts_the_same_within_any_cap(cap: int) -> None:
    game, state = _start("spline", 2)
    for depth in (2, 3, 4):
        tables: spline_perft.Tables = {}
        assert spline_perft.perft(state, depth, tables, cap) == game.perft(state, depth)
        assert sum(len(t) for t in tables.values()) <= cap


@pytest.mark.parametrize("cap", CAPS)
def test_splink_counts_the_same_within_any_cap(cap: int) -> None:
    game, state = _start("splink", 1)
    for depth in (1, 2, 3):
        counter = splink_perft.Perft(state, cap)
        assert counter.leaves(state, depth) == game.perft(state, depth)
        inner = counter.counter
        assert len(inner.counts) + len(inner.memo) <= max(2, cap)


def test_the_default_cap_is_the_documented_limit() -> None:
    _, state = _start("sploof")
    assert sploof_perft.counter_for(state).cap == MAX_PERFT_ENTRIES
    _, state = _start("splink")
    assert splink_perft.Perft(state).counter.share * 2 == MAX_PERFT_ENTRIES
