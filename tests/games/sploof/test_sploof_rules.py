"""Sploof rules on examples: setup, moves, illegal moves with their rule IDs, and every
way a game ends (each ruling and tricky case of the spec has one)."""

from __future__ import annotations

import pytest

from shibumi_rules.errors import IllegalMoveError, OptionError
from shibumi_rules.games.sploof import rules
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.lines import lines_of
from shibumi_rules.games.sploof.rules import (
    PASS,
    REASONS,
    SploofMove,
    move_verdicts,
    outcome,
)
from shibumi_rules.geometry import NUM_POINTS
from shibumi_rules.notation import Colour, parse_point
from shibumi_rules.verdict import Verdict


def pos(text: str) -> SploofState:
    return GAME.parse_position(text)


def play(state: SploofState, *moves: str) -> SploofState:
    return GAME.replay(state, moves)


def illegal_rule(state: SploofState, move: str) -> str | None:
    with pytest.raises(IllegalMoveError) as info:
        GAME.play_text(state, move)
    return info.value.rule_id


def line_names(state: SploofState, colour: Colour) -> list[str]:
    return [line.name for line in lines_of(state.board, colour)]


# -- setup and moves -------------------------------------------------------------------

def test_start_position() -> None:
    """SPF-SETUP-1: 12 red balls on the perimeter holes, stocks 2/2, supply 14/14/4."""
    start = GAME.start()
    assert GAME.format_position(start) == (
        "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 "
        "blocking=two lines_checked=both simultaneous=mover stuck=lose supply=limited")
    assert GAME.start(first="black").turn == Colour.BLACK
    assert GAME.start({"supply": "unlimited"}).supply == (None, None, 4)


def test_start_rejects_an_unknown_first_player() -> None:
    with pytest.raises(OptionError):
        GAME.start(first="red")


def test_sixteen_moves_from_the_start_in_canonical_order() -> None:
    """4 inner holes, then the 12 unpinned red balls, each group by point index."""
    assert GAME.legal_move_texts(GAME.start()) == [
        "1c3", "1e3", "1c5", "1e5",
        "x1a1", "x1c1", "x1e1", "x1g1", "x1a3", "x1g3",
        "x1a5", "x1g5", "x1a7", "x1c7", "x1e7", "x1g7",
    ]
    assert GAME.count_moves(GAME.start()) == 16


@pytest.mark.parametrize("remove", [False, True])
def test_the_move_tables_list_each_byte_value_in_point_order(remove: bool) -> None:
    """A mask becomes moves through one table per byte: every value of every byte lists
    its points' moves in increasing order, each move made once."""
    tables = rules._moves_by_byte(remove)
    made: dict[int, SploofMove] = {}
    assert len(tables) == (NUM_POINTS + 7) // 8
    for k, table in enumerate(tables):
        assert len(table) == 256
        for value, moves in enumerate(table):
            points = [8 * k + i for i in range(8) if value >> i & 1]
            if max(points, default=0) >= NUM_POINTS:
                continue  # bits past the last point are never set
            assert [m.point for m in moves] == points
            assert all(m.remove is remove for m in moves)
            for m in moves:
                assert made.setdefault(m.point, m) is m
    assert sorted(made) == list(range(NUM_POINTS))


def test_placement_uses_the_stock() -> None:
    """SPF-PLACE-1."""
    after = play(GAME.start(), "1c3")
    assert after.stock == (1, 2)
    assert after.board.colour_at(parse_point("1c3")) == Colour.WHITE
    assert after.turn == Colour.BLACK


def test_removal_returns_the_red_ball_and_fills_the_stock() -> None:
    """SPF-REMOVE-1, SPF-REMOVE-2: the red ball goes to the supply; two balls of the
    mover's colour go from the supply to the stock."""
    after = play(GAME.start(), "x1a1")
    assert after.stock == (4, 2)
    assert after.supply == (12, 14, 5)
    assert after.board.colour_at(parse_point("1a1")) is None


