"""An engine whose text is not text: it answers like the reference, but with
``--in name`` its name holds a line break and an ANSI escape (which must reach the
terminal escaped), with ``--in name-surrogate`` its name holds a lone surrogate, and
with ``--in answers`` every moves answer lists an extra move and gives a reason that
hold a lone surrogate (``"\\ud800"``, valid JSON syntax but not Unicode text)."""

from __future__ import annotations

import json
import sys
from typing import Any

from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class SurrogateEngine(ReferenceEngine):
    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where
        if where == "name":
            self.name = "evil\n\x1b[2J\x1b[31mengine"
        elif where == "name-surrogate":
            self.name = "evil \ud800 engine"

    def legal(self, game: Any, state: Any) -> list[str]:
        moves = super().legal(game, state)
        return [*moves, "1c3\ud800"] if self.where == "answers" and moves else moves

    def outcome(self, game: Any, state: Any) -> dict[str, Any]:
        outcome = super().outcome(game, state)
        if self.where == "answers":
            outcome["reason"] = "\ud800\x1b[31m"
        return outcome

    def handle_line(self, line: bytes) -> bytes:
        """The answer written with ASCII escapes, so the surrogate stays in it."""
        return (json.dumps(json.loads(super().handle_line(line))) + "\n").encode()


if __name__ == "__main__":
    serve(SurrogateEngine(sys.argv[sys.argv.index("--in") + 1]))
