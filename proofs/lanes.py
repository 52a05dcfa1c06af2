"""The model read on many concrete cases at once.

A vector is one Python integer with a 16-bit lane per case: a truth value is 0 or 1 in
each lane, a count is a whole number below 65,536 in each lane. ``LaneLogic`` is the
model's vocabulary over such vectors, so one evaluation of a formula of
``proofs.model`` judges every case of an enumeration; it is the plain-Python reading of
``PY_LOGIC`` done lane by lane, nothing more. The engine, which works on one position at
a time, is run case by case and its answers are packed into vectors of the same layout,
so comparing engine and model is a comparison of integers, and the first differing lane
names the case that shows a difference.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence

from .logic import Logic

LANE_BITS = 16
LANE_MASK = (1 << LANE_BITS) - 1
MASK_BITS = 30
"""Bits of an engine mask (the 30 points)."""


class LaneLogic(Logic[int]):
    """Truth values of ``cases`` cases, one per lane."""

    def __init__(self, cases: int) -> None:
        self.cases = cases
        self.ones = int.from_bytes(b"\x01\x00" * cases, "little")

    def const(self, value: bool) -> int:
        return self.ones if value else 0

    def and_(self, xs: Iterable[int]) -> int:
        out = self.ones
        for x in xs:
            out &= x
        return out

    def or_(self, xs: Iterable[int]) -> int:
        out = 0
        for x in xs:
            out |= x
        return out

    def not_(self, x: int) -> int:
        return x ^ self.ones

    def ite(self, cond: int, then: int, other: int) -> int:
        return (cond & then) | ((cond ^ self.ones) & other)

    def implies(self, a: int, b: int) -> int:
        return (a ^ self.ones) | b

    def count(self, xs: Iterable[int]) -> int:
        """How many of ``xs`` hold, per lane (below 65,536)."""
        return sum(xs)

    def lane(self, vector: int, case: int) -> int:
        """The value of one case."""
        return (vector >> (LANE_BITS * case)) & LANE_MASK

    def cases_where(self, vector: int) -> int:
        """How many lanes of a truth-value vector hold."""
        return vector.bit_count()


def _little_endian(values: array) -> bytes:  # type: ignore[type-arg]
    if sys.byteorder == "big":
        values.byteswap()
    return values.tobytes()


def mask_columns(lanes: LaneLogic, masks: Sequence[int], bits: int = MASK_BITS
                 ) -> list[int]:
    """Engine answers given as one mask of up to 32 bits per case (30, the 4x4 board's
    points, unless ``bits`` says otherwise), as ``bits`` truth-value vectors: column
    ``p`` holds bit ``p`` of every case's mask."""
    raw = _little_endian(array("I", masks))
    columns = []
    spread = bytearray(2 * len(masks))
    for p in range(bits):
        spread[0::2] = raw[p // 8::4]
        columns.append((int.from_bytes(spread, "little") >> (p % 8)) & lanes.ones)
    return columns


def flags(lanes: LaneLogic, values: Sequence[bool | int]) -> int:
    """One truth value per case, as a vector."""
    spread = bytearray(2 * len(values))
    spread[0::2] = bytes(1 if v else 0 for v in values)
    return int.from_bytes(spread, "little")


def counts(values: Sequence[int]) -> int:
    """One count per case (each below 65,536), as a vector."""
    return int.from_bytes(_little_endian(array("H", values)), "little")


def first_difference(a: int, b: int) -> int | None:
    """The first case where two vectors differ, or None when they are equal."""
    diff = a ^ b
    if not diff:
        return None
    return ((diff & -diff).bit_length() - 1) // LANE_BITS
