"""Lookup tables indexed by a set of points: for every set ``m`` (a mask of ``size``
bits), the union of the values of the "needs" that lie wholly inside ``m``.

Every hot function of the engine reads one: the points a level supports
(``board.valid_locations``), the pinned balls, the Sploof line lookup. Every command
builds them when it starts, so building them is part of every command's start-up.
``superset_table`` builds a table of ``2**size`` entries from tables over the two halves
of the mask, recursively: what is left per entry is one OR in one list comprehension,
not a loop over the needs (a 65,536-entry table in about a millisecond or two).
"""

from __future__ import annotations

from collections.abc import Iterable

_DIRECT_BITS = 4
"""Tables of at most this many bits are built entry by entry."""


def superset_table(size: int, needs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """``table[m]`` = the OR of ``value`` over every ``(need, value)`` of ``needs`` whose
    ``need`` is a subset of ``m``, for every ``m`` below ``2**size`` (a need with a bit at
    or above ``size`` is in no entry).

    Split ``m`` into its high bits ``h`` and low bits ``l``. A need inside the low half
    counts when it is inside ``l``; one inside the high half when it is inside ``h``;
    one across both when each of its parts is. So ``table[h, l] = high[h] | row[l]``,
    where ``high`` is the table of the high needs and ``row`` is the table over the low
    half of the low needs and of the needs across whose high part is inside ``h``: one
    such row per distinct set of those, each built the same way."""
    needs = list(needs)
    if size <= _DIRECT_BITS:
        return tuple(_union_inside(m, needs) for m in range(1 << size))
    low = size // 2
    low_mask = (1 << low) - 1
    inside_low = [(need, value) for need, value in needs if not need >> low]
    inside_high = [(need >> low, value) for need, value in needs
                   if need >> low and not need & low_mask]
    across = [(need, value) for need, value in needs if need >> low and need & low_mask]
    high = superset_table(size - low, inside_high)
    reached = superset_table(size - low, ((need >> low, 1 << i)
                                          for i, (need, _) in enumerate(across)))
    rows = {
        chosen: superset_table(low, inside_low + [(need & low_mask, value)
                                                  for i, (need, value) in enumerate(across)
                                                  if chosen >> i & 1])
        for chosen in set(reached)
    }
    if high.count(0) < len(high) // 2:  # one comprehension: the fastest way to OR
        return tuple([h | entry for h, chosen in zip(high, reached) for entry in rows[chosen]])
    table: list[int] = []  # mostly nothing to OR: copy the rows as they are
    for h, chosen in zip(high, reached):
        row = rows[chosen]
        table += [h | entry for entry in row] if h else row
    return tuple(table)


def _union_inside(m: int, needs: list[tuple[int, int]]) -> int:
    """The OR of the values of the needs inside ``m``."""
    union = 0
    for need, value in needs:
        if m & need == need:
            union |= value
    return union
