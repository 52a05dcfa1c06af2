"""Splink matches: Duel and Bid, played between two players or replayed from a record.

- Duel (SPK-DUEL-1, SPK-RUL-8): two games; the first player (SPK-RUL-11) is the
  attractor in game 1 and the repulsor in game 2. The higher score as attractor wins;
  equal scores draw.
- Bid (SPK-BID-1): the first player (SPK-RUL-11) makes the first call; the players
  alternately bid, each above the last, or pass. The first to pass is the repulsor;
  the other is the attractor of the single game and wins when the final score makes
  their last bid. Three rulings, chosen by ``BiddingRules`` (``bidding.py``), say how:
  bids go from 1 to 42 and a bid no game can meet is refused, or from 1 to 60
  (SPK-RUL-6); the first call must be a bid, or may be a pass that leaves the other
  player a target of 0 (SPK-RUL-12); the attractor must reach the bid, or exceed it
  (SPK-RUL-13).

The first player is an input (``first``); the command line draws it from the seed when
``--first`` is not given (``first_from_seed``). Games in a match default to
``max_turns=1000`` (``MATCH_DEFAULT_OPTIONS``): a deviation from the text's complete
games, so that a match between programs always ends (SPK-RUL-4); ``max_turns=none``
plays the text. The record keeps the options, the first player and the bidding rules,
so replays do not depend on these defaults.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ...errors import IllegalMoveError, NotationError, OptionError
from .bidding import NO_BID, BiddingRules, bid_met, check_bid_range, check_pass, may_pass
from .game import GAME, end_reason, score
from .players import PLAYER_KINDS, Player
from .records import FORMATS, BidRecord, GameRecord, MatchRecord, MatchResult
from .state import SplinkMove, SplinkState

MATCH_DEFAULT_OPTIONS: Final = {"max_turns": "1000"}
"""Options a match uses unless told otherwise (on top of the game's defaults): a turn
limit, which the text does not have (SPK-RUL-4). Games that complete the pyramid end
far below it; only games that repeat without end reach it."""


class MatchObserver:
    """Hooks called as a match unfolds (all do nothing here; override to report)."""

    def bid(self, call: BidRecord, record_players: tuple[str, str]) -> None:
        """A bid or pass was made."""

    def game_started(self, number: int, attractor: int, state: SplinkState) -> None:
        """Game ``number`` (from 1) starts with player ``attractor`` as the attractor."""

    def moved(self, number: int, player: int, move: str, state: SplinkState) -> None:
        """Player ``player`` played ``move``; ``state`` is the position after it."""

    def game_ended(self, number: int, game: GameRecord, state: SplinkState) -> None:
        """Game ``number`` is over."""

    def match_ended(self, record: MatchRecord) -> None:
        """The match is decided."""


def match_options(given: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every option of a match's games, canonical: game defaults, then the match
    defaults, then ``given`` (validated)."""
    base = GAME.resolve_options(MATCH_DEFAULT_OPTIONS)
    return GAME.resolve_options(given or {}, base)


def make_players(names: Sequence[str], seed: int | None) -> tuple[Player, Player]:
    """Built-in players by name; player i is seeded with ``f"{seed}:{i}"``."""
    if len(names) != 2:
        raise OptionError(f"a match needs two players, got {len(names)}: {', '.join(names)}")
    made = []
    for number, name in enumerate(names, start=1):
        if name not in PLAYER_KINDS:
            raise OptionError(
                f"unknown player {name!r} (known: {', '.join(PLAYER_KINDS)})"
            )
        made.append(PLAYER_KINDS[name](None if seed is None else f"{seed}:{number}"))
    return made[0], made[1]


def first_from_seed(seed: int) -> int:
    """The first player (1 or 2) drawn reproducibly from a seed: the attractor of a
    duel's first game, or the opening bidder (SPK-RUL-11)."""
    return random.Random(seed).choice((1, 2))


def run_match(format: str, players: tuple[Player, Player], *, first: int,
              options: Mapping[str, str] | None = None, seed: int | None = None,
              observer: MatchObserver | None = None,
              bidding: BiddingRules | None = None) -> MatchRecord:
    """Play a whole match and return its record. ``first`` (1 or 2) is the attractor
    of a duel's first game or the opening bidder, chosen by the caller (SPK-RUL-11).
    ``bidding`` gives the alternatives of the bidding rulings of a bid match (default:
    the adopted ones); a duel takes none. ``seed`` is only recorded; seed the players
    themselves (``make_players``)."""
    _check_format_and_first(format, first)
    rules = _bidding_of(format, bidding)
    observer = observer or MatchObserver()
    resolved = match_options(options)
    names = (players[0].name, players[1].name)
    bids: list[BidRecord] = []
    if rules is not None:
        bids = _auction(players, first, names, observer, rules)
        attractors = [_auction_result(bids, first, rules)[0]]
    else:
        attractors = [first, 3 - first]
    games = []
    for number, attractor in enumerate(attractors, start=1):
        def choose(state: SplinkState, player: int) -> SplinkMove:
            return players[player - 1].choose_move(state)
        games.append(_play_game(number, attractor, resolved, choose, observer))
    record = MatchRecord(format, names, seed, first, tuple(sorted(resolved.items())),
                         tuple(bids), tuple(games),
                         _result(format, names, first, bids, games, rules), rules)
    observer.match_ended(record)
    return record


def replay_match(record: MatchRecord, observer: MatchObserver | None = None) -> MatchRecord:
    """Replay a record move by move, checking every bid, move, score, end reason and
    the result; return the record rebuilt from the replay (equal to ``record`` when
    its moves are in canonical form). Raises NotationError or IllegalMoveError naming
    the first thing that does not replay."""
    observer = observer or MatchObserver()
    _check_format_and_first(record.format, record.first)
    rules = _bidding_of(record.format, record.bidding)
    options = match_options(record.options_dict())
    if options != record.options_dict():
        raise NotationError(
            "record: options must list every option (max_turns, supply), found "
            f"{', '.join(k for k, _ in record.options) or 'none'}"
        )
    if rules is not None:
        for call in record.bids:
            observer.bid(call, record.players)
        attractors = [_auction_result(list(record.bids), record.first, rules)[0]]
    else:
        if record.bids:
            raise NotationError("record: a duel has no bids")
        attractors = [record.first, 3 - record.first]
    if len(record.games) != len(attractors):
        raise NotationError(
            f"record: a {record.format} match has {len(attractors)} game"
            f"{'s' if len(attractors) > 1 else ''}, the record lists {len(record.games)}"
        )
    games = []
    for number, (attractor, game) in enumerate(zip(attractors, record.games), start=1):
        if game.attractor != attractor:
            raise NotationError(
                f"record: game {number}: the attractor must be player {attractor}, "
                f"not player {game.attractor}"
            )
        script = _Script(number, game.moves)
        replayed = _play_game(number, attractor, options, script.next_move, observer)
        script.check_finished()
        for field, expected, found in (("score", replayed.score, game.score),
                                       ("reason", replayed.reason, game.reason)):
            if expected != found:
                raise NotationError(
                    f"record: game {number}: {field} is {found!r} in the record, but the "
                    f"moves give {expected!r}"
                )
        games.append(replayed)
    result = _result(record.format, record.players, record.first, list(record.bids), games,
                     rules)
    if result != record.result:
        raise NotationError(
            f"record: result does not follow from the games: expected {result.summary!r}"
        )
    rebuilt = MatchRecord(record.format, record.players, record.seed, record.first,
                          tuple(sorted(options.items())), record.bids, tuple(games), result,
                          rules)
    observer.match_ended(rebuilt)
    return rebuilt


# -- the pieces both share -------------------------------------------------------

def _check_format_and_first(format: str, first: int) -> None:
    if format not in FORMATS:
        raise OptionError(f"match format {format!r}: expected duel or bid")
    if first not in (1, 2):
        raise OptionError(f"first player {first!r}: expected 1 or 2")


def _bidding_of(format: str, bidding: BiddingRules | None) -> BiddingRules | None:
    """The bidding rules of a match: the given ones or the defaults in a bid match,
    none in a duel."""
    if format != "bid":
        if bidding is not None:
            raise OptionError("bidding rules (SPK-RUL-6, SPK-RUL-12, SPK-RUL-13) apply to "
                              "bid matches only; a duel has no bidding")
        return None
    return bidding or BiddingRules()


def _auction(players: tuple[Player, Player], first: int, names: tuple[str, str],
             observer: MatchObserver, rules: BiddingRules) -> list[BidRecord]:
    """Ask the players for bids in turn until one passes. Implements SPK-BID-1."""
    bids: list[BidRecord] = []
    highest: int | None = None
    player = first
    while True:
        bid = players[player - 1].choose_bid(highest, not may_pass(not bids, rules),
                                             rules.max_bid)
        call = BidRecord(player, bid)
        _check_call(call, highest, not bids, rules)
        bids.append(call)
        observer.bid(call, names)
        if bid is None:
            return bids
        highest, player = bid, 3 - player


def _check_call(call: BidRecord, highest: int | None, opening: bool,
                rules: BiddingRules) -> None:
    """A pass, or a bid in range above the highest so far; a pass as the opening call
    only where the rules allow it (SPK-RUL-6, SPK-RUL-12)."""
    if call.bid is None:
        check_pass(call.player, opening, rules)
        return
    check_bid_range(call.player, call.bid, highest, rules)


def _auction_result(bids: list[BidRecord], first: int, rules: BiddingRules
                    ) -> tuple[int, int]:
    """Check a whole auction; the attractor (the player who did not pass) and the
    target: their last bid, or 0 when the first bidder passed at once (SPK-RUL-12).
    Implements SPK-BID-1."""
    if not bids:
        raise NotationError("record: a bid match needs bids", "SPK-BID-1")
    highest: int | None = None
    expected = first
    for number, call in enumerate(bids, start=1):
        if call.player != expected:
            raise NotationError(
                f"record: bid {number} is by player {call.player}, but it is player "
                f"{expected}'s call (players alternate, player {first} first)",
                "SPK-BID-1",
            )
        _check_call(call, highest, number == 1, rules)
        if call.bid is None and number != len(bids):
            raise NotationError(f"record: bid {number} is a pass, so the bidding ends "
                                "there, but more bids follow", "SPK-BID-1")
        if call.bid is not None:
            highest = call.bid
        expected = 3 - expected
    if bids[-1].bid is not None:
        raise NotationError("record: the bidding must end with a pass", "SPK-BID-1")
    return 3 - bids[-1].player, NO_BID if highest is None else highest


def _play_game(number: int, attractor: int, options: Mapping[str, str],
               choose: Callable[[SplinkState, int], SplinkMove],
               observer: MatchObserver) -> GameRecord:
    """Play one game to its end; ``choose(state, player)`` gives each move."""
    state = GAME.start(options)
    observer.game_started(number, attractor, state)
    moves = []
    while not GAME.is_over(state):
        player = attractor if state.role.value == "attractor" else 3 - attractor
        move = choose(state, player)
        state = GAME.play(state, move)
        text = GAME.format_move(move)
        moves.append(text)
        observer.moved(number, player, text, state)
    reason = end_reason(state)
    assert reason is not None
    game = GameRecord(attractor, tuple(moves), score(state), reason)
    observer.game_ended(number, game, state)
    return game


class _Script:
    """The recorded moves of one game, handed out one by one during a replay."""

    def __init__(self, number: int, moves: tuple[str, ...]) -> None:
        self.number = number
        self.moves = moves
        self.played = 0

    def next_move(self, state: SplinkState, player: int) -> SplinkMove:
        if self.played == len(self.moves):
            raise NotationError(
                f"record: game {self.number} is not over after its {len(self.moves)} moves"
            )
        text = self.moves[self.played]
        self.played += 1
        try:
            move = GAME.parse_move(state, text)
            GAME.play(state, move)
        except (NotationError, IllegalMoveError) as err:
            raise type(err)(
                f"record: game {self.number} move {self.played} {text!r}: {err.message}",
                err.rule_id,
            ) from None
        return move

    def check_finished(self) -> None:
        if self.played != len(self.moves):
            raise NotationError(
                f"record: game {self.number} is over after move {self.played}, but the "
                f"record goes on with {self.moves[self.played]!r}"
            )


def _result(format: str, names: tuple[str, str], first: int, bids: list[BidRecord],
            games: list[GameRecord], rules: BiddingRules | None = None) -> MatchResult:
    """Decide the match. Implements SPK-DUEL-1, SPK-RUL-8 and SPK-BID-1."""
    def who(player: int) -> str:
        return f"player {player} ({names[player - 1]})"

    if format == "duel":
        by_player = {g.attractor: g.score for g in games}
        a, b = by_player[1], by_player[2]
        scores = f"{who(1)} scored {a} as attractor, {who(2)} scored {b}"
        if a == b:
            return MatchResult(None, f"{scores}: a draw")
        winner = 1 if a > b else 2
        return MatchResult(winner, f"{scores}: player {winner} wins")
    rules = rules or BiddingRules()
    attractor, bid = _auction_result(bids, first, rules)
    points = games[0].score
    met = bid_met(points, bid, rules)
    winner = attractor if met else 3 - attractor
    made = "reaching" if rules.target == "reach" else "exceeding"
    if bids[0].bid is None:  # the first bidder passed at once (SPK-RUL-12)
        outcome = f"{made} it" if met else "not more than it"
        return MatchResult(winner, f"{who(3 - attractor)} passed at once, so "
                                   f"{who(attractor)} played the attractor against a "
                                   f"target of {bid} and scored {points}, {outcome}: "
                                   f"player {winner} wins")
    if met:
        return MatchResult(winner, f"{who(attractor)} bid {bid} and scored {points} as "
                                   f"attractor, {made} the bid: player {winner} wins")
    short = "" if rules.target == "reach" else ", not more than the bid"
    return MatchResult(winner, f"{who(attractor)} bid {bid} but scored {points} as "
                               f"attractor{short}: player {winner} wins")
