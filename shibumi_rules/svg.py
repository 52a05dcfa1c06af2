"""Self-contained SVG pictures of a Shibumi board: the top view beside the four levels,
balls in their colours, with marks for what a diagram wants to point at (a move, the
supporters of a location, a pinned ball, drops as arrows, a line and the balls that
cross it, scoring pairs, labels).

The same renderer draws ``explain --svg`` and every diagram of the documentation, so
the output is deterministic: no random ids, no timestamps, fixed number formatting.
Elements carry semantic classes and ``data-`` attributes (``class="ball red"``,
``data-point="2b2"``) so that tools and tests can read a picture back.

Typical use::

    from shibumi_rules.svg import Arrow, Path, Ring, render_svg
    svg = render_svg(board, marks=[Ring((p,), "move"), Arrow(src, dst)], title="...")
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from .board import Board
from .geometry import Point, Pyramid, pyramid
from .notation import Colour

# -- XML text --------------------------------------------------------------------------


def _escape(text: str) -> str:
    """Text made safe inside an element: ``&``, ``<`` and ``>`` escaped, exactly as
    ``xml.sax.saxutils.escape`` does (which is not imported: it pulls in ``urllib.request``
    and the e-mail package, a second of start-up in the browser's arbiter)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _quoteattr(text: str) -> str:
    """An attribute value with its quotes, exactly as ``xml.sax.saxutils.quoteattr``
    writes it: escaped, line breaks and tabs as character references, in double quotes
    unless the text holds a double quote and no single one."""
    data = _escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"' + data.replace('"', "&quot;") + '"'


# -- marks -----------------------------------------------------------------------------

RING_KINDS: Final = {
    "move": ("#f9a825", 3.5, "", "the move"),
    "removed": ("#d81b60", 3.0, "4 3", "ball removed"),
    "supporter": ("#1e88e5", 2.5, "", "supporter"),
    "missing": ("#e53935", 2.5, "3 2", "missing supporter"),
    "pinned": ("#6a1b9a", 3.5, "", "pinned ball"),
    "supported": ("#8e7cc3", 2.5, "2 2", "ball it supports"),
    "crossing": ("#ef6c00", 3.0, "", "crossing ball"),
    "hiding": ("#5d4037", 3.0, "", "ball hiding the one below"),
    "hidden": ("#757575", 2.5, "2 2", "hidden ball"),
    "dropped": ("#0d47a1", 2.5, "", "ball that dropped"),
    "inner": ("#9e9e9e", 2.0, "1 2", "inner point (not scored)"),
    "candidate": ("#43a047", 2.0, "2 2", "legal location"),
    "focus": ("#000000", 2.0, "", "point of interest"),
}
"""Ring kinds: (stroke colour, width, dash pattern, legend text)."""

PATH_KINDS: Final = {
    "line": ("#2e7d32", 5.0, "", "line"),
    "opponent-line": ("#c62828", 5.0, "", "opponent's line"),
    "broken": ("#e53935", 3.0, "6 4", "line broken"),
    "near": ("#f9a825", 3.0, "4 3", "near-line (one cell short)"),
    "crossed": ("#ef6c00", 4.0, "2 3", "crossed link"),
    "pair": ("#00897b", 2.5, "", "scoring pair"),
    "link": ("#546e7a", 2.0, "", "link"),
}
"""Path kinds: (stroke colour, width, dash pattern, legend text)."""

ARROW_KINDS: Final = {
    "drop": ("#0d47a1", "drop (from, to)"),
}


@dataclass(frozen=True, slots=True)
class Ring:
    """A coloured ring around each of ``points`` (see ``RING_KINDS``)."""

    points: tuple[Point, ...]
    kind: str = "focus"


@dataclass(frozen=True, slots=True)
class Ghost:
    """A translucent ball of ``colour`` at an empty point: a placement being shown."""

    point: Point
    colour: Colour


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow from one point to another, e.g. a ball dropping one level."""

    source: Point
    target: Point
    kind: str = "drop"


@dataclass(frozen=True, slots=True)
class Path:
    """A polyline through the top-view centres of ``points`` (see ``PATH_KINDS``)."""

    points: tuple[Point, ...]
    kind: str = "line"
    label: str | None = None


@dataclass(frozen=True, slots=True)
class Label:
    """A short text written on a point."""

    point: Point
    text: str


Mark = Ring | Ghost | Arrow | Path | Label


@dataclass(frozen=True, slots=True)
class Frame:
    """One board with its marks and a caption: a row of the picture."""

    board: Board
    marks: Sequence[Mark] = ()
    caption: str | None = None


@dataclass(frozen=True, slots=True)
class Style:
    """Sizes of the picture, in pixels."""

    unit: int = 18
    """Half a ball diameter: one step of the 7x7 top-view grid."""
    gap: int = 28
    margin: int = 14
    show_levels: bool = True
    """Write the level digit on each ball of the top view."""
    legend: bool = True
    layout: str = "row"
    """``row``: the top view and the four levels side by side, a wide picture for a
    screen or a page. ``grid``: the top view and level 1 side by side, levels 2 to 4
    below them, a picture narrow enough to be read at full size on a phone."""
    min_font: float = 0.0
    """Every text is written at least this large (0: at the sizes designed for ``row``)."""
    words: Mapping[str, str] = field(default_factory=dict)
    """The picture's own words in another language, by their English text (``top view``,
    ``level {n}``, ``from``, ``to``, ``from/to``, the legend texts of ``RING_KINDS``,
    ``PATH_KINDS`` and ``ARROW_KINDS``, ``ball placed``); a word not given stays English."""

    def word(self, english: str) -> str:
        return self.words.get(english, english)

    @property
    def axis(self) -> float:
        """Room for the file letters and rank numbers beside a panel."""
        return max(_AXIS, self.min_font + 3)

    @property
    def title_height(self) -> float:
        """Room for a panel's name above it."""
        return max(_TITLE_HEIGHT, self.min_font + 7)


