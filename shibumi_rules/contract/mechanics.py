"""Explanations of the mechanics every Shibumi game shares: valid locations with their
supporters, pinning with the balls a pinned ball supports, and the drop chain of a
removal. Each function reads the shared board functions and verdicts
(``shibumi_rules.board_verdicts``), so explanations agree with the engine by
construction."""

from __future__ import annotations

from ..board import Board, Drop
from ..board_verdicts import (
    ball,
    drop_verdicts,
    level_word,
    missing_supporters,
    names,
    pin_verdict,
    placement_verdict,
    supported_by,
)
from ..geometry import NAMES, SUPPORTERS, Point
from ..notation import Colour
from ..svg import Arrow, Ghost, Mark, Ring
from .explanation import Step

__all__ = ["ball", "drop_facts", "drop_steps", "level_word", "missing_supporters", "names",
           "pin_check", "placement_check", "placement_marks", "removal_marks",
           "supported_by"]


def placement_check(board: Board, point: Point) -> Step:
    """Whether ``point`` is a valid location, with its supporters: the engine's
    SHB-PLACE-1 verdict."""
    return placement_verdict(board, point)


def placement_marks(board: Board, point: Point, colour: Colour | None) -> list[Mark]:
    """The location, its supporters (and the missing ones) for a picture."""
    marks: list[Mark] = []
    if colour is not None and board.colour_at(point) is None:
        marks.append(Ghost(point, colour))
    marks.append(Ring((point,), "move"))
    present = tuple(q for q in SUPPORTERS[point] if board.colour_at(q) is not None)
    missing = tuple(missing_supporters(board, point))
    if present:
        marks.append(Ring(present, "supporter"))
    if missing:
        marks.append(Ring(missing, "missing"))
    return marks


def pin_check(board: Board, point: Point) -> Step:
    """Whether the ball at ``point`` is pinned, naming the balls it supports: the
    engine's SHB-PIN-1 verdict."""
    return pin_verdict(board, point)


def removal_marks(board: Board, point: Point) -> list[Mark]:
    """The removed ball, the balls it supports, and the drops, for a picture."""
    above = tuple(supported_by(board, point))
    marks: list[Mark] = [Ring((point,), "removed")]
    if len(above) >= 2:
        marks.append(Ring((point,), "pinned"))
    if above:
        marks.append(Ring(above, "supported"))
    if len(above) < 2:
        _, drops = board.remove(point)
        marks.extend(Arrow(d.source, d.target) for d in drops)
    return marks


def drop_steps(board: Board, point: Point) -> tuple[Board, tuple[Drop, ...], list[Step]]:
    """Remove the (unpinned) ball at ``point``: the board after, the drops, and one
    step per drop (the engine's ``drop_verdicts``)."""
    after, drops = board.remove(point)
    return after, drops, drop_verdicts(board, point)


def drop_facts(drops: tuple[Drop, ...]) -> list[dict[str, str]]:
    return [{"colour": d.colour.label, "from": NAMES[d.source], "to": NAMES[d.target]}
            for d in drops]
