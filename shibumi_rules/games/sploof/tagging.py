"""Which rule and ruling IDs a Sploof conformance vector exercises (see
``shibumi_rules.tables.tagging`` for what a tag means)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...board import Board, pinned
from ...contract.tagging import COMMON, board_tags
from ...geometry import SUPPORTEE_MASK
from ...notation import Colour
from .lines import (
    BLOCKING_RULING,
    CROSS_RULE,
    HIDDEN_RULING,
    HIDE_RULE,
    ZIGZAG_RULING,
    BlockingRule,
    check_lines,
)
from .rules import (
    NO_MOVE_REASONS,
    PERIMETER,
    REASONS,
    SploofMove,
    SploofState,
    stuck_with_stock,
)


def _sploof_line_tags(board: Board, blocking: BlockingRule) -> set[str]:
    """Lines held (and whether a held diagonal zig-zags), and rows or columns of four
    whose verdict turns on crossing, on what crosses a link (SPF-RUL-4: another value
    of ``blocking`` would decide otherwise), or on hiding: read off the line checks."""
    tags: set[str] = set()
    for colour in (Colour.WHITE, Colour.BLACK):
        for check in check_lines(board, colour, blocking):
            if check.holds:
                tags.update((check.line.rule, "SHB-TOUCH-1"))
                if check.zigzag:
                    tags.add(ZIGZAG_RULING)  # a zig-zag line counts
            if check.line.kind != "orthogonal" or check.status not in ("held", "broken"):
                continue
            # four balls of one colour on a row or column: crossing and hiding decide
            if check.crossed:
                tags.add(CROSS_RULE)
            if check.blocking_decides:
                tags.add(BLOCKING_RULING)  # what crosses a link decides
            if check.hidden:
                tags.update((HIDE_RULE, HIDDEN_RULING))
    return tags


def _stuck(state: SploofState, outcome: dict[str, Any]) -> bool:
    """No line ends the game and the player to move, with balls in stock, can neither
    place nor remove: the case SPF-RUL-3 decides."""
    return outcome["reason"] in (None, *NO_MOVE_REASONS) and stuck_with_stock(state)


def vector_tags(state: SploofState, moves: list[SploofMove],
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
    results = list(results)
    if any(m.is_pass for m in moves) or any(
            _stuck(position, result) for position, result in ((state, outcome), *results)):
        tags.add("SPF-RUL-3")
    placements = [m for m in moves if not m.remove and not m.is_pass]
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
        tags.update(REASONS[outcome["reason"]].rule_ids)
    blocking = state.rules.blocking
    tags |= board_tags(board) | _sploof_line_tags(board, blocking)
    for child, child_outcome in results:
        if child_outcome["over"]:
            tags.update(REASONS[child_outcome["reason"]].rule_ids)
        tags |= board_tags(child.board) | _sploof_line_tags(child.board, blocking)
    if state.simultaneous == "draw":
        tags.add("SPF-RUL-2")
    if state.lines_checked == "mover":
        tags.add("SPF-RUL-8")
    return tags
