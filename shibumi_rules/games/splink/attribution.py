"""Which Splink rules a divergence involves (see ``shibumi_rules.contract.attribution``),
read off the engine's verdicts: the verdicts on a move, and the score verdict."""

from __future__ import annotations

from typing import Any, Final

from ...contract.attribution import AnyGame, Attributor, rules_of, unique
from .rules import REASONS
from .score import score_verdict
from .state import PlaceMove


class SplinkAttributor(Attributor):
    """Splink: placement order, removals, supply, the end and the score."""

    def legal(self, game: AnyGame, state: Any, move: str) -> list[str]:
        """The rules the move's checks cite (the turn, its first check, aside): the
        rulings first, as the likeliest reading an engine differs on, then the rules
        in the order they apply."""
        _turn, *own = self.trace(game, state, move).checks
        cited = rules_of(own)
        return [r for r in cited if "-RUL-" in r] + [r for r in cited if "-RUL-" not in r]

    def move_rules(self, game: AnyGame, state: Any, move: str, field: str) -> list[str]:
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

        ids: list[str] = []
        if expected.get("score") != actual.get("score"):
            ids.append("SPK-SCORE-1")
            if score_verdict(after.red, after.white).evidence["inner_pairs"]:
                ids.append("SPK-RUL-9")
        if expected.get("over") != actual.get("over"):
            for reason in (expected.get("reason"), actual.get("reason")):
                if isinstance(reason, str) and reason in REASONS:
                    ids.append(REASONS[reason].rule)
            ids.append("SPK-END-1")
        return unique(ids)


ATTRIBUTOR: Final = SplinkAttributor()
"""The attributor the registry hands out."""
