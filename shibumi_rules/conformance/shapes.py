"""Checking responses against the protocol's schemas without paying for it on every
answer.

The full check (``protocol.validate_response``) walks every field of every child of an
``expand`` answer; on the hot path of a run that is a fifth of the time. ``ResponseCheck``
checks the shape cheaply on every response (the fields the harness reads, with their
JSON types), and the full schema on the first few responses of each type, on every
``FULL_EVERY``-th, on any response whose shape is wrong, and, when the harness asks
(``full``), on any response where a divergence was found, so that a malformed message
is reported as a protocol finding and never blamed on a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .protocol import RESPONSE_SCHEMAS, validate_response

FIRST_FULL: Final = 8
"""Responses of each type checked in full from the start of a run."""
FULL_EVERY: Final = 64
"""Then one response in this many is checked in full."""


def _is_int(value: Any) -> bool:
    return type(value) is int and value >= 0


def _outcome(value: Any) -> bool:
    return type(value) is dict and type(value.get("over")) is bool


def _moves(message: Mapping[str, Any]) -> bool:
    moves = message.get("moves")
    return type(moves) is list and all(type(m) is str and m for m in moves) \
        and _outcome(message.get("outcome"))


def _play(message: Mapping[str, Any]) -> bool:
    position = message.get("position", "")
    return type(position) is str and _outcome(message.get("outcome"))


def _expand(message: Mapping[str, Any]) -> bool:
    children = message.get("children")
    if type(children) is not list or not _outcome(message.get("outcome")):
        return False
    for child in children:
        if type(child) is not dict or type(child.get("move")) is not str \
                or not child["move"] or type(child.get("position", "")) is not str \
                or not _outcome(child.get("outcome")):
            return False
    return True


def _perft(message: Mapping[str, Any]) -> bool:
    divide = message.get("divide")
    return _is_int(message.get("depth")) and _is_int(message.get("total")) and (
        divide is None or (type(divide) is dict and all(map(_is_int, divide.values()))))


_SHAPES: Final[dict[str, Callable[[Mapping[str, Any]], bool]]] = {
    "moves": _moves, "play": _play, "expand": _expand, "perft": _perft,
}
_FIELDS: Final = {kind: frozenset(schema["properties"])
                  for kind, schema in RESPONSE_SCHEMAS.items()}


def shape_ok(message: Any, kind: str) -> bool:
    """Whether a success response has the shape the harness reads: no unknown field,
    every field it uses present with its JSON type. Errors and ``identify`` answers
    are never taken on shape alone."""
    check = _SHAPES.get(kind)
    return (check is not None and type(message) is dict and message.get("ok") is True
            and message.get("type") == kind and message.keys() <= _FIELDS[kind]
            and check(message))


class ResponseCheck:
    """The check ``EngineProcess`` applies to each response: raises ProtocolError for
    a response that breaks the schema (always found when the shape is wrong; found on
    the samples otherwise)."""

    def __init__(self, first: int = FIRST_FULL, every: int = FULL_EVERY) -> None:
        self.first = first
        self.every = every
        self.seen: dict[str, int] = {}
        self.full_checks = 0

    def __call__(self, message: Any, kind: str) -> None:
        count = self.seen[kind] = self.seen.get(kind, 0) + 1
        if count <= self.first or count % self.every == 0 or not shape_ok(message, kind):
            self.full(message, kind)

    def full(self, message: Any, kind: str) -> None:
        """The schema's whole check (ProtocolError when the message breaks it)."""
        self.full_checks += 1
        validate_response(message, kind)
