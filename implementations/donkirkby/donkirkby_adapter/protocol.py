"""The engine protocol (``spec/protocol/README.md``, version 1) on standard input and
output: one JSON request per line, one JSON response per line, in order. Every failure
becomes an error response; the loop ends only at the end of its input."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from importlib.metadata import version
from typing import IO, Any, Final

from .base import GameAdapter, IllegalMove
from .games import GAMES
from .pyramid import NotationError, Unsupported

PROTOCOL: Final = 1
FEATURES: Final = ["notation", "expand", "perft"]
MAX_DEPTH: Final = 64
NAME: Final = "donkirkby/shibumi-games"


def package_version() -> str:
    """The versions of the package and of its framework, as installed."""
    return f"shibumi {version('shibumi')}, zero-play {version('zero-play')}"


class RequestError(ValueError):
    """A request that is not valid protocol (error kind ``request``)."""


def identify() -> dict[str, Any]:
    return {"name": NAME, "version": package_version(), "protocol": PROTOCOL,
            "games": {name: game.declaration() for name, game in GAMES.items()},
            "features": FEATURES}


def _game(request: dict[str, Any]) -> GameAdapter:
    name = request.get("game")
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise Unsupported(f"game {name!r} is not played here (only {', '.join(GAMES)})")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise RequestError("options must be an object")
    game.check_options(options)
    return game


def _position(game: GameAdapter, request: dict[str, Any]) -> Any:
    position = request.get("position")
    if not isinstance(position, dict):
        raise RequestError("position must be an object")
    notation = position.get("notation")
    if not isinstance(notation, str):
        raise Unsupported("positions are read in notation only")
    return game.parse(notation)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The response to one request, without its id."""
    kind = request.get("type")
    if kind == "identify":
        return identify()
    if kind not in ("moves", "play", "expand", "perft"):
        raise Unsupported(f"no {kind!r} request")
    game = _game(request)
    position = _position(game, request)
    if kind == "moves":
        return {"moves": [name for name, _ in game.children(position)],
                "outcome": game.outcome(position)}
    if kind == "play":
        move = request.get("move")
        if not isinstance(move, str):
            raise RequestError("move must be a string")
        after = game.play(position, move)
        return {"position": game.format(after), "outcome": game.outcome(after)}
    if kind == "expand":
        return {"outcome": game.outcome(position),
                "children": [{"move": name, "position": game.format(child),
                              "outcome": game.outcome(child)}
                             for name, child in game.children(position)]}
    depth = request.get("depth")
    if not isinstance(depth, int) or isinstance(depth, bool) or not 0 <= depth <= MAX_DEPTH:
        raise Unsupported(f"perft depth {depth!r}: only 0 to {MAX_DEPTH}")
    if request.get("divide") and depth >= 1:
        divide = {name: game.perft(child, depth - 1) for name, child in game.children(position)}
        return {"depth": depth, "total": sum(divide.values()), "divide": divide}
    return {"depth": depth, "total": game.perft(position, depth), "divide": None}


ERROR_KINDS: Final = ((IllegalMove, "illegal-move"), (NotationError, "notation"),
                      (Unsupported, "unsupported"), (RequestError, "request"))


def respond(line: str) -> dict[str, Any]:
    """The response line to one request line, as an object."""
    try:
        request = json.loads(line)
    except ValueError as err:
        return _error(None, "request", f"not JSON: {err}")
    if not isinstance(request, dict):
        return _error(None, "request", "a request must be a JSON object")
    ident = request.get("id")
    try:
        body = answer(request)
    except Exception as err:  # every failure is an answer, never the end of the loop
        kind = next((k for cls, k in ERROR_KINDS if isinstance(err, cls)), "internal")
        message = str(err) if kind != "internal" else f"{type(err).__name__}: {err}"
        return _error(ident, kind, message)
    return {"id": ident, "ok": True, "type": request["type"], **body}


def _error(ident: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": ident, "ok": False,
            "error": {"kind": kind, "message": " ".join(message.split()), "rule_id": None}}


def serve(lines: Iterable[str] = sys.stdin, out: IO[str] = sys.stdout) -> None:
    for line in lines:
        line = line.lstrip("\ufeff")
        if not line.strip():
            continue
        out.write(json.dumps(respond(line), separators=(",", ":")) + "\n")
        out.flush()
