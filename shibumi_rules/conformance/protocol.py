"""The engine protocol: newline-delimited JSON, one request and one response per line.

Every request carries an ``id`` (echoed by its response) and a ``type``. Requests about a
position are self-contained: the game, every option, and the position, given either in
position notation (``{"notation": P}``) or as the start position plus moves
(``{"first": "white", "moves": [...]}``, like UCI's ``position startpos moves``), so an
engine can be stateless. The reply to ``identify`` says which forms and optional
requests an engine supports.

The message schemas below are the single definition of the protocol: ``validate`` checks
messages against them at run time (with a small JSON Schema subset, standard library
only), and ``spec/protocol/*.schema.json`` are generated from them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from ..limits import MAX_LIST_ITEMS

PROTOCOL_VERSION: Final = 1

REQUEST_TYPES: Final = ("identify", "moves", "play", "expand", "perft")
"""``identify``, ``moves`` and ``play`` are required; ``expand`` and ``perft`` optional."""

FEATURES: Final = ("notation", "startpos", "expand", "perft")
"""What an engine may declare: the position forms it reads (``notation``: position
notation; ``startpos``: start position plus moves) and the optional requests."""

ERROR_KINDS: Final = (
    "illegal-move",  # the move is well formed but the rules forbid it
    "notation",  # a position or move that does not parse
    "position",  # a position that parses but cannot exist
    "option",  # an unknown option or value
    "unsupported",  # a game, option value, position form or request type not supported
    "request",  # the request is not valid protocol
    "internal",  # the engine failed
)

Message = dict[str, Any]

# -- schemas -----------------------------------------------------------------------

_DEFS: Final[dict[str, Any]] = {
    "id": {
        "description": "Chosen by the harness; the response echoes it.",
        "type": ["integer", "string"],
    },
    "game": {"type": "string", "minLength": 1, "description": "Game name, e.g. sploof."},
    "options": {
        "description": "Every option of the game with its value (name=value pairs of the "
                       "rulings).",
        "type": "object",
        "additionalProperties": {"type": "string"},
    },
    "position": {
        "description": "Position notation, or the start position (with its first player "
                       "where the game lets either side start) followed by moves.",
        "type": "object",
        "properties": {
            "notation": {"type": "string", "minLength": 1},
            "first": {"type": ["string", "null"]},
            "moves": {"type": "array", "items": {"type": "string", "minLength": 1}},
        },
        "additionalProperties": False,
        "not": {"required": ["notation", "first"]},
    },
    "outcome": {
        "description": "The game's outcome object, as in `play --json`: Sploof has over, "
                       "winner, draw, reason; Splink has over, score, reason. `reason` is "
                       "free text and is not compared.",
        "type": "object",
        "required": ["over"],
        "properties": {
            "over": {"type": "boolean"},
            "winner": {"type": ["string", "null"]},
            "draw": {"type": "boolean"},
            "score": {"type": "integer", "minimum": 0},
            "reason": {"type": ["string", "null"]},
        },
    },
    "move": {"type": "string", "minLength": 1, "description": "Canonical move notation."},
    "option_values": {
        "type": "object",
        "required": ["default", "values"],
        "properties": {
            "default": {"type": "string"},
            "values": {
                "description": "Supported values; null means a non-negative integer or "
                               "'none'.",
                "type": ["array", "null"],
                "items": {"type": "string"},
            },
        },
        "additionalProperties": False,
    },
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _request(kind: str, description: str, positional: bool,
             extra: Mapping[str, Any] | None = None, required: tuple[str, ...] = ()
             ) -> dict[str, Any]:
    props: dict[str, Any] = {"id": _ref("id"), "type": {"const": kind}}
    need = ["id", "type"]
    if positional:
        props.update(game=_ref("game"), options=_ref("options"), position=_ref("position"))
        need += ["game", "options", "position"]
    props.update(extra or {})
    return {"description": description, "type": "object", "properties": props,
            "required": need + list(required), "additionalProperties": False}


def _response(kind: str, description: str, extra: Mapping[str, Any],
              required: tuple[str, ...]) -> dict[str, Any]:
    props: dict[str, Any] = {"id": _ref("id"), "ok": {"const": True},
                             "type": {"const": kind}}
    props.update(extra)
    return {"description": description, "type": "object", "properties": props,
            "required": ["id", "ok", "type", *required], "additionalProperties": False}


REQUEST_SCHEMAS: Final[dict[str, dict[str, Any]]] = {
    "identify": _request(
        "identify", "First request of a session: who the engine is and what it supports.",
        False, {"protocol": {"type": "integer", "minimum": 1}}),
    "moves": _request(
        "moves", "The legal moves of a position and its outcome.", True),
    "play": _request(
        "play", "Play one move: the resulting position and outcome, or a rejection.", True,
        {"move": _ref("move")}, ("move",)),
    "expand": _request(
        "expand", "Optional: every legal move with its resulting position and outcome.",
        True),
    "perft": _request(
        "perft", "Optional: leaves of the legal-move tree, split by first move on request.",
        True, {"depth": {"type": "integer", "minimum": 0}, "divide": {"type": "boolean"}},
        ("depth",)),
}

_GAME_INFO: Final = {
    "type": "object",
    "required": ["options"],
    "properties": {
        "options": {"type": "object", "additionalProperties": _ref("option_values")},
        "first": {"type": "array", "items": {"type": "string"},
                  "description": "Who may move first (empty when the game fixes it); "
                                 "when absent, only the game's default first player."},
        "deviations": {
            "type": "array",
            "description": "Rulings for which the engine follows a reading that is none "
                           "of the ruling's alternatives; the harness reports each as a "
                           "declared deviation, with the positions where it changes the "
                           "answer.",
            "items": {
                "type": "object",
                "required": ["ruling", "reading"],
                "properties": {
                    "ruling": {"type": "string", "minLength": 1,
                               "description": "The ruling's ID, e.g. SPF-RUL-2."},
                    "reading": {"type": "string",
                                "description": "The engine's reading, in a sentence."},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}
_CHILD: Final = {
    "type": "object",
    "required": ["move", "outcome"],
    "properties": {"move": _ref("move"), "position": {"type": "string"},
                   "outcome": _ref("outcome")},
    "additionalProperties": False,
}

RESPONSE_SCHEMAS: Final[dict[str, dict[str, Any]]] = {
    "identify": _response(
        "identify", "Who the engine is, the games and option values it plays, and its "
                    "features (position forms and optional requests).",
        {"name": {"type": "string"}, "version": {"type": "string"},
         "protocol": {"type": "integer", "minimum": 1},
         "games": {"type": "object", "additionalProperties": _GAME_INFO},
         "features": {"type": "array", "items": {"enum": list(FEATURES)}}},
        ("name", "version", "protocol", "games", "features")),
    "moves": _response(
        "moves", "The legal moves (canonical notation, canonical order; empty when the "
                 "game is over) and the position's outcome.",
        {"moves": {"type": "array", "items": _ref("move")}, "outcome": _ref("outcome")},
        ("moves", "outcome")),
    "play": _response(
        "play", "The position after the move (when the engine reads notation) and its "
                "outcome.",
        {"position": {"type": "string"}, "outcome": _ref("outcome")},
        ("outcome",)),
    "expand": _response(
        "expand", "The position's outcome and, for every legal move in canonical order, "
                  "the resulting position (when the engine reads notation) and outcome.",
        {"outcome": _ref("outcome"), "children": {"type": "array", "items": _CHILD}},
        ("outcome", "children")),
    "perft": _response(
        "perft", "Leaf count at the depth; with divide, the count below each first move.",
        {"depth": {"type": "integer", "minimum": 0},
         "total": {"type": "integer", "minimum": 0},
         "divide": {"type": ["object", "null"],
                    "additionalProperties": {"type": "integer", "minimum": 0}}},
        ("depth", "total")),
}

ERROR_SCHEMA: Final[dict[str, Any]] = {
    "description": "Any request may be answered with an error; an illegal move must be.",
    "type": "object",
    "properties": {
        "id": {"type": ["integer", "string", "null"],
               "description": "The request's id, or null when it could not be read."},
        "ok": {"const": False},
        "error": {
            "type": "object",
            "required": ["kind", "message"],
            "properties": {
                "kind": {"enum": list(ERROR_KINDS)},
                "message": {"type": "string"},
                "rule_id": {"type": ["string", "null"]},
            },
            "additionalProperties": False,
        },
    },
    "required": ["id", "ok", "error"],
    "additionalProperties": False,
}


def schema_documents() -> dict[str, dict[str, Any]]:
    """One standalone JSON Schema (draft 2020-12) per message, keyed by file name."""
    docs: dict[str, dict[str, Any]] = {}

    def document(name: str, title: str, body: dict[str, Any]) -> None:
        doc: dict[str, Any] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://shibumi-rules.example/protocol/v{PROTOCOL_VERSION}/{name}",
            "title": title,
        }
        doc.update(body)
        used = _refs_in(body)
        if used:
            doc["$defs"] = {k: _DEFS[k] for k in sorted(used)}
        docs[name] = doc

    for kind, body in REQUEST_SCHEMAS.items():
        document(f"request-{kind}.schema.json", f"{kind} request", body)
    for kind, body in RESPONSE_SCHEMAS.items():
        document(f"response-{kind}.schema.json", f"{kind} response", body)
    document("response-error.schema.json", "error response", ERROR_SCHEMA)
    return docs


def _refs_in(node: Any) -> set[str]:
    """Names of every ``$defs`` entry a schema uses, followed transitively."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name not in found:
                    found.add(name)
                    stack.append(_DEFS[name])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


