"""The reference rules behind a minimal protocol surface: positions only as the start
plus moves, and neither expand nor perft. It is conformant; vectors are skipped."""

from __future__ import annotations

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class StartposOnly(ReferenceEngine):
    name = "start-and-moves engine"
    features = ("startpos",)


if __name__ == "__main__":
    serve(StartposOnly())
