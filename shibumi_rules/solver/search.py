"""Alpha-beta over a search kernel, with a transposition table, a node budget, a depth
limit and progress reports.

A score is one integer for the mover at a node: a finished game's return times
``SCALE``, moved one step towards zero for every ply before it ends. So a faster win
scores above a slower one and a slower loss above a faster one, and the value and the
distance read back exactly (``value_of``, ``plies_of``) as long as no game is longer
than ``SCALE // 2`` plies. The table stores scores counted from its node, not from the
root, so a position reached at different depths shares one entry.

The search stops with ``OutOfBudget`` after ``budget`` nodes (a count, not a time, so
answers are the same on every machine), with ``OutOfTime`` after a wall-clock limit
with ``Horizon`` when a game would go on beyond the depth limit and with ``TooDeep``
beyond ``MAX_PLIES``: each means "not solved", never a guess.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final

from ..contract.search import SearchKernel

SCALE: Final = 4096
"""Score units per unit of return; games are shorter than ``SCALE // 2`` plies."""
INFINITY: Final = 1 << 60

EXACT: Final = 0
LOWER: Final = 1
"""The stored score is a lower bound (the search failed high)."""
UPPER: Final = 2
"""The stored score is an upper bound (the search failed low)."""

PROGRESS_EVERY: Final = 2.0
"""Seconds between two progress reports (the first comes after one second)."""
CLOCK_EVERY: Final = 1 << 10
"""Nodes between two looks at the clock (a power of two)."""
MAX_PLIES: Final = 500
"""The deepest the search goes, whatever the depth limit: each ply is one Python frame,
and a game that can last longer (Splink under a long turn limit) would otherwise end the
search in a RecursionError. Going deeper stops the search with ``TooDeep``."""


class NotSolved(Exception):
    """The search stopped before it knew the value."""

    reason = "not solved"


class OutOfBudget(NotSolved):
    reason = "node budget spent"


class OutOfTime(NotSolved):
    reason = "time limit reached"


class Horizon(NotSolved):
    reason = "depth limit reached"


class TooDeep(NotSolved):
    reason = f"the search's limit of {MAX_PLIES} plies reached; give a smaller depth limit"


class NoMoves(NotSolved):
    """A position that is not over and has no move: the kernel cannot be searched."""

    reason = "a position that is not over has no legal move"


@dataclass(frozen=True, slots=True)
class Stats:
    """What a search did: nodes visited, table probes and hits, entries held, time."""

    nodes: int
    probes: int
    hits: int
    entries: int
    seconds: float

    @property
    def rate(self) -> float:
        """Nodes per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def hit_rate(self) -> float:
        return self.hits / self.probes if self.probes else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"nodes": self.nodes, "table_entries": self.entries, "table_probes": self.probes,
                "table_hits": self.hits, "seconds": round(self.seconds, 3)}


def value_of(score: int) -> float:
    """The return a score stands for."""
    return round(score / SCALE)


def plies_of(score: int) -> int:
    """The plies to the end a score stands for (0 for a draw, whose length the score
    does not keep)."""
    return abs(round(score / SCALE) * SCALE - score)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


class Search:
    """One search over ``kernel``; its table is kept between calls of ``score``."""

    def __init__(self, kernel: SearchKernel[Any, Any, Any], budget: int | None = None,
                 depth: int | None = None,
                 progress: Callable[[Search], None] | None = None,
                 seconds: float | None = None, utmost: float = 1.0) -> None:
        self.kernel = kernel
        self.utmost = round(abs(utmost) * SCALE)
        """The greatest score of a finished game (the greatest return, scaled): a game
        still on at ply p scores at most ``utmost - p - 1``, which cuts the search
        once a faster result is in hand (mate-distance pruning)."""
        self.budget = budget
        self.seconds = seconds
        """A wall-clock limit, checked every ``CLOCK_EVERY`` nodes (the command line's
        ``--time``; an answer that must not depend on the machine uses ``budget``)."""
        self.depth = depth
        self.progress = progress
        self.table: dict[Hashable, tuple[int, int]] = {}
        self.nodes = self.probes = self.hits = 0
        self.began = time.perf_counter()
        self._next_report = self.began + PROGRESS_EVERY / 2

    def stats(self) -> Stats:
        return Stats(self.nodes, self.probes, self.hits, len(self.table),
                     time.perf_counter() - self.began)

    def score(self, node: Any, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The node's score for its mover: exact when it lies strictly inside
        (alpha, beta), else a bound on the side it fell (fail-soft)."""
        return self._search(node, 0, alpha, beta)

    def child_score(self, parent: Any, child: Any, alpha: int = -INFINITY,
                    beta: int = INFINITY) -> int:
        """A child's score for the parent's mover, one ply further from the end."""
        if self.kernel.mover(child) == self.kernel.mover(parent):
            return self._search(child, 1, alpha, beta)
        return -self._search(child, 1, -beta, -alpha)

    def _search(self, node: Any, ply: int, alpha: int, beta: int) -> int:
        kernel = self.kernel
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget
        if not self.nodes & (CLOCK_EVERY - 1):
            now = time.perf_counter()
            if self.seconds is not None and now - self.began > self.seconds:
                raise OutOfTime
            if self.progress is not None and now >= self._next_report:
                self._next_report = now + PROGRESS_EVERY
                self.progress(self)
        end = kernel.end_value(node)
        if end is not None:
            score = round(end * SCALE)
            return score - _sign(score) * ply
        bound = self.utmost - ply - 1
        if kernel.win_now(node):
            return bound
        if alpha >= bound:
            return bound
        if beta <= -bound:
            return -bound
        if self.depth is not None and ply >= self.depth:
            raise Horizon
        if ply >= MAX_PLIES:
            raise TooDeep
        key = kernel.key(node)
        self.probes += 1
        entry = self.table.get(key)
        if entry is not None:
            stored, flag = entry
            found = stored - _sign(stored) * ply
            if flag == EXACT or (flag == LOWER and found >= beta) or \
                    (flag == UPPER and found <= alpha):
                self.hits += 1
                return found
        floor = alpha
        best = -INFINITY
        mover = kernel.mover(node)
        for _, child in kernel.children(node):
            if kernel.mover(child) == mover:
                score = self._search(child, ply + 1, alpha, beta)
            else:
                score = -self._search(child, ply + 1, -beta, -alpha)
            if score > best:
                best = score
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        if best == -INFINITY:
            raise NoMoves
        flag = UPPER if best <= floor else LOWER if best >= beta else EXACT
        self.table[key] = (best + _sign(best) * ply, flag)
        return best
