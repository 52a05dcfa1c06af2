"""Properties of Sploof over random games: the core invariants, conserved ball counts,
finished games without moves, illegal moves refused with a rule ID, and symmetry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules import geometry as g
from shibumi_rules.board import Board
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.rules import PERIMETER, SploofMove, move_verdicts, outcome
from shibumi_rules.notation import Colour
from shibumi_rules.verdict import first_failure

from .test_sploof_strategies import games, positions


def check_invariants(state: SploofState) -> None:
    board = state.board
    assert board.problems() == []
    red = board.masks[Colour.RED]
    assert red & ~PERIMETER == 0
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


@given(positions())
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


@given(positions())
def test_legal_moves_are_canonical_and_unique(state: SploofState) -> None:
    moves = GAME.legal_moves(state)
    assert moves == sorted(moves, key=lambda m: m.sort_key)
    assert len(set(moves)) == len(moves)
    assert GAME.count_moves(state) == len(moves)


@given(positions(), st.data())
def test_every_other_move_is_refused_with_its_first_failing_verdict(
        state: SploofState, data: st.DataObject) -> None:
    """The move masks (``legal_moves``, and ``play``'s fast check) and the verdicts of
    ``move_verdicts`` give the same answer; a refusal carries the first failure."""
    legal = set(GAME.legal_moves(state))
    move = SploofMove(data.draw(st.sampled_from(g.POINTS)), data.draw(st.booleans()))
    verdicts = move_verdicts(state, move)
    failure = first_failure(verdicts)
    assert [v for v in verdicts if v.fails] == ([failure] if failure else [])
    if move in legal:
        assert failure is None
        after = GAME.play(state, move)
        check_invariants(after)
        assert after.turn != state.turn
    else:
        assert failure is not None and verdicts[-1] is failure
        try:
            GAME.play(state, move)
        except IllegalMoveError as err:
            assert err.rule_id == failure.rule and err.verdict == failure
        else:
            raise AssertionError(f"{move} was accepted but is not legal")


def mapped(state: SploofState, perm: tuple[int, ...]) -> SploofState:
    w, b, r = (g.map_mask(perm, m) for m in state.board.masks)
    return SploofState(Board((w, b, r)), state.turn, state.stock, state.supply,
                       state.supply_rule, state.simultaneous)


@given(positions(), st.sampled_from(g.SYMMETRIES))
def test_symmetries_map_legal_moves_and_keep_the_outcome(
        state: SploofState, symmetry: tuple[str, tuple[int, ...]]) -> None:
    _, perm = symmetry
    image = mapped(state, perm)
    expected = {SploofMove(perm[m.point], m.remove) for m in GAME.legal_moves(state)}
    assert set(GAME.legal_moves(image)) == expected
    before, after = outcome(state), outcome(image)
    assert (before.over, before.winner, before.draw, before.reason) == (
        after.over, after.winner, after.draw, after.reason)