def test_removal_drops_the_chain_above() -> None:
    """SHB-DROP-1: removing 1a1 drops 2b2 into 1a1."""
    state = pos("RRRR,RWBR,RBWR,RRRR/W..,...,.../..,../. black stock:1,2 supply:12,12,4")
    after = play(state, "x1a1")
    assert after.board.colour_at(parse_point("1a1")) == Colour.WHITE
    assert after.board.colour_at(parse_point("2b2")) is None


def test_removal_of_any_colour_but_red_is_illegal() -> None:
    state = play(GAME.start(), "1c3")
    assert illegal_rule(state, "x1c3") == "SPF-REMOVE-1"
    assert illegal_rule(state, "x1e3") == "SPF-REMOVE-1"  # empty point


def test_pinned_red_cannot_be_removed() -> None:
    """SHB-PIN-1: 1c1 supports both 2b2 and 2d2."""
    state = pos("RRRR,RWBR,RBWR,RRRR/WB.,...,.../..,../. black stock:1,2 supply:12,11,4")
    assert illegal_rule(state, "x1c1") == "SHB-PIN-1"
    assert "x1c1" not in GAME.legal_move_texts(state)
    assert "x1a1" in GAME.legal_move_texts(state)


def test_placement_needs_stock_and_a_valid_location() -> None:
    """SPF-PLACE-1 and SHB-PLACE-1."""
    empty_stock = pos("RRRR,RW.R,R..R,RRRR/...,...,.../..,../. white stock:0,2 "
                      "supply:15,14,4")
    assert illegal_rule(empty_stock, "1e3") == "SPF-PLACE-1"
    assert illegal_rule(GAME.start(), "2b2") == "SHB-PLACE-1"
    assert illegal_rule(GAME.start(), "1a1") == "SHB-PLACE-1"


def test_supply_exhausted_forbids_removals_under_limited_supply() -> None:
    """SPF-RUL-1: with 1 ball in the supply White cannot remove; unlimited can."""
    state = pos("RRRR,RWWR,RBWR,RRRR/...,...,.../..,../. white stock:12,14 supply:1,1,4")
    assert illegal_rule(state, "x1a1") == "SPF-RUL-1"
    assert GAME.legal_move_texts(state) == ["2b2", "2d2", "2f2", "2b4", "2d4", "2f4",
                                            "2b6", "2d6", "2f6"]
    unlimited = GAME.with_options(state, {"supply": "unlimited"})
    assert "x1a1" in GAME.legal_move_texts(unlimited)
    after = play(unlimited, "x1a1")
    assert after.stock == (14, 14)
    assert after.supply == (None, None, 5)


# -- how games end ---------------------------------------------------------------------

def test_placing_a_line_wins() -> None:
    """SPF-WIN-1: White completes the zig-zag 1a1 2b2 1c3 2d4."""
    state = pos("WBRR,RWBR,RBBR,RRRR/W..,...,.../..,../. white stock:1,1 supply:12,11,6")
    after = play(state, "2d4")
    assert GAME.outcome_json(after) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "line"}
    assert GAME.legal_moves(after) == []
    assert illegal_rule(after, "x1e1") == "SPF-WIN-1"
    assert "a1-d4" in GAME.outcome_text(after)


# Before: 3c3 (black) hides the white 1c3; white holds 2d4, 1e5 and 2f6 of c3-f6.
# Removing 1a1 drops 2b2 (white) to 1a1 and 3c3 (black) to 2b2, revealing 1c3.
REVEAL = ("RRRR,RWBR,RBWR,RRRR/WBB,BWW,..W/B.,../. {turn} stock:2,2 supply:{w},{b},4")


