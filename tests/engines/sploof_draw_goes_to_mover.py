"""Sploof engine that is the reference except that, under simultaneous=draw, a move
that gives both players a line wins for the mover, as under simultaneous=mover (breaks
SPF-RUL-2's draw alternative only)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from tests.engines.common import serve
from tests.engines.outcome_hook import OutcomeHookEngine


class DrawGoesToMover(OutcomeHookEngine):
    name = "sploof engine ignoring simultaneous=draw"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if result.get("reason") == "both-lines-draw":
            mover = "black" if game.format_position(state).split()[1] == "white" \
                else "white"
            return {"over": True, "winner": mover, "draw": False,
                    "reason": "both-lines-mover"}
        return result


if __name__ == "__main__":
    serve(DrawGoesToMover())
