"""An engine that floods its moves answers with duplicates: after the legal moves it
lists the first one again ``--count N`` times (40,000 by default), which a harness must
handle in time linear in the answer (and which the protocol's list limit refuses).
It answers neither expand nor perft, so a harness has to ask for the moves and play
each one listed. Every other answer is the reference's."""

from __future__ import annotations

import sys

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class DuplicateFlood(ReferenceEngine):
    name = "duplicate flood engine"
    features = ("notation", "startpos")

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count

    def answer(self, request: Message) -> Message:
        reply = super().answer(request)
        if reply["type"] == "moves":
            reply["moves"] += reply["moves"][:1] * self.count
        return reply


if __name__ == "__main__":
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 40_000
    serve(DuplicateFlood(count))
