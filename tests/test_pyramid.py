"""The pyramid of any side from 2 to 9: the same facts as the 4x4 board's, checked on
every side (Hypothesis draws the sides and the points), with the 4x4 pyramid being the
module's constants."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import geometry as g
from shibumi_rules.board import Board
from shibumi_rules.diagram import render, render_letters
from shibumi_rules.errors import NotationError
from shibumi_rules.games.spline.lines import LINES as SPLINE_LINES
from shibumi_rules.geometry import Pyramid, point_count, pyramid, pyramid_of_points
from shibumi_rules.notation import COLOUR_OF_LETTER, EMPTY, parse_point_on
from shibumi_rules.svg import render_empty, render_svg

sides = st.integers(g.MIN_SIDE, g.MAX_SIDE)
SOME = settings(max_examples=30, deadline=None)
"""Examples per property: a side-9 case checks hundreds of points, so no deadline."""


@st.composite
def side_and_point(draw: st.DrawFn) -> tuple[Pyramid, int]:
    geo = pyramid(draw(sides))
    return geo, draw(st.integers(0, geo.num_points - 1))


@st.composite
def boards_on(draw: st.DrawFn) -> tuple[Pyramid, Board]:
    """A pyramid and a board on it that obeys gravity: level by level, any colours on
    any subset of the points whose supporters are all occupied."""
    geo = pyramid(draw(sides))
    masks = [0, 0, 0]
    occupied = 0
    for p in geo.points:
        if geo.supporter_mask[p] & ~occupied == 0 and draw(st.booleans()):
            colour = draw(st.integers(0, 2))
            masks[colour] |= 1 << p
            occupied |= 1 << p
    return geo, Board((masks[0], masks[1], masks[2]))


def test_the_4x4_pyramid_is_the_module_constants() -> None:
    four = pyramid(4)
    assert pyramid() is four
    assert four.names == g.NAMES and four.coords == g.COORDS
    assert four.supporters == g.SUPPORTERS and four.touching_pairs == g.TOUCHING_PAIRS
    assert four.crossing == g.CROSSING and four.covering_pairs == g.COVERING_PAIRS
    assert four.symmetries == g.SYMMETRIES and four.level_masks == g.LEVEL_MASKS
    assert (four.grid, four.files) == (g.GRID, g.FILES)


def test_spline_lines_are_the_level_lines_of_the_4x4_pyramid() -> None:
    assert [line.points for line in SPLINE_LINES] == [
        line.points for line in pyramid(4).level_lines]


def test_each_side_is_built_once() -> None:
    assert pyramid(7) is pyramid(7)
    with pytest.raises(ValueError, match="side 10 is not 2-9"):
        Pyramid(10)


@SOME
@given(sides)
def test_point_counts(side: int) -> None:
    geo = pyramid(side)
    assert geo.num_points == side * (side + 1) * (2 * side + 1) // 6 == point_count(side)
    assert [m.bit_count() for m in geo.level_masks] == [(side - lv) ** 2
                                                        for lv in range(side)]
    assert pyramid_of_points(geo.num_points) is geo
    assert geo.coords == tuple(sorted(geo.coords, key=lambda c: (c.level, c.row, c.col)))


@SOME
@given(side_and_point())
def test_names_round_trip(case: tuple[Pyramid, int]) -> None:
    geo, p = case
    name = geo.names[p]
    c = geo.coords[p]
    assert parse_point_on(geo, name) == p
    assert parse_point_on(geo, f" {name.upper()} ") == p
    assert name == f"{c.level + 1}{geo.files[c.x]}{c.y + 1}"
    larger = pyramid(g.MAX_SIDE)
    assert larger.names[larger.index_of_coord[c]] == name, "a point keeps its name"


@SOME
@given(sides)
def test_names_are_distinct_and_the_corners_as_documented(side: int) -> None:
    geo = pyramid(side)
    assert len(set(geo.names)) == geo.num_points
    last = geo.files[-1]
    assert geo.names[0] == "1a1" and geo.names[side * side - 1] == f"1{last}{geo.grid}"
    middle = geo.files[side - 1]
    assert geo.names[-1] == f"{side}{middle}{side}", "the apex sits over the centre cell"


def test_5x5_names_as_the_issue_gives_them() -> None:
    geo = pyramid(5)
    assert geo.names[0] == "1a1" and geo.names[24] == "1i9" and geo.names[-1] == "5e5"
    assert [geo.names[s] for s in geo.supporters[geo.index_of_name["5e5"]]] == [
        "4d4", "4f4", "4d6", "4f6"]


@pytest.mark.parametrize(("text", "message"), [
    ("1j1", "file 'j' is not a-i"), ("6e5", "level '6' is not 1-5"),
    ("1a10", "rank 10 is not 1-9"), ("2a1", "level 2 of the 5x5 pyramid has no point at a1"),
    ("e5", "expected level digit 1-5, file a-i, rank 1-9 (e.g. 1a1 5e5)"),
])
def test_bad_names_on_a_5x5_pyramid(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_point_on(pyramid(5), text)


@SOME
@given(sides)
def test_supporters_touching_and_distances(side: int) -> None:
    geo = pyramid(side)
    for p in geo.points:
        c = geo.coords[p]
        assert len(geo.supporters[p]) == (0 if c.level == 0 else 4)
        assert all(geo.coords[s].level == c.level - 1 for s in geo.supporters[p])
        assert all(p in geo.supportees[s] for s in geo.supporters[p])
        assert len(geo.supportees[p]) <= 4
    for a, b in geo.touching_pairs:
        assert math.isclose(math.dist(geo.coords[a].centre, geo.coords[b].centre), 1.0)
        assert b in geo.neighbours[a] and a in geo.neighbours[b]
    assert sum(len(s) for s in geo.supporters) == len(geo.support_pairs)


@SOME
@given(side_and_point(), st.integers(0, 284))
def test_touching_is_symmetric_and_exact(case: tuple[Pyramid, int], other: int) -> None:
    geo, a = case
    b = other % geo.num_points
    assert geo.touching(a, b) == geo.touching(b, a)
    d = math.dist(geo.coords[a].centre, geo.coords[b].centre)
    assert geo.touching(a, b) == (a != b and math.isclose(d, 1.0))
    assert a == b or d >= 1.0 - 1e-9, "balls never overlap"


@SOME
@given(sides)
def test_hiding_and_crossing(side: int) -> None:
    geo = pyramid(side)
    assert len(geo.covering_pairs) == sum((side - lv) ** 2 for lv in range(2, side))
    for hidden, cover in geo.covering_pairs:
        h, c = geo.coords[hidden], geo.coords[cover]
        assert (h.x, h.y, h.level + 2) == (c.x, c.y, c.level)
    for (a, b), over in geo.crossing.items():
        assert all(geo.touching(q, a) and geo.touching(q, b) for q in over)
        assert len(over) <= 2
        perimeter = all(geo.coords[p].row in (0, side - 1 - geo.coords[p].level)
                        for p in (a, b)) and geo.coords[a].row == geo.coords[b].row
        if perimeter and geo.coords[a].level < side - 1:
            assert len(over) == 1, "a perimeter link has one crossing point"


@SOME
@given(sides)
def test_relations_are_symmetric_under_the_8_symmetries(side: int) -> None:
    geo = pyramid(side)
    perms = [perm for _, perm in geo.symmetries]
    assert len(set(perms)) == 8
    for perm in perms:
        assert sorted(perm) == list(geo.points)
        assert all(geo.coords[perm[p]].level == geo.coords[p].level for p in geo.points)
        assert {tuple(sorted((perm[a], perm[b]))) for a, b in geo.touching_pairs} == \
            set(geo.touching_pairs)
        for p in geo.points:
            assert {perm[s] for s in geo.supporters[p]} == set(geo.supporters[perm[p]])
            cover = geo.covered_by[p]
            assert geo.covered_by[perm[p]] == (None if cover is None else perm[cover])
        for (a, b), over in geo.crossing.items():
            key = (min(perm[a], perm[b]), max(perm[a], perm[b]))
            assert set(geo.crossing[key]) == {perm[q] for q in over}
        masks = {sum(1 << p for p in line.points) for line in geo.level_lines}
        assert {g.map_mask(perm, mask) for mask in masks} == masks
    for first in perms:
        for then in perms:
            assert tuple(then[first[p]] for p in geo.points) in perms, \
                "closed under composition"


@SOME
@given(sides)
def test_level_lines_and_diagonals(side: int) -> None:
    geo = pyramid(side)
    assert len(geo.level_lines) == sum(2 * (side - lv) + 2 for lv in range(side - 1))
    for line in geo.level_lines:
        width = side - line.level
        assert len(line.points) == width
        assert all(geo.coords[p].level == line.level for p in line.points)
        if line.kind != "diagonal":
            assert all(geo.touching(a, b) for a, b in zip(line.points, line.points[1:]))
    assert len(geo.top_view_diagonals) == 2 * (geo.grid - 2)
    for cells in geo.top_view_diagonals:
        assert all(geo.cell_points(x, y) for x, y in cells), "every cell shows a point"


def _read_levels(text: str, geo: Pyramid) -> list[str]:
    """The letters of the level blocks of a diagram, read back by point."""
    letters = [""] * geo.num_points
    rows = text.split("\n")
    starts = [m.start() for m in re.finditer(r"level \d", rows[0])]
    for level, start in enumerate(starts):
        side = geo.side - level
        for i in range(side):
            cells = rows[1 + i][start:].split()[1:1 + side]
            row = side - 1 - i
            for col, letter in enumerate(cells):
                letters[geo.index_of_coord[g.Coord(level, row, col)]] = letter
    return letters


@SOME
@given(boards_on())
def test_diagram_shows_every_point_of_any_side(case: tuple[Pyramid, Board]) -> None:
    geo, board = case
    text = render(board, geo)
    assert text.count("level ") == geo.levels
    expected = [EMPTY] * geo.num_points
    for letter, colour in COLOUR_OF_LETTER.items():
        for p in geo.points:
            if board.masks[colour] >> p & 1:
                expected[p] = letter
    assert _read_levels(text, geo) == expected
    assert render_letters(expected, geo) == text


def test_the_4x4_diagram_is_unchanged() -> None:
    board = Board.from_text("RRRR,R..R,R..R,RRRR/...,...,.../..,../.")
    assert render(board) == render(board, pyramid(4))


@SOME
@given(boards_on())
def test_svg_draws_each_ball_in_the_top_view_and_on_its_level(
        case: tuple[Pyramid, Board]) -> None:
    geo, board = case
    svg = render_svg(board, geo=geo)
    assert svg.count('<g class="panel ') == geo.levels + 1
    drawn = re.findall(r'class="ball \w+" data-point="(\w+)"', svg)
    balls = [geo.names[p] for p in geo.points if board.occupied >> p & 1]
    assert sorted(drawn) == sorted(balls * 2)
    empty = re.findall(r'class="empty" data-point="(\w+)"', svg)
    assert set(empty) == set(geo.names) - set(balls)


@SOME
@given(sides)
def test_empty_svg_names_every_point(side: int) -> None:
    geo = pyramid(side)
    svg = render_empty(geo)
    labels = re.findall(r'class="mark label"[^>]*>([^<]+)<', svg)
    assert sorted(labels) == sorted(geo.names * 2), "once in the top view, once on its level"
    assert f"{geo.num_points} points" in svg


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shibumi_rules", *args],
                          capture_output=True, text=True, check=False)


def test_geometry_command_at_any_size() -> None:
    done = _cli("geometry", "--size", "5")
    assert done.returncode == 0
    assert done.stdout.startswith("Pyramid of side 5: 55 points")
    assert "  5e5 <- " not in done.stdout and "  3e5 <- 5e5" in done.stdout
    assert "Level lines (rows, columns, two diagonals of each level at least two points " \
           "wide): 36" in done.stdout
    default = _cli("geometry")
    assert default.stdout == _cli("geometry", "--size", "4").stdout
    assert not default.stdout.startswith("Pyramid")


@pytest.mark.parametrize("size", ["10", "1", "x"])
def test_geometry_command_refuses_a_bad_size(size: str) -> None:
    done = _cli("geometry", "--size", size)
    assert done.returncode == 2
    assert f"argument --size: {size!r} is not a side from 2 to 9" in done.stderr
    assert "Traceback" not in done.stderr
