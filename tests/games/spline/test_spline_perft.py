"""Spline perft: the fast counter agrees with the plain legal_moves/play tree, and the
small counts from the start (larger ones are measured by ``shibumi-rules bench``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.games.spline.game import GAME, SplineState
from shibumi_rules.games.spline.perft import perft as fast_perft

from .test_spline_strategies import positions


def plain_perft(state: SplineState, depth: int) -> int:
    """The definition: leaves of the legal-move tree; finished games have no children."""
    if depth == 0:
        return 1
    return sum(plain_perft(GAME.play(state, m), depth - 1) for m in GAME.legal_moves(state))


def test_perft_from_the_start() -> None:
    start = GAME.start()
    assert [GAME.perft(start, d) for d in range(6)] == [1, 16, 240, 3360, 43680, 524376]
    assert plain_perft(start, 3) == 3360


def test_perft_does_not_depend_on_the_first_player() -> None:
    assert GAME.perft(GAME.start(first="black"), 5) == 524376


def test_divide_sums_to_perft() -> None:
    rows = GAME.divide(GAME.start(), 3)
    assert [move for move, _ in rows] == GAME.legal_move_texts(GAME.start())
    assert sum(n for _, n in rows) == 3360


@settings(max_examples=80, deadline=None)
@given(positions(), st.integers(1, 3))
def test_fast_perft_agrees_with_the_plain_tree(state: SplineState, depth: int) -> None:
    expected = plain_perft(state, depth)
    assert GAME.perft(state, depth) == expected
    if not GAME.is_over(state):
        assert fast_perft(state, depth) == expected


def test_divide_with_shared_tables_gives_the_generic_rows() -> None:
    """The divide that shares one set of tables across first moves lists the same rows
    as the generic divide, which counts each first move on its own."""
    import random

    from shibumi_rules.contract.game import Game
    from shibumi_rules.registry import get_game

    game = get_game("spline")
    rng = random.Random(7)
    state = game.start()
    for _ in range(10):
        for depth in (1, 2, 3):
            assert game.divide(state, depth) == Game.divide(game, state, depth)
        if game.is_over(state):
            break
        state = game.play(state, rng.choice(game.legal_moves(state)))
