"""Sploof engine that lets a pinned red ball be removed (breaks SHB-PIN-1); the balls
resting on it are taken off with it."""

from __future__ import annotations

from typing import Any

from shibumi_rules.board import pinned
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.games.sploof.rules import SploofMove, can_remove
from shibumi_rules.geometry import NAMES, points_of
from shibumi_rules.notation import Colour
from tests.engines.common import cone, serve, sploof_take_off


class IgnoresPinning(ReferenceEngine):
    name = "sploof engine ignoring pinning"
    exact_perft = False

    def _pinned_reds(self, state: Any) -> list[int]:
        occupied = state.board.occupied
        return points_of(state.board.masks[Colour.RED] & pinned(occupied))

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        moves = super().legal(game, state)
        if game.name != "sploof" or not moves or not can_remove(state):
            return moves
        extra = [SploofMove(p, True) for p in self._pinned_reds(state)]
        every = [game.parse_move(state, m) for m in moves] + extra
        return [game.format_move(m) for m in sorted(every, key=lambda m: m.sort_key)]

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        if game.name == "sploof" and move.startswith("x") and move[1:] in {
                NAMES[p] for p in self._pinned_reds(state)}:
            point = NAMES.index(move[1:])
            after = sploof_take_off(state, cone(state.board.occupied, point))
            return game.format_position(after), game.outcome_json(after)
        return super().child(game, state, move)


if __name__ == "__main__":
    serve(IgnoresPinning())