LAYOUTS: Final = ("row", "grid")


BALL_FILL: Final = {Colour.WHITE: "#f5f5f0", Colour.BLACK: "#212121", Colour.RED: "#c62828"}
BALL_STROKE: Final = {Colour.WHITE: "#616161", Colour.BLACK: "#000000", Colour.RED: "#7f0000"}
TEXT_ON: Final = {Colour.WHITE: "#212121", Colour.BLACK: "#fafafa", Colour.RED: "#fafafa"}
BOARD_FILL: Final = "#e8d5b0"
BOARD_STROKE: Final = "#a1887f"


def _n(value: float) -> str:
    """Fixed, short number formatting (deterministic across platforms)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _check_marks(marks: Iterable[Mark]) -> list[Mark]:
    out = list(marks)
    for mark in out:
        if isinstance(mark, Ring) and mark.kind not in RING_KINDS:
            raise ValueError(f"unknown ring kind {mark.kind!r} (known: {', '.join(RING_KINDS)})")
        if isinstance(mark, Path) and mark.kind not in PATH_KINDS:
            raise ValueError(f"unknown path kind {mark.kind!r} (known: {', '.join(PATH_KINDS)})")
        if isinstance(mark, Arrow) and mark.kind not in ARROW_KINDS:
            raise ValueError(f"unknown arrow kind {mark.kind!r}")
    return out


# -- layout ----------------------------------------------------------------------------


@dataclass(slots=True)
class _Panel:
    """A drawing area: the top view (level None) or one level."""

    level: int | None
    left: float
    top: float
    style: Style
    geo: Pyramid
    cells: int = field(init=False)

    def __post_init__(self) -> None:
        self.cells = (self.geo.grid + 1 if self.level is None
                      else 2 * (self.geo.side - self.level))

    @property
    def size(self) -> float:
        return self.cells * self.style.unit

    def centre(self, point: Point) -> tuple[float, float]:
        """Pixel centre of a point in this panel (rank 1 at the bottom)."""
        c = self.geo.coords[point]
        u = self.style.unit
        if self.level is None:
            gx, gy = c.x, c.y
        else:
            gx, gy = 2 * c.col, 2 * c.row
        return self.left + (gx + 1) * u, self.top + (self.cells - 1 - gy) * u

    @property
    def names(self) -> tuple[str, ...]:
        return self.geo.names

    def holds(self, point: Point) -> bool:
        return self.level is None or self.geo.coords[point].level == self.level


_TITLE_HEIGHT: Final = 18
_AXIS: Final = 14


def _panels(style: Style, top: float, geo: Pyramid) -> tuple[list[_Panel], float, float]:
    """The panels of one frame (the top view and each level of ``geo``) laid out as
    ``style.layout`` says; returns them with the frame's width and height."""
    if style.layout not in LAYOUTS:
        raise ValueError(f"unknown layout {style.layout!r} (known: {', '.join(LAYOUTS)})")
    if style.layout == "grid":
        return _grid_panels(style, top, geo)
    panels: list[_Panel] = []
    x = float(style.margin + _AXIS)
    for level in (None, *range(geo.levels)):
        panel = _Panel(level, x, top + _TITLE_HEIGHT, style, geo)
        panels.append(panel)
        x += panel.size + style.gap + _AXIS
    width = x - style.gap - _AXIS + style.margin
    height = _TITLE_HEIGHT + panels[0].size + _AXIS
    return panels, width, height


