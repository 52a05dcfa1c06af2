"""Spline's rules and rulings as examples: the lines of every level, wins through
covered and hidden balls, two lines at once, the last turn of a longest game, illegal
moves with their rule, the verdicts in the order the rules apply, and the positions no
game reaches, refused with the rule they break."""

from __future__ import annotations

import itertools
from itertools import combinations

import pytest
from hypothesis import given

from shibumi_rules.board import Board
from shibumi_rules.errors import IllegalMoveError, NotationError, OptionError, PositionError
from shibumi_rules.games.spline.game import GAME, SplineMove, SplineState
from shibumi_rules.games.spline.lines import (
    LINE_BY_NAME,
    LINES,
    LINES_THROUGH,
    straight_from_above,
)
from shibumi_rules.games.spline.positions import POSITIONS
from shibumi_rules.games.spline.rules import (
    first_player,
    flat_verdict,
    legality,
    line_verdict,
    no_line_verdict,
    outcome,
    position_verdicts,
    supply_verdict,
)
from shibumi_rules.geometry import COORDS, INDEX_OF_NAME, LEVEL_MASKS, NAMES, points_of, touching
from shibumi_rules.notation import EMPTY_BOARD, Colour

from ...board_strategies import boards

NAMED = {p.name: p.position for p in POSITIONS}


def state(name: str) -> SplineState:
    return GAME.parse_position(NAMED[name])


def play(position: SplineState, *moves: str) -> SplineState:
    return GAME.replay(position, moves)


def test_the_start_is_an_empty_pyramid_with_the_first_player_to_move() -> None:
    assert GAME.format_position(GAME.start()) == f"{EMPTY_BOARD} white"
    assert GAME.start(first="black").turn == Colour.BLACK
    assert GAME.legal_move_texts(GAME.start()) == [NAMES[p] for p in points_of(LEVEL_MASKS[0])]
    with pytest.raises(OptionError, match="expected white or black"):
        GAME.start(first="red")


# -- lines (SPL-LINE-1, SPL-RUL-1, SPL-RUL-3) ------------------------------------------

def test_the_lines_of_each_level_span_it() -> None:
    per_level = {level: [line for line in LINES if line.level == level] for level in range(4)}
    assert [len(per_level[level]) for level in range(4)] == [10, 8, 6, 0]
    for level, lines in per_level.items():
        assert all(len(line.points) == 4 - level for line in lines)
        assert [line.kind for line in lines].count("diagonal") == (2 if lines else 0)
    assert [line.name for line in per_level[0][:4]] == ["1a1-1g1", "1a3-1g3", "1a5-1g5",
                                                        "1a7-1g7"]
    assert LINE_BY_NAME["1a1-1g7"].points == tuple(INDEX_OF_NAME[n] for n in
                                                   ("1a1", "1c3", "1e5", "1g7"))
    assert LINE_BY_NAME["2f2-2b6"].kind == "diagonal"


def test_every_pair_of_level_3_is_a_line_and_the_apex_is_in_none() -> None:
    top = points_of(LEVEL_MASKS[2])
    assert {tuple(sorted(line.points)) for line in LINES if line.level == 2} == set(
        combinations(top, 2))
    assert LINES_THROUGH[INDEX_OF_NAME["4d4"]] == ()


def test_three_in_a_row_on_level_1_is_not_a_line() -> None:
    after = play(GAME.start(), "1a1", "1a3", "1c1", "1c3", "1e1", "1a5")
    assert not GAME.is_over(after)
    verdict = line_verdict(LINE_BY_NAME["1a1-1g1"], after.board, Colour.WHITE)
    assert verdict.holds is False and verdict.evidence["missing"] == ["1g1"]


def test_a_diagonal_pair_on_level_3_wins() -> None:
    after = play(state("top-diagonal"), "3e5")
    result = outcome(after)
    assert result.winner == Colour.WHITE and [line.name for line in result.lines] == [
        "3c3-3e5"]


# -- covered balls (SPL-RUL-2) ---------------------------------------------------------

def test_a_row_under_a_ball_of_level_2_still_wins() -> None:
    before = state("covered-row")
    after = play(before, "1g1")
    assert GAME.outcome_json(after) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "line"}
    verdict = line_verdict(LINE_BY_NAME["1a1-1g1"], after.board, Colour.WHITE)
    assert verdict.holds and verdict.rule_ids == ("SPL-LINE-1", "SPL-RUL-1", "SPL-RUL-2")
    assert verdict.evidence["covered"] == [{"ball": "1a1", "by": ["2b2"]},
                                           {"ball": "1c1", "by": ["2b2"]}]
    assert "2b2 rests on 1a1 and 1c1" in verdict.text


