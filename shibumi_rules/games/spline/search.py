"""Spline's fast path for the solver: positions as two masks seen from the player to
move, the eight symmetries of the board and the colour swap folded into one
transposition key, and the moves that decide first.

It copies three rules, deliberately, as ``perft`` does:

- the moves are the valid locations (SHB-PLACE-1) while the mover has a ball left
  (SPL-PLACE-1);
- a placement can complete only a line through its own point (``LINES_THROUGH``), and
  only for the mover (SPL-LINE-1, SPL-RUL-5): a child that does is over, a loss for the
  player then to move (SPL-WIN-1);
- the rules are colour-blind and the board's symmetries map lines to lines, so a
  position, its images and its colour-swapped twin have one value for their movers.

Move order: a placement that wins at once, then one that takes a point where the
opponent would complete a line, then the rest.
``tests/games/spline/test_spline_search.py`` holds the kernel to the plain rules (moves,
children, ends and keys) on random positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ...board import BALLS_PER_COLOUR, Board, valid_locations
from ...contract.search import SearchKernel
from ...geometry import NUM_POINTS, SYMMETRIES
from ...notation import Colour
from .lines import LINES, LINES_THROUGH
from .rules import SplineMove, SplineState

Node = tuple[int, int, int, bool]
"""(mover's balls, opponent's balls, the mover's colour, whether the game is over)."""

_CHUNKS: Final = (NUM_POINTS + 7) // 8


def _chunk_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each byte of a mask, the image of its 256 values under ``perm``."""
    out = []
    for chunk in range(_CHUNKS):
        row = []
        for value in range(256):
            image = 0
            for bit in range(8):
                point = chunk * 8 + bit
                if value >> bit & 1 and point < NUM_POINTS:
                    image |= 1 << perm[point]
            row.append(image)
        out.append(tuple(row))
    return tuple(out)


SYMMETRY_TABLES: Final = tuple(_chunk_tables(perm) for _, perm in SYMMETRIES)
"""The eight symmetries of the board as byte tables (the identity among them)."""

_THROUGH: Final = tuple(tuple(LINES_THROUGH[p]) for p in range(NUM_POINTS))
_LINE_MASKS: Final = tuple(line.mask for line in LINES)
_MOST: Final = BALLS_PER_COLOUR


def image(tables: tuple[tuple[int, ...], ...], mask: int) -> int:
    """``mask`` under one symmetry."""
    t0, t1, t2, t3 = tables
    return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16 & 255] | t3[mask >> 24]


def canonical(own: int, opp: int) -> int:
    """The least of the position's eight images, mover's balls in the high bits."""
    best = -1
    for t0, t1, t2, t3 in SYMMETRY_TABLES:
        key = ((t0[own & 255] | t1[own >> 8 & 255] | t2[own >> 16 & 255] | t3[own >> 24])
               << 32 | t0[opp & 255] | t1[opp >> 8 & 255] | t2[opp >> 16 & 255]
               | t3[opp >> 24])
        if best < 0 or key < best:
            best = key
    return best


def _completes(mine: int, bit: int) -> bool:
    """Whether the ball ``bit`` completes a line of ``mine`` (which holds it)."""
    return any(mine & mask == mask for mask in _THROUGH[bit.bit_length() - 1])


class SplineKernel(SearchKernel[SplineState, Node, SplineMove]):
    """Spline positions as masks (see the module's docstring)."""

    def node(self, state: SplineState) -> Node:
        masks = state.board.masks
        seat = int(state.turn)
        own, opp = masks[seat], masks[1 - seat]
        over = any(opp & m == m for m in _LINE_MASKS) or any(own & m == m for m in _LINE_MASKS)
        return own, opp, seat, over

    def state(self, node: Node) -> SplineState:
        own, opp, seat, _ = node
        masks = (own, opp, 0) if seat == Colour.WHITE else (opp, own, 0)
        return SplineState(Board(masks), Colour(seat))

    def mover(self, node: Node) -> int:
        return node[2]

    def end_value(self, node: Node) -> float | None:
        _own, opp, _, over = node
        if not over:
            return None
        return -1.0 if any(opp & m == m for m in _LINE_MASKS) else 1.0

    def children(self, node: Node) -> Iterator[tuple[SplineMove, Node]]:
        own, opp, seat, over = node
        if over or own.bit_count() >= _MOST:
            return
        occ = own | opp
        places = valid_locations(occ)
        wins = blocks = 0
        rest = places
        while rest:
            bit = rest & -rest
            rest ^= bit
            if _completes(own | bit, bit):
                wins |= bit
            elif opp.bit_count() < _MOST and _completes(opp | bit, bit):
                blocks |= bit
        other = 1 - seat
        for group, won in ((wins, True), (blocks, False), (places & ~(wins | blocks), False)):
            while group:
                bit = group & -group
                group ^= bit
                yield SplineMove(bit.bit_length() - 1), (opp, own | bit, other, won)

    def win_now(self, node: Node) -> bool:
        own, opp, _, over = node
        if over or own.bit_count() >= _MOST:
            return False
        places = valid_locations(own | opp)
        while places:
            bit = places & -places
            places ^= bit
            if _completes(own | bit, bit):
                return True
        return False

    def key(self, node: Node) -> int:
        return canonical(node[0], node[1])

    def moves_left(self, node: Node) -> int:
        return NUM_POINTS - 1 - (node[0] | node[1]).bit_count()


KERNEL: Final = SplineKernel()
"""The kernel ``Spline.search_kernel`` hands out."""
