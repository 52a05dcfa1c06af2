"""An engine with a messy output: before its answers it prints text that is not JSON,
a truncated JSON line, a response with another id, an over-long line, and a lot on
stderr. With ``--flood`` it prints without end instead of answering."""

from __future__ import annotations

import sys

from shibumi_rules.conformance.server import ReferenceEngine


def main() -> int:
    flood = "--flood" in sys.argv[1:]
    engine = ReferenceEngine()
    out = sys.stdout.buffer
    for count, line in enumerate(sys.stdin.buffer):
        answer = engine.handle_line(line)
        if flood and count > 0:
            chunk = b"x" * (1 << 20)
            while True:
                out.write(chunk)
        sys.stderr.write("debug: " + "." * 5000 + "\n")
        if count % 3 == 1:
            out.write(b"info: thinking...\n")
        elif count % 3 == 2:
            out.write(answer[: len(answer) // 2] + b"\n")
        if count == 4:
            out.write(b'{"id": -1, "ok": true}\n')
        if count == 5:
            out.write(b"y" * (9 << 20) + b"\n")
        out.write(answer)
        out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