def _grid_panels(style: Style, top: float, geo: Pyramid
                 ) -> tuple[list[_Panel], float, float]:
    """The top view and level 1 in a first row, the levels above in a second."""
    axis, title = style.axis, style.title_height
    left = style.margin + axis
    first = [_Panel(None, left, top + title, style, geo)]
    first.append(_Panel(0, left + first[0].size + style.gap + axis, top + title, style,
                        geo))
    second_top = top + title + first[0].size + axis + title
    second: list[_Panel] = []
    x = left
    for level in range(1, geo.levels):
        second.append(_Panel(level, x, second_top, style, geo))
        x += second[-1].size + style.gap + axis
    width = max(first[1].left + first[1].size, x - style.gap - axis) + style.margin
    height = second_top + second[0].size + axis - top
    return first + second, width, height


# -- drawing ---------------------------------------------------------------------------


class _Out:
    def __init__(self, min_font: float = 0.0) -> None:
        self.parts: list[str] = []
        self.min_font = min_font

    def add(self, text: str) -> None:
        self.parts.append(text)

    def text(self, x: float, y: float, content: str, *, size: float = 11,
             anchor: str = "middle", fill: str = "#333333", cls: str = "text",
             weight: str | None = None, halo: bool = False) -> None:
        size = max(size, self.min_font)
        extra = f' font-weight="{weight}"' if weight else ""
        if halo:  # a white outline keeps the text readable on any ball colour
            extra += ' stroke="#ffffff" stroke-width="2.5" paint-order="stroke"'
        self.add(
            f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" '
            f'text-anchor="{anchor}" dominant-baseline="central" fill="{fill}"{extra}>'
            f"{_escape(content)}</text>"
        )


def _draw_axes(out: _Out, panel: _Panel) -> None:
    """File letters under the panel and rank numbers to its left."""
    u, geo = panel.style.unit, panel.geo
    if panel.level is None:
        xs = range(geo.grid)
        positions = [(geo.files[x], x, x) for x in xs]
    else:
        level = panel.level
        positions = [(geo.files[2 * i + level], 2 * i, 2 * i + level)
                     for i in range(geo.side - level)]
    axis = panel.style.axis
    bottom = panel.top + panel.size + axis / 2
    for letter, gx, _ in positions:
        out.text(panel.left + (gx + 1) * u, bottom, letter, size=10, cls="axis",
                 fill="#6d4c41")
    for _, g, rank in positions:
        out.text(panel.left - axis / 2, panel.top + (panel.cells - 1 - g) * u,
                 str(rank + 1), size=10, cls="axis", fill="#6d4c41")


