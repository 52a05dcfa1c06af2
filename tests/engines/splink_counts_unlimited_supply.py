"""Splink engine that, under supply=unlimited, still allows each colour only 16 balls
on the board: with 16 of a colour placed it refuses a move that needs another (breaks
SPK-RUL-5's unlimited alternative; under supply=limited it is right)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.errors import IllegalMoveError
from tests.engines.common import serve

LIMIT = 16


def _over_sixteen(game: AnyGame, state: Any, move: str) -> bool:
    """A move under supply=unlimited that leaves more than 16 balls of a colour."""
    if game.name != "splink" or state.supply is not None:
        return False
    after = game.play(state, game.parse_move(state, move))
    return bool(after.red.bit_count() > LIMIT or after.white.bit_count() > LIMIT)


class CountsUnlimitedSupply(ReferenceEngine):
    name = "splink engine counting the unlimited supply"
    exact_perft = False

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return [m for m in super().legal(game, state) if not _over_sixteen(game, state, m)]

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if _over_sixteen(game, state, move):
            raise IllegalMoveError("a colour has only 16 balls", "SPK-PLACE-1")
        return super().child(game, state, move)


if __name__ == "__main__":
    serve(CountsUnlimitedSupply())
