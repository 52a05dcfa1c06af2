"""Which rule and ruling IDs a conformance vector exercises.

A vector is a position, its legal moves and every move's result. An ID is recorded
when getting the vector right depends on that rule: for example SHB-PIN-1 when a red
ball the mover could otherwise remove is pinned, SPF-RUL-4 when a line counts although
a ball rests over one of its links, SPK-RUL-1 when a legal placement pair needs its
first ball to complete the second ball's platform. The criteria are listed with each
test below; they read the position and its successors only through the engine's own
tables, so they cannot drift from the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..board import Board, drop_chain, pinned, supporting_exactly_one, valid_locations
from ..games.splink_score import INNER_MASK
from ..games.splink_state import PlaceMove, RemoveMove, SplinkState
from ..games.sploof_lines import LINES, Line, holds
from ..games.sploof_rules import PERIMETER, SploofMove, SploofState
from ..geometry import (
    ALL,
    COORDS,
    COVERING_PAIRS,
    GROUND,
    SUPPORTEE_MASK,
    SUPPORTER_MASK,
    TOUCHING_PAIRS,
)
from ..notation import Colour

COMMON = ("SHB-SET-1", "SHB-POINT-1")
"""Every vector exercises the set (ball counts of a position) and the point names."""


def _board_tags(board: Board) -> set[str]:
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


# -- Sploof --------------------------------------------------------------------------

_STAIRCASE_LEVELS = ((0, 1, 2, 3), (3, 2, 1, 0))


def _visible_levels(line: Line, occupied: int) -> tuple[int, ...]:
    return tuple(
        COORDS[max(p for p in cell.points if occupied >> p & 1)].level for cell in line.cells
    )


def _sploof_line_tags(board: Board) -> set[str]:
    """Lines held, and near-lines whose verdict turns on crossing or hiding."""
    tags: set[str] = set()
    occupied = board.occupied
    for colour in (Colour.WHITE, Colour.BLACK):
        own = board.masks[colour]
        for line in LINES:
            if holds(line, own, occupied):
                tags.update((line.rule, "SHB-TOUCH-1"))
                if line.kind == "diagonal" and _visible_levels(line, occupied) \
                        not in _STAIRCASE_LEVELS:
                    tags.add("SPF-RUL-5")  # a zig-zag line counts
            if line.kind != "orthogonal" or own & line.mask != line.mask:
                continue
            # four balls of one colour on a row or column: crossing and hiding decide
            for link in line.links:
                present = [q for q in link.crossing if occupied >> q & 1]
                if link.crossable and len(present) == 2:
                    tags.add("SHB-CROSS-1")
                elif present:
                    tags.add("SPF-RUL-4")  # a ball over the link, not crossing it
            if any(occupied >> cover & 1 for _, cover in line.hiders):
                tags.update(("SHB-HIDE-1", "SPF-RUL-7"))
    return tags


_SPLOOF_REASONS = {
    "line": ("SPF-WIN-1",),
    "opponent-line": ("SPF-WIN-1", "SPF-WIN-2"),
    "both-lines-mover": ("SPF-WIN-1", "SPF-RUL-2"),
    "both-lines-draw": ("SPF-WIN-1", "SPF-RUL-2"),
    "no-legal-move": ("SPF-END-1", "SPF-RUL-3"),
}


def sploof_tags(state: SploofState, moves: list[SploofMove],
                results: Iterable[tuple[SploofState, dict[str, Any]]],
                outcome: dict[str, Any]) -> set[str]:
    """The IDs a Sploof vector exercises."""
    tags = set(COMMON)
    board = state.board
    occupied = board.occupied
    red = board.masks[Colour.RED]
    if (red == PERIMETER and not occupied & ~red and state.stock == (2, 2)
            and state.supply[2] == 4):
        tags.update(("SPF-SETUP-1", "SPF-START-1", "SPF-RUL-6"))
    if moves:
        tags.add("SPF-TURN-1")
    placements = [m for m in moves if not m.remove]
    removals = [m for m in moves if m.remove]
    if placements or (not outcome["over"] and state.stock[state.turn] == 0):
        tags.update(("SPF-PLACE-1", "SHB-PLACE-1"))  # placements, or none for lack of stock
    if removals:
        tags.update(("SPF-REMOVE-1", "SPF-REMOVE-2"))
        if any(SUPPORTEE_MASK[m.point] & occupied for m in removals):
            tags.add("SHB-DROP-1")
    own_supply = state.supply[state.turn]
    short = own_supply is not None and own_supply < 2
    if red & pinned(occupied) and not short:
        tags.add("SHB-PIN-1")  # the mover could remove a red ball, were it not pinned
    if state.supply_rule == "unlimited":
        tags.add("SPF-RUL-1")
    elif short and red & ~pinned(occupied):
        tags.update(("SPF-RUL-1", "SPF-REMOVE-2"))  # a removal refused for lack of supply
    if outcome["over"]:
        tags.update(_SPLOOF_REASONS[outcome["reason"]])
    tags |= _board_tags(board) | _sploof_line_tags(board)
    for child, child_outcome in results:
        if child_outcome["over"]:
            tags.update(_SPLOOF_REASONS[child_outcome["reason"]])
        tags |= _board_tags(child.board) | _sploof_line_tags(child.board)
    if state.simultaneous == "draw":
        tags.add("SPF-RUL-2")
    return tags


# -- Splink --------------------------------------------------------------------------

_SPLINK_REASONS = {
    "pyramid-complete": ("SPK-END-1", "SHB-COMPLETE-1"),
    "no-legal-move": ("SPK-END-1", "SPK-RUL-3"),
    "max-turns": ("SPK-END-1", "SPK-RUL-4"),
}


def _splink_board(state: SplinkState) -> Board:
    return Board((state.white, 0, state.red))


def _splink_score_tags(state: SplinkState) -> set[str]:
    """SPK-RUL-9 when an inner point's ball touches a ball of the other colour (the
    pair would score but for the rule); SHB-TOUCH-1 when some pair scores."""
    tags: set[str] = set()
    for a, b in TOUCHING_PAIRS:
        mixed = (state.red >> a & 1 and state.white >> b & 1) or \
                (state.white >> a & 1 and state.red >> b & 1)
        if not mixed:
            continue
        if (INNER_MASK >> a | INNER_MASK >> b) & 1:
            tags.add("SPK-RUL-9")
        else:
            tags.add("SHB-TOUCH-1")
    return tags


def _on_dropped_balls(occupied: int, move: RemoveMove) -> bool:
    """Whether the new ball of move b rests on a point that a dropping ball filled."""
    filled = sum(1 << p for p in drop_chain(occupied, move.removed)[:-1])
    return bool(SUPPORTER_MASK[move.placed] & filled)


def splink_tags(state: SplinkState, moves: list[PlaceMove | RemoveMove],
                results: Iterable[tuple[SplinkState, dict[str, Any]]],
                outcome: dict[str, Any]) -> set[str]:
    """The IDs a Splink vector exercises."""
    tags = set(COMMON) | {"SPK-SCORE-1"}
    occupied = state.occupied
    if occupied == 0 and state.turns == 0:
        tags.add("SPK-SETUP-1")
    places = [m for m in moves if isinstance(m, PlaceMove)]
    removes = [m for m in moves if isinstance(m, RemoveMove)]
    if places:
        tags.update(("SPK-PLACE-1", "SHB-PLACE-1"))
        valid = valid_locations(occupied)
        if any(not valid >> m.points[1] & 1 for m in places):
            tags.add("SPK-RUL-1")  # the second ball rests on the first one's platform
    if removes:
        tags.update(("SPK-REMOVE-1", "SPK-REMOVE-2", "SPK-RUL-2", "SHB-DROP-1"))
        if any(_on_dropped_balls(occupied, m) for m in removes):
            tags.add("SPK-RUL-10")  # the new ball rests on a ball that dropped
    if pinned(occupied) and not outcome["over"]:
        tags.add("SHB-PIN-1")  # balls supporting two or more may not be removed
    if state.supply is not None and not outcome["over"]:
        red_left, white_left = state.supply
        candidates = supporting_exactly_one(occupied)
        if (candidates & state.white and not red_left) or \
                (candidates & state.red and not white_left):
            tags.add("SPK-RUL-7")  # a removal refused for lack of the other colour
        if not red_left or not white_left:
            tags.add("SPK-PLACE-1")  # move a refused for lack of a colour
    if state.supply is None:
        tags.add("SPK-RUL-5")
    if state.rules.max_turns is not None:
        tags.add("SPK-RUL-4")
    if outcome["over"]:
        tags.update(_SPLINK_REASONS[outcome["reason"]])
    tags |= _board_tags(_splink_board(state)) | _splink_score_tags(state)
    for child, child_outcome in results:
        if child_outcome["over"]:
            tags.update(_SPLINK_REASONS[child_outcome["reason"]])
        tags |= _board_tags(_splink_board(child)) | _splink_score_tags(child)
    return tags
