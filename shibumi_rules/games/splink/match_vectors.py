"""Whole Splink match records (Duel and Bid) as conformance vectors, in their own
folder ``spec/conformance/matches/`` because they are not position vectors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ...contract.files import GeneratedFile, jsonl
from ...contract.vectors import ordered_ids
from .bidding import BiddingRules
from .matches import first_from_seed, make_players, run_match

MATCHES: Final = (
    # (format, players, seed, max_turns, bidding): chosen so that the four results all
    # occur, and each alternative of the bidding rulings plays where it matters
    ("duel", ("random", "greedy"), 1, "6", None),   # player 2 wins
    ("duel", ("greedy", "random"), 26, "6", None),  # equal scores: a draw
    ("bid", ("greedy", "random"), 4, "6", None),    # the attractor reaches the bid
    ("bid", ("greedy", "random"), 2, "6", None),    # the attractor falls short
    ("bid", ("random", "random"), 173, "6", BiddingRules(max_bid=60)),  # bids up to 60
    ("bid", ("random", "greedy"), 3, "6", BiddingRules(opening="may-pass")),  # a pass at once
    ("bid", ("random", "greedy"), 2, "6", BiddingRules(target="exceed")),  # score = bid loses
)


def _suffix(bidding: BiddingRules | None) -> str:
    """What sets a vector's bidding apart from the adopted rulings, for its ID."""
    if bidding is None:
        return ""
    default = BiddingRules()
    parts = [f"max-bid-{bidding.max_bid}" if bidding.max_bid != default.max_bid else "",
             bidding.opening if bidding.opening != default.opening else "",
             bidding.target if bidding.target != default.target else ""]
    return "".join(f"-{part}" for part in parts if part)


def match_vectors() -> Iterator[dict[str, Any]]:
    """Whole Splink matches between the built-in players, one per interesting result
    and per alternative of the bidding rulings."""
    for fmt, names, seed, max_turns, bidding in MATCHES:
        record = run_match(fmt, make_players(names, seed), options={"max_turns": max_turns},
                           first=first_from_seed(seed), seed=seed, bidding=bidding)
        data = record.to_json()
        tags = {"SPK-RUL-4", "SPK-RUL-11", "SPK-SCORE-1"}  # every match has a first player
        if fmt == "duel":
            tags.add("SPK-DUEL-1")
            if record.result.draw:
                tags.add("SPK-RUL-8")
        else:  # the range, the opening call and the target decide every bid match
            tags.update(("SPK-BID-1", "SPK-RUL-6", "SPK-RUL-12", "SPK-RUL-13"))
        outcome = "draw" if record.result.draw else f"player-{record.result.winner}-wins"
        yield {
            "id": f"splink/match-{fmt}-{seed}{_suffix(bidding)}",
            "game": "splink",
            "kind": "match",
            "source": {"kind": "match", "format": fmt, "players": list(names), "seed": seed,
                       "result": outcome},
            "record": data,
            "rules": ordered_ids(tags),
        }


def match_file() -> GeneratedFile:
    return GeneratedFile("conformance/matches/splink.jsonl", jsonl(match_vectors()))
