"""Splink rules and rulings, one worked example each."""

from __future__ import annotations

import pytest

from shibumi_rules.errors import IllegalMoveError, NotationError
from shibumi_rules.games.splink.game import GAME, REASONS, end_reason, score
from shibumi_rules.games.splink.score import (
    DIAGONAL_PAIRS,
    INNER_POINTS,
    MAX_SCORE,
    SCORING_PAIRS,
    score_masks,
    untouching_verdict,
)
from shibumi_rules.games.splink.state import PlaceMove, RemoveMove, Role, SplinkState
from shibumi_rules.geometry import INDEX_OF_NAME, NAMES, TOUCHING_PAIRS
from shibumi_rules.notation import Colour


def pos(text: str) -> SplinkState:
    return GAME.parse_position(text)


def at(name: str) -> int:
    return INDEX_OF_NAME[name]


def texts(state: SplinkState) -> list[str]:
    return GAME.legal_move_texts(state)


def illegal(state: SplinkState, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        GAME.play_text(state, move)
    return info.value


# 1a1 R, 1c1 W, 1a3 R and 1g7 W: one more ball on 1c3 completes the platform of 2b2.
THREE_OF_A_PLATFORM = pos("RW..,R...,....,...W/...,...,.../..,../. attractor turns:2 "
                          "supply:14,14")
# The 3x3 block of level 1 under 2b2 2d2 2b4 2d4, those four, and 3c3 on top of them.
TOWER = pos("RRW.,WRW.,RWR.,..../RW.,WR.,.../W.,../. attractor turns:8 supply:9,9")


def test_setup_empty_board_attractor_first_full_supply() -> None:
    """SPK-SETUP-1."""
    start = GAME.start()
    assert (start.red, start.white, start.role, start.supply, start.turns) == (
        0, 0, Role.ATTRACTOR, (16, 16), 0)
    assert GAME.format_position(start) == (
        "....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16 "
        "max_turns=none supply=limited")
    assert len(GAME.legal_moves(start)) == 240 == 16 * 15


def test_start_refuses_a_first_player() -> None:
    with pytest.raises(ValueError, match="fixes who moves first"):
        GAME.start(first="repulsor")


def test_second_ball_may_use_the_platform_the_first_completed() -> None:
    """SPK-RUL-1: 2b2 is not valid yet, but becomes valid once 1c3 is filled."""
    state = THREE_OF_A_PLATFORM
    moves = texts(state)
    assert "R1c3+W2b2" in moves and "W1c3+R2b2" in moves
    after = GAME.play_text(state, "W2b2+R1c3")  # written upper ball first
    assert after.white >> at("2b2") & 1 and after.red >> at("1c3") & 1
    # The same upper point with a first ball that completes nothing stays illegal.
    err = illegal(state, "R1e1+W2b2")
    assert err.rule_id == "SHB-PLACE-1" and "1c3 is empty" in err.message
    # Only 1c3 unlocks a new point here: 12 empty holes give 12*11 pairs, plus both
    # colourings of (1c3, 2b2).
    assert len(moves) == 12 * 11 + 2


def test_a_move_is_written_in_either_order() -> None:
    """The canonical form lists the lower point index first; both forms parse."""
    state = GAME.start()
    assert GAME.parse_move(state, "W1c1+R1a1") == GAME.parse_move(state, "R1a1+W1c1")
    assert GAME.parse_move(state, "r1a1+w1C1") == PlaceMove(red=at("1a1"), white=at("1c1"))
    assert GAME.format_move(PlaceMove(red=at("1c1"), white=at("1a1"))) == "W1a1+R1c1"
    assert GAME.play_text(state, "W1c1+R1a1") == GAME.play_text(state, "R1a1+W1c1")


@pytest.mark.parametrize("text", ["R1a1+R1c1", "W1a1+W1c1", "R1a1", "R1a1+", "+W1c1",
                                  "R1a1+W1c1+W1e1", "Q1a1+W1c1", "R1h1+W1c1", "x1a1",
                                  "x9z9+W1a1", "x1a1+1c1", ""])
def test_malformed_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.start(), text)


