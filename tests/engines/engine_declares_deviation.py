"""A Sploof engine with its own reading of SPF-RUL-2, declared as a deviation: when one
move gives both players a line, the opponent of the mover wins (none of the ruling's
alternatives). It declares only simultaneous=mover, and is otherwise the reference."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine

READING = "when one move gives both players a line, the mover's opponent wins"


class DeclaresDeviation(OutcomeHookEngine):
    name = "engine with its own tie rule"

    def identify(self) -> Message:
        reply = super().identify()
        reply["games"] = {"sploof": reply["games"]["sploof"]}
        info = reply["games"]["sploof"]
        info["options"]["simultaneous"] = {"default": "mover", "values": ["mover"]}
        info["deviations"] = [{"ruling": "SPF-RUL-2", "reading": READING}]
        return reply

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if result.get("reason") == "both-lines-mover":
            return {"over": True, "winner": game.format_position(state).split()[1],
                    "draw": False, "reason": "both-lines-opponent"}
        return result


if __name__ == "__main__":
    serve(DeclaresDeviation())
