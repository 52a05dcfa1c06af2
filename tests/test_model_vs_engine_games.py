"""The engine's Sploof and Splink against the declarative model of ``proofs``: on random
reachable positions of both games, the model's valid locations, removable balls, legal
moves, the position each move leads to, the lines held and the outcome must equal the
engine's."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from proofs import model
from proofs import reference_model as ref
from proofs import reference_splink as rk
from proofs import reference_sploof as rs
from proofs import splink_model as km
from proofs.logic import PY_ARITH, PY_LOGIC
from shibumi_rules.board import valid_locations
from shibumi_rules.game import Game
from shibumi_rules.games import get_game
from shibumi_rules.games.splink.mechanics import can_draw, removable
from shibumi_rules.games.sploof.lines import lines_of
from shibumi_rules.games.sploof.rules import removals
from shibumi_rules.geometry import INDEX_OF_NAME, points_of
from shibumi_rules.notation import Colour

SPLOOF = get_game("sploof")
SPLINK = get_game("splink")


@st.composite
def sploof_games(draw: st.DrawFn) -> list[Any]:
    """The positions of a random Sploof game from the start, under random options."""
    options = {spec.name: draw(st.sampled_from(spec.values or ())) for spec in SPLOOF.options}
    state = SPLOOF.start(options, draw(st.sampled_from(["white", "black"])))
    return _random_line(draw, SPLOOF, state, 60)


@st.composite
def splink_games(draw: st.DrawFn) -> list[Any]:
    """The positions of a random Splink game from the start, under random options."""
    options = {"supply": draw(st.sampled_from(["limited", "unlimited"])),
               "max_turns": draw(st.sampled_from(["none", "none", "6", "20"]))}
    return _random_line(draw, SPLINK, SPLINK.start(options), 40)


def _random_line(draw: st.DrawFn, game: Game[Any, Any], state: Any, most: int) -> list[Any]:
    line = [state]
    for _ in range(draw(st.integers(0, most))):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, moves[draw(st.integers(0, len(moves) - 1))])
        line.append(state)
    return line


def _engine_successors(game: Game[Any, Any], state: Any) -> dict[str, str]:
    return {game.format_move(m): game.format_position(game.play(state, m))
            for m in game.legal_moves(state)}


@settings(max_examples=30, deadline=None)
@given(sploof_games())
def test_sploof_engine_matches_model(line: list[Any]) -> None:
    for state in line:
        text = SPLOOF.format_position(state)
        assert rs.format_position(rs.parse(text)) == text
        assert rs.successors(text) == _engine_successors(SPLOOF, state), text
        position = rs.parse(text)
        assert rs.outcome(position) == SPLOOF.outcome_json(state), text
        assert ref.valid_locations(position.balls) == set(points_of(
            valid_locations(state.board.occupied)))
        model_removals = {INDEX_OF_NAME[m[1:]] for m in rs.moves(position) if m[0] == "x"}
        assert model_removals == set(points_of(removals(state))), text
        for colour in (Colour.WHITE, Colour.BLACK):
            held_lines = lines_of(state.board, colour, state.rules.blocking)
            engine_cells = {min(cells, tuple(reversed(cells))) for cells in (
                tuple((c.x, c.y) for c in held.cells) for held in held_lines)}
            assert rs.lines_held(position, colour.letter) == engine_cells, text


@settings(max_examples=30, deadline=None)
@given(splink_games())
def test_splink_engine_matches_model(line: list[Any]) -> None:
    for state in line:
        text = SPLINK.format_position(state)
        assert rk.format_position(rk.parse(text)) == text
        assert rk.successors(text) == _engine_successors(SPLINK, state), text
        position = rk.parse(text)
        assert rk.outcome(position) == SPLINK.outcome_json(state), text
        assert ref.valid_locations(position.balls) == set(points_of(
            valid_locations(state.occupied)))
        red_ok, white_ok = can_draw(state.red, state.white, state.rules.unlimited)
        engine_removable = set(points_of(removable(state.red, state.white, red_ok, white_ok)))
        model_removable = {INDEX_OF_NAME[m[1:4]] for m in rk.moves(position) if m[0] == "x"}
        assert model_removable == engine_removable, text


def _select(point: int) -> list[bool]:
    return [q == point for q in model.POINTS]


@settings(max_examples=8, deadline=None)
@given(splink_games())
def test_splink_enumeration_is_the_models_predicate(line: list[Any]) -> None:
    # The reference lists pairs without trying all 900; the predicate Z3 reasons about
    # must pick out exactly the same pairs and swaps.
    position = rk.parse(SPLINK.format_position(line[-1]))
    s = position.state()
    pairs = {(r, w) for r in model.POINTS for w in model.POINTS
             if km.may_place_pair(PY_LOGIC, PY_ARITH, s, _select(r), _select(w),
                                  position.unlimited)}
    assert pairs == rk.placement_pairs(position)
    swaps = {(b, v) for b in model.POINTS for v in model.POINTS
             if km.may_swap(PY_LOGIC, PY_ARITH, s, _select(b), _select(v), position.unlimited)}
    listed = {k for k in rk.moves(position) if k.startswith("x")}
    assert swaps == {(INDEX_OF_NAME[k[1:4]], INDEX_OF_NAME[k[6:9]]) for k in listed}

