"""Spline engine that places every ball right but leaves the turn with the mover in
the positions it gives after a move: the board field is the reference's, the player
to move is not, and the reference cannot read such a position (SPL-TURN-1). The harness
must blame the turn rule the parse error names, not placement."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import ReferenceEngine, available_games
from tests.engines.common import serve


class TurnNotPassed(ReferenceEngine):
    name = "spline engine that does not pass the turn"

    def __init__(self) -> None:
        super().__init__({"spline": available_games()["spline"]})

    def child(self, game: Any, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        notation, outcome = super().child(game, state, move)
        fields = notation.split()
        fields[1] = state.turn.label
        return " ".join(fields), outcome

    def perft(self, game: Any, state: Any, depth: int) -> int:
        return int(game.perft(state, depth))

    def divide(self, game: Any, state: Any, depth: int) -> dict[str, int]:
        return dict(game.divide(state, depth))


if __name__ == "__main__":
    serve(TurnNotPassed())
