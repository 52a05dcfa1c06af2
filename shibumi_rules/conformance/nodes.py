"""Positions the harness checks, and the reference's answers for them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..game import Game

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class Node:
    """A position the harness checks: the reference state, its canonical notation,
    and how it was reached from the start (when known)."""

    game: AnyGame
    state: Any
    notation: str
    options: dict[str, str]
    first: str | None = None
    moves: tuple[str, ...] | None = None

    def child(self, move: str) -> Node:
        after = self.game.play(self.state, self.game.parse_move(self.state, move))
        return Node(self.game, after, self.game.format_position(after), self.options,
                    self.first, None if self.moves is None else (*self.moves, move))


@dataclass
class Expected:
    """The reference's answer for a node: its outcome and, per legal move in canonical
    order, the resulting position and outcome."""

    outcome: dict[str, Any]
    children: dict[str, tuple[str, dict[str, Any]]]


def reference_expectation(node: Node) -> Expected:
    """The reference's answer for a node, computed from its rules."""
    game, state = node.game, node.state
    children = {}
    for move in game.legal_moves(state):
        after = game.play(state, move)
        children[game.format_move(move)] = (game.format_position(after),
                                             game.outcome_json(after))
    return Expected(game.outcome_json(state), children)


def decisive(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The compared part of an outcome: everything but the free-text ``reason``."""
    return {k: v for k, v in outcome.items() if k != "reason"}
