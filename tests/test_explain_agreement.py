"""explain agrees with the engine: its verdict on any move in any reachable position is
the engine's, and the rule its failing step cites is the IllegalMoveError's rule_id."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import spec
from shibumi_rules.board import BALLS_PER_COLOUR, pinned, supporting_exactly_one
from shibumi_rules.contract.explanation import Step
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.games.splink import explain as splink_explain
from shibumi_rules.games.splink.state import (
    PlaceMove,
    RemoveMove,
    Rules,
    SplinkState,
    make_state,
)
from shibumi_rules.games.sploof import explain as sploof_explain
from shibumi_rules.games.sploof.lines import LINES, check_line, holds
from shibumi_rules.games.sploof.rules import SploofMove, SploofState
from shibumi_rules.geometry import NUM_POINTS, points_of
from shibumi_rules.notation import Colour
from shibumi_rules.registry import get_game

from .board_strategies import boards

SPEC = spec.current()
SPLOOF = get_game("sploof")
SPLINK = get_game("splink")
points = st.integers(0, NUM_POINTS - 1)


@st.composite
def played(draw: st.DrawFn, game: Any, max_moves: int) -> Any:
    """A position reached by random legal moves under random options."""
    options = {spec.name: draw(st.sampled_from(spec.values or ("none", "none", "none", "9")))
               for spec in game.options}
    first = draw(st.sampled_from(game.first_choices)) if game.first_choices else None
    state = game.start(options, first)
    for _ in range(draw(st.integers(0, max_moves))):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, draw(st.sampled_from(moves)))
    return state


def _verdict(steps: list[Step]) -> str | None:
    """None when every check passes, else the failing step's rule; the checks stop at
    the first failure (only statements of its consequence may follow it)."""
    failing = [i for i, s in enumerate(steps) if s.holds is False]
    if not failing:
        return None
    assert len(failing) == 1, "checks go on after a failure"
    assert all(s.holds is None for s in steps[failing[0] + 1:]), "a check after a failure"
    return steps[failing[0]].rule


def _engine(game: Any, state: Any, move: Any) -> str | None:
    try:
        game.play(state, move)
    except IllegalMoveError as err:
        assert err.rule_id is not None
        return err.rule_id
    return None


@st.composite
def short_of_balls(draw: st.DrawFn, state: SploofState) -> SploofState:
    """The same board with the player to move short of stock or of supply; the 16 balls
    of their colour still add up (the state refuses anything else)."""
    turn = state.turn
    stock, supply = list(state.stock), list(state.supply)
    if supply[turn] is None:
        stock[turn] = draw(st.integers(0, 2))
    else:
        off_board = BALLS_PER_COLOUR - state.board.masks[turn].bit_count()
        small = draw(st.integers(0, min(3, off_board)))
        stock[turn], supply[turn] = ((small, off_board - small) if draw(st.booleans())
                                     else (off_board - small, small))
    return dataclasses.replace(state, stock=(stock[0], stock[1]),
                               supply=(supply[0], supply[1], state.supply[2]))


@st.composite
def sploof_cases(draw: st.DrawFn) -> tuple[SploofState, SploofMove]:
    state: SploofState = draw(played(SPLOOF, 40))
    if draw(st.integers(0, 3)) == 0:  # resources the random games rarely reach
        state = draw(short_of_balls(state))
    legal = SPLOOF.legal_moves(state)
    kind = draw(st.integers(0, 2))
    if legal and kind == 0:
        return state, draw(st.sampled_from(legal))
    red = state.board.masks[Colour.RED]
    reds = points_of(red & pinned(state.board.occupied)) or points_of(red)
    if reds and kind == 1:  # removals of red balls reach pinning and the supply rule
        return state, SploofMove(draw(st.sampled_from(reds)), True)
    return state, SploofMove(draw(points), draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(sploof_cases())
def test_sploof_verdict_and_rule_match_the_engine(case: tuple[SploofState, SploofMove]
                                                  ) -> None:
    state, move = case
    assert _verdict(sploof_explain.checks(state, move)) == _engine(SPLOOF, state, move)


@st.composite
def splink_states(draw: st.DrawFn) -> SplinkState:
    """Reachable positions, or any board recoloured red and white with a random bias
    (which reaches an exhausted supply of one colour)."""
    if draw(st.booleans()):
        state: SplinkState = draw(played(SPLINK, 14))
        return state
    board = draw(boards(max_steps=40))
    balls = draw(st.permutations(points_of(board.occupied)))
    n = len(balls)
    reds = draw(st.sampled_from((min(n, 16), max(0, n - 16), n // 2)))
    red = sum(1 << p for p in balls[:reds])
    white = sum(1 << p for p in balls[reds:])
    unlimited = red.bit_count() > 16 or white.bit_count() > 16 or draw(st.booleans())
    max_turns = draw(st.sampled_from((None, None, None, 3)))
    return make_state(red, white, draw(st.integers(0, 6)), Rules(max_turns, unlimited))


@st.composite
def splink_cases(draw: st.DrawFn) -> tuple[Any, Any]:
    state = draw(splink_states())
    legal = SPLINK.legal_moves(state)
    kind = draw(st.integers(0, 2))
    if legal and kind == 0:
        return state, draw(st.sampled_from(legal))
    if kind == 1:
        return state, PlaceMove(draw(points), draw(points))
    colour = draw(st.sampled_from((Colour.RED, Colour.WHITE)))
    once = points_of(supporting_exactly_one(state.occupied))
    if once and draw(st.integers(0, 3)) > 0:  # a removable ball, swapped for the other colour
        removed = draw(st.sampled_from(once))
        other = Colour.WHITE if state.red >> removed & 1 else Colour.RED
        return state, RemoveMove(removed, draw(points), other)
    return state, RemoveMove(draw(points), draw(points), colour)


def _splink_verdict(steps: list[Step]) -> str | None:
    """Like ``_verdict``, but a Splink answer may follow its failing check with facts:
    the consequence when the player to move has no legal move at all (SPK-RUL-3)."""
    failing = [i for i, s in enumerate(steps) if s.holds is False]
    if not failing:
        return None
    assert len(failing) == 1, "checks go on after a failure"
    assert all(s.holds is None for s in steps[failing[0] + 1:])
    return steps[failing[0]].rule


@settings(max_examples=300, deadline=None)
@given(splink_cases())
def test_splink_verdict_and_rule_match_the_engine(case: tuple[Any, Any]) -> None:
    state, move = case
    steps = splink_explain.checks(state, move)
    assert _splink_verdict(steps) == _engine(SPLINK, state, move)
    if SPLINK.outcome_json(state)["reason"] == "no-legal-move":  # lead, then consequence
        assert steps[-1].rule == "SPK-RUL-3" and steps[-2].holds is False


@settings(max_examples=60, deadline=None)
@given(sploof_cases())
def test_line_views_agree_with_the_line_table(case: tuple[SploofState, SploofMove]) -> None:
    board = case[0].board
    for colour in (Colour.WHITE, Colour.BLACK):
        own, occupied = board.masks[colour], board.occupied
        for line in LINES:
            assert check_line(line, colour, board).holds == holds(line, own, occupied)


@settings(max_examples=40, deadline=None)
@given(sploof_cases())
def test_sploof_answers_are_whole(case: tuple[SploofState, SploofMove]) -> None:
    """Every answer has a verdict, cites rules on every step, and a legal move's
    position after is the engine's."""
    state, move = case
    answer = sploof_explain.EXPLAINER.explain_move(SPLOOF, state, SPLOOF.format_move(move))
    assert all(rule in SPEC for step in answer.steps for rule in step.rule_ids)
    if answer.legal:
        assert answer.position_after == SPLOOF.format_position(SPLOOF.play(state, move))
        assert answer.effects
    else:
        assert answer.rule == _engine(SPLOOF, state, move)
    position = sploof_explain.EXPLAINER.explain_position(SPLOOF, state)
    assert sum(len(m) for m in position.moves.values()) == SPLOOF.count_moves(state)


@settings(max_examples=30, deadline=None)
@given(splink_cases())
def test_splink_answers_are_whole(case: tuple[Any, Any]) -> None:
    state, move = case
    answer = splink_explain.EXPLAINER.explain_move(SPLINK, state, SPLINK.format_move(move))
    assert all(rule in SPEC for step in answer.steps for rule in step.rule_ids)
    if answer.legal:
        after = SPLINK.play(state, move)
        assert answer.position_after == SPLINK.format_position(after)
        assert answer.facts["score"]["after"] == SPLINK.outcome_json(after)["score"]
    else:
        assert answer.rule == _engine(SPLINK, state, move)
    position = splink_explain.EXPLAINER.explain_position(SPLINK, state)
    assert sum(len(m) for m in position.moves.values()) == SPLINK.count_moves(state)
