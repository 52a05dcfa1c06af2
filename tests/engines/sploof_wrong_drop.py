"""Sploof engine whose removal takes the whole chain above the red ball off the board
instead of letting it drop one level (breaks SHB-DROP-1)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.board import drop_chain
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve, sploof_take_off


class WrongDrop(ReferenceEngine):
    name = "sploof engine with a wrong drop"
    exact_perft = False

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        parsed = game.parse_move(state, move)
        if game.name == "sploof" and parsed.remove:
            game.play(state, parsed)  # the legality checks stay right
            chain = drop_chain(state.board.occupied, parsed.point)
            if len(chain) > 1:
                after = sploof_take_off(state, sum(1 << p for p in chain))
                return game.format_position(after), game.outcome_json(after)
        return super().child(game, state, move)


if __name__ == "__main__":
    serve(WrongDrop())
