"""Sploof engine with the tie-break the wrong way round: when one move gives both
players a line it is a draw under simultaneous=mover and a win for the mover under
simultaneous=draw (breaks SPF-RUL-2)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.games.sploof.rules import opponent
from tests.engines.common import serve


class WrongTieBreak(ReferenceEngine):
    name = "sploof engine with the wrong tie-break"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if result.get("reason") == "both-lines-mover":
            return {"over": True, "winner": None, "draw": True, "reason": "both-lines-draw"}
        if result.get("reason") == "both-lines-draw":
            return {"over": True, "winner": opponent(state.turn).label, "draw": False,
                    "reason": "both-lines-mover"}
        return result

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)


if __name__ == "__main__":
    serve(WrongTieBreak())
