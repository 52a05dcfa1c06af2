"""Search for a Splink game that ends on a complete pyramid with given outer colours.

Only the 25 outer points have a target colour; the 5 inner points never score
(SPK-RUL-9), so any colour will do there. The search is a depth-first search over boards
that agree with the target, with one exception: a ball of the wrong colour may stand on
a point of the two lowest levels while it waits to be removed (at most ``max_wrong`` of them).

- A move (a) adds a red and a white ball.
- A move (b) removes a ball holding up exactly one ball, lets its chain drop (every ball
  that drops must land where its colour is wanted), and adds a ball of the other
  colour. It is the only way to change how many balls of each colour are on the board:
  either a ball of the wrong colour goes, or a chain of one colour pumps down and its
  top is filled again later.
- The pyramid is completed last by a move (a) on a level-3 point and the apex (theorem
  ``splink-last-move-fills-the-top``), so the target must give those different colours.

The result is a list of moves in Splink notation; the theorems replay it through the
model to check that it is legal and ends where it should.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Final

from shibumi_rules.geometry import (
    COORDS,
    LEVEL_MASKS,
    NAMES,
    NUM_POINTS,
    SUPPORTEE_MASK,
    SUPPORTER_MASK,
    points_of,
)

from .model import INNER

ALL: Final = (1 << NUM_POINTS) - 1
APEX: Final = NUM_POINTS - 1
LEVEL2: Final = tuple(points_of(LEVEL_MASKS[2]))
FREE: Final = sum(1 << p for p in INNER)
MAY_WAIT: Final = LEVEL_MASKS[1] | LEVEL_MASKS[0]
"""Points where a wrong ball may wait: they hold up balls, so they can be removed."""
SUPPLY: Final = 16

Move = tuple[str, int, int, int]
"""(text, occupancy after, red balls after, wrong balls after)."""


def _valid(occ: int) -> int:
    """Empty points whose supporters are all present."""
    return sum(1 << p for p in range(NUM_POINTS)
               if not occ >> p & 1 and SUPPORTER_MASK[p] & occ == SUPPORTER_MASK[p])


def _chain(occ: int, p: int) -> list[int] | None:
    """The drop chain above ``p`` when ``p`` holds up exactly one ball."""
    above = SUPPORTEE_MASK[p] & occ
    if above.bit_count() != 1:
        return None
    chain = [p]
    while above:
        if above.bit_count() > 1:
            return None
        q = above.bit_length() - 1
        chain.append(q)
        above = SUPPORTEE_MASK[q] & occ
    return chain


def _pair_text(red: int, white: int) -> str:
    low, high = sorted((red, white))
    colour = {red: "R", white: "W"}
    return f"{colour[low]}{NAMES[low]}+{colour[high]}{NAMES[high]}"


class _Search:
    def __init__(self, target: Mapping[int, str], limited: bool, max_wrong: int,
                 budget: int) -> None:
        self.want_red = sum(1 << p for p, c in target.items() if c == "R") & ~FREE
        self.want_white = sum(1 << p for p, c in target.items() if c == "W") & ~FREE
        self.limited = limited
        self.max_wrong = max_wrong
        self.budget = budget
        self.seen: set[tuple[int, int]] = set()
        self.path: list[str] = []
        self.goal = 0

    def wrong(self, occ: int, red: int) -> int:
        return (red & self.want_white) | (occ & ~red & self.want_red)

    def _admit(self, occ: int, red: int) -> int | None:
        """The wrong balls after a move, or None if they are too many or stuck."""
        wrong = self.wrong(occ, red)
        if wrong & ~MAY_WAIT or wrong.bit_count() > self.max_wrong:
            return None
        return wrong

    def pairs(self, occ: int, red: int) -> list[Move]:
        reds = red.bit_count()
        if self.limited and (reds >= SUPPLY or occ.bit_count() - reds >= SUPPLY):
            return []
        found: dict[str, Move] = {}
        for first in points_of(_valid(occ) & self.goal):
            for second in points_of(_valid(occ | 1 << first) & self.goal):
                for r, w in ((first, second), (second, first)):
                    new_occ, new_red = occ | 1 << r | 1 << w, red | 1 << r
                    wrong = self._admit(new_occ, new_red)
                    if wrong is not None:
                        found[_pair_text(r, w)] = (_pair_text(r, w), new_occ, new_red, wrong)
        return list(found.values())

    def swaps(self, occ: int, red: int) -> list[Move]:
        out: list[Move] = []
        reds = red.bit_count()
        for p in points_of(occ):
            chain = _chain(occ, p)
            if chain is None:
                continue
            was_red = bool(red >> p & 1)
            if self.limited and (occ.bit_count() - reds if was_red else reds) >= SUPPLY:
                continue
            new_red = red
            for lower, upper in pairwise(chain):
                new_red = new_red | 1 << lower if red >> upper & 1 else new_red & ~(1 << lower)
            new_red &= ~(1 << chain[-1])
            dropped = occ & ~(1 << chain[-1])
            if self.wrong(dropped, new_red) & ~self.wrong(occ, red):
                continue  # a ball dropped where its colour is not wanted
            for v in points_of(_valid(dropped) & self.goal):
                after_red = new_red if was_red else new_red | 1 << v
                wrong = self._admit(dropped | 1 << v, after_red)
                if wrong is not None:
                    text = f"x{NAMES[p]}+{'W' if was_red else 'R'}{NAMES[v]}"
                    out.append((text, dropped | 1 << v, after_red, wrong))
        return out

    def order(self, occ: int, red: int, moves: list[Move]) -> list[Move]:
        """Fewest wrong balls first; then moves that bring the colours of the empty
        points nearer to what moves (a) can fill; then moves that add balls; then the
        lowest placements."""
        def key(move: Move) -> tuple[int, int, int, int]:
            _, new_occ, _, wrong = move
            empty = self.goal & ~new_occ
            imbalance = abs((empty & self.want_red).bit_count()
                            - (empty & self.want_white).bit_count())
            slack = (empty & FREE).bit_count()
            height = sum(COORDS[p].level for p in points_of(new_occ & ~occ))
            added = new_occ.bit_count() - occ.bit_count()
            return wrong.bit_count(), max(0, imbalance - slack), -added, height
        return sorted(moves, key=key)

    def run(self, occ: int, red: int) -> bool:
        if occ == self.goal and not self.wrong(occ, red):
            reds = red.bit_count()
            return not self.limited or max(reds, occ.bit_count() - reds) < SUPPLY
        if (occ, red) in self.seen or len(self.seen) >= self.budget:
            return False
        self.seen.add((occ, red))
        for text, new_occ, new_red, _ in self.order(occ, red, self.pairs(occ, red)
                                                    + self.swaps(occ, red)):
            self.path.append(text)
            if self.run(new_occ, new_red):
                return True
            self.path.pop()
        return False


def find_game(target: Mapping[int, str], limited: bool, budget: int = 20_000,
              max_wrong: int = 1) -> list[str] | None:
    """Moves from the empty board to a complete pyramid whose outer points have the
    colours of ``target`` (point -> "R"/"W"; inner points are ignored), or None if none
    was found within ``budget`` visited boards."""
    last = next((s for s in LEVEL2 if target[s] != target[APEX]), None)
    if last is None:
        return None
    search = _Search(target, limited, max_wrong, budget)
    search.goal = ALL & ~(1 << APEX) & ~(1 << last)
    if not search.run(0, 0):
        return None
    red_last, white_last = (last, APEX) if target[last] == "R" else (APEX, last)
    return [*search.path, _pair_text(red_last, white_last)]