# -- validation ----------------------------------------------------------------------

class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says where."""


_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,),
    "integer": (int,), "number": (int, float), "null": (type(None),),
}


def _type_ok(value: Any, name: str) -> bool:
    if name in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[name])


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) \
        else a == b


def _check(value: Any, schema: Mapping[str, Any], where: str) -> None:
    """The JSON Schema subset the protocol schemas use."""
    if "$ref" in schema:
        _check(value, _DEFS[schema["$ref"].removeprefix("#/$defs/")], where)
        return
    if "const" in schema and not _same(value, schema["const"]):
        raise ProtocolError(f"{where}: expected {json.dumps(schema['const'])}")
    if "enum" in schema and not any(_same(value, v) for v in schema["enum"]):
        raise ProtocolError(f"{where}: {json.dumps(value)[:40]} is not one of "
                            f"{', '.join(map(str, schema['enum']))}")
    kinds = schema.get("type")
    if kinds is not None:
        names = [kinds] if isinstance(kinds, str) else kinds
        if not any(_type_ok(value, n) for n in names):
            raise ProtocolError(f"{where}: expected {' or '.join(names)}, "
                                f"found {type(value).__name__}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            raise ProtocolError(f"{where}: empty string")
        if not value.isascii():
            _check_text(value, where)
    if isinstance(value, list) and len(value) > MAX_LIST_ITEMS:
        raise ProtocolError(f"{where}: {len(value):,} items, over the limit of "
                            f"{MAX_LIST_ITEMS:,}")
    if isinstance(value, int) and not isinstance(value, bool) and "minimum" in schema \
            and value < schema["minimum"]:
        raise ProtocolError(f"{where}: {value} is below {schema['minimum']}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            _check(item, schema["items"], f"{where}[{i}]")
    if isinstance(value, dict):
        _check_object(value, schema, where)


def _check_text(value: str, where: str) -> None:
    """JSON strings must be Unicode text: a lone surrogate (``"\\ud800"``) is not."""
    if not is_text(value):
        at = next(i for i, c in enumerate(value) if "\ud800" <= c <= "\udfff")
        raise ProtocolError(f"{where}: not Unicode text (a lone surrogate "
                            f"{value[at]!a} at character {at + 1})")


def _check_object(value: dict[str, Any], schema: Mapping[str, Any], where: str) -> None:
    for key in value:
        if not key.isascii():
            _check_text(key, f"{where}: a field name")
    for key in schema.get("required", ()):
        if key not in value:
            raise ProtocolError(f"{where}: missing {key!r}")
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in props:
            _check(item, props[key], f"{where}.{key}")
        elif extra is False:
            raise ProtocolError(f"{where}: unexpected field {key!r}")
        elif isinstance(extra, dict):
            _check(item, extra, f"{where}.{key}")
    banned = schema.get("not", {}).get("required")
    if banned and all(k in value for k in banned):
        raise ProtocolError(f"{where}: {' and '.join(map(repr, banned))} exclude each other")


def validate_outcome(value: Any, where: str) -> None:
    """Check an outcome object against the protocol's ``outcome`` definition (a vector's
    expected outcomes are checked by the same rule as an engine's)."""
    _check(value, _DEFS["outcome"], where)


