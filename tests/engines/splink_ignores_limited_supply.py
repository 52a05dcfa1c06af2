"""Splink engine that never runs out of balls: under supply=limited it plays as under
supply=unlimited (breaks SPK-RUL-5's limited alternative, the default)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


class IgnoresLimitedSupply(ReferenceEngine):
    name = "splink engine with a supply that never runs out"
    exact_perft = False

    def _unlimited(self, game: AnyGame, state: Any) -> Any:
        if game.name == "splink" and state.supply is not None:
            return game.with_options(state, {"supply": "unlimited"})
        return state

    def _back(self, game: AnyGame, state: Any, after: Any) -> str:
        text = game.format_position(after)
        if state.supply is None or game.name != "splink":
            return text
        red, white = (16 - after.red.bit_count(), 16 - after.white.bit_count())
        return (text.replace("supply:-,-", f"supply:{max(red, 0)},{max(white, 0)}")
                .replace("supply=unlimited", "supply=limited"))

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return super().legal(game, self._unlimited(game, state))

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return super().outcome(game, self._unlimited(game, state))

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        free = self._unlimited(game, state)
        after = game.play(free, game.parse_move(free, move))
        return self._back(game, state, after), game.outcome_json(after)


if __name__ == "__main__":
    serve(IgnoresLimitedSupply())
