"""Which rule and ruling IDs a Splink conformance vector exercises (see
``shibumi_rules.tables.tagging`` for what a tag means)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...board import Board, drop_chain, pinned, supporting_exactly_one, valid_locations
from ...geometry import SUPPORTER_MASK, TOUCHING_PAIRS
from ...tables.tagging import COMMON, board_tags
from .game import REASONS
from .score import INNER_MASK
from .state import PlaceMove, RemoveMove, SplinkState


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


def vector_tags(state: SplinkState, moves: list[PlaceMove | RemoveMove],
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
        tags.update(REASONS[outcome["reason"]].rule_ids)
    tags |= board_tags(_splink_board(state)) | _splink_score_tags(state)
    for child, child_outcome in results:
        if child_outcome["over"]:
            tags.update(REASONS[child_outcome["reason"]].rule_ids)
        tags |= board_tags(_splink_board(child)) | _splink_score_tags(child)
    return tags