def validate_request(message: Any) -> Message:
    """Check a request against its schema; return it (ProtocolError if invalid)."""
    if not isinstance(message, dict):
        raise ProtocolError("request: expected a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in REQUEST_SCHEMAS:
        raise ProtocolError(f"request.type: {json.dumps(kind)[:40]} is not one of "
                            f"{', '.join(REQUEST_TYPES)}")
    _check(message, REQUEST_SCHEMAS[kind], "request")
    return message


def validate_response(message: Any, expected_type: str) -> Message:
    """Check a response to a request of ``expected_type`` (a success or an error)."""
    if not isinstance(message, dict):
        raise ProtocolError("response: expected a JSON object")
    if message.get("ok") is False:
        _check(message, ERROR_SCHEMA, "response")
    else:
        _check(message, RESPONSE_SCHEMAS[expected_type], "response")
    return message


_ID_RE: Final = re.compile(r'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")')


def readable_id(value: Any) -> int | str | None:
    """``value`` when it can be a response's id (an integer, or a string of Unicode
    text); else None, the id of an answer to a request whose id cannot be read."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    return value if isinstance(value, int) or is_text(value) else None


def is_text(value: str) -> bool:
    """Whether a decoded JSON string is Unicode text: JSON can spell a lone surrogate
    (``"\\ud800"``), which is not a character and cannot be written as UTF-8."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def sniff_id(line: str) -> int | str | None:
    """The id of a request that is not valid JSON, when one can be read, so the error
    response can still be matched."""
    found = _ID_RE.search(line)
    if not found:
        return None
    try:
        value: int | str = json.loads(found.group(1))
    except ValueError:
        return None
    return readable_id(value)


def encode(message: Mapping[str, Any]) -> bytes:
    """One protocol line: compact JSON and a newline. Should a message hold a lone
    surrogate (text quoted from a request, say), which UTF-8 cannot encode, the line
    escapes every non-ASCII character (``\\ud800``) instead of failing."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    try:
        return (text + "\n").encode()
    except UnicodeEncodeError:
        return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def error_response(request_id: int | str | None, kind: str, message: str,
                   rule_id: str | None = None) -> Message:
    return {"id": request_id, "ok": False,
            "error": {"kind": kind, "message": message, "rule_id": rule_id}}
