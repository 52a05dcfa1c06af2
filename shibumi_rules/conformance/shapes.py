"""Checking messages against the protocol's schemas at the speed of the hot path.

The full check (``protocol.validate_request``, ``protocol.validate_response``) walks the
schema for every field of every child of an ``expand`` answer; on the hot path of a run
that was a fifth of the time. ``request_ok`` and ``response_ok`` are sufficient tests:
they say True only of messages the schema accepts, with a few type tests per field, for
the shapes engines send (ASCII strings, the outcome fields the protocol names). Any
other message goes to the full check, which decides and says what is wrong. So every
message is checked against its schema in full, and an ordinary one costs only its shape
test; a Hypothesis test holds both tests to the schemas.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..limits import MAX_LIST_ITEMS
from .protocol import ERROR_KINDS, validate_response

_Test = Callable[[Mapping[str, Any]], bool]


def _text(value: Any) -> bool:
    """A JSON string that is surely Unicode text (ASCII cannot hold a lone surrogate)."""
    return type(value) is str and value.isascii()


def _word(value: Any) -> bool:
    """A non-empty string (``minLength: 1``)."""
    return type(value) is str and value != "" and value.isascii()


def _count(value: Any) -> bool:
    """A JSON integer of at least 0 (``true`` is not an integer)."""
    return type(value) is int and value >= 0


def _id(value: Any) -> bool:
    return type(value) is int or _text(value)


def _outcome(value: Any) -> bool:
    """An outcome with ``over`` and only the fields the protocol names, each of its
    type (an engine's own extra fields go to the full check)."""
    if type(value) is not dict or type(value.get("over")) is not bool:
        return False
    for key, item in value.items():
        if key == "over":
            continue
        if key == "winner" or key == "reason":
            if item is not None and not _text(item):
                return False
        elif key == "draw":
            if type(item) is not bool:
                return False
        elif key != "score" or not _count(item):
            return False
    return True


def _moves(message: Mapping[str, Any]) -> bool:
    moves = message.get("moves")
    return type(moves) is list and len(moves) <= MAX_LIST_ITEMS \
        and all(map(_word, moves)) and _outcome(message.get("outcome"))


def _play(message: Mapping[str, Any]) -> bool:
    return ("position" not in message or _text(message["position"])) \
        and _outcome(message.get("outcome"))


_CHILD_FIELDS: Final = frozenset({"move", "position", "outcome"})


def _expand(message: Mapping[str, Any]) -> bool:
    children = message.get("children")
    if type(children) is not list or len(children) > MAX_LIST_ITEMS \
            or not _outcome(message.get("outcome")):
        return False
    for child in children:
        if type(child) is not dict or not child.keys() <= _CHILD_FIELDS \
                or not _word(child.get("move")) or not _outcome(child.get("outcome")) \
                or ("position" in child and not _text(child["position"])):
            return False
    return True


def _perft(message: Mapping[str, Any]) -> bool:
    divide = message.get("divide")
    return _count(message.get("depth")) and _count(message.get("total")) and (
        divide is None or (type(divide) is dict and all(map(_text, divide))
                           and all(map(_count, divide.values()))))


_RESPONSES: Final[dict[str, tuple[frozenset[str], frozenset[str], _Test]]] = {
    "moves": (frozenset({"moves", "outcome"}), frozenset(), _moves),
    "play": (frozenset({"outcome"}), frozenset({"position"}), _play),
    "expand": (frozenset({"outcome", "children"}), frozenset(), _expand),
    "perft": (frozenset({"depth", "total"}), frozenset({"divide"}), _perft),
}
"""Per response type: the fields it requires besides ``id``, ``ok`` and ``type``, the
optional ones, and the test of their values."""
_SUCCESS: Final = frozenset({"id", "ok", "type"})
_ERROR_FIELDS: Final = frozenset({"id", "ok", "error"})
_ERROR_DETAIL: Final = frozenset({"kind", "message", "rule_id"})
_ERROR_KINDS: Final = frozenset(ERROR_KINDS)


def _error(message: Mapping[str, Any]) -> bool:
    error = message.get("error")
    return (message.keys() == _ERROR_FIELDS and (message["id"] is None or _id(message["id"]))
            and type(error) is dict and error.keys() <= _ERROR_DETAIL
            and type(error.get("kind")) is str and error["kind"] in _ERROR_KINDS
            and _text(error.get("message"))
            and (error.get("rule_id") is None or _text(error["rule_id"])))


def response_ok(message: Any, kind: str) -> bool:
    """True only when the response to a ``kind`` request satisfies its schema (a success
    or an error); False says nothing: the full check decides. ``identify`` answers always
    go to the full check."""
    if type(message) is not dict:
        return False
    ok = message.get("ok")
    if ok is False:
        return _error(message)
    shape = _RESPONSES.get(kind)
    if shape is None or ok is not True or message.get("type") != kind:
        return False
    required, optional, test = shape
    keys = message.keys() - _SUCCESS
    return message.keys() >= _SUCCESS and keys >= required and keys <= required | optional \
        and _id(message["id"]) and test(message)


def _options(value: Any) -> bool:
    return type(value) is dict and all(map(_text, value)) \
        and all(map(_text, value.values()))


_POSITION_FIELDS: Final = frozenset({"notation", "first", "moves"})


def _position(value: Any) -> bool:
    if type(value) is not dict or not value.keys() <= _POSITION_FIELDS:
        return False
    if "notation" in value:
        return "first" not in value and _word(value["notation"]) and (
            "moves" not in value or _move_list(value["moves"]))
    first = value.get("first")
    return (first is None or _text(first)) and (
        "moves" not in value or _move_list(value["moves"]))


def _move_list(value: Any) -> bool:
    return type(value) is list and len(value) <= MAX_LIST_ITEMS and all(map(_word, value))


_REQUESTS: Final[dict[str, frozenset[str]]] = {
    "moves": frozenset(),
    "expand": frozenset(),
    "play": frozenset({"move"}),
    "perft": frozenset({"depth"}),
}
"""Per request about a position: the fields it requires besides ``id``, ``type``,
``game``, ``options`` and ``position`` (``perft`` may add ``divide``)."""
_POSITIONAL: Final = frozenset({"id", "type", "game", "options", "position"})


def request_ok(message: Any) -> bool:
    """True only when a request satisfies its schema; False says nothing: the full
    check decides (``identify`` always goes to it)."""
    if type(message) is not dict:
        return False
    kind = message.get("type")
    extra = _REQUESTS.get(kind) if type(kind) is str else None
    if extra is None:
        return False
    keys = message.keys() - _POSITIONAL
    if not (message.keys() >= _POSITIONAL and keys >= extra
            and keys <= (extra | {"divide"} if "depth" in extra else extra)):
        return False
    if not (_id(message["id"]) and _word(message["game"])
            and _options(message["options"]) and _position(message["position"])):
        return False
    if "move" in extra:
        return _word(message["move"])
    if "depth" in extra:
        return _count(message["depth"]) and type(message.get("divide", False)) is bool
    return True


class ResponseCheck:
    """The check ``EngineProcess`` applies to each response: raises ProtocolError for
    a response that breaks its schema. The shape test passes ordinary responses; every
    other one is checked in full (``full_checks`` counts them)."""

    def __init__(self) -> None:
        self.full_checks = 0

    def __call__(self, message: Any, kind: str) -> None:
        if not response_ok(message, kind):
            self.full(message, kind)

    def full(self, message: Any, kind: str) -> None:
        """The schema's whole check (ProtocolError when the message breaks it)."""
        self.full_checks += 1
        validate_response(message, kind)
