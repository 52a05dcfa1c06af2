"""Diagrams on the site: every picture of a position is drawn by the engine's SVG
renderer (``shibumi_rules.svg``, the one behind ``explain --svg``), so the site and the
tool always agree. Each picture becomes a file under ``diagrams/`` of the site (Korean
pictures under ``diagrams/ko/``).

The site draws in the renderer's ``grid`` layout: about 330 pixels wide with no text
under 13 pixels, so that a picture is read at full size on a 390-pixel phone. Every
picture links to its file (it opens full size on a click) and carries a text
alternative that names every ball of the position."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gen_common import Site, esc, relative
from gen_i18n import DEFAULT, t, words

from shibumi_rules.board import Board
from shibumi_rules.contract.guide import Picture, Text, View
from shibumi_rules.geometry import INDEX_OF_NAME, NAMES, points_of
from shibumi_rules.notation import Colour
from shibumi_rules.svg import Frame, Mark, Style, render_frames

SITE_STYLE = Style(layout="grid", unit=17, gap=12, margin=8, min_font=13)
"""How the site draws: narrow enough for a phone at full size, no text under 13 px."""

MIN_FONT = 13
PHONE_WIDTH = 358
"""The width of the text column of a 390-pixel phone (16 px margins)."""



def style_for(lang: str) -> Style:
    """The site's style in ``lang``: the renderer's own words translated (``Style.words``,
    from the ``diagrams`` group of ``docs/content/words.LANG.json``)."""
    translated = words("diagrams", lang)
    if translated:
        return Style(layout=SITE_STYLE.layout, unit=SITE_STYLE.unit, gap=SITE_STYLE.gap,
                     margin=SITE_STYLE.margin, min_font=SITE_STYLE.min_font, words=translated)
    return SITE_STYLE


def pts(names: str) -> tuple[int, ...]:
    """Point indexes from space-separated point names."""
    return tuple(INDEX_OF_NAME[n] for n in names.split())


def figure(name: str, caption: str, board: str | Board, marks: Sequence[Mark] = ()
           ) -> Picture:
    """A picture of one board field (validated: gravity must hold)."""
    b = board if isinstance(board, Board) else Board.from_text(board)
    return Picture(name, Text(caption), (View(b, tuple(marks)),))


def svg_of(pic: Picture, lang: str = DEFAULT) -> str:
    frames = [Frame(v.board, v.marks, v.caption.get(lang) if v.caption else None)
              for v in pic.views]
    text: str = render_frames(frames, None, id_prefix=pic.name, style=style_for(lang))
    return text


def uri_of(pic: Picture, lang: str = DEFAULT) -> str:
    folder = "diagrams" if lang == DEFAULT else f"diagrams/{lang}"
    return f"{folder}/{pic.name}.svg"


_SIZE = re.compile(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"')


def embed(site: Site, page: str, pic: Picture, lang: str = DEFAULT,
          caption: str | None = None) -> str:
    """Markdown that shows the picture on ``page``: the SVG becomes a site file, the
    picture links to it, and its text alternative describes the position."""
    uri = uri_of(pic, lang)
    svg = svg_of(pic, lang)
    site.asset(uri, svg.encode("utf-8"))
    size = _SIZE.search(svg)
    assert size is not None
    width, height = (round(float(v)) for v in size.groups())
    shown = caption if caption is not None else esc(pic.caption.get(lang))
    alt = attribute(alternative(pic, lang))
    href = relative(page, uri)
    return (
        '<figure class="shibumi-diagram" markdown="span">\n'
        f'[![{alt}]({href}){{ loading=lazy width="{width}" height="{height}" }}]({href})'
        f'{{ .diagram-zoom title="{attribute(t("open full size", lang))}" }}\n'
        f"<figcaption>{shown}</figcaption>\n</figure>\n"
    )


def attribute(text: str) -> str:
    """Text made safe inside a Markdown image's alt text or an attribute value."""
    return (esc(text).replace('"', "&quot;").replace("[", "(").replace("]", ")")
            .replace("{", "(").replace("}", ")"))


COLOURS = (Colour.WHITE, Colour.BLACK, Colour.RED)


def describe_board(board: Board, lang: str = DEFAULT) -> str:
    """Every ball of the board, by colour: the position in words."""
    parts = []
    for colour in COLOURS:
        points = points_of(board.masks[colour])
        if points:
            names = " ".join(NAMES[p] for p in points)
            parts.append(t("{colour} balls ({n}): {names}", lang).format(
                colour=t(colour.label, lang), n=len(points), names=names))
    if not parts:
        return t("an empty board", lang)
    return "; ".join(parts)


def alternative(pic: Picture, lang: str = DEFAULT) -> str:
    """The text alternative of a picture: its caption, then each board in words."""
    out = [pic.caption.get(lang)]
    for number, view in enumerate(pic.views, start=1):
        head = view.caption.get(lang) if view.caption else ""
        if len(pic.views) > 1 and not head:
            head = t("board {n}", lang).format(n=number)
        board = describe_board(view.board, lang)
        out.append(f"{head}: {board}." if head else f"{board}.")
    return " ".join(out)


def svg_description(svg: str) -> str:
    """The text alternative of a picture drawn elsewhere (``explain --svg``'s output): its
    title, then each board's balls in words, read back from the picture's own marks."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    title = root.find(f"{ns}title")
    out = [title.text or "" if title is not None else ""]
    for frame in root.iter(f"{ns}g"):
        if "frame" not in (frame.get("class") or "").split():
            continue
        top = next(g for g in frame.iter(f"{ns}g") if "top-view" in (g.get("class") or ""))
        board = Board.from_text(EMPTY)
        for ball in top.iter(f"{ns}circle"):
            kinds = (ball.get("class") or "").split()
            if kinds[:1] == ["ball"]:
                colour = next(c for c in COLOURS if c.label == kinds[1])
                board = _with(board, INDEX_OF_NAME[ball.get("data-point", "")], colour)
        caption = frame.get("data-caption")
        out.append(f"{caption}: {describe_board(board)}." if caption
                   else f"{describe_board(board)}.")
    return " ".join(part for part in out if part)


EMPTY = "....,....,....,..../...,...,.../..,../."


def _with(board: Board, point: int, colour: Colour) -> Board:
    """The board with one more ball, put there without the gravity check (a picture's
    balls are read back one by one, in no particular order)."""
    white, black, red = board.masks
    bit = 1 << point
    return Board((white | bit if colour == Colour.WHITE else white,
                  black | bit if colour == Colour.BLACK else black,
                  red | bit if colour == Colour.RED else red))
