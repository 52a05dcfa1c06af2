"""The reference rules for a Spline engine that lets only White begin: it declares
``first: ["white"]`` (with ``--no-first``, no ``first`` list at all, which means the
default player only) and refuses a game Black began, whether the request says so
(``first``) or the position shows it (its counts). It conforms; the harness must send
it neither Black-started vectors nor Black-started perft roots."""

from __future__ import annotations

import sys
from typing import Any

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import ReferenceEngine, available_games
from tests.engines.common import serve


class SplineWhiteFirstOnly(ReferenceEngine):
    name = "spline engine where White always begins"

    def __init__(self, declare_first: bool) -> None:
        super().__init__({"spline": available_games()["spline"]})
        self.declare_first = declare_first

    def identify(self) -> Message:
        reply = super().identify()
        info = reply["games"]["spline"]
        if self.declare_first:
            info["first"] = ["white"]
        else:
            info.pop("first", None)
        return reply

    def handle(self, request: Any) -> Message:
        position = request.get("position") if isinstance(request, dict) else None
        if isinstance(position, dict) and self._black_began(position):
            return {"id": request.get("id"), "ok": False,
                    "error": {"kind": "unsupported", "message": "White always begins",
                              "rule_id": None}}
        return super().handle(request)

    def _black_began(self, position: dict[str, Any]) -> bool:
        if position.get("first") == "black":
            return True
        notation = position.get("notation")
        if not isinstance(notation, str) or len(notation.split()) < 2:
            return False
        board, turn = notation.split()[:2]
        white, black = board.count("W"), board.count("B")
        return black > white or (black == white and turn == "black")

if __name__ == "__main__":
    serve(SplineWhiteFirstOnly(declare_first="--no-first" not in sys.argv[1:]))
