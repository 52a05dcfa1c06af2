"""Sploof position and move notation: exact round trips, and a precise error for every
kind of malformed or impossible position."""

from __future__ import annotations

import pytest
from hypothesis import given

from shibumi_rules.errors import NotationError, OptionError, PositionError, ShibumiError
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.rules import SploofMove
from shibumi_rules.notation import parse_point

from .test_sploof_strategies import positions

START = "RRRR,R..R,R..R,RRRR/...,...,.../..,../."


@given(positions())
def test_positions_round_trip_exactly(state: SploofState) -> None:
    text = GAME.format_position(state)
    again = GAME.parse_position(text)
    assert again == state
    assert GAME.format_position(again) == text


@given(positions())
def test_legal_moves_round_trip(state: SploofState) -> None:
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.format_move(move)) == move


def test_move_notation() -> None:
    state = GAME.start()
    assert GAME.parse_move(state, "1c3") == SploofMove(parse_point("1c3"))
    assert GAME.parse_move(state, "x1a1") == SploofMove(parse_point("1a1"), remove=True)
    assert GAME.parse_move(state, "X1A1") == SploofMove(parse_point("1a1"), remove=True)
    assert GAME.format_move(SploofMove(parse_point("4d4"))) == "4d4"


@pytest.mark.parametrize("text", ["", "x", "xx1a1", "1a2", "5a1", "1h1", "1c3+1e3", "y1a1"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.start(), text)


def test_options_may_be_omitted_or_reordered() -> None:
    """The canonical form writes every option, sorted by name."""
    canonical = (f"{START} black stock:2,2 supply:14,14,4 blocking=two lines_checked=both "
                 "simultaneous=draw stuck=lose supply=limited")
    for text in (f"{START} black stock:2,2 supply:14,14,4 simultaneous=draw",
                 f"{START} black stock:2,2 supply:14,14,4 supply=limited simultaneous=draw",
                 f"{START} black stock:2,2 supply:14,14,4 simultaneous=draw "
                 "lines_checked=both",
                 f"{START} black stock:2,2 supply:14,14,4 stuck=lose simultaneous=draw "
                 "blocking=two",
                 canonical):
        assert GAME.format_position(GAME.parse_position(text)) == canonical
    mover = GAME.parse_position(f"{START} black stock:2,2 supply:14,14,4 lines_checked=mover")
    assert mover.lines_checked == "mover"
    assert GAME.format_position(mover) == (
        f"{START} black stock:2,2 supply:14,14,4 blocking=two lines_checked=mover "
        "simultaneous=mover stuck=lose supply=limited")
    chosen = GAME.parse_position(f"{START} black stock:2,2 supply:14,14,4 stuck=pass "
                                 "blocking=none")
    assert (chosen.rules.stuck, chosen.rules.blocking) == ("pass", "none")
    assert GAME.format_position(chosen) == (
        f"{START} black stock:2,2 supply:14,14,4 blocking=none lines_checked=both "
        "simultaneous=mover stuck=pass supply=limited")


def test_unlimited_supply_is_written_with_dashes() -> None:
    text = (f"{START} white stock:2,2 supply:-,-,4 blocking=two lines_checked=both "
            "simultaneous=mover stuck=lose supply=unlimited")
    state = GAME.parse_position(text)
    assert state.supply == (None, None, 4)
    assert GAME.format_position(state) == text
    assert GAME.format_position(GAME.start({"supply": "unlimited"})) == text


def test_switching_the_supply_option_keeps_the_position() -> None:
    start = GAME.start()
    unlimited = GAME.with_options(start, {"supply": "unlimited"})
    assert GAME.with_options(unlimited, {"supply": "limited"}) == start


@pytest.mark.parametrize(("text", "error", "rule", "words"), [
    ("garbage", NotationError, None, "expected BOARD TURN"),
    (f"{START} red stock:2,2 supply:14,14,4", NotationError, None, "player to move"),
    (f"{START} white stock:2 supply:14,14,4", NotationError, None, "expected 2 counts"),
    (f"{START} white supply:14,14,4 stock:2,2", NotationError, None, "stock:N,N"),
    (f"{START} white stock:2,a supply:14,14,4", NotationError, None, "'a' is not a count"),
    (f"{START} white stock:2,2 supply:14,14,-", NotationError, None, "red supply"),
    (f"{START} white stock:2,2 supply:-,-,4", NotationError, None, "supply=limited"),
    (f"{START} white stock:2,2 supply:14,14,4 supply=unlimited", NotationError, None,
     "supply=unlimited"),
    (f"{START} white stock:2,2 supply:14,14,4 nonsense", NotationError, None,
     "option=value"),
    (f"{START} white stock:2,2 supply:14,14,4 colour=red", OptionError, None,
     "unknown option"),
    (f"{START} white stock:2,2 supply:14,14,4 supply=some", OptionError, None,
     "expected one of"),
    (f"{START} white stock:2,2 supply:14,14,4 supply=limited supply=limited", OptionError,
     None, "twice"),
    ("RRRR,R..R,R..R,RRR/...,...,.../..,../. white stock:2,2 supply:14,14,4",
     NotationError, None, "level 1 row 4"),
    ("RRRR,R..R,R..R,RRRR/W..,...,.../..,../. white stock:2,2 supply:13,14,4",
     PositionError, "SHB-GRAVITY-1", "2b2 floats"),
    (f"{START} white stock:2,-1 supply:14,14,4", PositionError, None, "negative"),
    (f"{START} white stock:2,2 supply:14,15,4", PositionError, "SHB-SET-1",
     "black balls: 0 on the board + 2 in stock + 15 in the supply = 17"),
    (f"{START} white stock:2,2 supply:14,14,5", PositionError, "SHB-SET-1",
     "red balls: 12 on the board + 5 in the supply = 17"),
    (f"{START} white stock:2,2 supply:14,14,3", PositionError, "SHB-SET-1", "= 15"),
])
def test_bad_positions_are_rejected_precisely(
        text: str, error: type[ShibumiError], rule: str | None, words: str) -> None:
    with pytest.raises(error) as info:
        GAME.parse_position(text)
    assert type(info.value) is error
    assert info.value.rule_id == rule
    assert words in info.value.message


def test_red_balls_off_the_perimeter_are_accepted_and_removable() -> None:
    """Unreachable from the setup, but every rule still applies: a red ball at level 1
    is removable (SPF-REMOVE-1) and returns to the supply."""
    text = ("RRRR,RWWR,RBBR,RRRR/.R.,.W.,.../..,../. white stock:0,0 supply:13,14,3 "
            "blocking=two lines_checked=both simultaneous=mover stuck=lose supply=limited")
    state = GAME.parse_position(text)
    assert GAME.format_position(state) == text
    assert "x2d2" in GAME.legal_move_texts(state)
    after = GAME.play_text(state, "x2d2")
    assert GAME.format_position(after).split()[:4] == [
        "RRRR,RWWR,RBBR,RRRR/...,.W.,.../..,../.", "black", "stock:2,0", "supply:11,14,4"]


def test_limited_supply_cannot_hold_more_than_16_balls() -> None:
    state = GAME.parse_position(f"{START} white stock:17,2 supply:-,-,4 supply=unlimited")
    with pytest.raises(PositionError) as info:
        GAME.with_options(state, {"supply": "limited"})
    assert info.value.rule_id == "SHB-SET-1"


def test_describe_shows_diagram_and_counts() -> None:
    text = GAME.describe(GAME.replay(GAME.start(), ["x1a1"]))
    assert "top view" in text
    assert "to move: black" in text
    assert "stock:   white 4, black 2" in text
    assert "supply:  white 12, black 14, red 5" in text
    assert "in progress: black to move" in text
    assert "white -, black -" in GAME.describe(GAME.start({"supply": "unlimited"}))
