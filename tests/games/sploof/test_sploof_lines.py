"""The 24 Sploof lines: the table's shape, the line checks (the verdict path) with their
evidence, the bulk lookups held to them on random boards under every value of
``blocking``, and the line rulings on hand-made boards."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import geometry as g
from shibumi_rules.board import Board
from shibumi_rules.games.sploof import lines as lines_module
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.lines import (
    BLOCKING_RULES,
    LINE_BY_NAME,
    LINES,
    BlockingRule,
    check_line,
    check_lines,
    fast_tables,
    has_line,
    holds,
    line_holders,
    lines_of,
    zigzag,
)
from shibumi_rules.notation import Colour, parse_point

from ...board_strategies import boards
from .test_sploof_strategies import games


def names(lines: tuple[object, ...]) -> list[str]:
    return [line.name for line in lines]  # type: ignore[attr-defined]


def board(text: str) -> Board:
    return Board.from_text(text)


# -- the table -------------------------------------------------------------------------

def test_there_are_8_orthogonal_and_16_diagonal_lines() -> None:
    kinds = [line.kind for line in LINES]
    assert kinds.count("orthogonal") == 8
    assert kinds.count("diagonal") == 16
    assert len(LINE_BY_NAME) == 24


def test_orthogonal_lines_are_the_rows_and_columns_of_level_0() -> None:
    for line in LINES[:8]:
        assert all(g.COORDS[p].level == 0 for p in line.points)
        rows = {g.COORDS[p].row for p in line.points}
        cols = {g.COORDS[p].col for p in line.points}
        assert len(rows) == 1 or len(cols) == 1
        assert len(line.links) == 3
        for link in line.links:
            assert g.touching(*link.ends)
    assert names(LINES[:8]) == ["a1-g1", "a3-g3", "a5-g5", "a7-g7",
                                "a1-a7", "c1-c7", "e1-e7", "g1-g7"]


def test_perimeter_links_have_one_crossing_point_inner_links_two() -> None:
    for line in LINES[:8]:
        for link in line.links:
            on_edge = all(g.COORDS[p].row in (0, 3) for p in link.ends) or all(
                g.COORDS[p].col in (0, 3) for p in link.ends)
            assert len(link.crossing) == (1 if on_edge else 2)


def test_diagonal_windows_are_4_consecutive_cells_whose_visible_balls_touch() -> None:
    for line in LINES[8:]:
        cells = line.cells
        assert len(cells) == 4
        step = (cells[1].x - cells[0].x, cells[1].y - cells[0].y)
        assert step in ((1, 1), (1, -1))
        for a, b in pairwise(cells):
            assert (b.x - a.x, b.y - a.y) == step
            # any ball that can be visible in one cell touches any in the next, except
            # pairs that gravity forbids to be visible together (apex over a level-0)
            for p in a.points:
                for q in b.points:
                    if abs(g.COORDS[p].level - g.COORDS[q].level) == 1:
                        assert g.touching(p, q)


def test_every_window_lies_on_a_diagonal_made_only_of_points() -> None:
    cells = {(c.x, c.y) for line in LINES[8:] for c in line.cells}
    assert all((x + y) % 2 == 0 for x, y in cells)
    assert len(cells) == 25  # the whole top view with a point below it


def test_hiding_a_level_0_ball_always_crosses_a_link_of_its_lines() -> None:
    """SPF-RUL-7 never decides alone: a level-2 ball stands on the four level-1 balls
    around the hidden ball, which cross two links of each row through it."""
    for line in LINES[:8]:
        for hidden_point, cover in line.hiders:
            below_cover = set(g.SUPPORTERS[cover])
            crossed = [link for link in line.links
                       if link.crossable and set(link.crossing) <= below_cover]
            assert hidden_point in line.points
            assert len(crossed) == 2


BLOCKING = st.sampled_from(BLOCKING_RULES)


@given(boards(max_steps=80), BLOCKING)
def test_fast_detector_agrees_with_the_table(b: Board, blocking: BlockingRule) -> None:
    for colour in (Colour.WHITE, Colour.BLACK, Colour.RED):
        expected = bool(lines_of(b, colour, blocking))
        assert has_line(b.masks[colour], b.occupied, blocking) == expected


def test_every_entry_of_the_ground_and_grid_tables_is_its_definition() -> None:
    """The tables behind ``has_line`` and perft, over their whole domains, against the
    line table: the top-view cells a level's balls show (level 1's also in the two
    halves ``has_line`` reads), and the rows and columns whose four points are all
    there (also in the two halves ``has_line`` reads)."""
    *grids, complete, _ = fast_tables()
    for level, table in enumerate(grids):
        points = g.points_of(g.LEVEL_MASKS[level])
        cells = [1 << (8 * g.COORDS[p].y + g.COORDS[p].x) for p in points]
        assert len(table) == 1 << len(points)
        for m, entry in enumerate(table):
            assert entry == sum(cell for i, cell in enumerate(cells) if m >> i & 1)
    halves = lines_module._G0_LOW, lines_module._G0_HIGH  # what has_line reads
    assert all(halves[0][m & 0xFF] | halves[1][m >> 8] == entry
               for m, entry in enumerate(grids[0]))
    ortho = [line for line in LINES if line.kind == "orthogonal"]
    assert len(complete) == 1 << 16
    for m, entry in enumerate(complete):
        assert entry == sum(1 << i for i, line in enumerate(ortho) if m & line.mask == line.mask)
    low, high = lines_module._ORTHO_COMPLETE_LOW, lines_module._ORTHO_COMPLETE_HIGH
    assert all(low[m & 0xFF] & high[m >> 8] == entry  # what has_line reads
               for m, entry in enumerate(complete))


@pytest.mark.parametrize("blocking", BLOCKING_RULES)
def test_every_entry_of_the_blocked_table_is_its_definition(blocking: BlockingRule) -> None:
    """The rows and columns crossed (``Link.crossed`` under ``blocking``) or hidden by
    each set of balls above level 1, over the table's whole domain."""
    blocked = fast_tables(blocking)[5]
    ortho = [line for line in LINES if line.kind == "orthogonal"]
    base = min(g.points_of(g.LEVEL_MASKS[1]))
    assert len(blocked) == 1 << 13
    for upper, entry in enumerate(blocked):
        occupied = upper << base
        assert entry == sum(
            1 << i for i, line in enumerate(ortho)
            if any(link.crossed(occupied, blocking) for link in line.links)
            or any(occupied >> cover & 1 for _, cover in line.hiders))


