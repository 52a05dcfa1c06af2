"""Sploof perft: the fast counter (a deliberate copy of the rules, see
``games/sploof/perft.py``) agrees with the plain legal_moves/play tree on random
positions (reachable ones, and crowded ones where a player may be stuck with balls in
stock) under every value of every option, the others drawn at random, and the small
counts from the start (larger ones are measured by ``shibumi-rules bench``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.perft import counter_for
from shibumi_rules.games.sploof.perft import perft as fast_perft

from .test_sploof_strategies import OPTIONS, any_positions

OPTION_VALUES = [(spec.name, value) for spec in GAME.options for value in spec.values or ()]
"""Every value of every option of the game."""


def plain_perft(state: SploofState, depth: int) -> int:
    """The definition: leaves of the legal-move tree; finished games have no children."""
    if depth == 0:
        return 1
    return sum(plain_perft(GAME.play(state, m), depth - 1) for m in GAME.legal_moves(state))


def test_perft_from_the_start() -> None:
    start = GAME.start()
    assert [GAME.perft(start, d) for d in range(5)] == [1, 16, 256, 4064, 63704]
    assert plain_perft(start, 3) == 4064


def test_perft_does_not_depend_on_options_or_first_player_at_the_start() -> None:
    for options in ({"supply": "unlimited"}, {"simultaneous": "draw"},
                    {"stuck": "pass", "blocking": "one"}, {"blocking": "none"}):
        assert GAME.perft(GAME.start(options, "black"), 4) == 63704


def test_divide_sums_to_perft() -> None:
    rows = GAME.divide(GAME.start(), 3)
    assert [move for move, _ in rows] == GAME.legal_move_texts(GAME.start())
    assert sum(n for _, n in rows) == 4064


@pytest.mark.parametrize(("name", "value"), OPTION_VALUES,
                         ids=[f"{name}={value}" for name, value in OPTION_VALUES])
@settings(max_examples=30, deadline=None)
@given(data=st.data(), depth=st.integers(1, 3))
def test_fast_perft_agrees_with_the_plain_tree(name: str, value: str, data: st.DataObject,
                                               depth: int) -> None:
    options = {**data.draw(OPTIONS), name: value}
    state = data.draw(any_positions(options, max_moves=40))
    expected = plain_perft(state, depth)
    assert GAME.perft(state, depth) == expected
    if not GAME.is_over(state):
        assert fast_perft(state, depth) == expected


@settings(max_examples=40, deadline=None)
@given(data=st.data(), depth=st.integers(1, 3))
def test_divide_with_one_shared_table_gives_the_plain_rows(data: st.DataObject,
                                                           depth: int) -> None:
    """``divide`` shares one transposition table between its first moves; each row is
    still the plain count below that move, in canonical order."""
    state = data.draw(any_positions(data.draw(OPTIONS), max_moves=40))
    expected = [(GAME.format_move(m), plain_perft(GAME.play(state, m), depth - 1))
                for m in GAME.legal_moves(state)]
    assert GAME.divide(state, depth) == expected


def test_a_counter_is_reused_across_depths() -> None:
    start = GAME.start()
    counter = counter_for(start)
    assert [counter.count_state(start, d) for d in (4, 3, 2, 4)] == [63704, 4064, 256, 63704]


def test_perft_where_only_the_movers_lines_count() -> None:
    """lines_checked=mover: White to move already holds a row; the game goes on, and
    every White move that keeps the row wins (SPF-RUL-8)."""
    state = GAME.play_text(GAME.parse_position(
        "RRRR,WWWW,RB.R,RRRR/B..,B..,.../..,../. black stock:1,2 supply:11,11,6 "
        "lines_checked=mover"), "x1a1")
    assert not GAME.is_over(state)
    for depth in (1, 2, 3):
        expected = plain_perft(state, depth)
        assert GAME.perft(state, depth) == fast_perft(state, depth) == expected
        assert sum(n for _, n in GAME.divide(state, depth)) == expected
    going_on = [GAME.format_move(m) for m in GAME.legal_moves(state)
                if not GAME.is_over(GAME.play(state, m))]
    assert going_on == ["2b2"]  # the one move that crosses White's own row again


def test_perft_counts_a_pass_as_a_move() -> None:
    """stuck=pass (SPF-RUL-3): Black's only move is the pass, then White removes 1a1;
    under stuck=lose the position is over."""
    text = "RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,5 supply:4,1,7"
    state = GAME.parse_position(text + " stuck=pass")
    for depth in (1, 2, 3, 4):
        expected = plain_perft(state, depth)
        assert GAME.perft(state, depth) == fast_perft(state, depth) == expected
    assert GAME.divide(state, 2) == [("pass", 1)]
    assert GAME.perft(GAME.parse_position(text), 1) == 0
