"""The reference rules, but every outcome with a winner gives it as a number (1 for
White, 2 for Black), which the protocol's schema forbids. The answers are malformed,
not wrong: the harness must report them as such and blame no rule."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine


class MalformedOutcome(OutcomeHookEngine):
    name = "engine with numbered winners"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if result.get("winner") is not None:
            result = {**result, "winner": 1 if result["winner"] == "white" else 2}
        return result


if __name__ == "__main__":
    serve(MalformedOutcome())
