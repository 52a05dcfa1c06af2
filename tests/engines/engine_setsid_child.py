"""An engine that starts a daemon-like helper: the helper calls ``setsid()`` (leaving
the engine's process group and session), lets go of the engine's pipes and sleeps. The
engine answers like the reference. Killing the engine's group does not reach such a
helper; the harness must still end it with the run. ``--pids FILE`` writes the
engine's and the helper's process ids to FILE."""

from __future__ import annotations

import os
import sys
import time

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.helpers import HELPER_LIFETIME, write_pids


def detached_helper() -> int:
    pid = os.fork()
    if pid == 0:
        try:
            os.setsid()
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            time.sleep(HELPER_LIFETIME)
        finally:
            os._exit(0)
    return pid


def main() -> int:
    write_pids(os.getpid(), detached_helper())
    return ReferenceEngine().serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    raise SystemExit(main())