def test_line_revealed_by_a_drop_wins_for_the_remover() -> None:
    state = pos(REVEAL.format(turn="white", w=8, b=8))
    assert line_names(state, Colour.WHITE) == []
    after = play(state, "x1a1")
    assert line_names(after, Colour.WHITE) == ["c3-f6"]
    assert outcome(after).reason == "line"
    assert outcome(after).winner == Colour.WHITE


def test_removal_completing_the_opponents_line_loses() -> None:
    """SPF-WIN-2: Black's removal reveals White's line, so White wins."""
    after = play(pos(REVEAL.format(turn="black", w=8, b=8)), "x1a1")
    assert line_names(after, Colour.BLACK) == []
    assert GAME.outcome_json(after) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "opponent-line"}
    # A finished game refuses moves under SPF-WIN-1; the message names the reason's rule.
    assert illegal_rule(after, "x1c1") == "SPF-WIN-1"


# Black removes 1a1: 2b2 (white) drops to 1a1 and completes White's row a1-g1 (2b2
# alone never crosses 1a1-1c1); 3c3 (white) drops to 2b2 and reveals the black 1c3,
# completing Black's diagonal a5-d2.
BOTH = "RWWW,RBWR,BWWR,RRRR/WB.,BB.,.../W.,../. black stock:1,1 supply:7,10,8 {option}"


@pytest.mark.parametrize(("option", "expected"), [
    ("simultaneous=mover", {"over": True, "winner": "black", "draw": False,
                            "reason": "both-lines-mover"}),
    ("simultaneous=draw", {"over": True, "winner": None, "draw": True,
                           "reason": "both-lines-draw"}),
])
def test_both_lines_at_once(option: str, expected: dict[str, object]) -> None:
    """SPF-RUL-2 under each option."""
    state = pos(BOTH.format(option=option))
    assert not GAME.is_over(state)
    after = play(state, "x1a1")
    assert line_names(after, Colour.WHITE) == ["a1-g1"]
    assert line_names(after, Colour.BLACK) == ["a5-d2"]
    assert GAME.outcome_json(after) == expected
    assert illegal_rule(after, "x1c1") == "SPF-WIN-1"


def test_no_legal_move_loses() -> None:
    """SPF-END-1: Black has an empty stock and no red ball is left to remove."""
    state = pos("WBWB,BWBW,WBWB,BWBW/...,...,.../..,../. black stock:2,0 supply:6,8,16")
    assert GAME.legal_moves(state) == []
    assert GAME.outcome_json(state) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "no-legal-move"}
    # a move there is refused by the first rule it breaks, then the consequence follows
    assert illegal_rule(state, "2b2") == "SPF-PLACE-1"
    assert [v.rule for v in move_verdicts(state, SploofMove(parse_point("2b2")))] == [
        "SPF-TURN-1", "SPF-PLACE-1", "SPF-END-1"]
    assert "empty stock" in GAME.outcome_text(state)


def test_no_legal_move_when_the_supply_is_exhausted() -> None:
    """SPF-END-1 with SPF-RUL-1: empty stock, 1 ball in the supply."""
    state = pos("RRRR,RWWR,RWWR,RRRR/WWW,WWW,WWW/WW,BB/B white stock:0,4 supply:1,9,4")
    assert lines_of(state.board, Colour.WHITE) == ()
    assert outcome(state).reason == "no-legal-move"
    assert outcome(state).winner == Colour.BLACK
    unlimited = GAME.with_options(state, {"supply": "unlimited"})
    assert not GAME.is_over(unlimited)
    assert GAME.legal_move_texts(unlimited) == ["x1a1", "x1g1", "x1a7", "x1g7"]


# A complete pyramid without a line: the 8 red balls on edge holes support two balls
# each (pinned); the corners are white and black.
COMPLETE = "WRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,3 supply:3,3,8"


