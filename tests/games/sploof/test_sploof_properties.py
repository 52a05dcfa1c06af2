"""Properties of Sploof over random games: the core invariants, conserved ball counts,
finished games without moves, illegal moves refused with a rule ID, and symmetry."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shibumi_rules import geometry as g
from shibumi_rules.board import Board
from shibumi_rules.errors import IllegalMoveError, PositionError
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.rules import (
    PASS,
    PERIMETER,
    START_STOCK,
    SploofMove,
    SploofRules,
    move_verdicts,
    outcome,
    stuck_with_stock,
)
from shibumi_rules.notation import Colour
from shibumi_rules.verdict import first_failure

from .test_sploof_strategies import any_positions, games, positions


def check_invariants(state: SploofState, reachable: bool = True) -> None:
    """Gravity and the counts; red only on the perimeter holes where the position was
    reached from the setup (crowded positions put red anywhere)."""
    board = state.board
    assert board.problems() == []
    red = board.masks[Colour.RED]
    assert red & ~PERIMETER == 0 or not reachable
    assert red.bit_count() + state.supply[2] == 16
    for colour in (Colour.WHITE, Colour.BLACK):
        assert state.stock[colour] >= 0
        own_supply = state.supply[colour]
        if state.supply_rule == "limited":
            assert own_supply is not None and own_supply >= 0
            assert board.count(colour) + state.stock[colour] + own_supply == 16
        else:
            assert own_supply is None


@given(games())
def test_invariants_hold_through_every_game(states: list[SploofState]) -> None:
    for state in states:
        check_invariants(state)


@given(games())
def test_no_game_has_more_than_28_minus_r_balls_on_the_board(states: list[SploofState]
                                                             ) -> None:
    """The engine's games keep what sploof-pyramid-never-completes proves: the balls on
    the board, in both stocks and the red ones on the board again add up to the setup's
    sum, so r red balls leave room for at most 28 - r balls and nobody is ever stuck
    with balls in stock (SPF-RUL-3)."""
    setup = 2 * PERIMETER.bit_count() + 2 * START_STOCK
    assert setup == 28
    for state in states:
        on_board = state.board.occupied.bit_count()
        red = state.board.masks[Colour.RED].bit_count()
        assert on_board + state.stock[0] + state.stock[1] + red == setup
        assert on_board <= setup - red < g.NUM_POINTS
        assert not stuck_with_stock(state)


@given(any_positions())
def test_over_exactly_when_no_legal_move(state: SploofState) -> None:
    moves = GAME.legal_moves(state)
    assert GAME.is_over(state) == (moves == [])
    result = GAME.outcome_json(state)
    assert set(result) == {"over", "winner", "draw", "reason"}
    if result["over"]:
        assert (result["winner"] is None) == result["draw"]
        assert result["reason"] is not None
    else:
        assert result == {"over": False, "winner": None, "draw": False, "reason": None}


@given(any_positions())
def test_legal_moves_are_canonical_and_unique(state: SploofState) -> None:
    moves = GAME.legal_moves(state)
    assert moves == sorted(moves, key=lambda m: m.sort_key)
    assert len(set(moves)) == len(moves)
    assert GAME.count_moves(state) == len(moves)


@given(any_positions(), st.data())
def test_every_other_move_is_refused_with_its_first_failing_verdict(
        state: SploofState, data: st.DataObject) -> None:
    """The move masks (``legal_moves``, and ``play``'s fast check) and the verdicts of
    ``move_verdicts`` give the same answer; a refusal carries the first failure."""
    legal = set(GAME.legal_moves(state))
    move = data.draw(st.one_of(
        st.just(PASS), st.builds(SploofMove, st.sampled_from(g.POINTS), st.booleans())))
    verdicts = move_verdicts(state, move)
    failure = first_failure(verdicts)
    assert [v for v in verdicts if v.fails] == ([failure] if failure else [])
    checks = [v for v in verdicts if v.holds is not None]  # then only its consequence
    if move in legal:
        assert failure is None
        after = GAME.play(state, move)
        check_invariants(after, reachable=False)
        assert after.turn != state.turn
    else:
        assert failure is not None and checks[-1] is failure
        try:
            GAME.play(state, move)
        except IllegalMoveError as err:
            assert err.rule_id == failure.rule and err.verdict == failure
        else:
            raise AssertionError(f"{move} was accepted but is not legal")


def mapped(state: SploofState, perm: tuple[int, ...]) -> SploofState:
    w, b, r = (g.map_mask(perm, m) for m in state.board.masks)
    return dataclasses.replace(state, board=Board((w, b, r)))


@given(any_positions(), st.sampled_from(g.SYMMETRIES))
def test_symmetries_map_legal_moves_and_keep_the_outcome(
        state: SploofState, symmetry: tuple[str, tuple[int, ...]]) -> None:
    _, perm = symmetry
    image = mapped(state, perm)
    expected = {m if m.is_pass else SploofMove(perm[m.point], m.remove)
                for m in GAME.legal_moves(state)}
    assert set(GAME.legal_moves(image)) == expected
    before, after = outcome(state), outcome(image)
    assert (before.over, before.winner, before.draw, before.reason) == (
        after.over, after.winner, after.draw, after.reason)


# -- the state refuses what cannot exist (SHB-SET-1) ------------------------------------------

COUNT_FIELDS = st.sampled_from([("stock", 0), ("stock", 1), ("supply", 0), ("supply", 1),
                                ("supply", 2)])


@given(positions(), COUNT_FIELDS, st.integers(-3, 3).filter(bool))
def test_a_state_whose_counts_do_not_add_up_is_refused(
        state: SploofState, where: tuple[str, int], delta: int) -> None:
    """Changing any one count breaks "16 = board + stock + supply" (or makes the count
    negative, or gives a number to a supply that is not counted): one PositionError
    naming SHB-SET-1, whatever the constructor is called from. (Under supply=unlimited
    a stock is bound only by being non-negative.)"""
    name, index = where
    stock, supply = list(state.stock), list(state.supply)
    if name == "stock":
        stock[index] += delta
        assume(state.supply_rule == "limited" or stock[index] < 0)
    else:
        before = supply[index]
        supply[index] = max(delta, 0) if before is None else before + delta
    with pytest.raises(PositionError) as info:
        dataclasses.replace(state, stock=(stock[0], stock[1]),
                            supply=(supply[0], supply[1], supply[2] or 0))
    assert info.value.rule_id == "SHB-SET-1"


def test_the_states_refusals_say_what_is_wrong() -> None:
    start = GAME.start()
    board, turn = start.board, start.turn

    def refusal(stock: tuple[int, int], supply: tuple[int | None, int | None, int],
                rule: str = "limited") -> str:
        with pytest.raises(PositionError) as info:
            SploofState(board, turn, stock, supply,
                        SploofRules(supply=rule))  # type: ignore[arg-type]
        return info.value.message

    assert refusal((2, 2), (13, 14, 4)) == (
        "white balls: 0 on the board + 2 in stock + 13 in the supply = 15, the set has 16 "
        "(supply=limited)")
    assert refusal((2, 2), (14, 14, 5)).startswith("red balls: 12 on the board + 5 in the")
    assert refusal((-1, 2), (17, 14, 4)) == "stock of white is -1: a count cannot be negative"
    assert refusal((18, 2), (-2, 14, 4)) == "supply of white is -2: a count cannot be negative"
    assert refusal((2, 2), (14, 14, 4), "unlimited") == (
        "under supply=unlimited the white supply is not counted")
    assert refusal((2, 2), (None, None, 4)) == (
        "under supply=limited the white supply is counted")


def test_play_keeps_the_counts_so_the_fast_perft_agrees() -> None:
    """The case that once made perft(1) = 16 against 4 legal moves can no longer be
    built: the white supply 0 with 2 balls in stock and none on the board."""
    start = GAME.start()
    with pytest.raises(PositionError):
        SploofState(start.board, start.turn, (2, 2), (0, 14, 4))


@settings(max_examples=30, deadline=None)
@given(any_positions())
def test_the_reference_model_agrees_on_every_kind_of_position(state: SploofState) -> None:
    """proofs/reference_sploof.py, written from the rules, gives the same successors
    (a pass included) and outcome under every option, on reachable, crowded and
    passing positions (SPF-RUL-3, SPF-RUL-4)."""
    from proofs import reference_sploof as rs

    text = GAME.format_position(state)
    assert rs.format_position(rs.parse(text)) == text
    assert rs.outcome(rs.parse(text)) == GAME.outcome_json(state), text
    engine = {GAME.format_move(m): GAME.format_position(GAME.play(state, m))
              for m in GAME.legal_moves(state)}
    assert rs.successors(text) == engine, text


@settings(max_examples=60, deadline=None)
@given(any_positions({"stuck": "pass"}))
def test_the_learning_bound_falls_with_every_move_even_a_pass(state: SploofState) -> None:
    """The adapters' longest game under stuck=pass (``actions.moves_left_bound``): a
    pass keeps the board, but never follows a pass, so the bound still falls."""
    from shibumi_rules.games.sploof.actions import ACTIONS

    left = ACTIONS.moves_left_bound(state)
    for move in GAME.legal_moves(state):
        after = GAME.play(state, move)
        assert ACTIONS.moves_left_bound(after) <= left - 1
        assert not (move.is_pass and PASS in GAME.legal_moves(after))
