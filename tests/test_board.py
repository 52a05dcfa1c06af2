"""Shared mechanics: valid locations, pinning, removal with its drop chain, validation."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules import board as board_module
from shibumi_rules import geometry as g
from shibumi_rules.board import (
    Board,
    drop_chain,
    pinned,
    supporting_exactly_one,
    unpinned,
    valid_locations,
)
from shibumi_rules.errors import NotationError, PositionError
from shibumi_rules.notation import Colour, format_point, parse_point

from .board_strategies import boards


def _brute_valid(occ: int) -> int:
    return sum(
        1 << p for p in g.POINTS
        if not occ >> p & 1 and all(occ >> s & 1 for s in g.SUPPORTERS[p])
    )


def _brute_support_counts(occ: int) -> dict[int, int]:
    return {p: sum(occ >> q & 1 for q in g.SUPPORTEES[p]) for p in g.POINTS if occ >> p & 1}


@given(boards())
def test_gravity_always_holds(board: Board) -> None:
    assert board.problems() == []


@given(boards())
def test_tables_agree_with_definitions(board: Board) -> None:
    occ = board.occupied
    assert valid_locations(occ) == _brute_valid(occ)
    counts = _brute_support_counts(occ)
    assert pinned(occ) == sum(1 << p for p, n in counts.items() if n >= 2)
    assert supporting_exactly_one(occ) == sum(1 << p for p, n in counts.items() if n == 1)


@pytest.mark.parametrize("level", range(g.LEVELS - 1))
def test_every_entry_of_the_level_tables_is_its_definition(level: int) -> None:
    # Every occupancy of a level, floating or not: the tables are read with any.
    below, above = g.points_of(g.LEVEL_MASKS[level]), g.points_of(g.LEVEL_MASKS[level + 1])
    for occ in range(1 << len(below)):
        balls = {p for j, p in enumerate(below) if occ >> j & 1}
        assert board_module._SUPPORTED[level][occ] == sum(
            1 << p for p in above if set(g.SUPPORTERS[p]) <= balls)
    for occ in range(1 << len(above)):
        balls = {p for j, p in enumerate(above) if occ >> j & 1}
        counts = {q: len(set(g.SUPPORTEES[q]) & balls) for q in below}
        assert board_module._SUPPORTS_MANY[level][occ] == sum(
            1 << q for q, n in counts.items() if n >= 2)
        assert board_module._SUPPORTS_ONE[level][occ] == sum(
            1 << q for q, n in counts.items() if n == 1)


@given(boards(), st.data())
def test_removal_chain_is_a_straight_diagonal(board: Board, data: st.DataObject) -> None:
    occ = board.occupied
    candidates = g.points_of(unpinned(occ))
    if not candidates:
        return
    point = data.draw(st.sampled_from(candidates))
    chain = drop_chain(occ, point)
    for lower, upper in pairwise(chain):
        assert g.COORDS[upper].level == g.COORDS[lower].level + 1
        assert lower in g.SUPPORTERS[upper]
    if len(chain) >= 3:
        steps = {
            (g.COORDS[u].x - g.COORDS[lo].x, g.COORDS[u].y - g.COORDS[lo].y)
            for lo, u in pairwise(chain)
        }
        assert len(steps) == 1, "the chain runs along one diagonal"
    after, drops = board.remove(point)
    assert after.problems() == []
    assert [(d.source, d.target) for d in drops] == list(zip(chain[1:], chain))
    for colour in Colour:
        lost = 1 if board.colour_at(point) == colour else 0
        assert after.count(colour) == board.count(colour) - lost
    assert after.occupied.bit_count() == occ.bit_count() - 1


@given(boards())
def test_pinned_balls_support_two_or_more(board: Board) -> None:
    occ = board.occupied
    for p in g.points_of(pinned(occ)):
        assert sum(occ >> q & 1 for q in g.SUPPORTEES[p]) >= 2
    assert pinned(occ) & unpinned(occ) == 0


@given(boards())
def test_symmetry_maps_valid_locations(board: Board) -> None:
    occ = board.occupied
    for _, perm in g.SYMMETRIES:
        image = g.map_mask(perm, occ)
        assert g.map_mask(perm, valid_locations(occ)) == valid_locations(image)
        assert g.map_mask(perm, pinned(occ)) == pinned(image)


@given(st.sampled_from(list(g.POINTS)))
def test_names_round_trip(point: int) -> None:
    assert parse_point(format_point(point)) == point


@given(boards())
def test_board_text_round_trips(board: Board) -> None:
    assert Board.from_text(board.to_text()) == board


def test_drop_example() -> None:
    board = Board.from_text("RWRR,RBWR,RRWR,RRRR/WR.,...,.../..,../.")
    assert [g.NAMES[p] for p in g.points_of(pinned(board.occupied))] == ["1c1", "1c3"]
    after, drops = board.remove(parse_point("1a1"))
    assert [str(d) for d in drops] == ["W2b2>1a1"]
    assert after.to_text() == "WWRR,RBWR,RRWR,RRRR/.R.,...,.../..,../."


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1h1", "file 'h'"),
        ("5a1", "level '5'"),
        ("1a8", "rank '8'"),
        ("1b1", "level 1 has no point at b1"),
        ("zz", "expected level digit"),
    ],
)
def test_bad_point_names(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        parse_point(text)


def test_floating_ball_rejected_with_rule() -> None:
    with pytest.raises(PositionError) as info:
        Board.from_text("R...,....,....,..../W..,...,.../..,../.")
    assert info.value.rule_id == "SHB-GRAVITY-1"
    assert "2b2" in str(info.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("..../", "4 levels"),
        ("...,....,....,..../...,...,.../..,../.", "row 1"),
        ("X...,....,....,..../...,...,.../..,../.", "'X'"),
    ],
)
def test_bad_board_text(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        Board.from_text(text)
