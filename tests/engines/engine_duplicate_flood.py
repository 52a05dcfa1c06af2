"""An engine that floods its moves answers with duplicates: after the legal moves it
lists the first one again ``--count N`` times (40,000 by default), which a harness must
handle in time linear in the answer (and which the protocol's list limit refuses)."""

from __future__ import annotations

import sys
from typing import Any

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class DuplicateFlood(ReferenceEngine):
    name = "duplicate flood engine"

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def legal(self, game: Any, state: Any) -> list[str]:
        moves = super().legal(game, state)
        return moves + moves[:1] * self.count


if __name__ == "__main__":
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 40_000
    serve(DuplicateFlood(count))
