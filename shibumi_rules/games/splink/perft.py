"""Fast Splink perft: the same tree as ``legal_moves``/``play``, counted on bare masks.

Three things make it fast, none of which changes the count:

- the last ply is counted, not played (``mechanics.count_moves``: the formula
  ``n(n-1) + 2 * sum(|N(p)|)`` for placements, and one valid-location count per
  removable ball);
- subtrees are memoised in a table keyed by the balls and the remaining depth. Within
  one count every node at the same depth has played the same number of turns, and
  the supply follows from the balls (or is unlimited), so the balls are the whole key;
- ``max_turns`` needs no bookkeeping: a node that has played ``max_turns`` turns has
  no children, so a depth beyond the turns left has no leaves, and a depth within
  them never reaches such a node above the leaves.

A Hypothesis test checks this against a plain recursion over ``legal_moves`` and
``play``.
"""

from __future__ import annotations

from ...limits import MAX_PERFT_ENTRIES
from .mechanics import children, count_moves
from .state import SplinkState


class _Counter:
    """One perft run: its memo tables live as long as the run. Together they hold at
    most ``cap`` entries (``limits.MAX_PERFT_ENTRIES``): a table that reaches its share
    is emptied and filled again, so memory stays bounded and only speed changes."""

    def __init__(self, unlimited: bool, cap: int = MAX_PERFT_ENTRIES) -> None:
        self.unlimited = unlimited
        self.counts: dict[int, int] = {}
        self.memo: dict[tuple[int, int], int] = {}
        self.share = max(1, cap // 2)
        """Entries each of the two tables may hold."""

    def count(self, red: int, white: int) -> int:
        key = red << 30 | white
        found = self.counts.get(key)
        if found is None:
            found = count_moves(red, white, self.unlimited)
            if len(self.counts) >= self.share:
                self.counts.clear()
            self.counts[key] = found
        return found

    def leaves(self, red: int, white: int, depth: int) -> int:
        if depth == 1:
            return self.count(red, white)
        key = (red << 30 | white, depth)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0
        if depth == 2:
            counts, unlimited, share = self.counts, self.unlimited, self.share
            for r, w in children(red, white, unlimited):
                k = r << 30 | w
                c = counts.get(k)
                if c is None:
                    c = count_moves(r, w, unlimited)
                    if len(counts) >= share:
                        counts.clear()
                    counts[k] = c
                total += c
        else:
            for r, w in children(red, white, self.unlimited):
                total += self.leaves(r, w, depth - 1)
        if len(self.memo) >= self.share:
            self.memo.clear()
        self.memo[key] = total
        return total


def perft(state: SplinkState, depth: int, cap: int = MAX_PERFT_ENTRIES) -> int:
    """Leaves of the legal-move tree ``depth`` plies below ``state``; a finished game
    (complete pyramid, no legal move, or ``max_turns`` reached) has no children."""
    return Perft(state, cap).leaves(state, depth)


class Perft:
    """Perft counts below the positions of one game, sharing one transposition table:
    the children of a position (a divide) all have the same turns played and options,
    so a subtree counted under one first move is reused under another."""

    def __init__(self, state: SplinkState, cap: int = MAX_PERFT_ENTRIES) -> None:
        self.counter = _Counter(state.rules.unlimited, cap)

    def leaves(self, state: SplinkState, depth: int) -> int:
        if depth <= 0:
            return 1
        limit = state.rules.max_turns
        if limit is not None and depth > limit - state.turns:
            return 0
        return self.counter.leaves(state.red, state.white, depth)
