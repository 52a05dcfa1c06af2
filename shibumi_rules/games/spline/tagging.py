"""Which rule, ruling and clarification IDs a Spline conformance vector exercises (see
``shibumi_rules.tables.tagging`` for what a tag means).

The criteria read the engine's verdicts: ``line_verdict`` says which lines a player
holds and which of their balls are covered or hidden, ``turn_verdict`` who moved first,
``supply_verdict`` how many balls the mover has left.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ...board import BALLS_PER_COLOUR, Board
from ...contract.tagging import COMMON, board_tags
from ...geometry import LEVEL_MASKS
from ...notation import Colour
from .lines import LINES
from .rules import (
    PLAYERS,
    REASONS,
    TOP_LINE_LEVEL,
    SplineMove,
    SplineState,
    line_verdict,
    supply_verdict,
    turn_verdict,
)

MOST_PLACED: Final = 14
"""The most balls a player places in a game (SPL-RUL-7): a vector whose mover is about
to place their last possible ball exercises that bound."""


def _line_tags(board: Board) -> set[str]:
    """Lines held: the line rule and the table (SPL-LINE-1, SPL-RUL-1); covered balls
    that still count (SPL-RUL-2); a line on level 3, where every game is decided at the
    latest (SPL-RUL-6); three balls on level 3, beyond which no ball is placed, so the
    apex never is (SPL-RUL-3)."""
    tags: set[str] = set()
    for colour in PLAYERS:
        for line in LINES:
            verdict = line_verdict(line, board, colour)
            if not verdict.holds:
                continue
            tags.update(verdict.rule_ids)
            if line.level == TOP_LINE_LEVEL:
                tags.add("SPL-RUL-6")
    if (board.occupied & LEVEL_MASKS[TOP_LINE_LEVEL]).bit_count() >= 3:
        tags.add("SPL-RUL-3")
    return tags


def vector_tags(state: SplineState, moves: list[SplineMove],
                results: Iterable[tuple[SplineState, dict[str, Any]]],
                outcome: dict[str, Any]) -> set[str]:
    """The IDs a Spline vector exercises."""
    tags = set(COMMON)
    board = state.board
    turn = turn_verdict(state)
    if not board.occupied:
        tags.update(("SPL-SETUP-1", "SPL-START-1", "SPL-RUL-4"))
    if turn.evidence.get("first") == Colour.BLACK.label:
        tags.update(("SPL-START-1", "SPL-RUL-4"))  # a game Black started
    if moves:
        tags.update(("SPL-TURN-1", "SPL-PLACE-1", "SHB-PLACE-1"))
        supply = supply_verdict(state)
        if BALLS_PER_COLOUR - supply.evidence["left"] == MOST_PLACED - 1:
            tags.update(supply.rule_ids)  # the mover places their 14th ball
    if outcome["over"]:
        tags.update(REASONS[outcome["reason"]].rule_ids)
    tags |= board_tags(board) | _line_tags(board)
    for child, child_outcome in results:
        if child_outcome["over"]:
            # the move ends the game: only its maker can hold a line
            tags.update((*REASONS[child_outcome["reason"]].rule_ids, "SPL-RUL-5"))
        tags |= board_tags(child.board) | _line_tags(child.board)
    return tags
