"""A winning strategy as data, and the check that replays it with the plain rules.

A certificate says that one seat wins a game from its start whatever the other does,
and shows how: for every position the winner meets, one answer. It is a JSON document
(``spec/solutions/GAME.json``):

``game``, ``position``
    the game and the position the strategy wins from (its notation; for a solved
    game, the start);
``winner``
    the seat that wins (``GameActions.seats``);
``positions``, ``longest``
    how many answers the strategy holds and the longest game it allows, in plies;
``search``
    the figures of the search that found it (nodes, table entries), for the record;
``strategy``
    answer by position: the key of a position is the first 12 hex digits of the
    BLAKE2b digest of its notation (``Game.format_position``), the answer its move
    text.

``check_certificate`` trusts none of it: from the position it plays every legal move of
the loser and the strategy's answer for the winner, with ``legal_moves``, ``play`` and
the outcome of the game's plain rules only (never the solver or a fast path), and
fails on the first position without an answer, an illegal answer, or a game the
winner does not win. Where a move of the winner ends the game at once in the winner's
favour the strategy holds no answer: the checker plays the first such move (in the
game's order), found with the same plain rules. A key that two positions shared would
only give both the same answer, which the replay checks like any other; answers never
reached are refused, so the file holds nothing the proof does not use. Positions
reached by different orders are checked once (by their whole notation, not their
key).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..contract.actions import GameActions
from ..contract.game import Game
from ..contract.search import SearchKernel
from ..errors import ShibumiError
from .search import Search

KEY_DIGITS: Final = 12


class CertificateError(ShibumiError):
    """The certificate does not prove what it says."""


def position_key(game: Game[Any, Any], state: Any) -> str:
    """The strategy's key of a position."""
    text = game.format_position(state).encode()
    return hashlib.blake2b(text, digest_size=KEY_DIGITS // 2).hexdigest()


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What a replay checked: the positions of the loser (every reply tried) and of
    the winner (the strategy's answer), the games won and the longest."""

    loser_positions: int
    winner_positions: int
    answers: int
    """The winner's positions answered by the strategy (the others won at once)."""
    finished_games: int
    longest: int

    def summary(self, game: str, winner: str) -> str:
        return (f"{game}: the certificate holds: {winner} wins against every reply "
                f"({self.loser_positions:,} positions of the loser with every reply "
                f"played, {self.winner_positions:,} of the winner, {self.answers:,} of "
                f"them answered by the strategy and the others won at once, "
                f"{self.finished_games:,} won ends, the longest game {self.longest} plies)")


def check_certificate(game: Game[Any, Any], actions: GameActions[Any],
                      document: dict[str, Any]) -> CheckReport:
    """Replay ``document`` against every reply with the plain rules (see the module's
    docstring); raises CertificateError on the first thing that does not hold."""
    where = f"certificate of {game.name}"
    if document.get("game") != game.name:
        raise CertificateError(f"{where}: it is a certificate of {document.get('game')!r}")
    seats = tuple(actions.seats)
    winner = document.get("winner")
    if winner not in seats:
        raise CertificateError(f"{where}: winner {winner!r} is not a seat "
                               f"({', '.join(seats)})")
    strategy = document.get("strategy")
    if not isinstance(strategy, dict):
        raise CertificateError(f"{where}: no strategy object")
    won = seats.index(winner)
    position = document.get("position")
    if not isinstance(position, str):
        raise CertificateError(f"{where}: no position")
    state = game.parse_position(position)
    used: set[str] = set()
    seen: set[str] = set()
    losers = winners = ends = 0
    longest = 0
    stack: list[tuple[Any, int]] = [(state, 0)]
    while stack:
        state, ply = stack.pop()
        if game.is_over(state):
            returns = actions.returns(state)
            if returns[won] <= max(r for i, r in enumerate(returns) if i != won):
                raise CertificateError(
                    f"{where}: the game {game.format_position(state)!r} ends without a "
                    f"win for {winner}")
            ends += 1
            longest = max(longest, ply)
            continue
        text = game.format_position(state)
        if text in seen:
            continue
        seen.add(text)
        key = position_key(game, state)
        if actions.seat_to_move(state) == won:
            winners += 1
            answer = strategy.get(key)
            if answer is None:
                after = _winning_at_once(game, actions, state, won)
                if after is None:
                    raise CertificateError(
                        f"{where}: no answer for the position "
                        f"{game.format_position(state)!r} (key {key}), and no move wins "
                        "there at once")
            elif not isinstance(answer, str):
                raise CertificateError(f"{where}: the answer of {key} is not a move text")
            else:
                used.add(key)
                after = game.play_text(state, answer)
            stack.append((after, ply + 1))
        else:
            losers += 1
            stack.extend((game.play(state, move), ply + 1) for move in game.legal_moves(state))
    unused = len(strategy) - len(used)
    if unused:
        raise CertificateError(f"{where}: {unused} answers are never reached")
    if document.get("positions") != len(strategy):
        raise CertificateError(f"{where}: it says {document.get('positions')} answers, "
                               f"it holds {len(strategy)}")
    if document.get("longest") != longest:
        raise CertificateError(f"{where}: it says the longest game is "
                               f"{document.get('longest')} plies, it is {longest}")
    return CheckReport(losers, winners, len(used), ends, longest)


def _winning_at_once(game: Game[Any, Any], actions: GameActions[Any], state: Any,
                     won: int) -> Any | None:
    """The position after the first legal move (in the game's order) that ends the game
    with the greatest return for seat ``won``, or None."""
    utmost = max(actions.utility)
    for move in game.legal_moves(state):
        after = game.play(state, move)
        if game.is_over(after) and actions.returns(after)[won] == utmost:
            return after
    return None


def build_strategy(game: Game[Any, Any], search: Search, state: Any,
                   progress: Callable[[int], None] | None = None
                   ) -> tuple[int, dict[str, str], int]:
    """A winning strategy for the seat that wins ``state`` (which the caller proved
    with ``search``): every reply of the loser walked, the winner's first winning move
    in the kernel's order taken (a win at once, then a block, ...). Returns the
    winner's seat, the answers by key and the longest game."""
    kernel: SearchKernel[Any, Any, Any] = search.kernel
    strategy: dict[str, str] = {}
    done: set[Any] = set()
    longest = 0
    root = kernel.node(state)
    score = search.score(root, -1, 1)
    if score == 0:
        raise CertificateError(f"{game.name}: neither player can force a win here")
    won = kernel.mover(root) if score > 0 else 1 - kernel.mover(root)
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        node, ply = stack.pop()
        if kernel.end_value(node) is not None:
            longest = max(longest, ply)
            continue
        if node in done:
            continue
        done.add(node)
        if kernel.mover(node) == won:
            if kernel.win_now(node):
                longest = max(longest, ply + 1)  # no answer: the checker finds the win
                continue
            move, child = _answer(search, node)
            strategy[position_key(game, kernel.state(node))] = game.format_move(move)
            stack.append((child, ply + 1))
            if progress is not None and len(strategy) % 4096 == 0:
                progress(len(strategy))
        else:
            stack.extend((child, ply + 1) for _, child in kernel.children(node))
    return won, strategy, longest


def _answer(search: Search, node: Any) -> tuple[Any, Any]:
    """A winning move of the winner at ``node``, chosen to keep the strategy small: the
    one that leaves the loser fewest replies the winner cannot punish at once (those
    need an answer of their own), the kernel's order breaking ties."""
    kernel = search.kernel
    ranked = []
    for index, (move, child) in enumerate(kernel.children(node)):
        open_replies = sum(1 for _, reply in kernel.children(child)
                           if kernel.end_value(reply) is not None or not kernel.win_now(reply))
        ranked.append((open_replies, index, move, child))
    ranked.sort(key=lambda item: item[:2])
    for _, _, move, child in ranked:
        if search.child_score(node, child, 0, 1) > 0:
            return move, child
    raise CertificateError("the strategy's seat has no winning move where the search said "
                           "it had one")


def certificate_document(game: Game[Any, Any], actions: GameActions[Any], state: Any,
                         winner_seat: int, strategy: dict[str, str], longest: int,
                         search: Search) -> dict[str, Any]:
    """The certificate of a strategy ``build_strategy`` found from ``state``."""
    stats = search.stats()
    return {"game": game.name, "position": game.format_position(state),
            "winner": actions.seats[winner_seat],
            "positions": len(strategy), "longest": longest,
            "search": {"nodes": stats.nodes, "table_entries": stats.entries},
            "strategy": dict(sorted(strategy.items()))}


def dumps(document: dict[str, Any]) -> str:
    """The file's text: one answer a line, keys sorted, so that a change reads as a
    diff."""
    return json.dumps(document, indent=0, sort_keys=False, ensure_ascii=False) + "\n"
