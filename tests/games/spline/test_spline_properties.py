"""Properties of Spline over random games: every position keeps the invariants the
position checks enforce, the proved facts hold on every game played (only the mover
makes a line, a winner by the 28th ball, at most three balls on level 3, at most 14
balls a player), finished games have no moves, illegal moves are refused with the rule
of the first failing verdict, the rules are symmetric, and the engine's lines agree with
the proofs' model."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from proofs import spline_model as sm
from proofs.logic import PY_LOGIC
from shibumi_rules import geometry as g
from shibumi_rules.board import Board
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.games.spline.game import GAME, SplineMove, SplineState
from shibumi_rules.games.spline.lines import LINES, holds, lines_of
from shibumi_rules.games.spline.rules import legality, make_state, opponent, outcome
from shibumi_rules.notation import Colour
from shibumi_rules.verdict import first_failure

from ...board_strategies import boards
from .test_spline_strategies import games, positions, whole_games

PLAYERS = (Colour.WHITE, Colour.BLACK)


@given(games())
def test_every_position_of_a_game_passes_the_position_checks(
        states: list[SplineState]) -> None:
    for state in states:
        assert make_state(state.board, state.turn) == state


@given(games())
def test_a_placement_leaves_the_opponents_lines_alone(states: list[SplineState]) -> None:
    """spline-only-the-mover-makes-lines, on games played."""
    for before, after in pairwise(states):
        other = after.turn
        assert lines_of(after.board, other) == lines_of(before.board, other) == ()
        assert not (lines_of(after.board, Colour.WHITE) and lines_of(after.board, Colour.BLACK))


@given(whole_games())
def test_a_whole_game_ends_with_a_winner_by_the_28th_ball(states: list[SplineState]) -> None:
    """spline-level-3-decides and spline-supply-suffices, on games played to the end."""
    last = states[-1]
    result = outcome(last)
    assert result.over and result.winner == opponent(last.turn)
    assert len(states) - 1 == last.board.occupied.bit_count() <= 28
    for state in states:
        occupied = state.board.occupied
        assert (occupied & g.LEVEL_MASKS[2]).bit_count() <= 3
        assert not occupied >> g.LEVEL_MASKS[3].bit_length() - 1 & 1
        assert all(state.board.count(c) <= 14 for c in PLAYERS)


@given(positions())
def test_over_exactly_when_no_legal_move(state: SplineState) -> None:
    moves = GAME.legal_moves(state)
    assert GAME.is_over(state) == (moves == [])
    result = GAME.outcome_json(state)
    assert set(result) == {"over", "winner", "draw", "reason"} and result["draw"] is False
    if result["over"]:
        assert result["reason"] == "line" and result["winner"] is not None
    else:
        assert result == {"over": False, "winner": None, "draw": False, "reason": None}
    assert moves == sorted(moves, key=lambda m: m.sort_key)
    assert GAME.count_moves(state) == len(moves)


@given(positions(), st.sampled_from(g.POINTS))
def test_every_other_move_is_refused_with_the_first_failing_verdict(
        state: SplineState, point: int) -> None:
    move = SplineMove(point)
    failing = first_failure(legality(state, move))
    if move in GAME.legal_moves(state):
        assert failing is None
        assert GAME.play(state, move).turn == opponent(state.turn)
        return
    assert failing is not None
    try:
        GAME.play(state, move)
    except IllegalMoveError as err:
        assert err.rule_id == failing.rule and err.verdict == failing
    else:
        raise AssertionError(f"{move} was accepted but is not legal")


def _mapped(state: SplineState, perm: tuple[int, ...]) -> SplineState:
    w, b, r = (g.map_mask(perm, m) for m in state.board.masks)
    return SplineState(Board((w, b, r)), state.turn)


def test_the_symmetries_map_lines_to_lines() -> None:
    table = {frozenset(line.points) for line in LINES}
    for _, perm in g.SYMMETRIES:
        assert {frozenset(perm[p] for p in points) for points in table} == table


@given(positions(), st.sampled_from(g.SYMMETRIES))
def test_symmetries_map_legal_moves_and_keep_the_outcome(
        state: SplineState, symmetry: tuple[str, tuple[int, ...]]) -> None:
    _, perm = symmetry
    image = _mapped(state, perm)
    assert {m.point for m in GAME.legal_moves(image)} == {
        perm[m.point] for m in GAME.legal_moves(state)}
    before, after = outcome(state), outcome(image)
    assert (before.over, before.winner) == (after.over, after.winner)


@given(boards(max_steps=40))
def test_the_engine_and_the_model_agree_on_every_line(board: Board) -> None:
    """Any board (red balls counted as black): each line held by the engine's ``holds``
    exactly when the model's definition says so."""
    white, black, red = board.masks
    for own in (white, black | red):
        values = [bool(own >> p & 1) for p in g.POINTS]
        engine = {tuple(sorted(line.points)) for line in LINES if holds(line, own)}
        model = {line for line in sm.LINES if sm.holds(PY_LOGIC, values, line)}
        assert engine == model
        assert bool(engine) == sm.has_line(PY_LOGIC, values)
