"""A known implementation that has changed: the engine of
``sploof_unlimited_both_lines_to_black`` (Black wins both lines under the unlimited
supply, its expected divergence on SPF-RUL-2), under the same name, that now also lets
a pinned red ball be removed (a new divergence, on SHB-PIN-1). Checked against the
expectations of the first, it must fail."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame
from shibumi_rules.geometry import NAMES
from tests.engines.common import serve
from tests.engines.sploof_ignores_pinning import IgnoresPinning
from tests.engines.sploof_unlimited_both_lines_to_black import UnlimitedBothLinesToBlack


class NewDivergence(UnlimitedBothLinesToBlack, IgnoresPinning):
    name = UnlimitedBothLinesToBlack.name
    exact_perft = False

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        pinned = {f"x{NAMES[p]}" for p in self._pinned_reds(state)} \
            if game.name == "sploof" else set()
        if move in pinned:
            return IgnoresPinning.child(self, game, state, move)
        return UnlimitedBothLinesToBlack.child(self, game, state, move)


if __name__ == "__main__":
    serve(NewDivergence())
