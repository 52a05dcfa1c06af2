"""An engine that answers identify at once and then drips: each later answer is
written one byte every 0.2 s, so that it never completes within a short timeout while
output keeps arriving. With ``--strays`` it prints a stray line every 0.05 s instead of
answering. Either way a request must end at its deadline, not be kept alive by the
trickle."""

from __future__ import annotations

import json
import sys
import time

from shibumi_rules.conformance.server import ReferenceEngine

DRIP_SECONDS = 0.2
STRAY_SECONDS = 0.05
GIVE_UP = 600
"""Seconds after which the engine stops dripping, so that it cannot outlive a test."""


def main() -> int:
    strays = "--strays" in sys.argv[1:]
    engine = ReferenceEngine()
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        answer = engine.handle_line(line)
        if json.loads(line).get("type") == "identify":
            out.write(answer)
            out.flush()
            continue
        began = time.monotonic()
        if strays:
            while time.monotonic() - began < GIVE_UP:
                out.write(b"info: still thinking\n")
                out.flush()
                time.sleep(STRAY_SECONDS)
        for byte in answer:
            if time.monotonic() - began > GIVE_UP:
                break
            out.write(bytes([byte]))
            out.flush()
            time.sleep(DRIP_SECONDS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
