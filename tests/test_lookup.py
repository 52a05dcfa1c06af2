"""The subset lookup tables every hot function reads: built from the halves of the mask,
they must say exactly what their definition says, entry by entry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules.lookup import superset_table


def _by_definition(size: int, needs: list[tuple[int, int]]) -> tuple[int, ...]:
    table = []
    for m in range(1 << size):
        union = 0
        for need, value in needs:
            if m & need == need:
                union |= value
        table.append(union)
    return tuple(table)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    """A size and needs over it: single points, pairs, whole blocks, the empty set, and
    needs reaching past the size (in no entry); values small and wide."""
    size = draw(st.integers(0, 12))
    need = st.integers(0, (1 << (size + 1)) - 1) | st.sampled_from(
        [1 << i for i in range(size + 1)] + [(1 << size) - 1, 0])
    value = st.integers(0, 255) | st.integers(0, (1 << 62) - 1)
    return size, draw(st.lists(st.tuples(need, value), max_size=24))


@given(tables())
def test_every_entry_is_the_union_of_the_needs_inside_it(
        case: tuple[int, list[tuple[int, int]]]) -> None:
    size, needs = case
    assert superset_table(size, needs) == _by_definition(size, needs)


def test_a_full_size_table_with_needs_across_its_halves() -> None:
    # 16 bits split into two bytes; 4-point needs across them, as a column of the board.
    needs = [(0x1111 << i, 1 << i) for i in range(4)] + [(0x000F, 1 << 4), (0xF000, 1 << 5)]
    assert superset_table(16, needs) == _by_definition(16, needs)


def test_needs_may_come_from_a_generator() -> None:
    assert superset_table(3, ((1 << i, 10 * i + 1) for i in range(3))) == \
        _by_definition(3, [(1 << i, 10 * i + 1) for i in range(3)])
