"""The reference rules, but every Sploof outcome also carries ``score`` (a field the
protocol defines for Splink) with a value its schema forbids: -1. Nothing the harness
compares changes (a Sploof outcome's score is never compared), so only the schema can
tell: every answer must be found malformed, not a sample of them."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine


class NegativeScore(OutcomeHookEngine):
    name = "engine with a negative score in Sploof outcomes"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        return {**result, "score": -1} if game.name == "sploof" else result


if __name__ == "__main__":
    serve(NegativeScore())
