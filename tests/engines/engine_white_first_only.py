"""The reference rules for an engine that lets only White move first: it declares
``first: ["white"]`` and refuses a game started by Black. It conforms; the harness
must send it neither Black-first games nor positions only such games reach."""

from __future__ import annotations

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import ReferenceEngine
from tests.engines.common import serve


class Refused(Exception):
    pass


class WhiteFirstOnly(ReferenceEngine):
    name = "engine where White always starts"

    def identify(self) -> Message:
        reply = super().identify()
        for info in reply["games"].values():
            if info.get("first"):
                info["first"] = ["white"]
        return reply

    def handle(self, request: object) -> Message:
        if isinstance(request, dict) and isinstance(request.get("position"), dict):
            position = request["position"]
            notation = position.get("notation", "")
            setup_black = notation.startswith("RRRR,R..R,R..R,RRRR/...,...,.../..,../. "
                                              "black stock:2,2 ")
            if position.get("first") == "black" or setup_black:
                return {"id": request.get("id"), "ok": False,
                        "error": {"kind": "unsupported", "message": "White starts",
                                  "rule_id": None}}
        return super().handle(request)


if __name__ == "__main__":
    serve(WhiteFirstOnly())
