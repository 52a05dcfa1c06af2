"""An engine that stops answering: on perft requests (or, with ``--always``, on every
request after identify) it sleeps instead of answering."""

from __future__ import annotations

import json
import sys
import time

from shibumi_rules.conformance.server import ReferenceEngine


def main() -> int:
    always = "--always" in sys.argv[1:]
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        kind = json.loads(line).get("type")
        if kind == "perft" or (always and kind != "identify"):
            time.sleep(3600)
        sys.stdout.buffer.write(engine.handle_line(line))
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
