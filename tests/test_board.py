"""Shared mechanics: valid locations, pinning, removal with its drop chain, validation."""

from __future__ import annotations

from itertools import pairwise, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules import board as board_module
from shibumi_rules import geometry as g
from shibumi_rules import notation as notation_module
from shibumi_rules.board import (
    Board,
    drop_chain,
    pinned,
    supporting_exactly_one,
    unpinned,
    valid_locations,
)
from shibumi_rules.errors import NotationError, PositionError
from shibumi_rules.notation import (
    Colour,
    format_board,
    format_board_masks,
    format_point,
    parse_board,
    parse_board_masks,
    parse_point,
)

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


@given(st.lists(st.sampled_from(".WBR"), min_size=g.NUM_POINTS, max_size=g.NUM_POINTS))
def test_the_board_field_read_from_row_tables_is_the_field_of_the_letters(
        letters: list[str]) -> None:
    """The fast path of ``to_text`` against ``format_board``, on any colouring (gravity
    aside: formatting does not judge it)."""
    masks = tuple(sum(1 << p for p, letter in enumerate(letters) if letter == colour)
                  for colour in "WBR")
    white, black, red = masks
    assert format_board_masks(white, black, red) == format_board(letters)
    assert Board((white, black, red)).to_text() == format_board(letters)


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_every_row_text_is_keyed_by_the_bits_of_its_letters(width: int) -> None:
    """Each of the 4**width texts of a row once, keyed by its white bits, its black
    bits shifted by ``width`` and its red bits shifted by twice ``width``."""
    texts = notation_module._row_texts(width)
    assert sorted(texts.values()) == sorted(map("".join, product(".WBR", repeat=width)))
    for key, text in texts.items():
        assert key == sum(1 << (col + "WBR".index(letter) * width)
                          for col, letter in enumerate(text) if letter != ".")


def _masks_of(balls: dict[int, str]) -> tuple[int, int, int]:
    masks = [0, 0, 0]
    for point, letter in balls.items():
        masks["WBR".index(letter)] |= 1 << point
    return masks[0], masks[1], masks[2]


BOARD_TEXTS = st.lists(st.sampled_from(".WBR"), min_size=g.NUM_POINTS,
                       max_size=g.NUM_POINTS).map(format_board)
"""Board fields of any colouring (gravity aside: reading does not judge it)."""
TEXT_EDITS = st.sampled_from(["", "/", ",", ".", "W", "x", "w", " ", "//", ",,", "\u00e9"])


@st.composite
def near_board_texts(draw: st.DrawFn) -> str:
    """A board field with a few characters replaced, inserted or removed."""
    text = draw(BOARD_TEXTS)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 1))
        text = text[:at] + draw(TEXT_EDITS) + text[at + cut:]
    return text


@given(near_board_texts(), st.sampled_from(["WBR", "RW", "WB"]))
def test_the_board_field_read_from_row_tables_is_the_parsers_reading(
        text: str, colours: str) -> None:
    """The fast reading of ``Board.from_text`` gives the parser's masks, and leaves to
    the parser (None) every text the parser refuses, so its errors stay the parser's."""
    fast = parse_board_masks(text, colours)
    try:
        slow = _masks_of(parse_board(text, colours))
    except NotationError:
        assert fast is None
        return
    assert fast is None or fast == slow


@given(BOARD_TEXTS)
def test_every_well_formed_board_field_is_read_from_the_tables(text: str) -> None:
    assert parse_board_masks(text, "WBR") == _masks_of(parse_board(text, "WBR"))


@given(st.tuples(*[st.integers(0, (1 << g.NUM_POINTS) - 1)] * 3))
def test_a_point_with_two_balls_shows_the_last_colour_as_the_letters_do(
        masks: tuple[int, int, int]) -> None:
    board = Board(masks)
    assert board.to_text() == format_board(board.letters())


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
