"""Random playouts through a game's public API, to measure how fast the plain API is.

A playout starts from ``start()`` and plays a uniformly random legal move until
``is_over`` (or a ply limit, for games that might not end). Each ply calls
``is_over``, ``legal_moves`` and ``play`` once, as a program driving the API would
(a search, a training loop, a browser arbiter). The clock is the process's CPU time,
so the figures hold on a loaded machine. Any object with those four methods can be
measured, which is how an independent implementation is compared with the reference.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol

DEFAULT_MAX_PLIES = 1000
"""Plies after which a playout is cut short (counted in ``cut``, not in ``finished``)."""


class Playable(Protocol):
    """What a playout needs of a game."""

    def start(self) -> Any: ...

    def legal_moves(self, state: Any) -> list[Any]: ...

    def play(self, state: Any, move: Any) -> Any: ...

    def is_over(self, state: Any) -> bool: ...


@dataclass(frozen=True, slots=True)
class PlayoutStats:
    """What a run of playouts did and how long it took (CPU seconds)."""

    games: int
    finished: int
    """Games that reached their end (the others were cut at the ply limit)."""
    positions: int
    """Positions visited: each start position and each position a move produced."""
    cpu_seconds: float

    @property
    def cut(self) -> int:
        return self.games - self.finished

    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")

    @property
    def positions_per_second(self) -> float:
        return self.positions / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Hashable]:
        return {"games": self.games, "finished": self.finished, "positions": self.positions,
                "cpu_seconds": round(self.cpu_seconds, 6),
                "games_per_second": round(self.games_per_second, 1),
                "positions_per_second": round(self.positions_per_second, 1)}


def playouts(game: Playable, count: int | None = None, seconds: float | None = None,
             seed: int = 0, max_plies: int = DEFAULT_MAX_PLIES) -> PlayoutStats:
    """Play random games: exactly ``count`` of them, or as many as start within
    ``seconds`` of CPU time (give one of the two). The moves are drawn from
    ``random.Random(seed)``, so a run is reproducible for a given game."""
    if (count is None) == (seconds is None):
        raise ValueError("playouts: give either a number of games or a number of seconds")
    if count is not None and count < 0:
        raise ValueError(f"playouts: {count} games: expected a non-negative number")
    if seconds is not None and not seconds >= 0:
        raise ValueError(f"playouts: {seconds} seconds: expected a non-negative number")
    rng = random.Random(seed)
    choose = rng.choice
    is_over, legal_moves, play = game.is_over, game.legal_moves, game.play
    games = finished = positions = 0
    began = time.process_time()
    deadline = began + (seconds or 0.0)

    def more() -> bool:
        return games < count if count is not None else time.process_time() < deadline

    while more():
        state = game.start()
        positions += 1
        for _ in range(max_plies):
            if is_over(state):
                finished += 1
                break
            state = play(state, choose(legal_moves(state)))
            positions += 1
        else:
            if is_over(state):
                finished += 1
        games += 1
    return PlayoutStats(games, finished, positions, time.process_time() - began)
