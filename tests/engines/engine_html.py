"""An engine whose every string holds HTML, Markdown links and backticks: its name and
version, an option name and value it declares, its first players, its deviations (one
from a real ruling, one from a ruling that does not exist), lines it prints that are
not answers, the message of an internal error, its stderr, and a move it lists. A
published Markdown report of it must show all of that as text, never as markup. With
``--plain`` the same strings hold plain words instead: the same report, harmless."""

from __future__ import annotations

import os
import sys
from typing import Any

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve

EVIL = ("<img src=x onerror=alert(1)><script>alert(2)</script>"
        "<iframe src=javascript:alert(3)></iframe>[x](javascript:alert(4))"
        "` <b>code</b> ``*em* _em_ {: onclick=alert(5) } <https://evil.example>")


PLAIN = "plain words"


class HtmlEngine(ReferenceEngine):
    exact_perft = False

    def __init__(self, evil: str) -> None:
        super().__init__()
        self.requests = 0
        self.evil = evil
        self.name = f"engine {evil}"
        self.version = f"1.0 {evil}"

    def identify(self) -> Message:
        reply = super().identify()
        reply["games"] = {"sploof": reply["games"]["sploof"]}
        info = reply["games"]["sploof"]
        info["options"][f"opt{self.evil}"] = {"default": self.evil, "values": [self.evil]}
        info["first"] = [*info["first"], self.evil]
        info["deviations"] = [{"ruling": "SPF-RUL-2", "reading": self.evil},
                              {"ruling": self.evil, "reading": self.evil}]
        return reply

    def legal(self, game: AnyGame, state: Any) -> list[str]:
        moves = super().legal(game, state)
        return [*moves, self.evil] if moves else moves

    def answer(self, request: Message) -> Message:
        self.requests += 1
        if request["type"] != "identify" and self.requests % 7 == 3:
            raise RuntimeError(f"internal {self.evil}")
        if request["type"] == "perft" and request["depth"] == 1 and \
                not request["position"].get("moves"):
            sys.stderr.write(f"dying {self.evil}\n")
            sys.stderr.flush()
            os._exit(3)
        return super().answer(request)

    def handle_line(self, line: bytes) -> bytes:
        sys.stderr.write(f"stderr {self.evil}\n")
        sys.stderr.flush()
        return f"stray {self.evil}\n".encode() + super().handle_line(line)


if __name__ == "__main__":
    serve(HtmlEngine(PLAIN if "--plain" in sys.argv else EVIL))
