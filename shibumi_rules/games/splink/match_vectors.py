"""Whole Splink match records (Duel and Bid) as conformance vectors, in their own
folder ``spec/conformance/matches/`` because they are not position vectors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ...tables.output import GeneratedFile
from ...tables.vectors import jsonl, ordered_ids
from .matches import first_from_seed, make_players, run_match

MATCHES: Final = (
    # (format, players, seed, max_turns): chosen so that the four results all occur
    ("duel", ("random", "greedy"), 1, "6"),   # player 2 wins
    ("duel", ("greedy", "random"), 26, "6"),  # equal scores: a draw
    ("bid", ("greedy", "random"), 4, "6"),    # the attractor reaches the bid
    ("bid", ("greedy", "random"), 2, "6"),    # the attractor falls short
)


def match_vectors() -> Iterator[dict[str, Any]]:
    """Whole Splink matches between the built-in players, one per interesting result."""
    for fmt, names, seed, max_turns in MATCHES:
        record = run_match(fmt, make_players(names, seed), options={"max_turns": max_turns},
                           first=first_from_seed(seed), seed=seed)
        data = record.to_json()
        tags = {"SPK-RUL-4", "SPK-RUL-11", "SPK-SCORE-1"}  # every match has a first player
        if fmt == "duel":
            tags.add("SPK-DUEL-1")
            if record.result.draw:
                tags.add("SPK-RUL-8")
        else:
            tags.update(("SPK-BID-1", "SPK-RUL-6"))
        outcome = "draw" if record.result.draw else f"player-{record.result.winner}-wins"
        yield {
            "id": f"splink/match-{fmt}-{seed}",
            "game": "splink",
            "kind": "match",
            "source": {"kind": "match", "format": fmt, "players": list(names), "seed": seed,
                       "result": outcome},
            "record": data,
            "rules": ordered_ids(tags),
        }


def match_file() -> GeneratedFile:
    return GeneratedFile("conformance/matches/splink.jsonl", jsonl(match_vectors()))
