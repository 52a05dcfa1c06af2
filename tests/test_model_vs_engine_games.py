"""Whole games of Sploof and Splink, where no enumeration reaches: on random reachable
positions under random options, the engine's legal moves, the position each leads to
and the outcome must equal the model's (``proofs.game_samples``, which ``prove`` also
runs on seeded games). The board mechanics, the lines, the scoring pairs and the mask
mechanics are checked on every case by the exhaustive claims of ``prove``, so they are
not sampled again here."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from proofs import model
from proofs import reference_splink as rk
from proofs import splink_model as km
from proofs.logic import PY_ARITH, PY_LOGIC
from proofs.splink_checks import compare_splink
from proofs.sploof_checks import compare_sploof
from shibumi_rules.contract.game import Game
from shibumi_rules.geometry import INDEX_OF_NAME
from shibumi_rules.registry import get_game

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


@settings(max_examples=10, deadline=None)
@given(sploof_games())
def test_sploof_engine_matches_model(line: list[Any]) -> None:
    for state in line:
        problem = compare_sploof(SPLOOF, state)
        assert problem is None, f"{SPLOOF.format_position(state)}: {problem}"


@settings(max_examples=10, deadline=None)
@given(splink_games())
def test_splink_engine_matches_model(line: list[Any]) -> None:
    for state in line:
        problem = compare_splink(SPLINK, state)
        assert problem is None, f"{SPLINK.format_position(state)}: {problem}"


def _select(point: int) -> list[bool]:
    return [q == point for q in model.POINTS]


@settings(max_examples=4, deadline=None)
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