def _draw_ball(out: _Out, panel: _Panel, point: Point, colour: Colour, ghost: bool = False
               ) -> None:
    x, y = panel.centre(point)
    r = panel.style.unit - 0.5
    cls = f"ghost {colour.label}" if ghost else f"ball {colour.label}"
    opacity = ' fill-opacity="0.45" stroke-dasharray="3 2"' if ghost else ""
    out.add(
        f'<circle class="{cls}" data-point="{panel.names[point]}"'
        f' data-level="{panel.geo.coords[point].level + 1}"'
        f' cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{BALL_FILL[colour]}"'
        f' stroke="{BALL_STROKE[colour]}" stroke-width="1.2"{opacity}/>'
    )


def _draw_empty(out: _Out, panel: _Panel, point: Point) -> None:
    x, y = panel.centre(point)
    u = panel.style.unit
    level = panel.geo.coords[point].level
    if level == 0 or panel.level is not None:
        r = u * 0.45 if level == 0 else u - 1.5
        dash = "" if level == 0 else ' stroke-dasharray="2 3"'
        fill = "#5d4037" if level == 0 else "none"
        out.add(
            f'<circle class="empty" data-point="{panel.names[point]}" '
            f'cx="{_n(x)}" cy="{_n(y)}" '
            f'r="{_n(r)}" fill="{fill}" fill-opacity="0.35" stroke="#8d6e63" '
            f'stroke-width="1"{dash}/>'
        )


def _draw_board(out: _Out, panel: _Panel, board: Board, ghosts: dict[Point, Colour]) -> None:
    u = panel.style.unit
    out.add(
        f'<rect class="board" x="{_n(panel.left)}" y="{_n(panel.top)}" '
        f'width="{_n(panel.size)}" height="{_n(panel.size)}" rx="{_n(u / 2)}" '
        f'fill="{BOARD_FILL}" stroke="{BOARD_STROKE}" stroke-width="1"/>'
    )
    points = [p for p in panel.geo.points if panel.holds(p)]
    for level in range(panel.geo.levels):
        for p in points:
            if panel.geo.coords[p].level != level:
                continue
            colour = board.colour_at(p)
            if colour is not None:
                _draw_ball(out, panel, p, colour)
                if panel.level is None and panel.style.show_levels and level > 0:
                    x, y = panel.centre(p)
                    out.text(x, y, str(level + 1), size=9, cls="level-digit",
                             fill=TEXT_ON[colour])
            elif p in ghosts:
                _draw_ball(out, panel, p, ghosts[p], ghost=True)
            else:
                _draw_empty(out, panel, p)


def _draw_path(out: _Out, panel: _Panel, mark: Path) -> None:
    u = panel.style.unit
    colour, width, dash, _ = PATH_KINDS[mark.kind]
    names = " ".join(panel.names[p] for p in mark.points)
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    if panel.level is None:
        coords = " ".join(f"{_n(x)},{_n(y)}" for x, y in (panel.centre(p) for p in mark.points))
        out.add(
            f'<polyline class="mark path {mark.kind}" data-points="{names}" '
            f'points="{coords}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
            f'stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"{dash_attr}/>'
        )
        if mark.label and mark.points:
            x, y = panel.centre(mark.points[-1])
            out.text(x + u * 0.9, y - u * 0.9, panel.style.word(mark.label), size=10,
                     cls="path-label",
                     fill=colour, weight="bold", halo=True)
        return
    for a, b in zip(mark.points, mark.points[1:]):
        if panel.holds(a) and panel.holds(b):
            (x1, y1), (x2, y2) = panel.centre(a), panel.centre(b)
            out.add(
                f'<line class="mark path {mark.kind}" '
                f'data-points="{panel.names[a]} {panel.names[b]}" '
                f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{colour}" '
                f'stroke-width="{_n(width)}" stroke-linecap="round" stroke-opacity="0.85"'
                f"{dash_attr}/>"
            )
    for p in mark.points:
        if panel.holds(p):
            x, y = panel.centre(p)
            out.add(
                f'<circle class="mark path-point {mark.kind}" data-point="{panel.names[p]}" '
                f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(u * 0.22)}" fill="{colour}" '
                f'fill-opacity="0.85"/>'
            )


