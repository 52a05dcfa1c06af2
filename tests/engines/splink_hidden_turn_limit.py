"""Splink engine that, under max_turns=none, still ends the game after 50 turns, a
limit kept to stop endless games (breaks SPK-RUL-4's default alternative: with no
limit the game goes on; under a given max_turns it is right)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.errors import IllegalMoveError
from tests.engines.common import serve

HIDDEN_LIMIT = 50


class HiddenTurnLimit(ReferenceEngine):
    name = "splink engine with a hidden turn limit"
    exact_perft = False

    def _capped(self, game: AnyGame, state: Any) -> bool:
        return (game.name == "splink" and state.rules.max_turns is None
                and state.turns >= HIDDEN_LIMIT)

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return [] if self._capped(game, state) else super().legal(game, state)

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if self._capped(game, state) and not result["over"]:
            return {**result, "over": True, "reason": "max-turns"}
        return result

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if self._capped(game, state):
            raise IllegalMoveError("the game is over: 50 turns have been played",
                                   "SPK-RUL-4")
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)


if __name__ == "__main__":
    serve(HiddenTurnLimit())