def test_removal_at_level_1_drops_a_chain_of_two() -> None:
    """SPK-REMOVE-1, SHB-DROP-1: 1a1 supports only 2b2, which supports only 3c3. The
    chain 1a1 <- 2b2 <- 3c3 drops; the new ball may go on the vacated 3c3."""
    state = TOWER
    assert state.red >> at("1a1") & 1
    after = GAME.play_text(state, "x1a1+W3c3")
    assert after.red >> at("1a1") & 1  # the red ball of 2b2 dropped into 1a1
    assert after.white >> at("2b2") & 1  # the white ball of 3c3 dropped into 2b2
    assert after.white >> at("3c3") & 1  # the new white ball on the vacated top
    assert (state.supply, after.supply) == ((9, 9), (10, 8))  # SPK-RUL-2
    assert after.occupied.bit_count() == state.occupied.bit_count()
    assert after.role == Role.REPULSOR and after.turns == 9


def test_removal_at_level_2_and_placement_on_the_vacated_top() -> None:
    """The red ball of 2b2 supports only 3c3: removing it drops 3c3 into 2b2 and frees
    3c3, a valid location again, where the white ball goes."""
    state = TOWER
    after = GAME.play_text(state, "x2b2+W3c3")
    assert after.white >> at("2b2") & 1 and after.white >> at("3c3") & 1
    assert after.red.bit_count() == state.red.bit_count() - 1
    assert "x2b2+W3c3" in texts(state)
    # Every valid location after the removal is offered, including on dropped balls.
    placed = {m.split("+")[1] for m in texts(state) if m.startswith("x2b2+")}
    assert placed == {"W" + name for name in ("1g1", "1g3", "1g5", "1a7", "1c7", "1e7",
                                              "1g7", "3c3")}


def test_removal_refused_for_a_ball_supporting_no_ball() -> None:
    err = illegal(TOWER, "x1g7+W1a7")
    assert err.rule_id == "SPK-REMOVE-1"
    assert "no ball at 1g7" in err.message
    err = illegal(TOWER, "x3c3+R3c3")
    assert err.rule_id == "SPK-REMOVE-1" and "supports no ball" in err.message


def test_removal_refused_for_a_ball_supporting_two_or_more() -> None:
    """1c3 supports all four level-2 balls; 1e3 supports 2d2 and 2d4 (pinned)."""
    for move in ("x1c3+W1g1", "x1e3+R1g1"):
        err = illegal(TOWER, move)
        assert err.rule_id == "SPK-REMOVE-1" and "pinned" in err.message
    removed = {m.split("+")[0] for m in texts(TOWER) if m.startswith("x")}
    # The balls supporting exactly one ball: the corners of the 3x3 block (each under
    # one level-2 ball) and the four level-2 balls (each under 3c3 alone).
    assert removed == {"x1a1", "x1e1", "x1a5", "x1e5", "x2b2", "x2d2", "x2b4", "x2d4"}


def test_removal_must_place_the_other_colour() -> None:
    err = illegal(TOWER, "x1a1+R3c3")
    assert err.rule_id == "SPK-REMOVE-2"


# 16 white balls on the board, so no white in the supply.
NO_WHITE = pos("RWWW,WWWW,WWWW,WWWW/W.R,...,.../..,../. attractor turns:10 supply:14,0")


def test_removal_refused_for_lack_of_the_other_colour() -> None:
    """SPK-RUL-7: the red 1a1 supports only 2b2, but there is no white to place."""
    err = illegal(NO_WHITE, "x1a1+W3c3")
    assert err.rule_id == "SPK-RUL-7"
    err = illegal(NO_WHITE, "R1g7+W3c3")
    assert err.rule_id == "SPK-PLACE-1" and "no white ball" in err.message
    moves = texts(NO_WHITE)
    assert moves and all(m.startswith("x") and "+R" in m for m in moves)
    # White balls under one ball may go: 1c1 and 1a3, 1c3 under 2b2 alone; 1e1, 1g1,
    # 1e3, 1g3 under 2f2 alone. The red 1a1 may not.
    assert {m.split("+")[0] for m in moves} == {
        "x1c1", "x1a3", "x1c3", "x1e1", "x1g1", "x1e3", "x1g3"}


def test_the_supply_is_checked_before_the_removal() -> None:
    """SPK-RUL-7 with one white left: removing a red is allowed and uses it."""
    state = pos("RRWW,WWWW,WWWW,WWWW/R..,...,..W/..,../. attractor turns:10 supply:13,1")
    after = GAME.play_text(state, "x1a1+W2b2")
    assert after.supply == (14, 0)
    assert after.red >> at("1a1") & 1 and after.white >> at("2b2") & 1