@given(boards(max_steps=80), st.sampled_from(g.SYMMETRIES), BLOCKING)
def test_line_table_is_symmetric(b: Board, symmetry: tuple[str, tuple[int, ...]],
                                 blocking: BlockingRule) -> None:
    _, perm = symmetry
    image = Board(tuple(g.map_mask(perm, m) for m in b.masks))  # type: ignore[arg-type]
    for colour in Colour:
        before = sorted(sorted(perm[p] for p in line.points)
                        for line in lines_of(b, colour, blocking))
        after = sorted(sorted(line.points) for line in lines_of(image, colour, blocking))
        assert before == after


# -- rulings on hand-made boards ---------------------------------------------------------
# Level 0 rows from rank 1, then level 1 (2b2 2d2 2f2 / 2b4 2d4 2f4 / 2b6 2d6 2f6), ...

def test_row_crossed_by_two_level1_balls_is_not_a_line() -> None:
    """SHB-CROSS-1: 2b2 and 2b4 together cross the link 1a3-1c3 of row a3-g3."""
    crossed = board("RRRR,WWWW,RBRR,RRRR/B..,B..,.../..,../.")
    assert line_holders(crossed) == ((), ())
    line = LINE_BY_NAME["a3-g3"]
    assert not holds(line, crossed.masks[Colour.WHITE], crossed.occupied)


def test_one_ball_over_an_inner_link_does_not_cross_it() -> None:
    """SPF-RUL-4: with 2b4 gone, 2b2 alone leaves row a3-g3 a line."""
    one = board("RRRR,WWWW,RBRR,RRRR/B..,...,.../..,../.")
    assert names(lines_of(one, Colour.WHITE)) == ["a3-g3"]


def test_perimeter_row_with_a_ball_over_a_link_is_still_a_line() -> None:
    """SPF-RUL-4: 2b2 is the only ball that could cross 1a1-1c1, so it never does."""
    b = board("WWWW,RBRR,RRRR,RRRR/B..,...,.../..,../.")
    assert names(lines_of(b, Colour.WHITE)) == ["a1-g1"]
    assert lines_of(b, Colour.BLACK) == ()


def test_zigzag_diagonal_is_a_line() -> None:
    """SPF-RUL-5: 1a1 2b2 1c3 2d4 (levels 1, 2, 1, 2) look straight from above."""
    b = board("WBRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../.")
    assert names(lines_of(b, Colour.WHITE)) == ["a1-d4"]
    levels = [g.COORDS[parse_point(n)].level for n in ("1a1", "2b2", "1c3", "2d4")]
    assert levels == [0, 1, 0, 1]


