"""Sploof engine that allows a removal whatever the supply holds, even under
supply=limited (breaks SPF-RUL-1 / SPF-REMOVE-2). Such a removal overdraws the supply:
the engine writes the position after it with a negative supply count."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from shibumi_rules.games.sploof import rules as sploof_rules
from tests.engines.common import serve


class UnlimitedSupply(ReferenceEngine):
    name = "sploof engine with an unlimited supply"
    exact_perft = False

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        parsed = game.parse_move(state, move)
        own = state.supply[state.turn] if game.name == "sploof" else None
        if not parsed.remove or own is None or own >= sploof_rules.REMOVAL_GAIN:
            return super().child(game, state, move)
        # the reference's states refuse a negative count, so play the removal where
        # the supply is not counted and write the overdrawn counts back in
        after = game.play(game.with_options(state, {"supply": "unlimited"}), parsed)
        counts = list(state.supply[:2])
        counts[state.turn] -= sploof_rules.REMOVAL_GAIN
        notation = (game.format_position(after)
                    .replace("supply:-,-,", f"supply:{counts[0]},{counts[1]},")
                    .replace("supply=unlimited", "supply=limited"))
        return notation, game.outcome_json(after)


if __name__ == "__main__":
    sploof_rules.can_remove = lambda state: True
    serve(UnlimitedSupply())
