"""Which rule and ruling IDs a Splink conformance vector exercises (see
``shibumi_rules.tables.tagging`` for what a tag means).

The tags are read off the engine's verdicts: the score verdict (pairs that score, and
red-white contacts the inner points keep from scoring), the verdicts on what the
position allows (platforms a first ball completes, pinned balls, a supply that rules a
kind of move out), and the verdict on each removal's new ball."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...contract.tagging import COMMON, board_tags
from .rules import REASONS, availability_verdicts, board_of, new_ball_verdict
from .score import score_verdict
from .state import PlaceMove, RemoveMove, SplinkState


def _score_tags(state: SplinkState) -> set[str]:
    """SPK-RUL-9 when an inner point's ball touches a ball of the other colour (the
    pair would score but for the rule); SHB-TOUCH-1 when some pair scores."""
    evidence = score_verdict(state.red, state.white).evidence
    tags: set[str] = set()
    if evidence["inner_pairs"]:
        tags.add("SPK-RUL-9")
    if evidence["pairs"]:
        tags.add("SHB-TOUCH-1")
    return tags


def vector_tags(state: SplinkState, moves: list[PlaceMove | RemoveMove],
                results: Iterable[tuple[SplinkState, dict[str, Any]]],
                outcome: dict[str, Any]) -> set[str]:
    """The IDs a Splink vector exercises."""
    tags = set(COMMON) | {"SPK-SCORE-1"}
    if state.occupied == 0 and state.turns == 0:
        tags.add("SPK-SETUP-1")
    places = [m for m in moves if isinstance(m, PlaceMove)]
    removes = [m for m in moves if isinstance(m, RemoveMove)]
    allowed = {v.rule for v in availability_verdicts(state)} if not outcome["over"] else set()
    if places:
        tags.update(("SPK-PLACE-1", "SHB-PLACE-1"))
        if "SPK-RUL-1" in allowed:
            tags.add("SPK-RUL-1")  # the second ball rests on the first one's platform
    if removes:
        tags.update(("SPK-REMOVE-1", "SPK-REMOVE-2", "SPK-RUL-2", "SHB-DROP-1"))
        if any(new_ball_verdict(state, m).evidence["on_dropped"] for m in removes):
            tags.add("SPK-RUL-10")  # the new ball rests on a ball that dropped
    if "SHB-PIN-1" in allowed:
        tags.add("SHB-PIN-1")  # balls supporting two or more may not be removed
    if state.supply is not None:
        if "SPK-RUL-7" in allowed:
            tags.add("SPK-RUL-7")  # a removal refused for lack of the other colour
        if "SPK-PLACE-1" in allowed:
            tags.add("SPK-PLACE-1")  # move a refused for lack of a colour
    if state.supply is None:
        tags.add("SPK-RUL-5")
    if state.rules.max_turns is not None:
        tags.add("SPK-RUL-4")
    if outcome["over"]:
        tags.update(REASONS[outcome["reason"]].rule_ids)
    tags |= board_tags(board_of(state)) | _score_tags(state)
    for child, child_outcome in results:
        if child_outcome["over"]:
            tags.update(REASONS[child_outcome["reason"]].rule_ids)
        tags |= board_tags(board_of(child)) | _score_tags(child)
    return tags
