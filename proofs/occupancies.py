"""Every occupancy of the pyramid that obeys gravity, and the model read on all of them.

Board mechanics (valid locations, pinning, the drop chain) depend only on which points
hold a ball, not on the colours. Gravity leaves 141,120 occupancies: any set of level-1
holes, then any set of the level-2 points those balls support, and so on up. They are
enumerated level by level from the geometry's support relation alone, and the model of
``proofs.model`` is evaluated on all of them at once (``proofs.lanes``); the exhaustive
claims compare the engine with these vectors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Final

from shibumi_rules.geometry import Pyramid, pyramid

from . import model
from .lanes import LaneLogic, mask_columns

GRAVITY_OCCUPANCIES: Final = 141_120
"""How many occupancies obey gravity (the enumeration checks it finds exactly these)."""


def _subsets(mask: int) -> list[int]:
    out = []
    sub = mask
    while True:
        out.append(sub)
        if sub == 0:
            return out
        sub = (sub - 1) & mask


def enumerate_occupancies(geo: Pyramid | None = None) -> list[int]:
    """Every occupancy obeying gravity, each once (of the 4x4 board, or of ``geo``):
    level by level, every subset of the points of the next level whose supporters are
    all occupied."""
    geo = pyramid() if geo is None else geo
    layer = [0]
    for level in range(geo.levels):
        points = [p for p in geo.points if geo.coords[p].level == level]
        grown: list[int] = []
        for occ in layer:
            supported = sum(1 << p for p in points if geo.supporter_mask[p] & ~occ == 0)
            grown.extend(occ | sub for sub in _subsets(supported))
        layer = grown
    return layer


COUNTABLE_LEVEL_POINTS: Final = 16
"""``count_occupancies`` tabulates every subset of each level above the first, so it
counts the pyramids whose level 2 has at most this many points (sides 2 to 5)."""


def count_occupancies(geo: Pyramid) -> int | None:
    """How many occupancies of ``geo`` obey gravity, counted level by level without
    listing them (None for a side too large to tabulate, see
    ``COUNTABLE_LEVEL_POINTS``). ``ways[U]`` is the number of occupancies of the levels
    up to this one whose top level holds exactly the set ``U``: on level 1 one each; a
    set ``U`` of the next level needs every point under it, its shadow ``S``, so its
    count is the sum of ``ways[T]`` over the sets ``T`` that contain ``S``, summed over
    supersets once per level (a superset-sum transform). Level 1 is done in closed form:
    ``2 ** (holes - |S|)`` sets of holes contain ``S``. The total is the sum over the
    top level's sets."""
    if geo.side < 2 or (geo.side - 1) ** 2 > COUNTABLE_LEVEL_POINTS:
        return None
    levels = [[p for p in geo.points if geo.coords[p].level == lv] for lv in range(geo.levels)]
    holes = len(levels[0])
    ways: list[int] | None = None
    for level in range(1, geo.levels):
        below, here = levels[level - 1], levels[level]
        bit_below = {p: i for i, p in enumerate(below)}
        shadow = [sum(1 << bit_below[s] for s in geo.supporters[p]) for p in here]
        if ways is None:
            above = [1 << (holes - bits.bit_count()) for bits in _unions(shadow)]
        else:
            sums = _superset_sums(ways, len(below))
            above = [sums[bits] for bits in _unions(shadow)]
        ways = above
    return 1 << holes if ways is None else sum(ways)


def _unions(masks: list[int]) -> list[int]:
    """For every subset U of range(len(masks)), by its bits: the union of masks[i]
    over i in U."""
    out = [0]
    for mask in masks:
        out += [m | mask for m in out]
    return out


def _superset_sums(values: list[int], bits: int) -> list[int]:
    """sums[S] = the sum of values[T] over every T containing S."""
    sums = list(values)
    for bit in range(bits):
        step = 1 << bit
        for s in range(len(sums)):
            if not s & step:
                sums[s] += sums[s | step]
    return sums


def selector(lanes: LaneLogic, point: int) -> list[int]:
    """The selector of one point, the same in every case."""
    return [lanes.ones if q == point else 0 for q in model.POINTS]


@dataclass(eq=False)
class BoardSpace:
    """The occupancies, the lanes over them, and the model's answers, computed once."""

    occupancies: list[int]
    lanes: LaneLogic
    occ: list[int]
    _chains: dict[int, list[int]] = field(default_factory=dict)
    _after: dict[int, list[int]] = field(default_factory=dict)

    @property
    def cases(self) -> int:
        return len(self.occupancies)

    def gravity(self) -> int:
        """The lanes where the model says the occupancy obeys gravity."""
        return model.gravity(self.lanes, self.occ)

    @cached_property
    def valid(self) -> list[int]:
        return [model.valid_location(self.lanes, self.occ, p) for p in model.POINTS]

    @cached_property
    def pinned(self) -> list[int]:
        return [model.pinned(self.lanes, self.occ, p) for p in model.POINTS]

    @cached_property
    def supports_one(self) -> list[int]:
        return [model.supports_exactly_one(self.lanes, self.occ, p) for p in model.POINTS]

    @cached_property
    def valid_once_filled(self) -> list[list[int]]:
        """[p][q]: the model says q is a valid location once p holds a ball."""
        out = []
        for p in model.POINTS:
            filled = list(self.occ)
            filled[p] = self.lanes.ones
            out.append([model.valid_location(self.lanes, filled, q) for q in model.POINTS])
        return out

    def removable(self, point: int) -> int:
        """The lanes where the ball at ``point`` may be removed: present, not pinned."""
        return self.occ[point] & self.lanes.not_(self.pinned[point])

    def chain(self, point: int) -> list[int]:
        """The model's drop chain of the ball at ``point``, per point."""
        if point not in self._chains:
            self._chains[point] = model.drop_chain(self.lanes, self.occ,
                                                   selector(self.lanes, point))
        return self._chains[point]

    def after_removal(self, point: int) -> list[int]:
        """The model's occupancy after removing the ball at ``point``."""
        if point not in self._after:
            balls = {"X": self.occ}
            after = model.remove(self.lanes, balls, selector(self.lanes, point))
            self._after[point] = after["X"]
        return self._after[point]


@cache
def board_space() -> BoardSpace:
    """The 141,120 occupancies with the model's vectors (built once per process)."""
    occupancies = enumerate_occupancies()
    lanes = LaneLogic(len(occupancies))
    return BoardSpace(occupancies, lanes, mask_columns(lanes, occupancies))
