"""``shibumi-rules match splink``: play a Duel or Bid match, or replay a record.

Plays between built-in players and prints the bids, every move with the score after it
and (unless ``--brief``) the board, each game's end, and the result. ``--json`` prints
only the match record, which ``--replay FILE`` reads back, checks move by move, and
prints the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from ...contract.commands import Command, integer
from ...contract.game import parse_option_pairs
from ...diagram import render
from ...display import shown
from ...errors import NotationError, OptionError
from ...json_input import JSONLimitError, load_json
from .bidding import MAX_BIDS, OPENINGS, TARGETS, BiddingRules
from .game import GAME, REASONS, score
from .matches import (
    MATCH_DEFAULT_OPTIONS,
    MatchObserver,
    first_from_seed,
    make_players,
    match_options,
    replay_match,
    run_match,
)
from .players import GREEDY_ESTIMATE, PLAYER_KINDS
from .records import BidRecord, GameRecord, MatchRecord
from .state import SplinkState

_DEFAULT_PLAYERS = "random,greedy"


def _configure(p: argparse.ArgumentParser) -> None:
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = (
        "formats:\n"
        "  duel  two games, roles switched; the first player is the attractor of game\n"
        "        1; the higher score as attractor wins, equal scores draw (SPK-DUEL-1,\n"
        "        SPK-RUL-8, SPK-RUL-11)\n"
        "  bid   the first player makes the first call; bids rise until a player\n"
        "        passes; who passes first is the repulsor, the other the attractor, who\n"
        "        wins when the final score makes their bid (SPK-BID-1, SPK-RUL-11)\n"
        "bidding rules of a bid match (each default is the adopted ruling):\n"
        "  --max-bid 42        bids 1..42; no position scores more, so a higher bid\n"
        "                      is refused (SPK-RUL-6)\n"
        "  --max-bid 60        bids 1..60; a bid from 43 to 60 is accepted and lost\n"
        "  --opening must-bid  the first call must be a bid (SPK-RUL-12)\n"
        "  --opening may-pass  the first bidder may pass at once; the other player then\n"
        "                      plays the attractor against a target of 0\n"
        "  --target reach      the attractor needs at least the bid (SPK-RUL-13)\n"
        "  --target exceed     the attractor needs more than the bid\n"
        "players:\n"
        "  random  uniformly random legal moves; random bids\n"
        "  greedy  best immediate score for its role (one ply); bids up to "
        f"{GREEDY_ESTIMATE}\n"
        f"games use {' '.join(f'{k}={v}' for k, v in MATCH_DEFAULT_OPTIONS.items())} "
        "unless --option says otherwise, so a match always ends:\n"
        "a turn limit the text does not have (SPK-RUL-4); max_turns=none plays it.\n"
        "examples:\n"
        "  shibumi-rules match splink --format bid --players greedy,random --seed 7\n"
        "  shibumi-rules match splink --format bid --opening may-pass --target exceed\n"
        "  shibumi-rules match splink --seed 7 --json > match.json\n"
        "  shibumi-rules match splink --replay match.json --brief"
    )
    p.add_argument("game", choices=("splink",), help="the game (matches are Splink's)")
    p.add_argument("--format", choices=("duel", "bid"), default=None,
                   help="duel (default) or bid")
    p.add_argument("--players", default=None, metavar="A,B",
                   help=f"players 1 and 2, from {', '.join(PLAYER_KINDS)} "
                        f"(default {_DEFAULT_PLAYERS})")
    p.add_argument("--seed", type=integer, help="seed for the players and for choosing the "
                   "first player (default: a fresh seed, printed and recorded)")
    p.add_argument("--first", type=integer, choices=(1, 2),
                   help="player who opens the bidding (bid) or is the attractor of game "
                        "1 (duel); default: drawn from the seed (SPK-RUL-11)")
    p.add_argument("--max-bid", type=_whole_number, default=None,
                   metavar="|".join(map(str, MAX_BIDS)),
                   help=f"bid matches: the highest bid (SPK-RUL-6; default {MAX_BIDS[0]})")
    p.add_argument("--opening", default=None, metavar="|".join(OPENINGS),
                   help=f"bid matches: whether the first bidder may pass at once "
                        f"(SPK-RUL-12; default {OPENINGS[0]})")
    p.add_argument("--target", default=None, metavar="|".join(TARGETS),
                   help=f"bid matches: whether the attractor must reach or exceed the bid "
                        f"(SPK-RUL-13; default {TARGETS[0]})")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option for every game (repeatable): "
                        + ", ".join(f"{s.name}={'|'.join(s.values or ('N', 'none'))}"
                                    for s in GAME.options))
    p.add_argument("--json", action="store_true",
                   help="print only the match record as one JSON object")
    p.add_argument("--brief", action="store_true", help="no board diagrams, moves only")
    p.add_argument("--replay", metavar="FILE",
                   help="replay and check a match record (JSON; '-' reads stdin) "
                        "instead of playing")


def _whole_number(text: str) -> int:
    return integer(text)


class _Printer(MatchObserver):
    """Prints the match as it goes."""

    def __init__(self, names: tuple[str, str], brief: bool) -> None:
        self.names = (shown(names[0]), shown(names[1]))  # a record's text, escaped
        self.brief = brief

    def who(self, player: int) -> str:
        return f"player {player} ({self.names[player - 1]})"

    def bid(self, call: BidRecord, record_players: tuple[str, str]) -> None:
        said = "passes" if call.bid is None else f"bids {call.bid}"
        print(f"bidding: {self.who(call.player)} {said}")

    def game_started(self, number: int, attractor: int, state: SplinkState) -> None:
        print(f"game {number}: attractor {self.who(attractor)}, "
              f"repulsor {self.who(3 - attractor)}")

    def moved(self, number: int, player: int, move: str, state: SplinkState) -> None:
        role = state.role.other.value
        print(f"game {number} turn {state.turns}: {role} {self.who(player)} plays {move}; "
              f"score {score(state)}")
        if not self.brief:
            print(render(GAME.board(state)))

    def game_ended(self, number: int, game: GameRecord, state: SplinkState) -> None:
        if self.brief:
            print(render(GAME.board(state)))
        end = REASONS[game.reason]
        sentence, rule = end.meaning, end.rule
        if "match" in end.texts:  # the end's own words for a match's log
            sentence = end.say("match", {"max_turns": state.rules.max_turns})
        print(f"game {number} over after {state.turns} turns: {sentence} [{rule}]; "
              f"the attractor {self.who(game.attractor)} scores {game.score}")

    def match_ended(self, record: MatchRecord) -> None:
        print(f"result: {shown(record.result.summary)}")  # it holds the names


def _read_record(path: str) -> MatchRecord:
    try:
        if path == "-":
            if sys.stdin is None:
                raise NotationError("cannot read the record from stdin: it is closed")
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as err:
        raise NotationError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise NotationError(f"{path}: not UTF-8 text (byte {err.start}: "
                            f"{err.reason})") from None
    try:
        data = load_json(text)
    except json.JSONDecodeError as err:
        raise NotationError(f"{path}: not JSON: {err.msg} at line {err.lineno} "
                            f"column {err.colno}") from None
    except JSONLimitError as err:
        raise NotationError(f"{path}: refused: {err}") from None
    return MatchRecord.from_json(data)


def _bidding_flags(args: argparse.Namespace) -> tuple[tuple[str, object], ...]:
    return (("--max-bid", args.max_bid), ("--opening", args.opening),
            ("--target", args.target))


def _bidding(args: argparse.Namespace, fmt: str) -> BiddingRules | None:
    """The bidding rules the flags choose (the adopted ones where a flag is not given);
    none in a duel, which refuses the flags."""
    given = [flag for flag, value in _bidding_flags(args) if value is not None]
    if fmt != "bid":
        if given:
            raise OptionError(f"{', '.join(given)}: the bidding rules apply to bid matches "
                              "only (add --format bid)")
        return None
    default = BiddingRules()
    return BiddingRules(
        default.max_bid if args.max_bid is None else args.max_bid,
        args.opening or default.opening, args.target or default.target)


def _rules_said(bidding: BiddingRules | None) -> str:
    """The bidding rules that differ from the adopted ones, for the first line."""
    changes = bidding.changes() if bidding else []
    return f"; {', '.join(changes)}" if changes else ""


def _match(args: argparse.Namespace) -> int:
    if args.replay is not None:
        used = [flag for flag, value in (("--format", args.format),
                                         ("--players", args.players),
                                         ("--seed", args.seed), ("--first", args.first),
                                         *_bidding_flags(args),
                                         ("--option", args.option or None))
                if value is not None]
        if used:
            raise OptionError(f"--replay takes everything from the record; "
                              f"{', '.join(used)} cannot be used with it")
        record = _read_record(args.replay)
        try:  # a bad option stops before any output
            match_options(record.options_dict())
        except OptionError as err:
            raise OptionError(f"record: {err.message}", err.rule_id) from None
        observer = None if args.json else _Printer(record.players, args.brief)
        if not args.json:
            print(f"replaying a {record.format} match: player 1 "
                  f"{shown(record.players[0])}, player 2 {shown(record.players[1])}"
                  f"{_rules_said(record.bidding)}")
        rebuilt = replay_match(record, observer)
        if args.json:
            print(json.dumps(rebuilt.to_json()))
        return 0
    names = (args.players or _DEFAULT_PLAYERS).split(",")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    players = make_players([n.strip() for n in names], seed)
    options = parse_option_pairs(args.option)
    match_options(options)  # checked before the first line is printed
    fmt = args.format or "duel"
    bidding = _bidding(args, fmt)  # checked before the first line is printed
    first = args.first if args.first is not None else first_from_seed(seed)
    observer = None
    if not args.json:
        observer = _Printer((players[0].name, players[1].name), args.brief)
        print(f"{fmt} match, seed {seed}: player 1 {shown(players[0].name)}, "
              f"player 2 {shown(players[1].name)}; player {first} first"
              f"{_rules_said(bidding)}")
    record = run_match(fmt, players, options=options, first=first, seed=seed,
                       observer=observer, bidding=bidding)
    if args.json:
        print(json.dumps(record.to_json()))
    return 0


COMMAND = Command("match", "play a Splink match (duel or bid) between built-in players, or "
                  "replay a record", _configure, _match)
