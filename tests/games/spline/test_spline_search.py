"""Spline's search kernel (``games/spline/search.py``, a fast path) agrees with the plain
rules on random reachable positions: the same moves, the same children, the same ends
and values, keys shared only by symmetric or colour-swapped positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.board import Board
from shibumi_rules.games.spline.actions import ACTIONS
from shibumi_rules.games.spline.game import GAME, SplineState
from shibumi_rules.games.spline.search import KERNEL, SYMMETRY_TABLES, image
from shibumi_rules.notation import Colour
from shibumi_rules.solver.plain import PlainKernel

from .test_spline_strategies import positions

PLAIN = PlainKernel(GAME, ACTIONS)


def _mapped(state: SplineState, tables: tuple[tuple[int, ...], ...], swap: bool
            ) -> SplineState:
    white, black, _ = state.board.masks
    white, black = image(tables, white), image(tables, black)
    if swap:
        return SplineState(Board((black, white, 0)), Colour(1 - state.turn))
    return SplineState(Board((white, black, 0)), state.turn)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_kernel_is_the_plain_rules(state: SplineState) -> None:
    node = KERNEL.node(state)
    assert KERNEL.state(node) == state
    assert KERNEL.mover(node) == PLAIN.mover(state)
    assert KERNEL.end_value(node) == PLAIN.end_value(state)
    fast = {move: KERNEL.state(child) for move, child in KERNEL.children(node)}
    plain = dict(PLAIN.children(state))
    assert fast == plain
    for move, child in KERNEL.children(node):
        assert KERNEL.end_value(child) == PLAIN.end_value(plain[move])
        assert KERNEL.mover(child) == PLAIN.mover(plain[move])
    wins = [m for m, child in PLAIN.children(state) if PLAIN.end_value(child) == -1.0]
    assert KERNEL.win_now(node) == bool(wins)
    assert KERNEL.moves_left(node) == ACTIONS.moves_left_bound(state)


@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(0, 7), st.booleans())
def test_symmetric_and_colour_swapped_positions_share_a_key(
        state: SplineState, which: int, swap: bool) -> None:
    twin = _mapped(state, SYMMETRY_TABLES[which], swap)
    assert KERNEL.key(KERNEL.node(twin)) == KERNEL.key(KERNEL.node(state))
    assert PLAIN.end_value(twin) == PLAIN.end_value(state)


@settings(max_examples=60, deadline=None)
@given(positions(max_moves=8))
def test_a_key_is_shared_only_by_images(state: SplineState) -> None:
    """Children of one position often are images of each other (from the start, all
    sixteen are three up to symmetry): equal keys only there."""
    children = [child for _, child in PLAIN.children(state)]
    by_key: dict[int, SplineState] = {}
    for child in children:
        first = by_key.setdefault(KERNEL.key(KERNEL.node(child)), child)
        images = {GAME.format_position(_mapped(first, t, swap))
                  for t in SYMMETRY_TABLES for swap in (False, True)}
        assert GAME.format_position(child) in images


def test_the_start_has_three_kinds_of_first_move() -> None:
    start = KERNEL.node(GAME.start())
    assert len({KERNEL.key(child) for _, child in KERNEL.children(start)}) == 3
