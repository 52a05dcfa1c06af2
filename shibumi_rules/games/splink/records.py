"""Splink match records: plain data that serialises to JSON and back exactly.

A record holds everything needed to replay a match and check it: the format, the
players' names, the options of every game, the seed (informational: it lets the match
be played again with the same players), who went first, the bidding rules of a bid
match, the bids, each game's roles, moves, score and end reason, and the result. JSON
form (one object)::

    {"record": "splink-match", "version": 2, "format": "duel" | "bid",
     "players": [NAME1, NAME2], "seed": INT | null, "first": 1 | 2,
     "options": {"max_turns": "...", "supply": "..."},
     "bidding": {"max_bid": 42 | 60, "opening": "must-bid" | "may-pass",
                 "target": "reach" | "exceed"},                  (bid matches only)
     "bids": [{"player": 1 | 2, "bid": INT | null}, ...],      (null: a pass; [] in a duel)
     "games": [{"attractor": 1 | 2, "repulsor": 2 | 1, "moves": [MOVE, ...],
                "score": INT, "reason": REASON}, ...],
     "result": {"winner": 1 | 2 | null, "draw": BOOL, "summary": TEXT}}

Players are numbered 1 and 2 in the order listed. ``first`` is the player who opened
the bidding (bid) or played the attractor in the first game (duel). ``bidding`` names
the alternatives of SPK-RUL-6, SPK-RUL-12 and SPK-RUL-13 the bidding followed. Version 1
records, written before those could be chosen, have no ``bidding`` and are read as
played under the adopted alternatives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...errors import NotationError, OptionError
from .bidding import BiddingRules

RECORD_KIND: Final = "splink-match"
RECORD_VERSION: Final = 2
READ_VERSIONS: Final = (1, 2)
"""The versions read: 1 has no ``bidding`` (the adopted alternatives), 2 has it in
every bid record."""
FORMATS: Final = ("duel", "bid")


@dataclass(frozen=True, slots=True)
class BidRecord:
    """One call of the auction: a bid, or a pass (``bid`` is None)."""

    player: int
    bid: int | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match."""

    attractor: int
    moves: tuple[str, ...]
    score: int
    reason: str

    @property
    def repulsor(self) -> int:
        return 3 - self.attractor


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Who won (None for a draw) and why, in one sentence."""

    winner: int | None
    summary: str

    @property
    def draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match."""

    format: str
    players: tuple[str, str]
    seed: int | None
    first: int
    options: tuple[tuple[str, str], ...]
    bids: tuple[BidRecord, ...]
    games: tuple[GameRecord, ...]
    result: MatchResult
    bidding: BiddingRules | None = None
    """The bidding rules of a bid match (None in a duel, which has no bidding)."""

    def options_dict(self) -> dict[str, str]:
        return dict(self.options)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "record": RECORD_KIND,
            "version": RECORD_VERSION,
            "format": self.format,
            "players": list(self.players),
            "seed": self.seed,
            "first": self.first,
            "options": dict(self.options),
        }
        if self.bidding is not None:
            data["bidding"] = self.bidding.to_json()
        data.update({
            "bids": [{"player": b.player, "bid": b.bid} for b in self.bids],
            "games": [
                {"attractor": g.attractor, "repulsor": g.repulsor, "moves": list(g.moves),
                 "score": g.score, "reason": g.reason}
                for g in self.games
            ],
            "result": {"winner": self.result.winner, "draw": self.result.draw,
                       "summary": self.result.summary},
        })
        return data

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        """Read the JSON form; NotationError names the first field that is wrong. The
        content (legality, scores, result) is checked by replaying the record."""
        top = _obj(data, "the top level")
        if "record" in top and top["record"] != RECORD_KIND:
            raise NotationError(f"record: 'record' is {top['record']!r}, expected "
                                f"{RECORD_KIND!r}")
        version = top.get("version")
        if "version" in top and (version not in READ_VERSIONS or type(version) is not int):
            raise NotationError(f"record: version {version!r} is not supported "
                                f"(this reads versions "
                                f"{' and '.join(map(str, READ_VERSIONS))})")
        if "format" in top and top["format"] not in FORMATS:
            raise NotationError(f"record: format {top['format']!r}: expected duel or bid")
        has_bidding = version == 2 and top.get("format") == "bid"
        _keys(top, "the top level", ("record", "version", "format", "players", "seed",
                                     "first", "options",
                                     *(("bidding",) if has_bidding else ()),
                                     "bids", "games", "result"))
        bidding = None
        if top["format"] == "bid":
            bidding = _bidding(top["bidding"]) if has_bidding else BiddingRules()
        players = top["players"]
        if (not isinstance(players, list) or len(players) != 2
                or not all(isinstance(p, str) and p for p in players)):
            raise NotationError("record: players must be a list of two names")
        seed = top["seed"]
        if seed is not None and type(seed) is not int:
            raise NotationError(f"record: seed {seed!r} must be an integer or null")
        first = _player(top["first"], "first")
        options = _obj(top["options"], "options")
        for key, value in options.items():
            if not isinstance(value, str):
                raise NotationError(f"record: option {key} must be a string, not {value!r}")
        bids = tuple(_bid(b, i) for i, b in enumerate(_list(top["bids"], "bids"), start=1))
        games = tuple(_game(g, i) for i, g in enumerate(_list(top["games"], "games"), start=1))
        result = _obj(top["result"], "result")
        _keys(result, "result", ("winner", "draw", "summary"))
        winner = None if result["winner"] is None else _player(result["winner"], "winner")
        if not isinstance(result["summary"], str):
            raise NotationError("record: result summary must be a string")
        if result["draw"] is not (winner is None):
            raise NotationError("record: result draw must be true exactly when winner is null")
        return cls(
            format=top["format"],
            players=(players[0], players[1]),
            seed=seed,
            first=first,
            options=tuple(sorted(options.items())),
            bids=bids,
            games=games,
            result=MatchResult(winner, result["summary"]),
            bidding=bidding,
        )


