"""Splink engine whose scoring table has one pair too many: the contact between 1c3
(an inner point) and 2b2 scores (breaks SPK-SCORE-1 / SPK-RUL-9)."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.notation import parse_point
from tests.engines.common import serve

EXTRA_PAIR = (parse_point("1c3"), parse_point("2b2"))


class WrongScorePair(ReferenceEngine):
    name = "splink engine with a wrong scoring pair"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        result = super().outcome(game, state)
        if game.name == "splink":
            a, b = EXTRA_PAIR
            red, white = state.red, state.white
            if (red >> a & 1 and white >> b & 1) or (white >> a & 1 and red >> b & 1):
                result = {**result, "score": result["score"] + 1}
        return result

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), self.outcome(game, after)


if __name__ == "__main__":
    serve(WrongScorePair())
