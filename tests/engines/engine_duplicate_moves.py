"""The reference rules, but every list of legal moves repeats each move many times
(``--copies N`` entries in all, 8,000 by default: within the protocol's limit on a
list, so the answer is read): the harness must report the duplicates once, play each
move once, and stay fast."""

from __future__ import annotations

import sys
from typing import Any

from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


class DuplicateMoves(ReferenceEngine):
    name = "engine repeating its moves"
    features = ("notation", "startpos", "perft")

    def __init__(self, copies: int) -> None:
        super().__init__()
        self.copies = copies

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        moves = super().legal(game, state)
        return [m for m in moves for _ in range(max(1, self.copies // max(len(moves), 1)))]

    def perft(self, game: AnyGame, state: Any, depth: int) -> int:
        return game.perft(state, depth)

    def divide(self, game: AnyGame, state: Any, depth: int) -> dict[str, int]:
        return dict(game.divide(state, depth))


if __name__ == "__main__":
    args = sys.argv[1:]
    serve(DuplicateMoves(int(args[args.index("--copies") + 1]) if "--copies" in args
                         else 8_000))
