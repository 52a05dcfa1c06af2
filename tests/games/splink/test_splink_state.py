"""The Splink state through the plain API: the constructor refuses broken states with
one error and the rule's ID, what the rules say about a state is worked out once and
kept, the states a move produces keep every invariant, and divide shares one table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.board import valid_locations
from shibumi_rules.errors import PositionError
from shibumi_rules.games.splink.game import GAME, end_reason
from shibumi_rules.games.splink.mechanics import bits, can_draw, chain_top, removals
from shibumi_rules.games.splink.state import Role, Rules, SplinkState
from shibumi_rules.geometry import ALL, INDEX_OF_NAME, points_of

from .test_splink_strategies import games, positions

LIMITED, UNLIMITED = Rules(), Rules(unlimited=True)


def mask(*names: str) -> int:
    return sum(1 << INDEX_OF_NAME[n] for n in names)


@pytest.mark.parametrize(("args", "rule", "fragment"), [
    ((mask("1a1"), mask("1c1"), Role.ATTRACTOR, (15, 15), 1, LIMITED), "SPK-SETUP-1",
     "the repulsor's turn"),
    ((mask("1a1"), mask("1c1"), Role.REPULSOR, (15, 16), 1, LIMITED), "SHB-SET-1",
     "white balls: 1 on the board + 16 in the supply = 17"),
    ((mask("1a1"), mask("2b2"), Role.REPULSOR, (15, 15), 1, LIMITED), "SHB-GRAVITY-1",
     "2b2 floats"),
    ((mask("1a1"), mask("1a1"), Role.REPULSOR, (15, 15), 1, LIMITED), "SHB-POINT-1",
     "two balls"),
    ((1 << 30, 0, Role.ATTRACTOR, (15, 16), 0, LIMITED), "SHB-POINT-1", "outside"),
    ((0, 0, Role.ATTRACTOR, (16, 16), 0, UNLIMITED), "SPK-RUL-5", "not counted"),
    ((0, 0, Role.ATTRACTOR, None, 0, LIMITED), "SPK-RUL-5", "supply=limited"),
    ((0, 0, Role.REPULSOR, (16, 16), -1, LIMITED), "SPK-SETUP-1", "negative"),
])
def test_the_constructor_refuses_a_broken_state(args: tuple[object, ...], rule: str,
                                                fragment: str) -> None:
    with pytest.raises(PositionError) as info:
        SplinkState(*args)  # type: ignore[arg-type]
    assert info.value.rule_id == rule and fragment in info.value.message


def test_the_constructor_accepts_any_board_under_the_unlimited_supply() -> None:
    red = mask("1a1", "1c1", "1e1", "1g1", "1a3", "1c3", "1e3", "1g3", "1a5", "1c5", "1e5",
               "1g5", "1a7", "1c7", "1e7", "1g7", "2b2")
    state = SplinkState(red, 0, Role.REPULSOR, None, 9, UNLIMITED)
    assert state.red.bit_count() == 17


@settings(max_examples=40, deadline=None)
@given(games())
def test_the_states_moves_produce_pass_the_constructor(states: list[SplinkState]) -> None:
    """``successor`` skips the checks; every state it makes passes them and equals the
    state the constructor makes from the same values."""
    for state in states:
        rebuilt = SplinkState(state.red, state.white, state.role, state.supply, state.turns,
                              state.rules)
        assert rebuilt == state and hash(rebuilt) == hash(state)


@settings(max_examples=40, deadline=None)
@given(positions())
def test_what_a_state_knows_is_worked_out_once_and_kept(state: SplinkState) -> None:
    fresh = SplinkState(state.red, state.white, state.role, state.supply, state.turns,
                        state.rules)
    moves = GAME.legal_moves(fresh)
    moves.reverse()  # the caller's list is its own
    assert GAME.legal_moves(fresh) == GAME.legal_moves(state)
    assert fresh.memo_moves is not None and GAME.count_moves(fresh) == len(moves)
    assert GAME.outcome_json(fresh) == GAME.outcome_json(state)
    assert GAME.is_over(fresh) == (end_reason(fresh) is not None)
    if moves:
        assert GAME.play(fresh, moves[0]) == GAME.play(state, moves[0])


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_locations_after_a_removal_are_the_valid_locations(state: SplinkState) -> None:
    """``removals`` works the locations out from those valid before the removal; they
    are ``valid_locations`` of the occupancy after it."""
    occupied = state.occupied
    for b, spots in removals(state.red, state.white,
                             *can_draw(state.red, state.white, state.rules.unlimited)):
        assert spots == valid_locations(occupied & ~(1 << chain_top(occupied, b)))


@settings(max_examples=200)
@given(st.integers(0, ALL))
def test_bits_are_points_of(value: int) -> None:
    assert list(bits(value)) == points_of(value)


@settings(max_examples=20, deadline=None)
@given(positions(max_moves=30), st.integers(1, 3))
def test_divide_is_perft_below_each_first_move(state: SplinkState, depth: int) -> None:
    rows = GAME.divide(state, depth)
    assert [move for move, _ in rows] == GAME.legal_move_texts(state)
    for move, count in rows:
        assert count == GAME.perft(GAME.play_text(state, move), depth - 1)
    assert sum(count for _, count in rows) == GAME.perft(state, depth)