def test_a_row_with_a_hidden_ball_still_wins() -> None:
    after = play(state("hidden-row"), "1g3")
    assert outcome(after).winner == Colour.WHITE
    verdict = line_verdict(LINE_BY_NAME["1a3-1g3"], after.board, Colour.WHITE)
    assert verdict.evidence["hidden"] == [{"ball": "1c3", "by": "3c3"}]
    assert "SHB-HIDE-1" in verdict.also and "SPL-RUL-2" in verdict.also


# -- the end (SPL-WIN-1, SPL-RUL-5, SPL-RUL-6, SPL-RUL-7) ------------------------------

def test_one_ball_can_make_two_lines() -> None:
    after = play(state("double-line"), "2d4")
    assert [line.name for line in outcome(after).lines] == ["2b4-2f4", "2d2-2d6"]
    assert GAME.outcome_text(after) == "white wins with the lines 2b4-2f4 2d2-2d6 [SPL-WIN-1]"


def test_the_last_turn_of_a_longest_game_wins_whatever_is_played() -> None:
    last = state("last-turn")
    assert last.board.occupied.bit_count() == 27
    assert last.board.count(Colour.BLACK) == 13 and last.board.count(Colour.WHITE) == 14
    assert GAME.legal_move_texts(last) == ["3c5", "3e5"]
    for move in ("3c5", "3e5"):
        after = play(last, move)
        assert outcome(after).winner == Colour.BLACK
        assert after.board.count(Colour.BLACK) == 14
    assert GAME.perft(last, 2) == 0


def test_a_finished_game_takes_no_move() -> None:
    won = state("won")
    assert GAME.legal_moves(won) == [] and GAME.perft(won, 1) == 0
    with pytest.raises(IllegalMoveError) as err:
        GAME.play_text(won, "1a5")
    assert err.value.rule_id == "SPL-WIN-1"
    assert "white holds the row 1a1-1g1" in err.value.message
    assert err.value.verdict is not None and err.value.verdict.evidence["winner"] == "white"


# -- legality: the verdicts in the order the rules apply --------------------------------

def test_a_legal_move_passes_every_verdict_in_order() -> None:
    verdicts = legality(GAME.start(), SplineMove(0))
    assert [v.rule for v in verdicts] == ["SPL-WIN-1", "SPL-TURN-1", "SPL-PLACE-1",
                                          "SHB-PLACE-1"]
    assert all(v.holds for v in verdicts)


@pytest.mark.parametrize(("position", "move", "rule", "words"), [
    ("covered-row", "1a1", "SHB-PLACE-1", "already holds a white ball"),
    ("covered-row", "2d2", "SHB-PLACE-1", "1e3 is empty"),
    ("start", "3c3", "SHB-PLACE-1", "3c3 is on level 3"),
    ("won", "1g7", "SPL-WIN-1", "the game is over"),
])
def test_an_illegal_move_names_the_first_rule_it_breaks(position: str, move: str,
                                                        rule: str, words: str) -> None:
    with pytest.raises(IllegalMoveError) as err:
        GAME.play_text(state(position), move)
    assert err.value.rule_id == rule and words in err.value.message
    verdicts = legality(state(position), GAME.parse_move(state(position), move))
    assert verdicts[-1].rule == rule and verdicts[-1].holds is False
    assert all(v.holds for v in verdicts[:-1])


def test_a_player_without_a_ball_may_not_place() -> None:
    """Never reached in a game (SPL-RUL-7), so shown on a board built directly: White's
    sixteen balls are all on it, without a line."""
    board = Board.from_text("BWWW,WWBW,WBWW,WWWB/WW.,..W,W../..,../.", "WB")
    full = SplineState(board, Colour.WHITE)
    verdict = supply_verdict(full)
    assert verdict.holds is False and verdict.evidence == {"player": "white", "left": 0}
    assert not GAME.is_over(full) and GAME.legal_moves(full) == []
    with pytest.raises(IllegalMoveError) as err:
        GAME.play_text(full, "2d4")
    assert err.value.rule_id == "SPL-TURN-1"  # 16 against 4: the turns come first
    with pytest.raises(PositionError, match="differ by at most one"):
        GAME.parse_position(f"{board.to_text()} white")


# -- who moved first (SPL-TURN-1, SPL-RUL-4) --------------------------------------------