def _obj(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(f"record: {where} must be a JSON object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"record: {where} must be a JSON list")
    return value


def _keys(obj: dict[str, Any], where: str, keys: tuple[str, ...]) -> None:
    missing = [k for k in keys if k not in obj]
    extra = [k for k in obj if k not in keys]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if extra:
            parts.append(f"unknown {', '.join(extra)}")
        raise NotationError(f"record: {where}: {'; '.join(parts)}")


def _player(value: object, where: str) -> int:
    if type(value) is not int or value not in (1, 2):
        raise NotationError(f"record: {where} {value!r}: expected player 1 or 2")
    return value


def _bidding(value: object) -> BiddingRules:
    obj = _obj(value, "bidding")
    _keys(obj, "bidding", ("max_bid", "opening", "target"))
    try:
        return BiddingRules(obj["max_bid"], obj["opening"], obj["target"])
    except OptionError as err:
        raise NotationError(f"record: bidding: {err.message}", err.rule_id) from None


def _bid(value: object, number: int) -> BidRecord:
    where = f"bid {number}"
    obj = _obj(value, where)
    _keys(obj, where, ("player", "bid"))
    bid = obj["bid"]
    if bid is not None and type(bid) is not int:
        raise NotationError(f"record: {where}: bid {bid!r} must be an integer or null")
    return BidRecord(_player(obj["player"], f"{where} player"), bid)


def _game(value: object, number: int) -> GameRecord:
    where = f"game {number}"
    obj = _obj(value, where)
    _keys(obj, where, ("attractor", "repulsor", "moves", "score", "reason"))
    attractor = _player(obj["attractor"], f"{where} attractor")
    if obj["repulsor"] != 3 - attractor:
        raise NotationError(f"record: {where}: repulsor must be the other player")
    moves = _list(obj["moves"], f"{where} moves")
    if not all(isinstance(m, str) for m in moves):
        raise NotationError(f"record: {where}: every move must be a string")
    if type(obj["score"]) is not int:
        raise NotationError(f"record: {where}: score must be an integer")
    if not isinstance(obj["reason"], str):
        raise NotationError(f"record: {where}: reason must be a string")
    return GameRecord(attractor, tuple(moves), obj["score"], obj["reason"])
