"""The lookup tables of the Splink move generator (``games/splink/mechanics.py``), entry
by entry against their definitions."""

from __future__ import annotations

import pytest

from shibumi_rules.games.splink import mechanics
from shibumi_rules.geometry import LEVEL_MASKS, NUM_POINTS, SUPPORTER_MASK, points_of


@pytest.mark.parametrize("level", [0, 1, 2])
def test_every_entry_of_the_one_missing_tables_is_its_definition(level: int) -> None:
    table = (mechanics._T0, mechanics._T1, mechanics._T2)[level]
    base = (LEVEL_MASKS[level] & -LEVEL_MASKS[level]).bit_length() - 1
    uppers = points_of(LEVEL_MASKS[level + 1])
    assert len(table) == 1 << LEVEL_MASKS[level].bit_count()
    for occ in range(len(table)):
        occupied = occ << base
        assert table[occ] == sum(
            1 << u for u in uppers if (SUPPORTER_MASK[u] & occupied).bit_count() == 3
        ), f"level {level + 1}, occupancy {occ:#x}"


def test_every_chunk_table_lists_the_points_of_its_value() -> None:
    for shift, table in zip((0, 10, 20), (mechanics._C0, mechanics._C1, mechanics._C2),
                            strict=True):
        assert len(table) == 1024
        for value, points in enumerate(table):
            assert points == tuple(points_of(value << shift)), (shift, value)
    assert mechanics.bits((1 << NUM_POINTS) - 1) == tuple(range(NUM_POINTS))
