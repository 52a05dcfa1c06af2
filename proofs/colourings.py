"""Every colouring of a few points, seen by one player: each point empty, holding the
player's ball or holding another ball (3^k cases for k points, every other point
empty).

A line's status depends only on whose balls sit on a handful of points, so enumerating
those colourings checks it completely. Case ``i`` gives point ``points[j]`` the state
``(i // 3**j) % 3`` (0 empty, 1 own, 2 another colour); the engine reads the cases as
masks, the model as lane vectors (``proofs.lanes``) of the same order.
"""

from __future__ import annotations

from dataclasses import dataclass

from shibumi_rules.board import Board

from . import model
from .lanes import LaneLogic


@dataclass(frozen=True)
class Colourings:
    """The 3^k colourings of ``points``: masks for the engine, vectors for the model."""

    points: tuple[int, ...]
    own: list[int]
    occupied: list[int]
    lanes: LaneLogic
    own_vectors: list[int]
    occupied_vectors: list[int]

    @property
    def cases(self) -> int:
        return len(self.own)

    def board(self, case: int) -> Board:
        """The colouring as a board: the player's balls white, the others black."""
        own = self.own[case]
        return Board((own, self.occupied[case] & ~own, 0))


def _pattern(lanes: LaneLogic, period: int, states: tuple[int, int, int], total: int) -> int:
    """A vector whose lane i is ``states[(i // period) % 3]``."""
    block = b"".join(bytes([s]) * period for s in states)
    spread = bytearray(2 * total)
    spread[0::2] = block * (total // len(block))
    return int.from_bytes(spread, "little")


def colourings(points: tuple[int, ...]) -> Colourings:
    """Every colouring of ``points`` (the other points empty)."""
    own, occupied = [0], [0]
    for p in points:
        bit = 1 << p
        own = own + [o | bit for o in own] + own
        occupied = occupied + [c | bit for c in occupied] + [c | bit for c in occupied]
    total = len(own)
    lanes = LaneLogic(total)
    own_vectors = [0] * len(model.POINTS)
    occupied_vectors = [0] * len(model.POINTS)
    for j, p in enumerate(points):
        own_vectors[p] = _pattern(lanes, 3 ** j, (0, 1, 0), total)
        occupied_vectors[p] = _pattern(lanes, 3 ** j, (0, 1, 1), total)
    return Colourings(points, own, occupied, lanes, own_vectors, occupied_vectors)
