"""An engine that leaves a helper process behind and then crashes: it forks a child
that sleeps holding the engine's stdout open, answers identify, and exits with status
3 on the next request. The crash must be reported as a crash (not as a timeout while
the helper keeps stdout open), and the helper must be killed with the engine.
``--pids FILE`` writes the engine's and the helper's process ids to FILE."""

from __future__ import annotations

import json
import os
import sys

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.helpers import fork_helper, write_pids


def main() -> int:
    helper = fork_helper()
    write_pids(os.getpid(), helper)
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        if json.loads(line).get("type") != "identify":
            print("\x1b[31mfatal\x1b[0m: giving up, my helper carries on", file=sys.stderr,
                  flush=True)
            return 3
        sys.stdout.buffer.write(engine.handle_line(line))
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