def _draw_ring(out: _Out, panel: _Panel, mark: Ring) -> None:
    u = panel.style.unit
    colour, width, dash, _ = RING_KINDS[mark.kind]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    for p in mark.points:
        if panel.holds(p):
            x, y = panel.centre(p)
            r = u - 0.5 + width / 2 if panel.level is not None else u * 0.62
            out.add(
                f'<circle class="mark ring {mark.kind}" data-point="{panel.names[p]}" '
                f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none" stroke="{colour}" '
                f'stroke-width="{_n(width)}"{dash_attr}/>'
            )


def _draw_arrow(out: _Out, panel: _Panel, mark: Arrow, id_prefix: str,
                relays: frozenset[Point] = frozenset()) -> None:
    """In the top view, an arrow; in a level panel, the end (from or to) it holds. A
    point in ``relays`` is the end of one drop and the start of the next: its word is
    ``from/to``, written once (at the drop that ends there)."""
    u = panel.style.unit
    colour, _ = ARROW_KINDS[mark.kind]
    if panel.level is None:
        (x1, y1), (x2, y2) = panel.centre(mark.source), panel.centre(mark.target)
        out.add(
            f'<line class="mark arrow {mark.kind}" data-from="{panel.names[mark.source]}" '
            f'data-to="{panel.names[mark.target]}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" '
            f'y2="{_n(y2)}" stroke="{colour}" stroke-width="2.5" '
            f'marker-end="url(#{id_prefix}-arrow)"/>'
        )
        return
    for p, word in ((mark.source, "from"), (mark.target, "to")):
        if panel.holds(p):
            x, y = panel.centre(p)
            dash_attr = ' stroke-dasharray="3 2"' if word == "from" else ""
            out.add(
                f'<circle class="mark arrow-end {word}" data-point="{panel.names[p]}" '
                f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(u - 0.5)}" fill="none" stroke="{colour}" '
                f'stroke-width="2"{dash_attr}/>'
            )
            if p in relays and word == "from":
                continue
            shown = panel.style.word("from/to" if p in relays else word)
            out.text(x, y + u * 0.55, shown, size=8, cls="arrow-word", fill=colour,
                     weight="bold", halo=True)


def _draw_label(out: _Out, panel: _Panel, mark: Label) -> None:
    if not panel.holds(mark.point):
        return
    u = panel.style.unit
    x, y = panel.centre(mark.point)
    dy = -u * 0.55 if panel.level is None else 0.0
    high = max(12.0, out.min_font + 2)
    out.add(
        f'<rect class="mark label-bg" x="{_n(x - u * 0.8)}" y="{_n(y + dy - high / 2)}" '
        f'width="{_n(u * 1.6)}" height="{_n(high)}" rx="3" fill="#ffffff" fill-opacity="0.8"/>'
    )
    out.text(x, y + dy, panel.style.word(mark.text), size=9, cls="mark label",
             fill="#000000", weight="bold")


def _draw_marks(out: _Out, panel: _Panel, marks: list[Mark], id_prefix: str) -> None:
    """Paths first, then rings, arrows and labels on top."""
    for mark in marks:
        if isinstance(mark, Path):
            _draw_path(out, panel, mark)
    for mark in marks:
        if isinstance(mark, Ring):
            _draw_ring(out, panel, mark)
    arrows = [m for m in marks if isinstance(m, Arrow)]
    relays = frozenset({a.source for a in arrows} & {a.target for a in arrows})
    for arrow in arrows:
        _draw_arrow(out, panel, arrow, id_prefix, relays)
    for mark in marks:
        if isinstance(mark, Label):
            _draw_label(out, panel, mark)


