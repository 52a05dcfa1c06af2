"""Spline engine that reads positions only as the start plus moves and ignores the
``first`` of a request: every game is played as if White had begun, so a game Black
began comes back with its colours swapped at every ply (breaks SPL-RUL-4). Each
position it gives follows the rules from the one before, so the harness must see the
swap, not blame placement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shibumi_rules.conformance.server import ReferenceEngine, available_games
from tests.engines.common import serve


class IgnoresFirst(ReferenceEngine):
    name = "spline engine that ignores who begins"
    features = ("startpos", "expand")

    def __init__(self) -> None:
        super().__init__({"spline": available_games()["spline"]})

    def resolve(self, name: str, options: Mapping[str, str],
                position: Mapping[str, Any]) -> Any:
        return super().resolve(name, options, {k: v for k, v in position.items()
                                               if k != "first"})


if __name__ == "__main__":
    serve(IgnoresFirst())