def test_complete_pyramid_with_balls_in_stock_loses() -> None:
    """SPF-RUL-3 (SHB-COMPLETE-1): Black has 3 balls in stock and nowhere to put them."""
    state = pos(COMPLETE)
    assert state.board.occupied == (1 << 30) - 1
    assert lines_of(state.board, Colour.WHITE) == lines_of(state.board, Colour.BLACK) == ()
    assert GAME.outcome_json(state) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "no-legal-move"}
    assert "pyramid is complete" in GAME.outcome_text(state)


def test_complete_pyramid_with_a_free_red_corner_goes_on() -> None:
    state = pos("RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,3 supply:4,3,7")
    assert GAME.legal_move_texts(state) == ["x1a1"]


def test_every_reason_names_its_rule() -> None:
    assert set(REASONS) == {"line", "opponent-line", "both-lines-mover",
                            "both-lines-draw", "no-legal-move", "stuck-draw",
                            "both-stuck-draw"}
    assert {reason.rule for reason in REASONS.values()} == {
        "SPF-WIN-1", "SPF-WIN-2", "SPF-RUL-2", "SPF-END-1", "SPF-RUL-3"}


def test_outcome_of_a_running_game() -> None:
    assert GAME.outcome_json(GAME.start()) == {"over": False, "winner": None,
                                               "draw": False, "reason": None}
    assert GAME.outcome_text(GAME.start()) == "in progress: white to move"


# -- verdicts: the rule of every refusal and outcome, with its evidence ------------------

def refusal(state: SploofState, move: str) -> Verdict:
    with pytest.raises(IllegalMoveError) as info:
        GAME.play_text(state, move)
    verdict = info.value.verdict
    assert verdict is not None and verdict.fails and verdict.rule == info.value.rule_id
    assert verdict.text == info.value.message
    return verdict


def test_refusals_carry_the_failing_verdict_and_its_evidence() -> None:
    start = GAME.start()
    assert refusal(start, "2b2").evidence["missing"] == ["1c3"]
    assert refusal(play(start, "1c3"), "1c3").evidence["occupied_by"] == "white"
    assert refusal(play(start, "1c3"), "x1c3").evidence["found"] == "white"
    assert refusal(start, "x1c3").evidence["found"] is None
    empty_stock = pos("RRRR,RW.R,R..R,RRRR/...,...,.../..,../. white stock:0,2 "
                      "supply:15,14,4")
    assert refusal(empty_stock, "1e3").evidence["stock"] == 0
    pinned_red = pos("RRRR,RWBR,RBWR,RRRR/WB.,...,.../..,../. black stock:1,2 "
                     "supply:12,11,4")
    assert refusal(pinned_red, "x1c1").evidence["supports"] == ["2b2", "2d2"]
    short = pos("RRRR,RWWR,RBWR,RRRR/...,...,.../..,../. white stock:12,14 supply:1,1,4")
    verdict = refusal(short, "x1a1")
    assert (verdict.rule, verdict.also) == ("SPF-RUL-1", ("SPF-REMOVE-2",))
    assert (verdict.evidence["supply"], verdict.evidence["needed"]) == (1, 2)


def test_move_verdicts_follow_the_order_of_the_rules() -> None:
    start = GAME.start()
    assert [v.rule for v in move_verdicts(start, SploofMove(parse_point("1a1"), True))] == [
        "SPF-TURN-1", "SPF-REMOVE-1", "SHB-PIN-1", "SPF-RUL-1"]
    assert [v.rule for v in move_verdicts(start, SploofMove(parse_point("1c3")))] == [
        "SPF-TURN-1", "SPF-PLACE-1", "SHB-PLACE-1"]
    assert all(v.holds for v in move_verdicts(start, SploofMove(parse_point("1c3"))))
    # a removal of a white ball stops at SPF-REMOVE-1: pinning is not looked at
    after = play(start, "1c3")
    assert [v.rule for v in move_verdicts(after, SploofMove(parse_point("1c3"), True))] == [
        "SPF-TURN-1", "SPF-REMOVE-1"]


