"""The reference rules, but every outcome with a winner gives it as a number (1 for
White, 2 for Black), which the protocol's schema forbids. The answers are malformed,
not wrong: the harness must report them as such and blame no rule."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


class MalformedOutcome(ReferenceEngine):
    name = "engine with numbered winners"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if result.get("winner") is not None:
            result = {**result, "winner": 1 if result["winner"] == "white" else 2}
        return result

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)


if __name__ == "__main__":
    serve(MalformedOutcome())
