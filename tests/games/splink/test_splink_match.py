"""Splink matches: Duel and Bid results, the auction ruling, players, and records that
serialise to JSON and replay exactly."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.errors import IllegalMoveError, NotationError, OptionError
from shibumi_rules.games.splink.bidding import MAX_BID
from shibumi_rules.games.splink.game import GAME, score
from shibumi_rules.games.splink.matches import (
    MatchObserver,
    first_from_seed,
    make_players,
    match_options,
    replay_match,
    run_match,
)
from shibumi_rules.games.splink.players import GreedyPlayer, RandomPlayer
from shibumi_rules.games.splink.records import (
    BidRecord,
    GameRecord,
    MatchRecord,
    MatchResult,
)
from shibumi_rules.games.splink.score import GREATEST_SCORE
from shibumi_rules.games.splink.state import Role, SplinkMove, SplinkState

SHORT = {"max_turns": "10"}


class FixedBidder(RandomPlayer):
    """Random moves, scripted calls (a pass once the script runs out)."""

    def __init__(self, name: str, bids: Sequence[int | None]) -> None:
        super().__init__(0)
        self.name = name
        self.bids = list(bids)

    def choose_bid(self, highest: int | None, must_bid: bool, max_bid: int) -> int | None:
        return self.bids.pop(0) if self.bids else None


def test_duel_plays_two_games_with_roles_switched() -> None:
    """SPK-DUEL-1."""
    record = run_match("duel", make_players(["random", "greedy"], 5), options=SHORT, first=2)
    assert [g.attractor for g in record.games] == [2, 1]
    assert record.bids == ()
    by_player = {g.attractor: g.score for g in record.games}
    if by_player[1] == by_player[2]:
        assert record.result.winner is None and record.result.draw
    else:
        assert record.result.winner == max(by_player, key=by_player.__getitem__)
    assert replay_match(record) == record


def _duel(scores: tuple[int, int]) -> MatchResult:
    from shibumi_rules.games.splink.matches import _result

    games = [GameRecord(1, (), scores[0], "max-turns"), GameRecord(2, (), scores[1],
                                                                    "max-turns")]
    return _result("duel", ("a", "b"), 1, [], games)


def test_duel_result_higher_attractor_score_wins_and_equal_draws() -> None:
    """SPK-DUEL-1, SPK-RUL-8."""
    assert _duel((30, 29)).winner == 1
    assert _duel((12, 40)).winner == 2
    tie = _duel((25, 25))
    assert tie.winner is None and tie.draw and "draw" in tie.summary


def test_bid_match_first_to_pass_is_repulsor_and_the_bid_decides() -> None:
    """SPK-BID-1: player 2 opens 5, player 1 raises to 7, player 2 passes:
    player 1 is the attractor with a bid of 7."""
    players = (FixedBidder("one", [7]), FixedBidder("two", [5, None]))
    record = run_match("bid", players, options=SHORT, first=2)
    assert record.bids == (BidRecord(2, 5), BidRecord(1, 7), BidRecord(2, None))
    assert len(record.games) == 1 and record.games[0].attractor == 1
    points = record.games[0].score
    assert record.result.winner == (1 if points >= 7 else 2)
    assert replay_match(record) == record


def test_bid_reached_exactly_wins() -> None:
    from shibumi_rules.games.splink.matches import _result

    bids = [BidRecord(1, 3), BidRecord(2, None)]
    assert _result("bid", ("a", "b"), 1, bids, [GameRecord(1, (), 3, "max-turns")]).winner == 1
    assert _result("bid", ("a", "b"), 1, bids, [GameRecord(1, (), 2, "max-turns")]).winner == 2


@pytest.mark.parametrize("bids, message", [
    ([None], "must bid"),
    ([0], "from 1 to 42"),
    ([61], "from 1 to 42"),
    ([5, 5], "from 6 to 42"),
    ([42, 43], "could never be met"),
    ([42, 61], "only call is a pass"),
])
def test_bad_bids_are_refused(bids: list[int | None], message: str) -> None:
    """SPK-RUL-6 (the range), SPK-RUL-12 (the opening call), under the defaults."""
    players = (FixedBidder("one", bids[0::2]), FixedBidder("two", bids[1::2]))
    with pytest.raises(IllegalMoveError, match=message) as info:
        run_match("bid", players, options=SHORT, first=1)
    assert info.value.rule_id == ("SPK-RUL-12" if bids == [None] else "SPK-RUL-6")


@pytest.mark.parametrize("bid", [43, 50, 60])
def test_a_bid_no_game_can_meet_is_refused(bid: int) -> None:
    """SPK-RUL-6: no position scores more than 42, so a bid from 43 to 60 is refused,
    as an opening bid or a raise, and a recorded one does not replay."""
    calls: list[list[int | None]] = [[bid], [3, bid]]
    for bids in calls:
        players = (FixedBidder("one", bids[0::2]), FixedBidder("two", bids[1::2]))
        with pytest.raises(IllegalMoveError, match=f"bids {bid}: no position scores more "
                                                   "than 42") as info:
            run_match("bid", players, options=SHORT, first=1)
        assert info.value.rule_id == "SPK-RUL-6"
    record = run_match("bid", (FixedBidder("one", [42]), FixedBidder("two", [None])),
                       options=SHORT, first=1)
    forged = dataclasses.replace(record, bids=(BidRecord(1, bid), BidRecord(2, None)))
    with pytest.raises(IllegalMoveError, match="could never be met"):
        replay_match(forged)


def test_the_highest_bid_is_the_greatest_score_the_proofs_give() -> None:
    pytest.importorskip("z3", reason="the proofs extra (z3-solver) is not installed")
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[3])
    if root not in sys.path:
        sys.path.insert(0, root)
    from proofs.theorems import by_name

    for name in ("splink-greatest-score-16-16", "splink-greatest-score-unlimited"):
        outcome = by_name()[name].prove()
        assert outcome.proved and outcome.facts["extreme"] == GREATEST_SCORE == MAX_BID


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.one_of(st.none(), st.integers(1, MAX_BID)))
def test_the_built_in_players_bid_within_range(seed: int, highest: int | None) -> None:
    for player in (RandomPlayer(seed), GreedyPlayer(seed, estimate=MAX_BID + 5)):
        bid = player.choose_bid(highest, highest is None, MAX_BID)
        if bid is not None:
            assert (highest or 0) < bid <= MAX_BID


def test_a_bid_of_42_forces_a_pass() -> None:
    players = (FixedBidder("one", [42]), FixedBidder("two", [None]))
    record = run_match("bid", players, options=SHORT, first=1)
    assert record.games[0].attractor == 1
    assert record.result.winner == 2  # 42 points cannot come in 10 turns


def test_greedy_picks_the_best_immediate_score_for_its_role() -> None:
    state = GAME.replay(GAME.start(), ["R1a1+W1c1", "R1e1+W1g1"])
    best = max(score(GAME.play(state, m)) for m in GAME.legal_moves(state))
    assert score(GAME.play(state, GreedyPlayer(1).choose_move(state))) == best
    state = GAME.play_text(state, "R1a3+W1c3")
    assert state.role == Role.REPULSOR
    worst = min(score(GAME.play(state, m)) for m in GAME.legal_moves(state))
    assert score(GAME.play(state, GreedyPlayer(1).choose_move(state))) == worst


def test_greedy_bids_one_more_up_to_its_estimate() -> None:
    greedy = GreedyPlayer(0, estimate=20)
    assert greedy.choose_bid(None, True, MAX_BID) == 1
    assert greedy.choose_bid(12, False, MAX_BID) == 13
    assert greedy.choose_bid(20, False, MAX_BID) is None
    assert greedy.choose_bid(60, False, MAX_BID) is None


def test_players_are_reproducible_from_a_seed() -> None:
    a = run_match("duel", make_players(["random", "random"], 11), options=SHORT, first=1)
    b = run_match("duel", make_players(["random", "random"], 11), options=SHORT, first=1)
    assert a == b
    assert first_from_seed(11) == first_from_seed(11) in (1, 2)
    assert {first_from_seed(s) for s in range(20)} == {1, 2}


def test_match_options_default_to_a_turn_limit() -> None:
    """SPK-RUL-4: matches stop a game at 1000 turns unless told otherwise, a limit the
    text does not have; max_turns=none plays the text."""
    assert match_options() == {"max_turns": "1000", "supply": "limited"}
    assert match_options({"max_turns": "none"})["max_turns"] == "none"
    with pytest.raises(OptionError):
        match_options({"colour": "blue"})
    with pytest.raises(OptionError):
        make_players(["random", "clever"], 1)
    with pytest.raises(OptionError):
        run_match("swiss", make_players(["random", "random"], 1), first=1)


def test_observer_sees_every_move_in_order() -> None:
    seen: list[tuple[int, str]] = []

    class Recorder(MatchObserver):
        def moved(self, number: int, player: int, move: str, state: SplinkState) -> None:
            seen.append((number, move))

    record = run_match("duel", make_players(["greedy", "random"], 3), options=SHORT,
                       first=1, observer=Recorder())
    assert seen == [(i, m) for i, g in enumerate(record.games, start=1) for m in g.moves]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(("duel", "bid")), st.sampled_from(("random", "greedy")),
       st.sampled_from(("random", "greedy")), st.integers(0, 10**6), st.integers(1, 2),
       st.sampled_from(("16", "40", "300")), st.sampled_from(("limited", "unlimited")))
def test_match_records_round_trip_through_json_and_replay(
        fmt: str, one: str, two: str, seed: int, first: int, max_turns: str,
        supply: str) -> None:
    record = run_match(fmt, make_players([one, two], seed), first=first, seed=seed,
                       options={"max_turns": max_turns, "supply": supply})
    text = json.dumps(record.to_json())
    again = MatchRecord.from_json(json.loads(text))
    assert again == record
    assert json.dumps(again.to_json()) == text
    assert replay_match(again) == record
    for game in record.games:
        final = GAME.replay(GAME.start(record.options_dict()), game.moves)
        assert GAME.is_over(final) and score(final) == game.score


def _sample() -> MatchRecord:
    return run_match("bid", make_players(["greedy", "random"], 4), options=SHORT, first=1,
                     seed=4)


def test_replay_rejects_a_tampered_record() -> None:
    record = _sample()
    game = record.games[0]
    wrong_score = dataclasses.replace(record, games=(dataclasses.replace(
        game, score=game.score + 1),))
    with pytest.raises(NotationError, match="score"):
        replay_match(wrong_score)
    extra = dataclasses.replace(record, games=(dataclasses.replace(
        game, moves=(*game.moves, "R1a1+W1c1")),))
    with pytest.raises(NotationError, match="goes on"):
        replay_match(extra)
    short = dataclasses.replace(record, games=(dataclasses.replace(
        game, moves=game.moves[:-1]),))
    with pytest.raises(NotationError, match="not over"):
        replay_match(short)
    bad_move = dataclasses.replace(record, games=(dataclasses.replace(
        game, moves=("R1a1+W1a1", *game.moves[1:])),))
    with pytest.raises(IllegalMoveError, match="game 1 move 1"):
        replay_match(bad_move)
    wrong_result = dataclasses.replace(record, result=MatchResult(
        3 - (record.result.winner or 1), "someone else won"))
    with pytest.raises(NotationError, match="result"):
        replay_match(wrong_result)
    out_of_turn = dataclasses.replace(record, bids=(BidRecord(2, 3), *record.bids[1:]))
    with pytest.raises(NotationError, match="players alternate"):
        replay_match(out_of_turn)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(record="chess"), "expected 'splink-match'"),
    (lambda d: d.update(version=3), "version"),
    (lambda d: d.update(version=True), "version"),
    (lambda d: d.pop("bidding"), "missing bidding"),
    (lambda d: d["bidding"].update(max_bid=50), "max-bid 50: expected 42 or 60"),
    (lambda d: d["bidding"].update(target="beat"), "target 'beat'"),
    (lambda d: d["bidding"].pop("opening"), "bidding: missing opening"),
    (lambda d: d.update(format="swiss"), "format"),
    (lambda d: d.update(players=["one"]), "players"),
    (lambda d: d.update(first=3), "first"),
    (lambda d: d.pop("games"), "missing games"),
    (lambda d: d.update(extra=1), "unknown extra"),
    (lambda d: d["bids"].append({"player": 1, "bid": "ten"}), "bid"),
    (lambda d: d["games"][0].update(repulsor=d["games"][0]["attractor"]), "repulsor"),
    (lambda d: d["result"].update(draw=True), "draw"),
])
def test_malformed_records_name_the_field(
        mutate: Callable[[dict[str, Any]], object], message: str) -> None:
    data = _sample().to_json()
    mutate(data)
    with pytest.raises(NotationError, match=message):
        MatchRecord.from_json(data)


def test_scripted_moves_are_checked_by_the_rules() -> None:
    class Cheat(RandomPlayer):
        def choose_move(self, state: SplinkState) -> SplinkMove:
            return GAME.parse_move(state, "R2d4+W1a1")

    with pytest.raises(IllegalMoveError):
        run_match("duel", (Cheat(1), RandomPlayer(2)), first=1)


def test_the_match_turn_limit_stops_only_games_that_repeat() -> None:
    """SPK-RUL-4: two greedy players undo each other's moves; with seed 0 the first
    game is still going after 1000 turns, and the default limit stops it there."""
    record = run_match("duel", make_players(["greedy", "greedy"], 0), first=1, seed=0)
    first = record.games[0]
    assert first.reason == "max-turns" and len(first.moves) == 1000
    assert dict(record.options)["max_turns"] == "1000"


def test_the_first_player_starts_the_duel_and_opens_the_bidding() -> None:
    """SPK-RUL-11: the first player is an input; either player can be it."""
    for first in (1, 2):
        duel = run_match("duel", make_players(["random", "random"], 3), options=SHORT,
                         first=first)
        assert duel.first == first and duel.games[0].attractor == first
        bid = run_match("bid", make_players(["random", "random"], 3), options=SHORT,
                        first=first)
        assert bid.bids[0].player == first
