"""Spline notation: positions and moves round-trip, the canonical form, and one precise
error for each way the text can be wrong."""

from __future__ import annotations

import pytest
from hypothesis import given

from shibumi_rules.errors import NotationError, OptionError
from shibumi_rules.games.spline.game import GAME, SplineMove, SplineState
from shibumi_rules.geometry import NAMES, POINTS
from shibumi_rules.notation import EMPTY_BOARD

from .test_spline_strategies import positions


@given(positions())
def test_positions_round_trip(state: SplineState) -> None:
    text = GAME.format_position(state)
    assert GAME.parse_position(text) == state
    assert GAME.format_position(GAME.parse_position(text)) == text
    assert len(text.split()) == 2  # the board and the player to move: no option exists


def test_moves_round_trip_and_accept_upper_case() -> None:
    for p in POINTS:
        assert GAME.format_move(GAME.parse_move(GAME.start(), NAMES[p])) == NAMES[p]
    assert GAME.parse_move(GAME.start(), " 2B2 ") == SplineMove(NAMES.index("2b2"))


def test_the_start_position() -> None:
    assert GAME.format_position(GAME.start()) == f"{EMPTY_BOARD} white"
    assert GAME.parse_position(f"{EMPTY_BOARD} black") == GAME.start(first="black")


@pytest.mark.parametrize(("text", "words"), [
    (f"{EMPTY_BOARD}  white", "two spaces at character"),
    (f" {EMPTY_BOARD} white", "a leading space"),
    (f"{EMPTY_BOARD}\twhite", "a tab at character"),
    (f"{EMPTY_BOARD} white\n", "a line break"),
])
def test_fields_are_separated_by_single_spaces(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        GAME.parse_position(text)


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty move"),
    ("x1a1", "a Spline move is the point name"),
    ("1b1", "level 1 has no point at b1"),
    ("5a1", "level '5' is not 1-4"),
    ("1a1+1c1", "expected level digit"),
])
def test_a_bad_move_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        GAME.parse_move(GAME.start(), text)


@pytest.mark.parametrize(("text", "error", "words"), [
    ("", NotationError, "empty text"),
    (EMPTY_BOARD, NotationError, "found 1 field"),
    (f"{EMPTY_BOARD} red", NotationError, "expected 'white' or 'black'"),
    (f"{EMPTY_BOARD} White", NotationError, "expected 'white' or 'black'"),
    ("....,....,..../...,...,.../..,../. white", NotationError, "level 1"),
    (f"{EMPTY_BOARD} white stock:2,2", NotationError, "expected option=value"),
    (f"{EMPTY_BOARD} white supply=limited", OptionError,
     "unknown option 'supply' for spline"),
    (f"{EMPTY_BOARD} white a=b a=c", OptionError, "given twice"),
])
def test_a_bad_position_says_what_is_wrong(text: str, error: type[Exception],
                                           words: str) -> None:
    with pytest.raises(error, match=words):
        GAME.parse_position(text)


def test_with_options_accepts_none_and_refuses_any() -> None:
    start = GAME.start()
    assert GAME.with_options(start, {}) == start
    with pytest.raises(OptionError, match="known: none"):
        GAME.with_options(start, {"simultaneous": "draw"})
    with pytest.raises(OptionError):
        GAME.start({"supply": "unlimited"})