def test_diagonal_line_hidden_by_a_ball_two_levels_up() -> None:
    """SHB-HIDE-1: a black ball at 3c3 hides the white 1c3 and takes its cell."""
    open_line = "WBRR,RWBR,RBBR,RRRR/WB.,BW.,.../..,../."
    hidden = "WBRR,RWBR,RBBR,RRRR/WB.,BW.,.../B.,../."
    assert names(lines_of(board(open_line), Colour.WHITE)) == ["a1-d4"]
    assert lines_of(board(hidden), Colour.WHITE) == ()


def test_row_hidden_by_a_ball_two_levels_up_is_not_a_line() -> None:
    """SPF-RUL-7: 3c3 hides 1c3 of row a3-g3 (and its supporters cross the row)."""
    b = board("RRRR,WWWW,RWWR,RRRR/BB.,BB.,.../B.,../.")
    line = LINE_BY_NAME["a3-g3"]
    assert not holds(line, b.masks[Colour.WHITE], b.occupied)
    assert (parse_point("1c3"), parse_point("3c3")) in line.hiders


def test_diagonal_window_needs_a_ball_in_every_cell() -> None:
    b = board("WRRR,RW.R,R..R,RRRR/W..,...,.../..,../.")
    assert lines_of(b, Colour.WHITE) == ()


# -- the verdict path and its fast paths ---------------------------------------------------

@pytest.mark.parametrize("blocking", BLOCKING_RULES)
@settings(deadline=None)
@given(b=boards(max_steps=80))
def test_bulk_lookups_agree_with_the_line_checks(blocking: BlockingRule, b: Board) -> None:
    """``holds``, ``lines_of``, ``line_holders`` and ``has_line`` are fast paths of
    ``check_line``, under every value of ``blocking``."""
    for colour in (Colour.WHITE, Colour.BLACK, Colour.RED):
        own, occupied = b.masks[colour], b.occupied
        checks = check_lines(b, colour, blocking)
        assert [c.holds for c in checks] == [holds(line, own, occupied, blocking)
                                             for line in LINES]
        assert lines_of(b, colour, blocking) == tuple(c.line for c in checks if c.holds)
        assert has_line(own, occupied, blocking) == any(c.holds for c in checks)
        for check in checks:
            assert check.blocking == blocking
            assert check.verdict().holds is check.holds
            assert check.verdict().rule_ids == check.rule_ids
    assert line_holders(b, blocking) == (lines_of(b, Colour.WHITE, blocking),
                                         lines_of(b, Colour.BLACK, blocking))


@settings(deadline=None)
@given(boards(max_steps=80))
def test_spf_rul_4_is_cited_exactly_where_another_value_changes_the_line(b: Board) -> None:
    """A row or column of three or four of the player's balls cites SPF-RUL-4 when
    another value of ``blocking`` would break it or let it through, and only then."""
    for colour in (Colour.WHITE, Colour.BLACK):
        for line in LINES:
            checks = [check_line(line, colour, b, v) for v in BLOCKING_RULES]
            assert len({c.overs for c in checks}) == 1  # the balls over a link are facts
            if checks[0].status == "none":
                assert not any(c.blocking_decides for c in checks)
                continue
            differs = len({c.blocked for c in checks}) > 1
            assert all(("SPF-RUL-4" in c.rule_ids) == differs for c in checks)
            if line.kind == "diagonal":
                assert not differs


def test_zigzag_is_a_change_of_direction_between_levels() -> None:
    assert zigzag((0, 1, 0, 1)) and zigzag((1, 0, 1, 2))
    assert not zigzag((0, 1, 2, 3)) and not zigzag((3, 2, 1, 0))


def test_a_crossed_link_names_its_two_crossing_balls() -> None:
    """SHB-CROSS-1; SPF-RUL-4 decides it too, since under blocking=none nothing
    crosses a link and the row would hold."""
    check = check_line(LINE_BY_NAME["a3-g3"], Colour.WHITE,
                       board("RRRR,WWWW,RBRR,RRRR/B..,B..,.../..,../."))
    assert check.status == "broken"
    assert check.evidence()["crossed"] == [{"link": ["1a3", "1c3"], "by": ["2b2", "2b4"]}]
    assert check.verdict().rule_ids == ("SPF-LINE-1", "SPF-RUL-4", "SHB-CROSS-1")
    assert not check.verdict().holds


