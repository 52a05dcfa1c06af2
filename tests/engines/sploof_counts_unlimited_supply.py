"""Sploof engine that, under supply=unlimited, still counts each player's supply as
16 minus the balls on the board and in stock, and refuses a removal when fewer than
two remain (breaks SPF-RUL-1's unlimited alternative; under supply=limited it is
right)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.board import BALLS_PER_COLOUR
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.errors import IllegalMoveError
from tests.engines.common import serve


def _counted_out(game: AnyGame, state: Any, move: str) -> bool:
    """A removal under supply=unlimited that a counted supply would not fund."""
    if game.name != "sploof" or state.supply_rule != "unlimited" \
            or not move.startswith("x"):
        return False
    held = state.board.masks[state.turn].bit_count() + state.stock[state.turn]
    return bool(BALLS_PER_COLOUR - held < 2)


class CountsUnlimitedSupply(ReferenceEngine):
    name = "sploof engine counting the unlimited supply"
    exact_perft = False

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return [m for m in super().legal(game, state)
                if not _counted_out(game, state, m)]

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if _counted_out(game, state, move):
            raise IllegalMoveError("the supply holds fewer than two balls", "SPF-RUL-1")
        return super().child(game, state, move)


if __name__ == "__main__":
    serve(CountsUnlimitedSupply())