def _legend(out: _Out, marks: list[Mark], left: float, top: float, width: float,
            style: Style) -> float:
    """A key for every mark kind used; returns its height."""
    entries: list[tuple[str, str, str, str]] = []  # (shape, colour, dash, text)
    seen: set[tuple[str, str]] = set()
    for mark in marks:
        key: tuple[str, str]
        if isinstance(mark, Ring):
            key = ("ring", mark.kind)
            colour, _, dash, text = RING_KINDS[mark.kind]
        elif isinstance(mark, Path):
            key = ("path", mark.kind)
            colour, _, dash, text = PATH_KINDS[mark.kind]
        elif isinstance(mark, Arrow):
            key = ("arrow", mark.kind)
            colour, text = ARROW_KINDS[mark.kind]
            dash = ""
        elif isinstance(mark, Ghost):
            key = ("ghost", "")
            colour, dash, text = "#9e9e9e", "3 2", "ball placed"
        else:
            continue
        if key not in seen:
            seen.add(key)
            entries.append((key[0], colour, dash, style.word(text)))
    if not entries:
        return 0.0
    size = max(10.0, out.min_font)
    x, y, row = left, top + 8, max(16.0, size + 6)
    height = row
    out.add('<g class="legend">')
    for shape, colour, dash, text in entries:
        item_width = 30 + _text_width(text, size)
        if x + item_width > left + width and x > left:
            x, y, height = left, y + row, height + row
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        if shape in ("ring", "ghost"):
            out.add(f'<circle cx="{_n(x + 7)}" cy="{_n(y)}" r="6" fill="none" '
                    f'stroke="{colour}" stroke-width="2.5"{dash_attr}/>')
        else:
            out.add(f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + 16)}" y2="{_n(y)}" '
                    f'stroke="{colour}" stroke-width="3"{dash_attr}/>')
        out.text(x + 20, y, text, size=10, anchor="start", cls="legend-text")
        x += item_width
    out.add("</g>")
    return height + 4


def render_frames(frames: Sequence[Frame], title: str | None = None, *,
                  id_prefix: str = "shb", style: Style | None = None,
                  geo: Pyramid | None = None) -> str:
    """An SVG document with one row per frame (e.g. "before" and "after" a move).
    ``id_prefix`` names the few ids the document defines, so that several pictures
    can be inlined in one HTML page. The boards are on the pyramid ``geo`` (the 4x4
    board unless given): their masks are read over its points."""
    style = style or Style()
    geo = pyramid() if geo is None else geo
    out = _Out(style.min_font)
    title_size, caption_size = max(_TITLE_SIZE, style.min_font), max(_CAPTION_SIZE,
                                                                       style.min_font)
    title_line = _TITLE_LINE * title_size / _TITLE_SIZE
    caption_line = _CAPTION_LINE * caption_size / _CAPTION_SIZE
    width = _panels(style, 0.0, geo)[1]
    title_lines = _wrap(title or "", width - 2 * style.margin, title_size)
    y = float(style.margin) + title_line * len(title_lines)
    all_marks: list[Mark] = []
    rows: list[tuple[Frame, list[_Panel], list[Mark], float, list[str]]] = []
    for frame in frames:
        marks = _check_marks(frame.marks)
        all_marks.extend(marks)
        caption_lines = _wrap(frame.caption or "", width - 2 * style.margin, caption_size)
        caption_height = caption_line * len(caption_lines)
        panels, _, frame_height = _panels(style, y + caption_height, geo)
        rows.append((frame, panels, marks, y, caption_lines))
        y += caption_height + frame_height + style.gap / 2
    for frame, panels, marks, row_top, caption_lines in rows:
        out.add(f'<g class="frame"{_caption_attr(frame.caption)}>')
        for i, line in enumerate(caption_lines):
            out.text(style.margin, row_top + 8 + i * caption_line, line, size=caption_size,
                     anchor="start", cls="caption", weight="bold")
        ghosts = {m.point: m.colour for m in marks if isinstance(m, Ghost)}
        for panel in panels:
            name = (style.word("top view") if panel.level is None
                    else style.word("level {n}").format(n=panel.level + 1))
            cls = "top-view" if panel.level is None else f"level level-{panel.level + 1}"
            out.add(f'<g class="panel {cls}">')
            out.text(panel.left + panel.size / 2, panel.top - style.title_height / 2, name,
                     size=11, cls="panel-title")
            _draw_board(out, panel, frame.board, ghosts)
            _draw_axes(out, panel)
            _draw_marks(out, panel, marks, id_prefix)
            out.add("</g>")
        out.add("</g>")
    legend_height = 0.0
    if style.legend:
        legend_height = _legend(out, all_marks, style.margin, y - style.gap / 4,
                                width - 2 * style.margin, style)
    height = y - style.gap / 2 + legend_height + style.margin
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="shibumi-diagram" '
        f'width="{_n(width)}" height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'font-family="Helvetica, Arial, sans-serif" role="img">',
    ]
    if title:
        head.append(f"<title>{_escape(title)}</title>")
    head.append(
        f'<defs><marker id="{id_prefix}-arrow" viewBox="0 0 10 10" refX="8" refY="5" '
        f'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{ARROW_KINDS["drop"][0]}"/></marker></defs>'
    )
    head.append(f'<rect class="background" width="{_n(width)}" height="{_n(height)}" '
                f'fill="#ffffff"/>')
    tmp = _Out(style.min_font)
    for i, line in enumerate(title_lines):
        tmp.text(style.margin, style.margin + 8 + i * title_line, line, size=title_size,
                 anchor="start", cls="title", weight="bold")
    head.extend(tmp.parts)
    return "\n".join([*head, *out.parts, "</svg>"]) + "\n"