def test_one_ball_over_an_inner_link_is_evidence_for_spf_rul_4() -> None:
    check = check_line(LINE_BY_NAME["a3-g3"], Colour.WHITE,
                       board("RRRR,WWWW,RBRR,RRRR/B..,...,.../..,../."))
    assert check.holds
    assert check.evidence()["single"] == [{"link": ["1a3", "1c3"], "by": "2b2"}]
    assert check.verdict().rule_ids == ("SPF-LINE-1", "SPF-RUL-4")


def test_a_hidden_ball_names_the_ball_that_hides_it() -> None:
    check = check_line(LINE_BY_NAME["a3-g3"], Colour.WHITE,
                       board("RRRR,WWWW,RWWR,RRRR/BB.,BB.,.../B.,../."))
    assert check.status == "broken"
    assert check.evidence()["hidden"] == [{"ball": "1c3", "by": "3c3"}]
    assert {"SHB-HIDE-1", "SPF-RUL-7", "SHB-CROSS-1"} <= set(check.rule_ids)


def test_a_diagonal_gives_the_visible_level_of_each_cell() -> None:
    check = check_line(LINE_BY_NAME["a1-d4"], Colour.WHITE,
                       board("WBRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../."))
    assert check.holds and check.zigzag
    assert check.evidence()["balls"] == ["1a1", "2b2", "1c3", "2d4"]
    assert check.evidence()["levels"] == [1, 2, 1, 2]
    assert check.verdict().rule_ids == ("SPF-LINE-2", "SPF-RUL-5")


def test_a_diagonal_cell_covered_by_the_opponent_breaks_the_line() -> None:
    """SHB-HIDE-1: the black 3c3 covers the white 1c3."""
    check = check_line(LINE_BY_NAME["a1-d4"], Colour.WHITE,
                       board("WBRR,RWBR,RBBR,RRRR/WB.,BW.,.../B.,../."))
    assert check.status == "broken"
    assert check.evidence()["covered"] == [{"ball": "1c3", "by": "3c3"}]


# -- SPF-RUL-4: what crosses a link, under each value of blocking --------------------------
# ONE_INNER: 2b2 alone over the inner link 1a3-1c3 of White's row a3-g3.
# TWO_INNER: 2b2 and 2b4 over that link.
# ONE_PERIMETER: 2b2 alone over the perimeter link 1a1-1c1 of White's row a1-g1.
# HIDDEN: 3c3 hides 1c3 of row a3-g3 (its four supporters cross two links of the row).
ONE_INNER = "RRRR,WWWW,RBRR,RRRR/B..,...,.../..,../."
TWO_INNER = "RRRR,WWWW,RBRR,RRRR/B..,B..,.../..,../."
ONE_PERIMETER = "WWWW,RBRR,RRRR,RRRR/B..,...,.../..,../."
HIDDEN = "RRRR,WWWW,RWWR,RRRR/BB.,BB.,.../B.,../."


@pytest.mark.parametrize(("text", "line", "held"), [
    (ONE_INNER, "a3-g3", {"two": True, "one": False, "none": True}),
    (TWO_INNER, "a3-g3", {"two": False, "one": False, "none": True}),
    (ONE_PERIMETER, "a1-g1", {"two": True, "one": False, "none": True}),
    (HIDDEN, "a3-g3", {"two": False, "one": False, "none": False}),
])
def test_what_crosses_a_link_under_each_value(text: str, line: str, held: dict[str, bool]
                                              ) -> None:
    b = board(text)
    for blocking in BLOCKING_RULES:
        check = check_line(LINE_BY_NAME[line], Colour.WHITE, b, blocking)
        assert check.holds is held[blocking], blocking
        assert has_line(b.masks[Colour.WHITE], b.occupied, blocking) is held[blocking]
        # SPF-RUL-4 is cited where the values disagree, never for a hidden row
        assert ("SPF-RUL-4" in check.rule_ids) is (len(set(held.values())) > 1)


def test_one_ball_crosses_a_link_under_blocking_one() -> None:
    check = check_line(LINE_BY_NAME["a1-g1"], Colour.WHITE, board(ONE_PERIMETER), "one")
    assert check.status == "broken" and check.single == ()
    assert check.evidence()["crossed"] == [{"link": ["1a1", "1c1"], "by": ["2b2"]}]
    assert check.verdict().rule_ids == ("SPF-LINE-1", "SPF-RUL-4", "SHB-CROSS-1")


