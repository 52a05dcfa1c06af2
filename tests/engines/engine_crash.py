"""An engine that dies now and then: on every request whose id is a multiple of 25 it
writes a message to stderr and exits with status 3."""

from __future__ import annotations

import json
import sys

from shibumi_rules.conformance.server import ReferenceEngine


def main() -> int:
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        request = json.loads(line)
        if isinstance(request.get("id"), int) and request["id"] % 25 == 0:
            print(f"fatal: cannot handle request {request['id']}", file=sys.stderr,
                  flush=True)
            return 3
        sys.stdout.buffer.write(engine.handle_line(line))
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