def test_a_finished_game_refuses_with_the_reason_as_evidence() -> None:
    state = pos("WBRR,RWBR,RBBR,RRRR/W..,...,.../..,../. white stock:1,1 supply:12,11,6")
    verdict = refusal(play(state, "2d4"), "x1e1")
    assert verdict.rule == "SPF-WIN-1" and verdict.evidence == {"reason": "line"}
    assert verdict.text.startswith("the game is already over (white wins with a line")


def test_the_outcome_carries_the_verdicts_that_decided_it() -> None:
    after = play(pos(BOTH.format(option="simultaneous=mover")), "x1a1")
    lines, decision = outcome(after).verdicts
    assert (lines.rule, lines.also) == ("SPF-WIN-1", ("SPF-RUL-8",))
    assert lines.evidence == {"lines_checked": "both", "white": ["a1-g1"],
                              "black": ["a5-d2"]}
    assert (decision.rule, decision.also) == ("SPF-RUL-2", ("SPF-WIN-1",))
    assert decision.evidence["reason"] == "both-lines-mover"


def test_no_legal_move_is_decided_by_the_verdicts_on_placing_and_removing() -> None:
    no_red = outcome(pos("WBWB,BWBW,WBWB,BWBW/...,...,.../..,../. black stock:2,0 "
                         "supply:6,8,16"))
    assert [v.rule for v in no_red.verdicts] == [
        "SPF-WIN-1", "SPF-PLACE-1", "SPF-REMOVE-1", "SPF-END-1"]
    short = outcome(pos("RRRR,RWWR,RWWR,RRRR/WWW,WWW,WWW/WW,BB/B white stock:0,4 "
                        "supply:1,9,4"))
    assert [v.rule for v in short.no_move] == ["SPF-PLACE-1", "SPF-RUL-1"]
    assert short.no_move[1].evidence["supply"] == 1
    complete = outcome(pos(COMPLETE))
    assert [v.rule for v in complete.no_move] == ["SHB-COMPLETE-1", "SHB-PIN-1"]
    assert all(v.fails for v in complete.no_move)
    assert outcome(GAME.start()).no_move == ()


# -- SPF-RUL-8: whose lines are checked after a move ---------------------------------------
# Black removes 1a1: 2b2 drops into 1a1 and leaves 2b4 alone over the link 1a3-1c3, so
# White's row a3-g3 is no longer crossed (SPF-RUL-4).
CROSSED = "RRRR,WWWW,RB.R,RRRR/B..,B..,.../..,../. black stock:1,2 supply:11,11,6{option}"


def test_a_line_made_for_the_opponent_ends_the_game_by_default() -> None:
    """lines_checked=both: the opponent wins at once (SPF-WIN-2)."""
    after = play(pos(CROSSED.format(option="")), "x1a1")
    assert line_names(after, Colour.WHITE) == ["a3-g3"]
    assert GAME.outcome_json(after) == {"over": True, "winner": "white", "draw": False,
                                        "reason": "opponent-line"}
    assert REASONS["opponent-line"].rule_ids == ("SPF-WIN-2", "SPF-WIN-1", "SPF-RUL-8")


def test_under_lines_checked_mover_the_opponents_line_waits_for_their_own_move() -> None:
    after = play(pos(CROSSED.format(option=" lines_checked=mover")), "x1a1")
    assert line_names(after, Colour.WHITE) == ["a3-g3"]
    assert not GAME.is_over(after) and GAME.legal_moves(after)
    lines, decision = outcome(after).verdicts
    assert lines.also == decision.also == ("SPF-RUL-8",)
    kept = play(after, "1e5")  # White keeps the row: now the mover, White wins
    assert GAME.outcome_json(kept) == {"over": True, "winner": "white", "draw": False,
                                       "reason": "line"}
    crossed = play(after, "2b2")  # White crosses its own row again: the game goes on
    assert line_names(crossed, Colour.WHITE) == []
    assert not GAME.is_over(crossed)