_TITLE_SIZE: Final = 14
_TITLE_LINE: Final = 20.0
_CAPTION_SIZE: Final = 12
_CAPTION_LINE: Final = 17.0


def _wide(char: str) -> bool:
    """A character drawn about one em wide (Hangul, CJK)."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _text_width(text: str, size: float) -> float:
    """An estimate of the width of ``text`` at font ``size`` (no font metrics here)."""
    narrow = 6.2 * size / 10
    return sum(size if _wide(c) else narrow for c in text)


def _wrap(text: str, width: float, size: float) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels at font ``size`` (an estimate
    of the average bold character width; no font metrics are available). A wide
    character counts as about one and two thirds of a narrow one."""
    if not text:
        return []
    columns = max(10, int(width / (size * 0.6)))
    if not any(_wide(c) for c in text):
        return textwrap.wrap(text, columns, break_on_hyphens=False)
    lines: list[str] = []
    for word in text.split():
        if lines and _columns(lines[-1] + " " + word) <= columns:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _columns(text: str) -> float:
    return sum(5 / 3 if _wide(c) else 1 for c in text)


def _caption_attr(caption: str | None) -> str:
    return f" data-caption={_quoteattr(caption)}" if caption else ""


def render_svg(board: Board, marks: Sequence[Mark] = (), title: str | None = None, *,
               caption: str | None = None, id_prefix: str = "shb",
               style: Style | None = None, geo: Pyramid | None = None) -> str:
    """An SVG document showing ``board`` (top view and each level) with ``marks``, on
    the 4x4 board or on the pyramid ``geo``.

    Raises ValueError for an unknown mark kind."""
    return render_frames([Frame(board, tuple(marks), caption)], title,
                         id_prefix=id_prefix, style=style, geo=geo)


def render_empty(geo: Pyramid | None = None) -> str:
    """The empty pyramid ``geo`` (the 4x4 board unless given), each point labelled with
    its name: the picture of ``geometry --svg``."""
    geo = pyramid() if geo is None else geo
    labels = tuple(Label(p, geo.names[p]) for p in geo.points)
    return render_svg(Board(), labels, f"The pyramid of side {geo.side}: "
                      f"{geo.num_points} points", geo=geo,
                      style=Style(show_levels=False, legend=False))