def test_balls_over_a_link_cross_nothing_under_blocking_none() -> None:
    check = check_line(LINE_BY_NAME["a3-g3"], Colour.WHITE, board(TWO_INNER), "none")
    assert check.holds and check.crossed == ()
    assert check.evidence()["unblocked"] == [{"link": ["1a3", "1c3"], "by": ["2b2", "2b4"]}]
    assert check.evidence()["blocking"] == "none"
    assert check.verdict().rule_ids == ("SPF-LINE-1", "SPF-RUL-4")
    hidden = check_line(LINE_BY_NAME["a3-g3"], Colour.WHITE, board(HIDDEN), "none")
    assert hidden.status == "broken" and hidden.crossed == ()
    assert hidden.rule_ids == ("SPF-LINE-1", "SHB-HIDE-1", "SPF-RUL-7")


# -- the published table says what blocks a line under each value ---------------------------

def _published_lines() -> list[dict[str, Any]]:
    path = Path(__file__).resolve().parents[3] / "spec" / "tables" / "sploof.json"
    lines: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["lines"]
    return lines


@settings(max_examples=100, deadline=None)
@given(boards(max_steps=80), BLOCKING)
def test_the_tables_blocked_when_gives_the_engines_lines(b: Board, blocking: BlockingRule
                                                         ) -> None:
    """A line from spec/tables/sploof.json alone: its points all the player's, and no
    set of ``blocked_when[blocking]`` entirely filled (diagonals: the topmost ball of
    every cell)."""
    occupied = {g.NAMES[p] for p in g.points_of(b.occupied)}
    for colour in (Colour.WHITE, Colour.BLACK):
        own = {g.NAMES[p] for p in g.points_of(b.masks[colour])}
        for line in _published_lines():
            if line["kind"] == "orthogonal":
                held = (set(line["points"]) <= own
                        and not any(set(s) <= occupied for s in line["blocked_when"][blocking]))
            else:
                tops = [[p for p in c["points"] if p in occupied] for c in line["cells"]]
                held = all(t and t[-1] in own for t in tops)
            engine = holds(LINE_BY_NAME[str(line["name"])], b.masks[colour], b.occupied,
                           blocking)
            assert held == engine, (line["name"], blocking)


# -- dead lines: one cell short, never completed ---------------------------------------

def test_a_row_whose_missing_hole_holds_a_level_1_ball_of_the_opponent_is_dead() -> None:
    """A white or black ball on level 1 never leaves: only red balls are removed and
    nothing drops below level 1, so White can never complete rank 7 past Black's
    1g7; with a red ball there the row is still a hint (it may be removed)."""
    dead = Board.from_text("RRRR,R..R,R..R,WWWB/...,...,.../..,../.")
    live = Board.from_text("RRRR,R..R,R..R,WWWR/...,...,.../..,../.")
    rank_7 = LINE_BY_NAME["a7-g7"]
    assert check_line(rank_7, Colour.WHITE, dead).status == "near"
    assert check_line(rank_7, Colour.WHITE, dead).dead
    assert not check_line(rank_7, Colour.WHITE, live).dead


def test_a_diagonal_cell_that_a_ball_two_levels_up_can_cover_is_not_dead() -> None:
    """1c3 is black, but 3c3 can still come to show a white ball there; the corner cell
    a1 has no point above it."""
    corner = Board.from_text("BRRR,RWRR,RRRR,RRRR/W..,.W.,.../..,../.")
    covered = Board.from_text("WRRR,RBRR,RRRR,RRRR/W..,.W.,.../..,../.")
    diagonal = LINE_BY_NAME["a1-d4"]
    assert check_line(diagonal, Colour.WHITE, corner).status == "near"
    assert check_line(diagonal, Colour.WHITE, corner).dead
    assert check_line(diagonal, Colour.WHITE, covered).status == "near"
    assert not check_line(diagonal, Colour.WHITE, covered).dead


@settings(max_examples=60, deadline=None)
@given(games(max_moves=80))
def test_a_dead_line_is_never_held_later_in_the_game(states: list[SploofState]) -> None:
    for i, state in enumerate(states):
        for colour in (Colour.WHITE, Colour.BLACK):
            for check in check_lines(state.board, colour, state.rules.blocking):
                if check.dead:
                    later = [s for s in states[i:]
                             if check_line(check.line, colour, s.board).status == "held"]
                    assert later == [], (GAME.format_position(state), check.line.name)
