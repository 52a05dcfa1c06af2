"""Sploof engine for which a player without a legal move draws instead of losing
(breaks SPF-RUL-3, a ruling without an option: its other alternatives are a draw or a
pass)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine


class NoMoveDraws(OutcomeHookEngine):
    name = "sploof engine where a player without a move draws"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if game.name == "sploof" and result.get("reason") == "no-legal-move":
            return {**result, "winner": None, "draw": True}
        return result


if __name__ == "__main__":
    serve(NoMoveDraws())
