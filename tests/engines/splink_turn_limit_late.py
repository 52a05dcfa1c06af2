"""Splink engine that ends the game one turn after max_turns turns instead of at
max_turns (breaks SPK-RUL-4's turn-limit alternative; under max_turns=none it is
right)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


def _limit(game: AnyGame, state: Any) -> int | None:
    value = game.format_position(state).rsplit("max_turns=", 1)[-1].split()[0]
    return None if value == "none" else int(value)


class TurnLimitLate(ReferenceEngine):
    name = "splink engine ending a turn late"
    exact_perft = False

    def _late(self, game: AnyGame, state: Any) -> bool:
        """At exactly max_turns turns, where this engine plays on."""
        limit = _limit(game, state) if game.name == "splink" else None
        return limit is not None and state.turns == limit

    def _relaxed(self, game: AnyGame, state: Any) -> Any:
        return game.with_options(state, {"max_turns": str(state.turns + 1)})

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        if self._late(game, state):
            return super().legal(game, self._relaxed(game, state))
        return super().legal(game, state)

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        if self._late(game, state):
            return super().outcome(game, self._relaxed(game, state))
        return super().outcome(game, state)

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if self._late(game, state):
            relaxed = self._relaxed(game, state)
            after = game.play(relaxed, game.parse_move(relaxed, move))
            return (game.format_position(after).replace(
                f"max_turns={state.turns + 1}", f"max_turns={state.turns}"),
                game.outcome_json(after))
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)


if __name__ == "__main__":
    serve(TurnLimitLate())
