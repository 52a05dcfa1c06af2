"""Diagrams on the site: every picture of a position is drawn by the engine's SVG
renderer (``shibumi_rules.svg``, the one behind ``explain --svg``), so the site and the
tool always agree. Each picture becomes a file under ``diagrams/`` of the site."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gen_common import Site, esc, relative

from shibumi_rules.board import Board
from shibumi_rules.geometry import INDEX_OF_NAME
from shibumi_rules.svg import Frame, Mark, render_frames


def pts(names: str) -> tuple[int, ...]:
    """Point indexes from space-separated point names."""
    return tuple(INDEX_OF_NAME[n] for n in names.split())


@dataclass(frozen=True)
class Figure:
    """One picture: one or more boards (e.g. before and after a move), with marks."""

    name: str
    """File name stem, unique on the site (``diagrams/NAME.svg``)."""
    caption: str
    frames: tuple[Frame, ...]
    title: str | None = None


def figure(name: str, caption: str, board: str | Board, marks: Sequence[Mark] = (),
           title: str | None = None) -> Figure:
    """A picture of one board field (validated: gravity must hold)."""
    b = board if isinstance(board, Board) else Board.from_text(board)
    return Figure(name, caption, (Frame(b, tuple(marks)),), title)


def sequence(name: str, caption: str, frames: Sequence[tuple[str | Board, Sequence[Mark], str]],
             title: str | None = None) -> Figure:
    """A picture of several boards, one row each with its own caption."""
    built = tuple(
        Frame(b if isinstance(b, Board) else Board.from_text(b), tuple(marks), cap)
        for b, marks, cap in frames
    )
    return Figure(name, caption, built, title)


def svg_of(fig: Figure) -> str:
    text: str = render_frames(fig.frames, fig.title, id_prefix=fig.name)
    return text


def embed(site: Site, page: str, fig: Figure) -> str:
    """Markdown that shows the figure on ``page``; the SVG becomes a site file."""
    uri = f"diagrams/{fig.name}.svg"
    site.asset(uri, svg_of(fig).encode("utf-8"))
    alt = esc(fig.title or fig.caption).replace('"', "&quot;").replace("]", "")
    return (
        '<figure class="shibumi-diagram" markdown="span">\n'
        f"![{alt}]({relative(page, uri)}){{ loading=lazy }}\n"
        f"<figcaption>{esc(fig.caption)}</figcaption>\n</figure>\n"
    )
