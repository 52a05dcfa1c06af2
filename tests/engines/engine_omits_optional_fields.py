"""The reference rules behind the barest answers the protocol's schemas allow: outcomes
without ``reason`` and without ``winner``, ``draw`` or ``score`` where they say nothing
(null, false), positions without their options suffix (the request gives the options),
perft without ``divide``, and an identify reply without ``first`` (so only the
reference's default first player). It conforms: none of this is a divergence."""

from __future__ import annotations

from typing import Any

from shibumi_rules.conformance.protocol import Message
from shibumi_rules.conformance.server import AnyGame, ReferenceEngine
from tests.engines.common import serve


def bare(outcome: dict[str, Any]) -> dict[str, Any]:
    """The outcome without its reason and without fields that say nothing."""
    return {k: v for k, v in outcome.items()
            if k != "reason" and (k == "over" or not (v is None or v is False))}


def without_options(position: str) -> str:
    return " ".join(field for field in position.split() if "=" not in field)


class OmitsOptionalFields(ReferenceEngine):
    name = "engine giving only the required fields"

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return bare(super().outcome(game, state))

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        position, outcome = super().child(game, state, move)
        return without_options(position), bare(outcome)

    def perft(self, game: AnyGame, state: Any, depth: int) -> int:
        return game.perft(state, depth)

    def divide(self, game: AnyGame, state: Any, depth: int) -> dict[str, int]:
        return dict(game.divide(state, depth))

    def identify(self) -> Message:
        reply = super().identify()
        for info in reply["games"].values():
            info.pop("first", None)
        return reply

    def answer(self, request: Message) -> Message:
        reply = super().answer(request)
        if reply.get("type") == "perft":
            reply.pop("divide", None)
        return reply


if __name__ == "__main__":
    serve(OmitsOptionalFields())
