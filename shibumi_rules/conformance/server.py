"""The reference engine served over the protocol (``shibumi-rules engine``).

The server is stateless: every request names the game, the options and the position,
and is answered from those alone. Parsed positions are cached, which changes nothing
but speed. Any failure becomes an error response; the loop never dies on bad input,
and what it reads, keeps and writes is bounded (``shibumi_rules.limits``): a request
line longer than ``MAX_REQUEST_LINE`` is answered without being stored.

Other engines for tests and experiments subclass ``ReferenceEngine`` and override the
rule hooks (``legal``, ``child``, ``outcome``); perft then follows the hooks too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import IO, Any

from ..contract.definition import GameDefinition
from ..contract.game import Game
from ..errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    PositionError,
    ShibumiError,
)
from ..json_input import JSONLimitError, load_json, read_lines
from ..limits import (
    MAX_PERFT_DEPTH,
    MAX_REQUEST_LINE,
    MAX_RESPONSE_LINE,
    PARSE_CACHE_ENTRIES,
    PARSE_CACHE_KEY_CHARS,
)
from ..registry import definitions
from ..version import __version__
from .protocol import (
    FEATURES,
    PROTOCOL_VERSION,
    Message,
    ProtocolError,
    encode,
    error_response,
    readable_id,
    sniff_id,
    validate_request,
)
from .shapes import request_ok

AnyGame = Game[Any, Any]


def available_games(games: Iterable[GameDefinition] | None = None) -> dict[str, AnyGame]:
    """The rules of every game of ``games`` (by default every registered game) whose
    modules can be imported, by name."""
    found = {}
    for definition in definitions() if games is None else games:
        try:
            found[definition.name] = definition.rules()
        except ModuleNotFoundError:
            continue
    return found


def game_info(game: AnyGame) -> dict[str, Any]:
    """The ``games`` entry of the identify reply for one game."""
    return {
        "options": {
            spec.name: {"default": spec.default,
                        "values": list(spec.values) if spec.values is not None else None}
            for spec in game.options
        },
        "first": list(game.first_choices),
    }


class ReferenceEngine:
    """Answers protocol requests with the reference rules."""

    name = "shibumi-rules reference engine"
    version = __version__
    features: tuple[str, ...] = FEATURES
    exact_perft = True
    """Whether perft may use the games' own fast perft; an engine whose rules differ
    from the reference's (in its hooks or by patching a game) sets it False, so that
    perft follows the hooks."""

    def __init__(self, games: Mapping[str, AnyGame] | None = None) -> None:
        self.games = dict(games) if games is not None else available_games()
        cls = type(self)
        self._exact = cls.exact_perft and all(
            getattr(cls, hook) is getattr(ReferenceEngine, hook)
            for hook in ("legal", "child", "outcome")
        )
        self._parse_cached = lru_cache(maxsize=PARSE_CACHE_ENTRIES)(self._parse_uncached)

    # -- rule hooks (overridden by deliberately different engines) ------------------
    def legal(self, game: AnyGame, state: Any) -> list[str]:
        """Legal moves in canonical notation and order."""
        return game.legal_move_texts(state)

    def child(self, game: AnyGame, state: Any, move: str) -> tuple[str, dict[str, Any]]:
        """Position notation and outcome after ``move`` (IllegalMoveError if illegal)."""
        after = game.play(state, game.parse_move(state, move))
        return game.format_position(after), game.outcome_json(after)

    def outcome(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return game.outcome_json(state)

    # -- positions -------------------------------------------------------------------
    def _parse_uncached(self, name: str, notation: str,
                        options: tuple[tuple[str, str], ...]) -> Any:
        game = self.games[name]
        state = game.parse_position(notation)
        return game.with_options(state, dict(options)) if options else state

    def _parse(self, name: str, notation: str, options: tuple[tuple[str, str], ...]
               ) -> Any:
        """A parsed position; short texts (every valid position is short) are cached."""
        if len(notation) > PARSE_CACHE_KEY_CHARS or \
                sum(len(k) + len(v) for k, v in options) > PARSE_CACHE_KEY_CHARS:
            return self._parse_uncached(name, notation, options)
        return self._parse_cached(name, notation, options)

    def resolve(self, name: str, options: Mapping[str, str],
                position: Mapping[str, Any]) -> Any:
        """The state a request describes (errors name what is wrong)."""
        game = self.games[name]
        if "notation" in position:
            _check_agreement(options, position["notation"])
            state = self._parse(name, position["notation"], tuple(sorted(options.items())))
        else:
            first = position.get("first")
            if first is not None and first not in game.first_choices:
                raise OptionError(f"first {first!r}: {name} accepts "
                                  f"{', '.join(game.first_choices) or 'no choice'}")
            state = game.start(game.resolve_options(options), first)
        moves = position.get("moves")
        return game.replay(state, moves) if moves else state

    # -- requests --------------------------------------------------------------------
    def identify(self) -> Message:
        return {
            "type": "identify", "name": self.name, "version": self.version,
            "protocol": PROTOCOL_VERSION,
            "games": {name: game_info(game) for name, game in self.games.items()},
            "features": list(self.features),
        }

    def perft(self, game: AnyGame, state: Any, depth: int) -> int:
        if self._exact:
            return game.perft(state, depth)
        if depth == 0:
            return 1
        if depth == 1:
            return len(self.legal(game, state))
        total = 0
        for move in self.legal(game, state):
            notation, _ = self.child(game, state, move)
            total += self.perft(game, game.parse_position(notation), depth - 1)
        return total

    def divide(self, game: AnyGame, state: Any, depth: int) -> dict[str, int]:
        if self._exact:
            return dict(game.divide(state, depth))
        out = {}
        for move in self.legal(game, state):
            notation, _ = self.child(game, state, move)
            out[move] = self.perft(game, game.parse_position(notation), depth - 1)
        return out

    def _children(self, game: AnyGame, state: Any) -> list[dict[str, Any]]:
        """Every legal move with the position after it and its outcome. The reference's
        own rules take each move as it is; the hooks of an engine that overrides them
        get it as text."""
        children = []
        if self._exact:
            for move in game.legal_moves(state):
                after = game.play(state, move)
                children.append({"move": game.format_move(move),
                                 "position": game.format_position(after),
                                 "outcome": game.outcome_json(after)})
            return children
        for text in self.legal(game, state):
            notation, outcome = self.child(game, state, text)
            children.append({"move": text, "position": notation, "outcome": outcome})
        return children

    def answer(self, request: Message) -> Message:
        """The success payload for a valid request (errors raise)."""
        kind = request["type"]
        if kind == "identify":
            return self.identify()
        if kind not in ("moves", "play") and kind not in self.features:
            raise _Unsupported(f"this engine does not answer {kind!r} requests")
        name = request["game"]
        if name not in self.games:
            raise _Unsupported(f"game {name!r} is not supported (this engine plays "
                               f"{', '.join(self.games) or 'no game'})")
        game = self.games[name]
        form = "notation" if "notation" in request["position"] else "startpos"
        if form not in self.features:
            raise _Unsupported(f"positions given as {form} are not supported")
        state = self.resolve(name, request["options"], request["position"])
        if kind == "moves":
            return {"type": "moves", "moves": self.legal(game, state),
                    "outcome": self.outcome(game, state)}
        if kind == "play":
            notation, outcome = self.child(game, state, request["move"])
            return {"type": "play", "position": notation, "outcome": outcome}
        if kind == "expand":
            children = self._children(game, state)
            return {"type": "expand", "outcome": self.outcome(game, state),
                    "children": children}
        depth = request["depth"]
        if depth > MAX_PERFT_DEPTH:
            raise _Unsupported(f"perft depth {depth}: this engine counts depths 0 to "
                               f"{MAX_PERFT_DEPTH}")
        if request.get("divide") and depth >= 1:
            rows = self.divide(game, state, depth)
            return {"type": "perft", "depth": depth, "total": sum(rows.values()),
                    "divide": rows}
        return {"type": "perft", "depth": depth, "total": self.perft(game, state, depth),
                "divide": None}

    def handle(self, request: Any) -> Message:
        """The response to one decoded request, success or error."""
        request_id = readable_id(request.get("id") if isinstance(request, dict) else None)
        try:
            if not request_ok(request):  # the shape test passes ordinary requests
                validate_request(request)
            reply = {"id": request_id, "ok": True}
            reply.update(self.answer(request))
            return reply
        except ProtocolError as err:
            return error_response(request_id, "request", str(err))
        except _Unsupported as err:
            return error_response(request_id, "unsupported", str(err))
        except IllegalMoveError as err:
            return error_response(request_id, "illegal-move", err.message, err.rule_id)
        except NotationError as err:
            return error_response(request_id, "notation", err.message, err.rule_id)
        except PositionError as err:
            return error_response(request_id, "position", err.message, err.rule_id)
        except OptionError as err:
            return error_response(request_id, "option", err.message, err.rule_id)
        except ShibumiError as err:
            return error_response(request_id, "request", err.message, err.rule_id)
        except RecursionError:
            return error_response(request_id, "internal", "request too deep")
        except Exception as err:  # the loop must survive anything
            return error_response(request_id, "internal", f"{type(err).__name__}: {err}")

    def handle_line(self, line: bytes) -> bytes:
        """One response line for one request line."""
        try:
            text = line.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            return encode(error_response(None, "request", f"not UTF-8 text (byte "
                                                          f"{err.start}: {err.reason})"))
        try:
            request = load_json(text)
        except JSONLimitError as err:
            return encode(error_response(sniff_id(text), "request", f"refused: {err}"))
        except ValueError as err:
            return encode(error_response(sniff_id(text), "request",
                                         f"not a JSON object: {err}"))
        response = self.handle(request)
        data = encode(response)
        if len(data) > MAX_RESPONSE_LINE:
            return encode(error_response(
                response.get("id"), "unsupported",
                f"the answer is {len(data):,} bytes, over the limit of a response line "
                f"({MAX_RESPONSE_LINE:,} bytes)"))
        return data

    def serve(self, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None
              ) -> int:
        """Answer requests line by line until end of input."""
        if (stdin is None and sys.stdin is None) or (stdout is None and sys.stdout is None):
            raise ShibumiError("the engine needs stdin and stdout open (one request, "
                               "then one response, per line)")
        source = stdin if stdin is not None else sys.stdin.buffer
        sink = stdout if stdout is not None else sys.stdout.buffer
        for line, whole in read_lines(source, MAX_REQUEST_LINE):
            if not whole:
                sink.write(encode(error_response(
                    sniff_id(line.decode("utf-8", "replace")), "request",
                    f"a request line over the limit of {MAX_REQUEST_LINE:,} bytes "
                    "(skipped without being stored)")))
            elif line.strip():
                sink.write(self.handle_line(line))
            else:
                continue
            sink.flush()
        return 0


def _check_agreement(options: Mapping[str, str], notation: str) -> None:
    """A request's options may fill in what its position notation leaves out, never
    contradict what it writes (``name=value`` fields): such a request is refused with
    an option error instead of being resolved one way or the other in silence."""
    for field in notation.split():
        key, sep, value = field.partition("=")
        if sep and key in options and options[key] != value:
            raise OptionError(f"option {key}: the request says {options[key]!r} but its "
                              f"position notation says {value!r}")


class _Unsupported(ShibumiError):
    """A request for a game, position form or request type the engine lacks."""
