"""The reference rules with sloppy notation: legal moves listed in reverse order, and
Splink placements written higher point first (``W1c1+R1a1``). The rules are right; the
harness reports the notation and order as protocol divergences only."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


def _swap(move: str) -> str:
    first, plus, second = move.partition("+")
    return f"{second}+{first}" if plus and not first.startswith("x") else move


class SloppyNotation(ReferenceEngine):
    name = "engine with sloppy notation"

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        return [_swap(m) for m in reversed(super().legal(game, state))]


if __name__ == "__main__":
    serve(SloppyNotation())
