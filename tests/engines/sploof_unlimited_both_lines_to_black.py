"""Sploof engine that is the reference except that, under supply=unlimited, a move that
gives both players a line wins the game for Black (breaks SPF-RUL-2 under that option
only; under supply=limited it is right)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine

BOTH_LINES = ("both-lines-mover", "both-lines-draw")


class UnlimitedBothLinesToBlack(OutcomeHookEngine):
    name = "sploof engine giving Black both lines under the unlimited supply"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if game.name == "sploof" and game.format_position(state).endswith(
                "supply=unlimited") and result.get("reason") in BOTH_LINES:
            return {"over": True, "winner": "black", "draw": False,
                    "reason": "both-lines-mover"}
        return result


if __name__ == "__main__":
    serve(UnlimitedBothLinesToBlack())
