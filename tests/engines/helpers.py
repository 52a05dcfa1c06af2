"""Pieces of the misbehaving engines that start processes of their own."""

from __future__ import annotations

import os
import sys
import time

HELPER_LIFETIME = 600
"""Seconds a helper lives unless killed: long enough to outlast any test."""


def fork_helper() -> int:
    """Fork a child that sleeps while holding the engine's stdin, stdout and stderr
    open (as a careless engine's worker would); its process id."""
    pid = os.fork()
    if pid == 0:
        try:
            time.sleep(HELPER_LIFETIME)
        finally:
            os._exit(0)
    return pid


def write_pids(*pids: int) -> None:
    """With ``--pids FILE`` on the command line: add a line with the process ids to
    FILE (one ``write`` in append mode, so a reader sees whole lines; an engine that
    is restarted adds a line per start)."""
    if "--pids" not in sys.argv:
        return
    path = sys.argv[sys.argv.index("--pids") + 1]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, (" ".join(map(str, pids)) + "\n").encode())
    finally:
        os.close(fd)
