"""A deliberately simple, independent Splink: the baseline the reference's speed is
measured against.

One file, no imports from ``shibumi_rules``, no bit masks, no lookup tables beyond the
support relation: a board is a list of 30 cells holding "R", "W" or None, and every
rule is written the plain way, the way a first implementation would be. It plays the
same game as the reference under the default options (16 red and 16 white balls, no
turn limit): the same moves, in another order, so the same perft counts
(``python benchmarks/simple_splink.py 3`` prints perft(3);
``tests/games/splink/test_splink_simple_baseline.py`` checks it against the reference in
random games).

Its interface is the four methods a random playout calls: ``start``, ``legal_moves``,
``play`` and ``is_over``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

BALLS = 16

POINTS = [(level, row, col) for level in range(4)
          for row in range(4 - level) for col in range(4 - level)]
INDEX = {p: i for i, p in enumerate(POINTS)}
SUPPORTERS = [
    [] if level == 0 else [INDEX[(level - 1, row + dr, col + dc)]
                           for dr in (0, 1) for dc in (0, 1)]
    for level, row, col in POINTS
]
SUPPORTED = [[j for j in range(30) if i in SUPPORTERS[j]] for i in range(30)]

Cell = str | None
"""What a point holds: "R", "W" or None."""
Move = tuple[str, int, int] | tuple[str, int, int, str]
"""("place", red point, white point) or ("remove", point, new point, new colour)."""


@dataclass(frozen=True)
class State:
    cells: tuple[Cell, ...]  # 30 entries
    turns: int


def is_valid(cells: list[Cell] | tuple[Cell, ...], point: int) -> bool:
    """An empty point on the board or on four balls."""
    return cells[point] is None and all(cells[s] is not None for s in SUPPORTERS[point])


def in_supply(cells: list[Cell] | tuple[Cell, ...], colour: str) -> bool:
    return sum(1 for c in cells if c == colour) < BALLS


def balls_above(cells: list[Cell] | tuple[Cell, ...], point: int) -> list[int]:
    return [q for q in SUPPORTED[point] if cells[q] is not None]


def remove(cells: list[Cell], point: int) -> None:
    """Take the ball at ``point`` out; the ball it supports drops into its place, and so
    on up the chain."""
    while True:
        above = balls_above(cells, point)
        if not above:
            cells[point] = None
            return
        cells[point] = cells[above[0]]
        point = above[0]


class SimpleSplink:
    def start(self) -> State:
        return State((None,) * 30, 0)

    def is_over(self, state: State) -> bool:
        """The pyramid is complete, or the player to move has no legal move."""
        cells = state.cells
        if all(c is not None for c in cells):
            return True
        if in_supply(cells, "R") and in_supply(cells, "W"):
            return False
        return not any(self._removable(cells, b) for b in range(30))

    def legal_moves(self, state: State) -> list[Move]:
        cells = state.cells
        if all(c is not None for c in cells):
            return []
        moves: list[Move] = []
        if in_supply(cells, "R") and in_supply(cells, "W"):
            pairs: set[tuple[int, int]] = set()
            for first in range(30):
                if not is_valid(cells, first):
                    continue
                after = list(cells)
                after[first] = "X"  # either colour: a platform takes any
                for second in range(30):
                    if is_valid(after, second):
                        pairs.add((first, second))
                        pairs.add((second, first))
            moves += [("place", r, w) for r, w in sorted(pairs)]
        for b in range(30):
            if not self._removable(cells, b):
                continue
            other = "W" if cells[b] == "R" else "R"
            after = list(cells)
            remove(after, b)
            moves += [("remove", b, p, other) for p in range(30) if is_valid(after, p)]
        return moves

    def _removable(self, cells: tuple[Cell, ...], b: int) -> bool:
        """A ball supporting exactly one ball, with a ball of the other colour in the
        supply."""
        if cells[b] is None or len(balls_above(cells, b)) != 1:
            return False
        return in_supply(cells, "W" if cells[b] == "R" else "R")

    def play(self, state: State, move: Move) -> State:
        cells = list(state.cells)
        if len(move) == 3:  # ("place", red point, white point)
            cells[move[1]] = "R"
            cells[move[2]] = "W"
        else:  # ("remove", point, new point, new colour)
            remove(cells, move[1])
            cells[move[2]] = move[3]
        return State(tuple(cells), state.turns + 1)

    def perft(self, state: State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(self.perft(self.play(state, m), depth - 1) for m in self.legal_moves(state))


GAME = SimpleSplink()

if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print(GAME.perft(GAME.start(), depth))
