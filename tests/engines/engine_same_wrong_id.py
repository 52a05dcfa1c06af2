"""An engine that answers every request after identify with the reference's answer
under one wrong id (0): each answer is a stray line, never the response awaited, so
every request times out. By the protocol's text a stray line is a finding, so the run
is DIVERGENT, not only an ERROR of timeouts."""

from __future__ import annotations

import json
import sys

from shibumi_rules.conformance.server import ReferenceEngine


def main() -> int:
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        request = json.loads(line)
        reply = engine.handle(request)
        if request.get("type") != "identify":
            reply["id"] = 0
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
