"""The bidding rulings of a Splink bid match, under each alternative: the range of bids
(SPK-RUL-6, ``--max-bid``), passing at once (SPK-RUL-12, ``--opening``) and reaching the
bid (SPK-RUL-13, ``--target``); their record, old records, and the command line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import spec
from shibumi_rules.cli import main
from shibumi_rules.errors import IllegalMoveError, NotationError, OptionError, ShibumiError
from shibumi_rules.games.splink.bidding import (
    MAX_BIDS,
    OPENINGS,
    TARGETS,
    BiddingRules,
    bid_met,
)
from shibumi_rules.games.splink.matches import make_players, replay_match, run_match
from shibumi_rules.games.splink.records import BidRecord, GameRecord, MatchRecord

from .test_splink_match import FixedBidder

EMPTY = {"max_turns": "0"}
"""Games that end at once on the empty board, score 0: the bidding alone decides."""
SHORT = {"max_turns": "10"}
RULES = st.builds(BiddingRules, st.sampled_from(MAX_BIDS), st.sampled_from(OPENINGS),
                  st.sampled_from(TARGETS))

OLD_RECORD = (
    '{"record":"splink-match","version":1,"format":"bid","players":["greedy","random"],'
    '"seed":2,"first":1,"options":{"max_turns":"6","supply":"limited"},"bids":[{"player":1,'
    '"bid":1},{"player":2,"bid":4},{"player":1,"bid":5},{"player":2,"bid":11},{"player":1,'
    '"bid":12},{"player":2,"bid":21},{"player":1,"bid":22},{"player":2,"bid":29},{"player":'
    '1,"bid":null}],"games":[{"attractor":2,"repulsor":1,"moves":["W1g1+R1a7","R1a5+W1e5",'
    '"R1c7+W1e7","W1e1+R1c3","W1a3+R1c5","W1c1+R1e3"],"score":2,"reason":"max-turns"}],'
    '"result":{"winner":1,"draw":false,"summary":"player 2 (random) bid 29 but scored 2 as '
    'attractor: player 1 wins"}}'
)
"""A record written before the bidding rules could be chosen (version 1, no bidding):
the bid match vector splink/match-bid-2 as it was published."""


def _bid(calls: Sequence[int | None], rules: BiddingRules | None = None,
         options: dict[str, str] | None = None, first: int = 1) -> MatchRecord:
    """A bid match whose calls alternate from ``first``, as scripted."""
    mine, theirs = calls[0::2], calls[1::2]
    one, two = (mine, theirs) if first == 1 else (theirs, mine)
    players = (FixedBidder("one", one), FixedBidder("two", two))
    return run_match("bid", players, options=options or EMPTY, first=first, bidding=rules)


def _verdict(calls: Sequence[int | None], rules: BiddingRules) -> MatchRecord | ShibumiError:
    try:
        return _bid(calls, rules)
    except ShibumiError as err:
        return err


# -- SPK-RUL-6: the range of bids ---------------------------------------------------

@pytest.mark.parametrize("bid", [43, 50, 60])
def test_max_bid_60_accepts_a_bid_no_game_can_meet_and_its_attractor_loses(bid: int
                                                                          ) -> None:
    """SPK-RUL-6 --max-bid 60: refused under 42, accepted under 60, and always lost."""
    with pytest.raises(IllegalMoveError, match="could never be met") as info:
        _bid([3, bid, None])
    assert info.value.rule_id == "SPK-RUL-6"
    record = _bid([3, bid, None], BiddingRules(max_bid=60), SHORT)
    assert record.bids[-2] == BidRecord(2, bid) and record.games[0].attractor == 2
    assert record.result.winner == 1 and f"bid {bid} but scored" in record.result.summary
    assert replay_match(record) == record


def test_max_bid_60_refuses_61_and_after_60_only_a_pass() -> None:
    """SPK-RUL-6: the range ends at 60 too."""
    sixty = BiddingRules(max_bid=60)
    for calls, message in (([61], "from 1 to 60"), ([60, 61], "only call is a pass"),
                           ([40, 40], "from 41 to 60"), ([0], "from 1 to 60")):
        with pytest.raises(IllegalMoveError, match=message) as info:
            _bid(calls, sixty)
        assert info.value.rule_id == "SPK-RUL-6"
    assert _bid([60, None], sixty).games[0].attractor == 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(-2, 70)), min_size=1, max_size=8),
       st.sampled_from(OPENINGS), st.sampled_from(TARGETS))
def test_any_bidding_accepted_under_the_default_is_accepted_under_max_bid_60(
        calls: list[int | None], opening: str, target: str) -> None:
    """SPK-RUL-6: --max-bid 60 only adds bids. A sequence of calls the defaults accept is
    accepted under --max-bid 60 (whatever the opening and the target) with the same
    attractor and bid; one that only --max-bid 60 accepts holds a bid from 43 to 60,
    refused under the default as one no game can meet."""
    default = _verdict(calls, BiddingRules())
    wider = _verdict(calls, BiddingRules(60, opening, target))
    if isinstance(default, MatchRecord):
        assert isinstance(wider, MatchRecord)
        assert wider.bids == default.bids and wider.games == default.games
    elif isinstance(wider, MatchRecord) and opening == "must-bid":
        assert any(43 <= (c or 0) <= 60 for c in calls)
        assert default.rule_id == "SPK-RUL-6" and "could never be met" in default.message


# -- SPK-RUL-12: passing at once ----------------------------------------------------

def test_must_bid_refuses_a_pass_at_once_and_may_pass_accepts_it() -> None:
    """SPK-RUL-12: refused under --opening must-bid; under may-pass the first bidder is
    the repulsor and the other player the attractor against a target of 0."""
    with pytest.raises(IllegalMoveError, match="must bid, not pass") as info:
        _bid([None], first=2)
    assert info.value.rule_id == "SPK-RUL-12"
    record = _bid([None], BiddingRules(opening="may-pass"), first=2)
    assert record.bids == (BidRecord(2, None),) and record.games[0].attractor == 1
    assert record.result.winner == 1  # a score of 0 reaches the target of 0
    assert record.result.summary == (
        "player 2 (two) passed at once, so player 1 (one) played the attractor against a "
        "target of 0 and scored 0, reaching it: player 1 wins")
    assert replay_match(record) == record


def test_after_a_pass_at_once_reach_always_wins_and_exceed_needs_a_point() -> None:
    """SPK-RUL-12 with SPK-RUL-13: against the target 0, every score reaches it (passing
    at once concedes the match) and exceeding it needs at least 1 point."""
    from shibumi_rules.games.splink.matches import _result

    calls = [BidRecord(1, None)]
    for target, points, winner in (("reach", 0, 2), ("reach", 42, 2), ("exceed", 0, 1),
                                   ("exceed", 1, 2)):
        rules = BiddingRules(opening="may-pass", target=target)
        game = GameRecord(2, (), points, "max-turns")
        assert _result("bid", ("a", "b"), 1, calls, [game], rules).winner == winner


def test_only_the_first_call_may_be_a_pass_at_once() -> None:
    """SPK-RUL-12 under may-pass: once a bid stands the first pass ends the bidding."""
    record = _bid([5, None], BiddingRules(opening="may-pass"))
    assert record.bids == (BidRecord(1, 5), BidRecord(2, None))
    assert record.games[0].attractor == 1


# -- SPK-RUL-13: reaching the bid ---------------------------------------------------

@given(st.integers(0, 42), st.integers(0, 60))
def test_exceed_differs_from_reach_exactly_on_a_score_equal_to_the_bid(points: int,
                                                                     bid: int) -> None:
    """SPK-RUL-13: a score that exceeds the bid reaches it; the two disagree only when
    the score equals the bid."""
    reach = bid_met(points, bid, BiddingRules())
    exceed = bid_met(points, bid, BiddingRules(target="exceed"))
    assert reach == (points >= bid) and exceed == (points > bid)
    assert (reach != exceed) == (points == bid)


def test_a_score_equal_to_the_bid_wins_under_reach_and_loses_under_exceed() -> None:
    """SPK-RUL-13 on a whole match (the exceed vector, seed 2): greedy bids 7 and scores
    7 as attractor, so it loses under exceed and wins under reach, with the same calls
    and moves."""
    record = run_match("bid", make_players(["random", "greedy"], 2), first=1, seed=2,
                       options={"max_turns": "6"}, bidding=BiddingRules(target="exceed"))
    bid, points = record.bids[-2].bid, record.games[0].score
    assert bid == points == 7 and record.games[0].attractor == 2
    assert record.result.winner == 1 and "not more than the bid" in record.result.summary
    reached = run_match("bid", make_players(["random", "greedy"], 2), first=1, seed=2,
                        options={"max_turns": "6"})
    assert reached.bids == record.bids and reached.games == record.games
    assert reached.result.winner == 2 and "reaching the bid" in reached.result.summary


def test_under_exceed_a_bid_of_42_is_allowed_and_always_lost() -> None:
    """SPK-RUL-13 with SPK-RUL-6: the range stays 1 to 42, and 42 cannot be exceeded."""
    record = _bid([42, None], BiddingRules(target="exceed"))
    assert record.games[0].attractor == 1 and record.result.winner == 2


# -- the record -------------------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(RULES, st.integers(0, 10**6), st.sampled_from(("random", "greedy")))
def test_the_record_keeps_the_bidding_rules_and_a_replay_follows_them(
        rules: BiddingRules, seed: int, one: str) -> None:
    record = run_match("bid", make_players([one, "random"], seed), first=1 + seed % 2,
                       seed=seed, options=SHORT, bidding=rules)
    data = record.to_json()
    assert data["version"] == 2 and data["bidding"] == {
        "max_bid": rules.max_bid, "opening": rules.opening, "target": rules.target}
    again = MatchRecord.from_json(json.loads(json.dumps(data)))
    assert again == record and again.bidding == rules
    assert replay_match(again) == record


def test_a_version_1_record_reads_as_the_adopted_rulings_and_replays() -> None:
    record = MatchRecord.from_json(json.loads(OLD_RECORD))
    assert record.bidding == BiddingRules()
    rebuilt = replay_match(record)
    assert rebuilt == record
    data = rebuilt.to_json()
    assert data["version"] == 2 and data["bidding"] == BiddingRules().to_json()


def test_a_replay_plays_under_the_recorded_rules_not_the_defaults() -> None:
    """The same calls and moves replay under the rules they were played under, and not
    under the adopted ones (as an old record without bidding would be read)."""
    record = _bid([None], BiddingRules(opening="may-pass"))
    assert replay_match(record) == record
    old = record.to_json()
    old["version"] = 1
    del old["bidding"]
    with pytest.raises(IllegalMoveError, match="must bid") as info:
        replay_match(MatchRecord.from_json(old))
    assert info.value.rule_id == "SPK-RUL-12"
    exceeded = _bid([3, None], BiddingRules(target="exceed"))  # scores 0: player 2 wins
    data = exceeded.to_json()
    data["bidding"]["target"] = "reach"
    with pytest.raises(NotationError, match="result does not follow"):
        replay_match(MatchRecord.from_json(data))


def test_a_duel_has_no_bidding_rules() -> None:
    with pytest.raises(OptionError, match="bid matches only"):
        run_match("duel", make_players(["random", "random"], 1), first=1, options=EMPTY,
                  bidding=BiddingRules())
    duel = run_match("duel", make_players(["random", "random"], 1), first=1, options=EMPTY)
    assert duel.bidding is None and "bidding" not in duel.to_json()
    data = duel.to_json()
    data["bidding"] = BiddingRules().to_json()
    with pytest.raises(NotationError, match="unknown bidding"):
        MatchRecord.from_json(data)


@pytest.mark.parametrize("value, rule", [
    ({"max_bid": 50}, "SPK-RUL-6"), ({"max_bid": 42.0}, "SPK-RUL-6"),
    ({"opening": "may-bid"}, "SPK-RUL-12"), ({"target": "beat"}, "SPK-RUL-13"),
])
def test_a_value_no_ruling_offers_is_refused_with_the_ruling(value: dict[str, object],
                                                             rule: str) -> None:
    with pytest.raises(OptionError) as info:
        BiddingRules(**value)  # type: ignore[arg-type]
    assert info.value.rule_id == rule


# -- the command line -------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


BIDDING_RULINGS = {"SPK-RUL-6": "max_bid", "SPK-RUL-12": "opening", "SPK-RUL-13": "target"}


@pytest.mark.parametrize("ruling_id", sorted(BIDDING_RULINGS))
def test_each_alternative_s_flag_selects_it_and_the_adopted_one_is_the_default(
        capsys: pytest.CaptureFixture[str], ruling_id: str) -> None:
    """The ``cli`` of every alternative, as the spec writes it, is a flag of ``match``
    that records that alternative; no flag records the adopted one."""
    field = BIDDING_RULINGS[ruling_id]
    base = ("match", "splink", "--format", "bid", "--seed", "1", "--json", "--option",
            "max_turns=0")
    code, out, _ = run(capsys, *base)
    default = json.loads(out)["bidding"][field]
    for alternative in spec.current().rulings[ruling_id].alternatives:
        assert alternative.cli is not None
        flag, value = alternative.cli.split()
        code, out, err = run(capsys, *base, flag, value)
        assert code == 0, err
        assert str(json.loads(out)["bidding"][field]) == value
        assert (str(default) == value) == alternative.adopted


def test_the_first_line_names_the_rules_that_differ_and_a_replay_follows_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "match", "splink", "--format", "bid", "--seed", "3",
                       "--players", "random,greedy", "--first", "1", "--brief",
                       "--option", "max_turns=6", "--opening", "may-pass")
    lines = out.splitlines()
    assert code == 0 and lines[0].endswith(
        "player 1 first; the first bidder may pass at once (SPK-RUL-12)")
    assert lines[1] == "bidding: player 1 (random) passes"
    assert "against a target of 0" in lines[-1]
    code, out, _ = run(capsys, "match", "splink", "--format", "bid", "--seed", "3",
                       "--players", "random,greedy", "--first", "1", "--json",
                       "--option", "max_turns=6", "--opening", "may-pass")
    path = tmp_path / "match.json"
    path.write_text(out)
    code, text, _ = run(capsys, "match", "splink", "--replay", str(path), "--brief")
    assert code == 0 and text.splitlines()[0].endswith(
        "may pass at once (SPK-RUL-12)")
    assert text.splitlines()[-1] == lines[-1]
    code, _, err = run(capsys, "match", "splink", "--replay", str(path), "--target",
                       "exceed")
    assert code == 1 and "--target cannot be used" in err


def test_a_replayed_out_of_range_bid_is_one_line_with_its_rule(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = _bid([42, None]).to_json()
    record["bids"][0]["bid"] = 50
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    code, _out, err = run(capsys, "match", "splink", "--replay", str(path))
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("illegal move: player 1 bids 50") and err.endswith("[SPK-RUL-6]\n")


@pytest.mark.parametrize("args, fragment", [
    (("--format", "bid", "--max-bid", "50"), "--max-bid 50: expected 42 or 60 [SPK-RUL-6]"),
    (("--format", "bid", "--opening", "later"),
     "--opening 'later': expected must-bid or may-pass [SPK-RUL-12]"),
    (("--format", "bid", "--target", "beat"),
     "--target 'beat': expected reach or exceed [SPK-RUL-13]"),
    (("--max-bid", "60"), "--max-bid: the bidding rules apply to bid matches only"),
    (("--format", "duel", "--opening", "may-pass", "--target", "exceed"),
     "--opening, --target: the bidding rules apply to bid matches only"),
])
def test_bad_bidding_flags_are_one_line_before_any_output(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...], fragment: str) -> None:
    code, out, err = run(capsys, "match", "splink", "--seed", "1", *args)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


def test_a_max_bid_that_is_not_a_number_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["match", "splink", "--format", "bid", "--max-bid", "lots"])
    _, err = capsys.readouterr()
    assert info.value.code == 2 and "'lots' is not a whole number" in err
    assert err.count("\n") == 1
