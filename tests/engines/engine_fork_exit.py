"""An engine that leaves a helper process behind when it exits: it forks a child that
sleeps holding the engine's stdout open, answers every request like the reference, and
exits normally at the end of its input. The helper must be killed with the engine.
With ``--hang`` it stops answering after identify (so that the harness can be stopped
by a signal while it waits). ``--pids FILE`` writes the engine's and the helper's
process ids to FILE."""

from __future__ import annotations

import json
import os
import sys
import time

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.helpers import HELPER_LIFETIME, fork_helper, write_pids


def main() -> int:
    helper = fork_helper()
    write_pids(os.getpid(), helper)
    hang = "--hang" in sys.argv[1:]
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        if hang and json.loads(line).get("type") != "identify":
            time.sleep(HELPER_LIFETIME)
        sys.stdout.buffer.write(engine.handle_line(line))
        sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
