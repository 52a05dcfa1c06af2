"""Verdicts on the system rules every game shares, with their evidence: whether a point
is a valid location (SHB-PLACE-1), read from the board the way ``board.valid_locations``
decides it, and whether a ball is pinned (SHB-PIN-1), the way ``board.pinned`` does.

Games build their move verdicts on these, and ``explain`` prints them; both sit above
this module, so the engine never imports an explanation to say why a move is illegal.
"""

from __future__ import annotations

from .board import Board, pinned, valid_locations
from .geometry import COORDS, NAMES, SUPPORTEES, SUPPORTERS, Point
from .verdict import Verdict


def level_word(point: Point) -> str:
    """``level 2``, numbered as in the point names (1 is the board)."""
    return f"level {COORDS[point].level + 1}"


def ball(board: Board, point: Point) -> str:
    """``2b2 (white)`` or ``2b2 (empty)``."""
    colour = board.colour_at(point)
    return f"{NAMES[point]} ({colour.label if colour is not None else 'empty'})"


def names(points: list[Point] | tuple[Point, ...]) -> str:
    return ", ".join(NAMES[p] for p in points)


def supported_by(board: Board, point: Point) -> list[Point]:
    """The balls resting on ``point``."""
    occupied = board.occupied
    return [q for q in SUPPORTEES[point] if occupied >> q & 1]


def missing_supporters(board: Board, point: Point) -> list[Point]:
    occupied = board.occupied
    return [q for q in SUPPORTERS[point] if not occupied >> q & 1]


def placement_verdict(board: Board, point: Point) -> Verdict:
    """Whether ``point`` is a valid location, with its supporters. Implements
    SHB-PLACE-1: ``holds`` is ``board.valid_locations``'s answer; the evidence names
    the ball already there, the supporters and the missing ones."""
    name = NAMES[point]
    colour = board.colour_at(point)
    valid = bool(valid_locations(board.occupied) >> point & 1)
    missing = missing_supporters(board, point)
    evidence = {"point": name, "occupied_by": colour.label if colour is not None else None,
                "supporters": [NAMES[q] for q in SUPPORTERS[point]],
                "missing": [NAMES[q] for q in missing]}
    if colour is not None:
        assert not valid
        return Verdict("SHB-PLACE-1",
                       f"{name} already holds a {colour.label} ball: not a valid location",
                       False, evidence=evidence)
    if COORDS[point].level == 0:
        assert valid
        return Verdict("SHB-PLACE-1",
                       f"{name} is an empty hole of the board: a valid location", True,
                       evidence=evidence)
    supporters = " ".join(ball(board, q) for q in SUPPORTERS[point])
    assert valid == (not missing)
    if missing:
        return Verdict(
            "SHB-PLACE-1",
            f"{name} is on {level_word(point)} and needs a ball on each of its 4 supporters; "
            f"{supporters}: {names(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} empty, so it is not a valid location",
            False, evidence=evidence,
        )
    return Verdict(
        "SHB-PLACE-1",
        f"{name} is empty and its 4 supporters all hold a ball ({supporters}); "
        "any colours make a platform, so it is a valid location",
        True, evidence=evidence,
    )


def pin_verdict(board: Board, point: Point) -> Verdict:
    """Whether the ball at ``point`` is pinned, naming the balls it supports. Implements
    SHB-PIN-1: ``holds`` (not pinned) is ``board.pinned``'s answer."""
    above = supported_by(board, point)
    name = NAMES[point]
    is_pinned = bool(pinned(board.occupied) >> point & 1)
    assert is_pinned == (len(above) >= 2)
    evidence = {"point": name, "supports": [NAMES[q] for q in above]}
    if is_pinned:
        return Verdict(
            "SHB-PIN-1",
            f"{name} supports {len(above)} balls on the level above "
            f"({' '.join(ball(board, q) for q in above)}), so it is pinned and cannot be "
            "removed",
            False, evidence=evidence,
        )
    if above:
        return Verdict("SHB-PIN-1",
                       f"{name} supports one ball ({ball(board, above[0])}): it is not pinned",
                       True, evidence=evidence)
    return Verdict("SHB-PIN-1", f"{name} supports no ball: it is not pinned", True,
                   evidence=evidence)


def drop_verdicts(board: Board, point: Point) -> list[Verdict]:
    """What removing the (unpinned) ball at ``point`` drops: one verdict of fact per
    ball of the chain that falls a level, or one saying that nothing rests on it.
    Explains SHB-DROP-1 (the chain itself is ``board.drop_chain``)."""
    _, drops = board.remove(point)
    if not drops:
        return [Verdict("SHB-DROP-1", f"no ball rests on {NAMES[point]}: nothing drops",
                        evidence={"board": []})]
    return [Verdict("SHB-DROP-1", f"the {d.colour.label} ball at {NAMES[d.source]} drops "
                    f"one level into {NAMES[d.target]}",
                    evidence={"board": [NAMES[d.source], NAMES[d.target]]})
            for d in drops]