def test_under_lines_checked_mover_a_move_giving_both_lines_wins_for_the_mover() -> None:
    after = play(pos(BOTH.format(option="lines_checked=mover")), "x1a1")
    assert line_names(after, Colour.WHITE) == ["a1-g1"]
    assert GAME.outcome_json(after) == {"over": True, "winner": "black", "draw": False,
                                        "reason": "line"}
    assert "white line" not in GAME.outcome_text(after)  # only the mover's lines count


# -- SPF-RUL-3: balls in stock, and neither a placement nor a removal ---------------------
# COMPLETE: Black (3 in stock) and White (1 in stock) are both stuck: every red is pinned.
# ONE_STUCK: Black (5 in stock) has 1 ball in the supply, too few for a removal; White
# could remove the red corner 1a1.
# EMPTY_STOCK_OPPONENT: Black (3 in stock) is stuck; White has an empty stock and is stuck.
ONE_STUCK = "RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,5 supply:4,1,7"
EMPTY_STOCK_OPPONENT = "WRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:0,3 supply:4,3,8"


def under(text: str, stuck: str) -> SploofState:
    return pos(f"{text} stuck={stuck}")


@pytest.mark.parametrize(("stuck", "expected"), [
    ("lose", {"over": True, "winner": "white", "draw": False, "reason": "no-legal-move"}),
    ("pass", {"over": True, "winner": None, "draw": True, "reason": "both-stuck-draw"}),
    ("draw", {"over": True, "winner": None, "draw": True, "reason": "stuck-draw"}),
])
def test_both_players_stuck_with_balls_in_stock(stuck: str, expected: dict[str, object]
                                                ) -> None:
    """SPF-RUL-3: nobody can move; a pass would only hand the turn back and forth."""
    state = under(COMPLETE, stuck)
    assert GAME.outcome_json(state) == expected
    assert GAME.legal_moves(state) == [] and GAME.count_moves(state) == 0
    assert outcome(state).verdicts[-1].rule == ("SPF-END-1" if stuck == "lose"
                                                else "SPF-RUL-3")


@pytest.mark.parametrize(("stuck", "expected"), [
    ("lose", {"over": True, "winner": "white", "draw": False, "reason": "no-legal-move"}),
    ("pass", {"over": False, "winner": None, "draw": False, "reason": None}),
    ("draw", {"over": True, "winner": None, "draw": True, "reason": "stuck-draw"}),
])
def test_one_player_stuck_with_balls_in_stock(stuck: str, expected: dict[str, object]
                                              ) -> None:
    state = under(ONE_STUCK, stuck)
    assert GAME.outcome_json(state) == expected
    if stuck != "pass":
        assert GAME.legal_moves(state) == []
        return
    assert GAME.legal_moves(state) == [PASS] and GAME.count_moves(state) == 1
    after = GAME.play_text(state, "pass")  # nothing changes but the turn
    assert (after.board, after.stock, after.supply) == (state.board, state.stock,
                                                         state.supply)
    assert after.turn == Colour.WHITE and GAME.legal_move_texts(after) == ["x1a1"]
    assert "must pass" in GAME.outcome_text(state)
    assert [v.rule for v in outcome(state).verdicts] == [
        "SPF-WIN-1", "SHB-COMPLETE-1", "SPF-RUL-1", "SPF-RUL-3"]
    # White's removal drops the chain above 1a1 and frees the apex: Black places there
    assert GAME.legal_move_texts(GAME.play_text(after, "x1a1")) == ["4d4"]


def test_a_pass_hands_an_opponent_with_an_empty_stock_their_loss() -> None:
    """SPF-RUL-3 then SPF-END-1: the three values give three different results."""
    assert GAME.outcome_json(under(EMPTY_STOCK_OPPONENT, "lose"))["winner"] == "white"
    assert GAME.outcome_json(under(EMPTY_STOCK_OPPONENT, "draw"))["reason"] == "stuck-draw"
    after = GAME.play_text(under(EMPTY_STOCK_OPPONENT, "pass"), "pass")
    assert GAME.outcome_json(after) == {"over": True, "winner": "black", "draw": False,
                                        "reason": "no-legal-move"}
    assert outcome(after).cited == ("SPF-END-1",)  # an empty stock: the text decides


