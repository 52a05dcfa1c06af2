"""``web_view``: what the arbiter's page draws besides the answer, held to the engine's
own verdicts: the balls and pinned balls of the position answered, its facts, the
colours each game accepts, and every problem of a board set up by hand with its
points."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import web, web_view
from shibumi_rules.board import Board
from shibumi_rules.board_verdicts import pin_verdict
from shibumi_rules.geometry import NAMES
from shibumi_rules.registry import game_names, get_definition
from tests.test_arbiter import random_questions


def test_the_answer_is_web_answer_with_its_view() -> None:
    query = {"game": "sploof", "moves": "1c3,1e3", "ask": "x1a1"}
    out = web_view.answer(query)
    view = out.pop("view")
    assert out == web.answer(query)
    # the board after the legal move: 1a1 emptied, white's stock refilled
    assert view["points"][NAMES.index("1a1")] == "."
    assert view["points"][NAMES.index("1c3")] == "W"
    assert ["stock", "white 3, black 1"] in view["facts"]
    assert view["fields"][0] == "black"
    assert view["problems"] == []


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(game_names()), st.integers(0, 10_000))
def test_the_view_is_the_position_the_answer_shows(name: str, seed: int) -> None:
    """The balls, the pinned balls and the fields are those of the answer's board
    position, read back by the game."""
    query = random_questions(name, 4, seed=seed)[seed % 4]
    out = web_view.answer(query)
    if out["board"] is None:
        assert out["view"] is None or "points" not in out["view"]
        return
    game = get_definition(name).rules()
    state = game.parse_position(out["board"]["position"])
    board = game.board(state)
    assert out["view"]["points"] == "".join(board.letters())
    assert out["view"]["fields"] == out["board"]["position"].split()[1:]
    for point, letter in enumerate(board.letters()):
        pinned = letter != "." and pin_verdict(board, point).holds is False
        assert (NAMES[point] in out["view"]["pinned"]) == pinned


def test_the_colours_are_those_each_game_reads() -> None:
    assert web_view.colours("sploof") == ("W", "B", "R")
    assert web_view.colours("splink") == ("W", "R")
    assert web_view.colours("spline") == ("W", "B")


def test_a_floating_ball_is_named_with_its_missing_supporters() -> None:
    position = ("RRRR,R..R,R..R,RRRR/.W.,...,.../W.,../. white stock:2,2 "
                "supply:14,14,4")
    out = web_view.answer({"game": "sploof", "position": position})
    assert out["verdict"] == "error"
    assert "SHB-GRAVITY-1" in out["text"]
    problems = out["view"]["problems"]
    assert [p["points"] for p in problems] == [["2d2", "1c3", "1e3"],
                                               ["3c3", "2b2", "2b4", "2d4"]]
    assert all(p["rule"] == "SHB-GRAVITY-1" and p["text"] in out["text"] for p in problems)


def test_a_position_the_game_refuses_is_its_own_line_and_no_board_problem() -> None:
    position = "W...,....,....,..../...,...,.../..,../. white"
    out = web_view.answer({"game": "spline", "position": position})
    assert out["verdict"] == "error"
    assert out["text"].endswith("[SPL-TURN-1]")
    assert out["view"]["problems"] == []
    position = ("RRRR,RWWR,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4")
    out = web_view.answer({"game": "sploof", "position": position})
    assert out["text"].endswith("[SHB-SET-1]")
    assert out["view"]["problems"] == []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("WBR."), min_size=30, max_size=30))
def test_board_problems_are_the_boards_own(letters: list[str]) -> None:
    masks = [0, 0, 0]
    for point, letter in enumerate(letters):
        if letter != ".":
            masks["WBR".index(letter)] |= 1 << point
    board = Board((masks[0], masks[1], masks[2]))
    position = board.to_text() + " white stock:2,2 supply:14,14,4"
    found = web_view.board_problems(position, "sploof")
    assert [(p["rule"], p["text"]) for p in found] == [
        (v.rule, v.text) for v in board.problems()]


def test_the_start_answers_are_the_answers_to_each_game_alone() -> None:
    starts = web_view.start_answers()
    assert list(starts) == list(game_names())
    for name, start in starts.items():
        full = web_view.answer({"game": name})
        assert start["view"] == full["view"]
        assert start["board"]["moves"] == full["board"]["moves"]
        assert "svg" not in start["board"]
