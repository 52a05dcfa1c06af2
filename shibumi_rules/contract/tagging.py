"""Which rule and ruling IDs a conformance vector exercises.

A vector is a position, its legal moves and every move's result. An ID is recorded
when getting the vector right depends on that rule: for example SHB-PIN-1 when a red
ball the mover could otherwise remove is pinned, SPF-RUL-4 when a line counts although
a ball rests over one of its links, SPK-RUL-1 when a legal placement pair needs its
first ball to complete the second ball's platform. The criteria are listed with each
test below; they read the position and its successors only through the engine's own
tables, so they cannot drift from the rules. Each game's ``tagging`` module adds what
its rules add to ``board_tags`` (its definition's ``tagger()``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board import Board
from ..geometry import ALL, COVERING_PAIRS, GROUND

Tagger = Callable[[Any, list[Any], list[tuple[Any, dict[str, Any]]], dict[str, Any]],
                  set[str]]
"""A game's vector tags: (state, its legal moves, (child, outcome) for each move, the
state's outcome) -> the rule and ruling IDs the vector exercises."""

COMMON = ("SHB-SET-1", "SHB-POINT-1")
"""Every vector exercises the set (ball counts of a position) and the point names."""


def board_tags(board: Board) -> set[str]:
    """Facts of one board that any game's vector depends on."""
    occupied = board.occupied
    tags: set[str] = set()
    if occupied & ~GROUND:
        tags.add("SHB-GRAVITY-1")  # balls rest on supporters
    if occupied == ALL:
        tags.add("SHB-COMPLETE-1")
    if any(occupied >> low & 1 and occupied >> cover & 1 for low, cover in COVERING_PAIRS):
        tags.add("SHB-HIDE-1")
    return tags