def test_score_of_a_complete_pyramid_counted_by_hand() -> None:
    """SPK-SCORE-1, SPK-RUL-9. Level 1 red (16), the rest white (14): only the 36
    contacts between levels 1 and 2 join red and white. Each of the 4 inner holes
    1c3 1e3 1c5 1e5 touches 4 level-2 balls: 16 contacts do not count; 36 - 16 = 20."""
    state = pos("RRRR,RRRR,RRRR,RRRR/WWW,WWW,WWW/WW,WW/W repulsor turns:15 supply:0,2")
    assert score(state) == 20
    assert end_reason(state) == "pyramid-complete"
    assert GAME.outcome_json(state) == {"over": True, "score": 20,
                                        "reason": "pyramid-complete"}
    # Alternating levels, unlimited supply: the 36 level 1-2 contacts give 20 as above,
    # the 16 level 2-3 contacts lose the 4 of the inner 2d4: 12, and all 4 level 3-4
    # contacts count: 20 + 12 + 4 = 36.
    layered = pos("RRRR,RRRR,RRRR,RRRR/WWW,WWW,WWW/RR,RR/W repulsor turns:15 "
                  "supply:-,- supply=unlimited")
    assert score(layered) == 36


def test_scoring_pairs_match_the_rules_text() -> None:
    """SPK-RUL-9 names the inner points; every touching pair without one scores."""
    assert [NAMES[p] for p in INNER_POINTS] == ["1c3", "1e3", "1c5", "1e5", "2d4"]
    inner = {at(n) for n in ("1c3", "1e3", "1c5", "1e5", "2d4")}
    expected = [(a, b) for a, b in TOUCHING_PAIRS if a not in inner and b not in inner]
    assert list(SCORING_PAIRS) == expected and len(expected) == MAX_SCORE == 60
    everything = (1 << 30) - 1
    assert score_masks(everything, 0) == 0
    # A ball on an inner point never scores, whatever touches it.
    assert score_masks(1 << at("1c3"), everything & ~(1 << at("1c3"))) == 0
    assert score_masks(1 << at("1a1"), 1 << at("1c1") | 1 << at("1a3")
                       | 1 << at("2b2") | 1 << at("1c3")) == 3


# The only balls above level 1 stand on lonely red supporters, and white is used up.
STUCK = pos("RWWR,WWWW,RWWR,WWWW/WWR,WWR,.../..,../. attractor turns:12 supply:10,0")


def test_no_legal_move_ends_the_game_scored_as_it_stands() -> None:
    """SPK-RUL-3: no white for a placement; the only balls supporting exactly one ball
    are red, and their removal needs a white."""
    assert GAME.legal_moves(STUCK) == [] and GAME.count_moves(STUCK) == 0
    assert end_reason(STUCK) == "no-legal-move"
    assert GAME.outcome_json(STUCK) == {"over": True, "score": score(STUCK),
                                        "reason": "no-legal-move"}
    assert score(STUCK) > 0
    # A move here is illegal for its own reason (the end is the consequence of that):
    # 1a1 supports 2b2 alone, but no white ball is left to put in its place.
    err = illegal(STUCK, "x1a1+W3c3")
    assert err.rule_id == "SPK-RUL-7" and "no white ball" in err.message
    assert illegal(STUCK, "R1e1+W1g1").rule_id == "SPK-PLACE-1"
    assert GAME.perft(STUCK, 1) == 0 and GAME.perft(STUCK, 0) == 1


def test_max_turns_ends_the_game() -> None:
    """SPK-RUL-4."""
    state = GAME.start({"max_turns": "2"})
    state = GAME.replay(state, ["R1a1+W1c1", "R1e1+W1g1"])
    assert end_reason(state) == "max-turns"
    # 1a1-1c1, 1c1-1e1 and 1e1-1g1 are red-white contacts.
    assert GAME.outcome_json(state) == {"over": True, "score": 3, "reason": "max-turns"}
    assert illegal(state, "R1a3+W1c3").rule_id == "SPK-RUL-4"
    assert GAME.legal_moves(state) == []
    start = GAME.start({"max_turns": "2"})
    assert GAME.perft(start, 2) == 43_680 and GAME.perft(start, 3) == 0
    assert GAME.is_over(GAME.start({"max_turns": "0"}))


