"""Facts of the pyramid's geometry, each derived from the ball centres."""

from __future__ import annotations

import itertools
import math

import pytest

from shibumi_rules import geometry as g
from shibumi_rules.notation import parse_point


def test_thirty_points_in_level_major_order() -> None:
    assert g.NUM_POINTS == 30
    assert [c.level for c in g.COORDS] == [0] * 16 + [1] * 9 + [2] * 4 + [3]
    assert g.COORDS == tuple(sorted(g.COORDS, key=lambda c: (c.level, c.row, c.col)))


@pytest.mark.parametrize(
    ("name", "index"), [("1a1", 0), ("1g1", 3), ("1a7", 12), ("1g7", 15), ("2b2", 16),
                        ("3c3", 25), ("4d4", 29)],
)
def test_canonical_names(name: str, index: int) -> None:
    assert g.NAMES[index] == name
    assert parse_point(name) == index


def test_pair_counts() -> None:
    assert len(g.TOUCHING_PAIRS) == 96
    assert len(g.SAME_LEVEL_PAIRS) == 40
    assert len(g.SUPPORT_PAIRS) == 56


def test_touching_matches_float_centres() -> None:
    for a, b in itertools.combinations(g.POINTS, 2):
        d = math.dist(g.COORDS[a].centre, g.COORDS[b].centre)
        assert math.isclose(d, 1.0) == g.touching(a, b)
        assert d >= 1.0 - 1e-9, "balls never overlap"


def test_neighbours_are_the_touching_points_in_index_order() -> None:
    for a in g.POINTS:
        assert g.NEIGHBOURS[a] == tuple(b for b in g.POINTS if g.touching(a, b))


def test_quadruple_squared_distance_reads_the_coordinates() -> None:
    for a, b in itertools.product(g.POINTS, repeat=2):
        ca, cb = g.COORDS[a], g.COORDS[b]
        assert g.quadruple_squared_distance(a, b) == (
            (ca.x - cb.x) ** 2 + (ca.y - cb.y) ** 2 + 2 * (ca.level - cb.level) ** 2)


def test_supporters() -> None:
    for p in g.POINTS:
        expected = 0 if g.COORDS[p].level == 0 else 4
        assert len(g.SUPPORTERS[p]) == expected
    assert [g.NAMES[s] for s in g.SUPPORTERS[parse_point("2b2")]] == ["1a1", "1c1", "1a3", "1c3"]
    assert [g.NAMES[s] for s in g.SUPPORTERS[parse_point("4d4")]] == ["3c3", "3e3", "3c5", "3e5"]
    assert sum(len(s) for s in g.SUPPORTEES) == 56
    assert max(len(s) for s in g.SUPPORTEES) == 4


def test_covering() -> None:
    hidden = sorted(g.NAMES[p] for p, _ in g.COVERING_PAIRS)
    assert hidden == ["1c3", "1c5", "1e3", "1e5", "2d4"]
    for p, cover in g.COVERING_PAIRS:
        assert g.COORDS[cover].level == g.COORDS[p].level + 2
        assert (g.COORDS[cover].x, g.COORDS[cover].y) == (g.COORDS[p].x, g.COORDS[p].y)


def test_crossing_counts() -> None:
    for (a, b), crossing in g.CROSSING.items():
        ca, cb = g.COORDS[a], g.COORDS[b]
        side = g.SIDE - ca.level
        perimeter = (ca.row == cb.row and ca.row in (0, side - 1)) or (
            ca.col == cb.col and ca.col in (0, side - 1)
        )
        assert len(crossing) == (1 if perimeter else 2), (g.NAMES[a], g.NAMES[b])
    assert len(g.CROSSING) == 40


def _compose(p: tuple[int, ...], q: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p[q[i]] for i in g.POINTS)


def test_symmetries_form_a_group_and_preserve_relations() -> None:
    perms = {perm for _, perm in g.SYMMETRIES}
    assert len(perms) == 8
    assert tuple(g.POINTS) in perms
    for p, q in itertools.product(perms, repeat=2):
        assert _compose(p, q) in perms
    for perm in perms:
        assert sorted(perm) == list(g.POINTS)
        assert all(g.COORDS[perm[i]].level == g.COORDS[i].level for i in g.POINTS)
        pairs = {frozenset((perm[a], perm[b])) for a, b in g.TOUCHING_PAIRS}
        assert pairs == {frozenset(pair) for pair in g.TOUCHING_PAIRS}
        for point in g.POINTS:
            image = perm[point]
            assert sorted(perm[s] for s in g.SUPPORTERS[point]) == sorted(g.SUPPORTERS[image])
            cover = g.COVERED_BY[point]
            assert g.COVERED_BY[image] == (None if cover is None else perm[cover])
        for (a, b), crossing in g.CROSSING.items():
            key = (min(perm[a], perm[b]), max(perm[a], perm[b]))
            assert sorted(perm[c] for c in crossing) == sorted(g.CROSSING[key])
