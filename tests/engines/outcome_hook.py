"""A base for the engines that differ from the reference only in their outcomes: the
outcome after a move goes through the same ``outcome`` hook as a position's own."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine


class OutcomeHookEngine(ReferenceEngine):
    """The reference rules; subclasses override ``outcome``."""

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)
