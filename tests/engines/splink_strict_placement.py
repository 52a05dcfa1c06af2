"""Splink engine that requires both balls of a placement to be on locations valid
before the move, so the second ball never uses a platform the first completed
(breaks SPK-RUL-1)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.board import valid_locations
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.games.splink.state import PlaceMove
from tests.engines.common import serve


class StrictPlacement(ReferenceEngine):
    name = "splink engine with a strict placement order"
    exact_perft = False

    def _needs_first(self, game: AnyGame, state: Any, move: str) -> bool:
        parsed = game.parse_move(state, move)
        if game.name != "splink" or not isinstance(parsed, PlaceMove):
            return False
        valid = valid_locations(state.occupied)
        return not (valid >> parsed.red & 1 and valid >> parsed.white & 1)

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return [m for m in super().legal(game, state)
                if not self._needs_first(game, state, m)]

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if self._needs_first(game, state, move):
            raise IllegalMoveError("both balls must go on locations valid before the move")
        return super().child(game, state, move)


if __name__ == "__main__":
    serve(StrictPlacement())
