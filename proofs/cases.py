"""Case splits that keep counting proofs easy for Z3.

Z3 does not find "the board has one ball fewer" by itself when the board afterwards is
a formula over a symbolic drop chain. The geometry admits only 110 straight chains
(``STRAIGHT_CHAINS``), so a removal is split into one case per chain: in each case the
board afterwards is a plain shift of the variables, and the counts follow by arithmetic
over the same variables. That the model's removal always falls into one of these cases,
and agrees with the shift there, is proved along the way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Final

import z3

from shibumi_rules.geometry import COORDS, SUPPORTEES

from . import model
from .solver import Z3, Formula


def straight(a: int, b: int, c: int) -> bool:
    """Three points of consecutive levels whose steps seen from above are equal."""
    ca, cb, cc = COORDS[a], COORDS[b], COORDS[c]
    return (cb.x - ca.x, cb.y - ca.y) == (cc.x - cb.x, cc.y - cb.y)


def _straight_chains() -> tuple[tuple[int, ...], ...]:
    found: list[tuple[int, ...]] = []

    def extend(path: tuple[int, ...]) -> None:
        found.append(path)
        for t in SUPPORTEES[path[-1]]:
            if len(path) < 2 or straight(path[-2], path[-1], t):
                extend((*path, t))

    for p in model.POINTS:
        extend((p,))
    return tuple(found)


STRAIGHT_CHAINS: Final = _straight_chains()
"""Every point followed by 0 to 3 points going straight up a diagonal, one per level."""


def selector(p: int) -> list[Formula]:
    """The selector of one concrete point."""
    return [z3.BoolVal(q == p) for q in model.POINTS]


def shifted(balls: Mapping[str, Sequence[Formula]], chain: tuple[int, ...]
            ) -> dict[str, list[Formula]]:
    """The board with the bottom of ``chain`` taken away and the rest moved down it."""
    out = {}
    for colour, column in balls.items():
        new = list(column)
        for lower, upper in pairwise(chain):
            new[lower] = column[upper]
        new[chain[-1]] = z3.BoolVal(False)
        out[colour] = new
    return out


def removal_cases(balls: Mapping[str, Sequence[Formula]], p: int
                  ) -> list[tuple[Formula, dict[str, list[Formula]]]]:
    """For removing the ball at ``p``: (the drop chain is this straight chain, the board
    shifted along it), one pair per straight chain starting at ``p``."""
    occ = model.occupancy(Z3, balls)
    chain = model.drop_chain(Z3, occ, selector(p))
    cases = []
    for candidate in STRAIGHT_CHAINS:
        if candidate[0] != p:
            continue
        members = set(candidate)
        condition = z3.And([chain[q] if q in members else z3.Not(chain[q])
                            for q in model.POINTS])
        cases.append((condition, shifted(balls, candidate)))
    return cases


def same_board(a: Mapping[str, Sequence[Formula]], b: Mapping[str, Sequence[Formula]]
               ) -> Formula:
    return z3.And([a[c][p] == b[c][p] for c in a for p in model.POINTS])
