"""An engine whose answers are not UTF-8: like the reference, but every answer but
``identify`` carries an extra field whose text holds the byte 0xff, which no UTF-8 text
holds (the bytes-level twin of a lone surrogate, which the harness refuses too)."""

from __future__ import annotations

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class InvalidUtf8Engine(ReferenceEngine):
    def handle_line(self, line: bytes) -> bytes:
        answer = super().handle_line(line)
        if b"\"type\":\"identify\"" not in answer:
            return answer.replace(b'"ok":true', b'"ok":true,"note":"caf\xff"', 1)
        return answer


if __name__ == "__main__":
    serve(InvalidUtf8Engine())