def test_the_counts_tell_who_moved_first() -> None:
    assert first_player(Board(), Colour.BLACK) == Colour.BLACK
    black_first = state("black-first")
    assert first_player(black_first.board, black_first.turn) == Colour.BLACK
    after = play(GAME.start(first="black"), "1a1")
    assert GAME.format_position(after) == "B...,....,....,..../...,...,.../..,../. white"


# -- positions no game reaches -----------------------------------------------------------

@pytest.mark.parametrize(("position", "error", "rule", "words"), [
    ("WW..,....,....,..../...,...,.../..,../. black", PositionError, "SPL-TURN-1",
     "differ by at most one"),
    ("W...,....,....,..../...,...,.../..,../. white", PositionError, "SPL-TURN-1",
     "so black is to move"),
    ("WWWW,BBBB,....,..../...,...,.../..,../. white", PositionError, "SPL-RUL-5",
     "both players hold a line"),
    ("WWWW,BBB.,B...,..../...,...,.../..,../. white", PositionError, "SPL-WIN-1",
     "white, to move, holds 1a1-1g1"),
    ("WBWB,BWBW,BWBW,WBWB/WBW,BWB,WBB/WW,WB/. black", PositionError, "SPL-RUL-6",
     "level 3 holds 4 balls"),
    ("W...,....,....,..../B..,...,.../..,../. white", PositionError, "SHB-GRAVITY-1",
     "2b2 floats"),
    ("R...,....,....,..../...,...,.../..,../. black", NotationError, None, "'R'"),
    (f"{EMPTY_BOARD} white first=black", OptionError, None, "unknown option 'first'"),
])
def test_a_position_no_game_reaches_is_refused_with_its_rule(
        position: str, error: type[Exception], rule: str | None, words: str) -> None:
    with pytest.raises(error) as err:
        GAME.parse_position(position)
    assert getattr(err.value, "rule_id", None) == rule
    assert words in str(err.value)


def test_a_won_position_passes_every_invariant() -> None:
    assert all(v.holds for v in position_verdicts(state("won")))


# -- why a placement makes no line (SPL-LINE-1, SPL-RUL-1) ---------------------------------

def test_three_in_a_row_is_answered_with_the_whole_row_it_lacks() -> None:
    board = Board.from_text("WWW.,BB..,....,..../...,...,.../..,../.")
    verdict = no_line_verdict(board, Colour.WHITE, INDEX_OF_NAME["1e1"])
    assert (verdict.rule, verdict.also, verdict.holds) == ("SPL-LINE-1", ("SPL-RUL-1",), None)
    assert verdict.evidence["closest"] == [{"line": "1a1-1g1", "missing": ["1g1"]}]
    assert "4 balls on level 1, 3 on level 2 and 2 on level 3" in verdict.text


def test_a_lone_ball_names_no_closest_line() -> None:
    verdict = no_line_verdict(Board.from_text("W...,....,....,..../...,...,.../..,../."),
                              Colour.WHITE, INDEX_OF_NAME["1a1"])
    assert verdict.evidence["closest"] == [] and "closest" not in verdict.text


def test_a_zigzag_seen_from_above_is_called_no_line_because_lines_are_flat() -> None:
    board = Board.from_text("WB..,BWB.,.BB.,W..W/W..,.W.,.../..,../.")
    verdict = flat_verdict(board, Colour.WHITE, INDEX_OF_NAME["2d4"])
    assert verdict is not None and verdict.evidence == {
        "balls": ["1a1", "2b2", "1c3", "2d4"], "levels": [1, 2]}
    assert flat_verdict(board, Colour.BLACK, INDEX_OF_NAME["1c1"]) is None


@given(boards(max_steps=40))
def test_a_run_seen_straight_from_above_touches_in_turn_and_leaves_its_level(
        board: Board) -> None:
    """``straight_from_above``: consecutive balls touch and step one cell along one
    top-view diagonal, so every run of two or more goes up and down between levels."""
    own = board.masks[Colour.WHITE]
    for point in points_of(own):
        run = straight_from_above(own, point)
        assert point in run and all(own >> p & 1 for p in run)
        steps = {(COORDS[b].x - COORDS[a].x, COORDS[b].y - COORDS[a].y)
                 for a, b in itertools.pairwise(run)}
        assert len(steps) <= 1 and all(abs(dx) == abs(dy) == 1 for dx, dy in steps)
        assert all(touching(a, b) for a, b in itertools.pairwise(run))
