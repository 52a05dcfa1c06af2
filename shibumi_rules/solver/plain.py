"""A game's plain rules as a search kernel: every node a position of the game, its
children through ``legal_moves`` and ``play``, its value through ``GameActions.returns``.

This is what the solver searches when a game has no fast path of its own, and what a
fast path is held to: it decides nothing, the game's rules do.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from ..contract.actions import GameActions
from ..contract.game import Game
from ..contract.search import SearchKernel


class PlainKernel(SearchKernel[Any, Any, Any]):
    """Positions are the game's states; the key is the position's notation."""

    def __init__(self, game: Game[Any, Any], actions: GameActions[Any]) -> None:
        self.game = game
        self.actions = actions

    def node(self, state: Any) -> Any:
        return state

    def state(self, node: Any) -> Any:
        return node

    def mover(self, node: Any) -> int:
        return self.actions.seat_to_move(node)

    def end_value(self, node: Any) -> float | None:
        if not self.game.is_over(node):
            return None
        return self.actions.returns(node)[self.actions.seat_to_move(node)]

    def children(self, node: Any) -> Iterator[tuple[Any, Any]]:
        for move in self.game.legal_moves(node):
            yield move, self.game.play(node, move)

    def key(self, node: Any) -> Hashable:
        return self.game.format_position(node)

    def moves_left(self, node: Any) -> int | None:
        return self.actions.moves_left_bound(node)


def kernel_of(game: Game[Any, Any], actions: GameActions[Any]) -> SearchKernel[Any, Any, Any]:
    """The game's fast kernel when it has one, else its plain rules."""
    fast = game.search_kernel()
    return fast if fast is not None else PlainKernel(game, actions)
