"""The SVG renderer: well-formed, deterministic, every ball and mark present."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings

from shibumi_rules.board import Board
from shibumi_rules.geometry import INDEX_OF_NAME, NAMES, points_of
from shibumi_rules.notation import Colour
from shibumi_rules.svg import (
    Arrow,
    Frame,
    Ghost,
    Label,
    Mark,
    Path,
    Ring,
    render_frames,
    render_svg,
)

from .board_strategies import boards

NS = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _classed(root: ET.Element, *classes: str) -> list[ET.Element]:
    return [e for e in root.iter() if set(classes) <= set(e.get("class", "").split())]


def _p(name: str) -> int:
    return INDEX_OF_NAME[name]


@settings(max_examples=25, deadline=None)
@given(boards())
def test_every_ball_drawn_once_per_view(board: Board) -> None:
    """Each ball appears in the top view and in its level panel, in its colour."""
    root = _parse(render_svg(board))
    for colour in Colour:
        drawn = _classed(root, "ball", colour.label)
        expected = sorted(NAMES[p] for p in points_of(board.masks[colour]))
        assert sorted({e.get("data-point", "") for e in drawn}) == expected
        assert len(drawn) == 2 * len(expected)


def test_output_is_deterministic_and_titled() -> None:
    board = Board.from_text("RRRR,R..R,R..R,RRRR/...,...,.../..,../.")
    marks = [Ring((_p("1c3"),), "move")]
    first = render_svg(board, marks, title="Sploof <start>")
    assert first == render_svg(board, marks, title="Sploof <start>")
    root = _parse(first)
    assert root.tag == NS + "svg"
    title = root.find(NS + "title")
    assert title is not None and title.text == "Sploof <start>"


def test_marks_are_present_with_their_points() -> None:
    board = Board.from_text("WWWW,RR.R,R..R,RRRR/R..,...,.../..,../.")
    marks: list[Mark] = [
        Path(tuple(_p(n) for n in ("1a1", "1c1", "1e1", "1g1")), "line", "white"),
        Ring((_p("2b2"),), "crossing"),
        Arrow(_p("2b2"), _p("1a1")),
        Ghost(_p("1e3"), Colour.BLACK),
        Label(_p("1e5"), "?"),
    ]
    root = _parse(render_svg(board, marks))
    (line,) = [e for e in _classed(root, "path", "line") if e.tag == NS + "polyline"]
    assert line.get("data-points") == "1a1 1c1 1e1 1g1"
    assert {e.get("data-point") for e in _classed(root, "ring", "crossing")} == {"2b2"}
    (arrow,) = _classed(root, "arrow", "drop")
    assert (arrow.get("data-from"), arrow.get("data-to")) == ("2b2", "1a1")
    assert root.find(f".//{NS}marker[@id='shb-arrow']") is not None
    assert {e.get("data-point") for e in _classed(root, "ghost", "black")} == {"1e3"}
    assert any(e.text == "?" for e in _classed(root, "label"))
    legend = _classed(root, "legend")
    assert legend and "crossing ball" in "".join(legend[0].itertext())


def test_frames_stack_with_captions_and_prefixed_ids() -> None:
    empty = Board()
    one = empty.place(_p("1a1"), Colour.WHITE)
    svg = render_frames([Frame(empty, (), "before"), Frame(one, (), "after")],
                        id_prefix="fig7")
    root = _parse(svg)
    assert [f.get("data-caption") for f in _classed(root, "frame")] == ["before", "after"]
    assert root.find(f".//{NS}marker[@id='fig7-arrow']") is not None
    assert len(_classed(root, "top-view")) == 2


def test_unknown_mark_kind_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown ring kind"):
        render_svg(Board(), [Ring((0,), "sparkle")])
    with pytest.raises(ValueError, match="unknown path kind"):
        render_svg(Board(), [Path((0, 1), "zigzag")])


def test_a_ball_that_drops_onto_a_dropped_ball_gets_one_word() -> None:
    """In the chain 3c3 -> 2b2 -> 1a1, 2b2 is where one drop ends and the next starts:
    its level panel says so once, instead of two words drawn on top of each other."""
    board = Board.from_text("RWWW,RBWR,RWBR,RRRR/WW.,WB.,.../B.,../.")
    marks: list[Mark] = [Arrow(_p("2b2"), _p("1a1")), Arrow(_p("3c3"), _p("2b2"))]
    root = _parse(render_svg(board, marks))
    ends = {e.get("data-point") for e in _classed(root, "arrow-end")}
    assert ends == {"1a1", "2b2", "3c3"}
    texts = [(e.text, e.get("x"), e.get("y")) for e in _classed(root, "arrow-word")]
    assert sorted(t or "" for t, _, _ in texts) == ["from", "from/to", "to"]
    assert len({(x, y) for _, x, y in texts}) == 3  # no two words at one place
