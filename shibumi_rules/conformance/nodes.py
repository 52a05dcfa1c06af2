"""Positions the harness checks, and the reference's answers for them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..contract.game import Game

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class Node:
    """A position the harness checks: the reference state, its canonical notation
    (``known``, or formatted the first time ``notation`` is read: an engine that reads
    no notation may never need it), and how it was reached from the start (when
    known)."""

    game: AnyGame
    state: Any
    known: str | None
    options: dict[str, str]
    first: str | None = None
    moves: tuple[str, ...] | None = None

    @property
    def notation(self) -> str:
        if self.known is None:
            object.__setattr__(self, "known", self.game.format_position(self.state))
        assert self.known is not None
        return self.known

    def child(self, move: str) -> Node:
        after = self.game.play(self.state, self.game.parse_move(self.state, move))
        return Node(self.game, after, None, self.options, self.first,
                    None if self.moves is None else (*self.moves, move))


@dataclass
class Expected:
    """The reference's answer for a node: its outcome and, per legal move in canonical
    order, the resulting position and outcome."""

    outcome: dict[str, Any]
    children: dict[str, tuple[str, dict[str, Any]]]
    moves: list[Any] = field(default_factory=list)
    """The reference's moves, in the order of ``children`` (empty when the answer
    comes from a vector)."""
    states: list[Any] = field(default_factory=list)
    """The position after each of ``moves``."""

    def child(self, node: Node, index: int) -> Node:
        """The node after the ``index``-th move (only when computed from the rules)."""
        text = list(self.children)[index]
        return Node(node.game, self.states[index], self.children[text][0] or None,
                    node.options, node.first,
                    None if node.moves is None else (*node.moves, text))

    def position_after(self, node: Node, move: str) -> str:
        """The canonical position after ``move``, formatting it now if the answer was
        computed without positions."""
        position = self.children[move][0]
        if position or not self.states:
            return position
        return node.game.format_position(self.states[list(self.children).index(move)])


def reference_expectation(node: Node, positions: bool = True) -> Expected:
    """The reference's answer for a node, computed from its rules; without
    ``positions`` the positions after the moves are left unformatted (empty), for an
    engine that gives none."""
    game, state = node.game, node.state
    children = {}
    moves = game.legal_moves(state)
    states = []
    for move in moves:
        after = game.play(state, move)
        states.append(after)
        children[game.format_move(move)] = (game.format_position(after) if positions
                                             else "", game.outcome_json(after))
    return Expected(game.outcome_json(state), children, moves, states)


def decisive(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The compared part of an outcome: everything but the free-text ``reason``."""
    return {k: v for k, v in outcome.items() if k != "reason"}
