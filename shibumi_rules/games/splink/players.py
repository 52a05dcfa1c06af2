"""Players for Splink matches: anything that chooses moves and bids.

A player sees the state (``state.role`` is the role it plays in this game) and answers
with a legal move; in a bid match it also bids. Two players are built in:

- ``random``: a uniformly random legal move. Bidding: when it must bid (the opening
  call, unless the first bidder may pass: SPK-RUL-12) it opens with a random bid from 1
  to 10; otherwise it passes with probability 1/2, and else raises the highest bid by a
  random amount from 1 to 10 (never above the highest bid allowed: SPK-RUL-6).
- ``greedy``: looks one ply ahead and plays a move giving the best immediate score for
  its role (highest as attractor, lowest as repulsor); ties are broken at random.
  Bidding: it raises the highest bid by one while that stays within its estimate of
  what it can score as attractor (``GREEDY_ESTIMATE``), and passes otherwise; it opens
  with 1, even when it may pass.

Both take a seed and are reproducible with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from .game import GAME, score
from .score import MAX_SCORE
from .state import Role, SplinkMove, SplinkState

GREEDY_ESTIMATE: Final = 24
"""The greedy player's bidding limit: the mean score of greedy against greedy in a
match game (about 24.5 over 80 seeded games under the match defaults, rounded down)."""
RANDOM_RAISE: Final = 10
"""The largest step by which the random player raises a bid."""


class Player(Protocol):
    """What a match needs from a player."""

    name: str

    def choose_move(self, state: SplinkState) -> SplinkMove:
        """A legal move for the role to move (``state.role``)."""
        ...

    def choose_bid(self, highest: int | None, must_bid: bool, max_bid: int) -> int | None:
        """A bid above ``highest`` and at most ``max_bid`` (SPK-RUL-6), or None to pass
        (not allowed when ``must_bid``: the opening call, unless the first bidder may
        pass, SPK-RUL-12)."""
        ...


class RandomPlayer:
    """Uniformly random legal moves; random bids (see the module docstring)."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_move(self, state: SplinkState) -> SplinkMove:
        return self.rng.choice(GAME.legal_moves(state))

    def choose_bid(self, highest: int | None, must_bid: bool, max_bid: int) -> int | None:
        low = (highest or 0) + 1
        if low > max_bid or (not must_bid and self.rng.random() < 0.5):
            return None
        return self.rng.randint(low, min(max_bid, low + RANDOM_RAISE - 1))


class GreedyPlayer:
    """Best immediate score for its role; bids up to its estimate."""

    name = "greedy"

    def __init__(self, seed: int | str | None = None, estimate: int = GREEDY_ESTIMATE) -> None:
        self.rng = random.Random(seed)
        self.estimate = estimate

    def choose_move(self, state: SplinkState) -> SplinkMove:
        sign = 1 if state.role == Role.ATTRACTOR else -1
        best: list[SplinkMove] = []
        best_value = -MAX_SCORE - 1
        for move in GAME.legal_moves(state):
            value = sign * score(GAME.play(state, move))
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)

    def choose_bid(self, highest: int | None, must_bid: bool, max_bid: int) -> int | None:
        bid = (highest or 0) + 1
        if must_bid or bid <= min(self.estimate, max_bid):
            return bid if bid <= max_bid else None
        return None


PLAYER_KINDS: Final[dict[str, Callable[[int | str | None], Player]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}
"""Built-in players by name, each made from a seed."""