def test_a_pass_made_with_a_line_in_hand_wins_under_lines_checked_mover() -> None:
    """SPF-RUL-3 with SPF-RUL-8: White holds a1-g1, made by Black's move, which counts
    only after White's own move; White can neither place nor remove."""
    text = ("WWWW,RBBR,RBWR,RRRB/BBW,WBW,WWW/WB,BB/W white stock:2,1 supply:1,5,9 "
            "lines_checked=mover")
    assert GAME.outcome_json(under(text, "lose"))["reason"] == "no-legal-move"
    assert GAME.outcome_json(under(text, "draw"))["reason"] == "stuck-draw"
    state = under(text, "pass")
    assert GAME.legal_move_texts(state) == ["pass"]
    assert GAME.outcome_json(GAME.play_text(state, "pass")) == {
        "over": True, "winner": "white", "draw": False, "reason": "line"}
    assert GAME.outcome_json(GAME.with_options(state, {"lines_checked": "both"}))[
        "reason"] == "opponent-line"


def test_a_pass_is_refused_where_the_rules_do_not_allow_it() -> None:
    """SPF-TURN-1: a turn is a placement or a removal, so a pass is no turn at all; only
    SPF-RUL-3's stuck=pass makes it one, only with balls in stock and no other move."""
    for stuck in ("lose", "draw"):
        verdict = refusal(GAME.start({"stuck": stuck}), "pass")
        assert (verdict.rule, verdict.also) == ("SPF-TURN-1", ())
        assert verdict.text == (
            "white is to move, and a turn is exactly one action, a placement or a removal: "
            "a pass is neither (only stuck=pass makes it a turn, for a player who can "
            f"neither place nor remove; here stuck={stuck})")
        assert [v.holds for v in move_verdicts(GAME.start({"stuck": stuck}), PASS)] == [False]
    assert refusal(GAME.start({"stuck": "pass"}), "PASS").evidence == {
        "stuck": "pass", "stock": 2, "placements": 4, "removals": 12}
    empty = pos("WBWB,BWBW,WBWB,BWBW/...,...,.../..,../. black stock:2,0 supply:6,8,16 "
                "stuck=pass")
    assert [v.rule for v in move_verdicts(empty, PASS)] == [
        "SPF-TURN-1", "SPF-RUL-3", "SPF-END-1"]
    assert refusal(empty, "pass").text == ("black has no ball in stock: a pass is only for "
                                          "a player with balls in stock (stuck=pass)")
    both = under(COMPLETE, "pass")
    checks = move_verdicts(both, PASS)
    assert [(v.rule, v.holds) for v in checks] == [
        ("SPF-TURN-1", True), ("SPF-RUL-3", False), ("SPF-RUL-3", None)]
    assert "drawn" in checks[-1].text
    assert move_verdicts(under(ONE_STUCK, "pass"), PASS)[-1].holds


def test_spf_rul_3_is_cited_only_when_the_stuck_player_holds_balls_in_stock() -> None:
    empty = outcome(pos("WBWB,BWBW,WBWB,BWBW/...,...,.../..,../. black stock:2,0 "
                        "supply:6,8,16"))
    assert empty.cited == ("SPF-END-1",) and empty.verdicts[-1].also == ()
    stuck = outcome(pos(COMPLETE))
    assert stuck.cited == ("SPF-END-1", "SPF-RUL-3")
    assert stuck.verdicts[-1].also == ("SPF-RUL-3",)
    assert outcome(under(COMPLETE, "draw")).cited == ("SPF-RUL-3", "SPF-END-1")