def test_end_reason_precedence_complete_then_turn_limit_then_no_move() -> None:
    """SPK-END-1: when several ends hold, the first of complete pyramid, turn limit and
    no legal move is reported."""
    stuck = "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16"
    assert end_reason(pos(stuck)) == "no-legal-move"
    assert end_reason(pos(stuck + " max_turns=8")) == "max-turns"
    complete = ("RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,WR/W attractor turns:16 supply:1,1 "
                "max_turns=16")
    assert end_reason(pos(complete)) == "pyramid-complete"


def test_a_complete_pyramid_ends_the_game() -> None:
    """SPK-END-1: 3e5 and the apex are missing; the last pair may rest the apex on the
    ball placed first."""
    state = pos("RWRW,RWRW,RWRW,RWRW/RWR,WRW,RWR/RW,R./. attractor turns:14 supply:1,3")
    placements = [m for m in texts(state) if not m.startswith("x")]
    assert placements == ["R3e5+W4d4", "W3e5+R4d4"]
    done = GAME.play_text(state, "W4d4+R3e5")
    assert end_reason(done) == "pyramid-complete" and GAME.legal_moves(done) == []
    assert done.supply == (0, 2)
    assert set(REASONS) == {"pyramid-complete", "no-legal-move", "max-turns"}


def test_unlimited_supply_never_runs_out() -> None:
    """SPK-RUL-5: 16 white balls on the board and still a placement."""
    state = pos("RWWW,WWWW,WWWW,WWWW/W.R,...,.../..,../. attractor turns:10 supply:-,- "
                "supply=unlimited")
    assert "R1g7+W3c3" not in texts(state)  # 3c3 is not valid
    after = GAME.play_text(state, "R2d2+W2b4")
    assert after.supply is None and after.white.bit_count() == 17


def test_illegal_placements_say_why() -> None:
    state = GAME.play_text(GAME.start(), "R1a1+W1c1")
    err = illegal(state, "R1a1+W1e1")
    assert err.rule_id == "SHB-PLACE-1" and "already holds a red ball" in err.message
    err = illegal(state, "R1e1+W1e1")
    assert "both balls on 1e1" in err.message
    err = illegal(state, "x1c1+R1e1")
    assert err.rule_id == "SPK-REMOVE-1"


def test_remove_move_text() -> None:
    move = RemoveMove(at("2b2"), at("3c3"), Colour.WHITE)
    assert GAME.format_move(move) == "x2b2+W3c3"
    assert GAME.parse_move(GAME.start(), "X2B2+w3c3") == move


# -- diagonal neighbours do not touch (SHB-TOUCH-1) ----------------------------------------

def test_diagonal_neighbours_on_one_level_are_the_28_pairs_that_never_touch() -> None:
    assert len(DIAGONAL_PAIRS) == 28 and not set(DIAGONAL_PAIRS) & set(TOUCHING_PAIRS)
    assert (INDEX_OF_NAME["1c1"], INDEX_OF_NAME["1a3"]) in DIAGONAL_PAIRS


def test_a_red_and_a_white_ball_placed_diagonally_are_told_they_do_not_touch() -> None:
    after = GAME.play(GAME.start(), GAME.parse_move(GAME.start(), "R1a3+W1c1"))
    placed = (INDEX_OF_NAME["1c1"], INDEX_OF_NAME["1a3"])
    verdict = untouching_verdict(after.red, after.white, placed)
    assert verdict is not None and verdict.rule == "SHB-TOUCH-1"
    assert verdict.evidence == {"pairs": [["1c1", "1a3"]]}
    assert untouching_verdict(after.red, after.white, ()) is None
    same = GAME.play(GAME.start(), GAME.parse_move(GAME.start(), "R1a1+W1c3"))
    assert untouching_verdict(same.red, same.white, (INDEX_OF_NAME["1a1"],)) is not None
    apart = GAME.play(GAME.start(), GAME.parse_move(GAME.start(), "R1a1+W1e5"))
    assert untouching_verdict(apart.red, apart.white, (INDEX_OF_NAME["1a1"],)) is None
