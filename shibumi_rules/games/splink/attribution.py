"""Which Splink rules a divergence involves (see ``shibumi_rules.conformance.attribution``)."""

from __future__ import annotations

from typing import Any

from ...conformance.attribution import AnyGame, Attributor, unique
from ...geometry import TOUCHING_PAIRS


class SplinkAttributor(Attributor):
    """Splink: placement order, removals, supply, the end and the score."""

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        from ...board import valid_locations
        from .state import PlaceMove

        parsed = game.parse_move(state, move)
        extra = ["SPK-RUL-5"] if state.supply is None else []
        if isinstance(parsed, PlaceMove):
            _, high = parsed.points
            if not valid_locations(state.occupied) >> high & 1:
                return ["SPK-RUL-1", "SPK-PLACE-1", *extra]
            return ["SPK-PLACE-1", *extra]
        return ["SPK-REMOVE-1", "SPK-REMOVE-2", "SHB-PIN-1", *extra]

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
        from .state import PlaceMove

        place = isinstance(game.parse_move(state, move), PlaceMove)
        if field == "board":
            return ["SPK-PLACE-1"] if place else ["SHB-DROP-1", "SPK-REMOVE-1",
                                                  "SPK-REMOVE-2"]
        if field == "turn":
            return ["SPK-SETUP-1"]
        if field == "turns":
            return ["SPK-RUL-4"]
        if field == "supply":
            return ["SPK-PLACE-1"] if place else ["SPK-RUL-2", "SPK-REMOVE-2"]
        return []

    def outcome(self, game: AnyGame, after: Any, expected: dict[str, Any],
                actual: dict[str, Any]) -> list[str]:
        from .game import REASONS
        from .score import INNER_MASK

        ids: list[str] = []
        if expected.get("score") != actual.get("score"):
            ids.append("SPK-SCORE-1")
            red, white = after.red, after.white
            inner_pairs = sum(
                1 for a, b in TOUCHING_PAIRS
                if (INNER_MASK >> a & 1 or INNER_MASK >> b & 1)
                and ((red >> a & 1 and white >> b & 1) or (white >> a & 1 and red >> b & 1))
            )
            if inner_pairs:
                ids.append("SPK-RUL-9")
        if expected.get("over") != actual.get("over"):
            for reason in (expected.get("reason"), actual.get("reason")):
                if isinstance(reason, str) and reason in REASONS:
                    ids.append(REASONS[reason].rule)
            ids.append("SPK-END-1")
        return unique(ids)

