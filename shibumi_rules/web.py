"""The arbiter in the browser: ``answer`` takes the parameters of the "Ask the arbiter"
page's URL and returns everything the page shows.

The documentation site runs this module under Pyodide in a Web Worker; the page's
JavaScript only renders what it returns, and the tests call it directly. Every answer
is ``explain``'s: the setup is checked by the function the command line uses
(``explain.report.setup_from``), the answer is the same report rendered by the same
functions (text, JSON, SVG), and bad input gives the one line the command line prints
(``errors.error_line``). This module imports no other entry point's module.

URL contract, relative to the site root (values URL-encoded as forms and ``urlencode``
write them: the page reads ``+`` and ``%20`` alike as a space and ``%2B`` as a plus sign,
Splink's pair separator; a bare ``+`` between two placements still reads as the pair)::

    arbiter/?game=GAME&moves=M1,M2,...&ask=MOVE
    arbiter/?game=GAME&position=POSITION&option=k=v&ask=MOVE

``game`` names a registered game; ``moves`` are played first (from the start, or from
``position``), separated by commas or spaces; ``position`` is position notation;
``option`` is ``NAME=VALUE`` and may repeat; ``ask`` is the move asked about. Two more
parameters keep the page's state in its URL: ``first`` (who moves first from the start,
in a game that lets you choose) and ``compare=1`` (also answer under every alternative
ruling). They are ``explain GAME --moves M1,M2 --position P --option k=v --first F
--compare-rulings MOVE``. An empty parameter counts as absent; an empty query is the
start of the first registered game.

``verdict`` (the page's ``data-verdict``):

- ``state``: no move asked; the answer describes the position;
- ``legal``: the move asked about is legal (the answer says what it does);
- ``over``: it is illegal because the game is already over in that position;
- ``illegal``: it is illegal for another reason;
- ``error``: bad input; ``text`` is the line ``shibumi-rules explain`` prints on stderr
  for the same input (``error: ...``), and a problem with the URL itself (an unknown or
  repeated parameter, an unknown game) is a line of the same form.

As in ``explain``, a move of ``moves`` that is illegal stops the replay and the answer is
about that move (``illegal`` or ``over``, with or without ``ask``); ``notice`` is then
the line the command line prints on stderr after the explanation.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import quote

from .contract.definition import GameDefinition
from .contract.explanation import MoveAnswer, PositionAnswer
from .contract.game import Game
from .display import shown
from .errors import OptionError, ShibumiError, error_line
from .explain.model import Report
from .explain.output import render_report_svg, render_text, report_json
from .explain.report import explain, replay, setup_from, split_moves, start_state, stop_line
from .explain.titles import rule_title
from .geometry import INDEX_OF_NAME
from .registry import definitions, game_names, get_definition
from .svg import Mark, Ring, Style, render_svg

PARAMETERS: Final = ("game", "position", "first", "moves", "option", "compare", "ask")
"""The URL's parameters, in the order of the canonical (shareable) query."""
REPEATABLE: Final = frozenset({"option"})
TRUE_WORDS: Final = ("1", "true", "yes", "on")
FALSE_WORDS: Final = ("0", "false", "no", "off")

_POINT_NAME = re.compile(r"[1-4][a-g][1-7]")

Query = Mapping[str, str | Sequence[str]]


@dataclass(frozen=True, slots=True)
class Request:
    """The page's state, read from its URL."""

    game: str
    position: str | None = None
    first: str | None = None
    moves: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    compare: bool = False
    ask: str | None = None


def answer(query: Query) -> dict[str, Any]:
    """Everything the page shows for ``query`` (parameter name -> value or values)."""
    try:
        request = parse_request(query)
    except ShibumiError as err:
        return _failed(err, None, None)
    definition = get_definition(request.game)
    game = definition.rules()
    try:
        setup = setup_from(game, request.position, request.first, None, request.moves,
                           request.options)
        report = explain(game, definition.explainer(), setup, request.ask,
                         compare=request.compare, actions=definition.actions())
    except ShibumiError as err:
        return _failed(err, definition, request)
    return _answered(game, request, report)


def parse_request(query: Query) -> Request:
    """The request a query describes; an OptionError for an unknown parameter, one given
    twice that may not repeat, an unknown game or a bad ``compare``."""
    values: dict[str, list[str]] = {}
    if not isinstance(query, Mapping):
        raise OptionError("the URL's parameters: expected names and their values")
    for key, given in query.items():
        if key not in PARAMETERS:
            raise OptionError(f"unknown URL parameter {shown(repr(key))} (known: "
                              f"{', '.join(PARAMETERS)})")
        items = _texts(key, given)
        items = [item for item in items if item.strip()]
        if len(items) > 1 and key not in REPEATABLE:
            raise OptionError(f"URL parameter {key!r} is given {len(items)} times; give it "
                              "once")
        if items:
            values[key] = items
    if "game" not in values:
        if values:
            raise OptionError(f"no game: add game=NAME (known: {', '.join(game_names())})")
        return Request(definitions()[0].name)
    name = values["game"][0].strip()
    get_definition(name)  # an unknown game is an OptionError listing the known ones

    def one(key: str) -> str | None:
        return values[key][0] if key in values else None

    return Request(
        game=name,
        position=one("position"),
        first=one("first"),
        moves=split_moves(values.get("moves", [])),
        options=tuple(values.get("option", [])),
        compare=_flag(one("compare")),
        ask=one("ask"),
    )


def _texts(key: str, given: object) -> list[str]:
    """The values of one parameter: text, or a list of texts (a repeated parameter);
    null and an empty list are absent. Anything else, and text that is not Unicode (a
    lone surrogate, which a URL cannot carry), is an OptionError naming the parameter."""
    if given is None:
        return []
    found: list[object] = [given] if isinstance(given, str) else \
        list(given) if isinstance(given, (list, tuple)) else [given]
    items: list[str] = []
    for item in found:
        if not isinstance(item, str):
            raise OptionError(f"URL parameter {key!r}: expected text, not "
                              f"{type(item).__name__}")
        bad = next((i for i, c in enumerate(item) if "\ud800" <= c <= "\udfff"), None)
        if bad is not None:
            raise OptionError(f"URL parameter {key!r}: not Unicode text (a lone surrogate "
                              f"at character {bad + 1})")
        items.append(item)
    return items


def _flag(value: str | None) -> bool:
    if value is None or value.strip().lower() in FALSE_WORDS:
        return False
    if value.strip().lower() in TRUE_WORDS:
        return True
    raise OptionError(f"URL parameter compare={value!r}: expected 1 or 0")


def query_string(request: Request) -> str:
    """The canonical, shareable query of a request (without the ``?``)."""
    pairs: list[tuple[str, str]] = [("game", request.game)]
    if request.position is not None:
        pairs.append(("position", request.position))
    if request.first is not None:
        pairs.append(("first", request.first))
    if request.moves:
        pairs.append(("moves", ",".join(request.moves)))
    pairs += [("option", option) for option in request.options]
    if request.compare:
        pairs.append(("compare", "1"))
    if request.ask is not None:
        pairs.append(("ask", request.ask))
    return "&".join(f"{key}={quote(value, safe=',:/=')}" for key, value in pairs)


def command_line(request: Request) -> str:
    """The ``shibumi-rules explain`` command that asks the same question."""
    words = ["shibumi-rules", "explain", request.game]
    if request.position is not None:
        words += ["--position", request.position]
    if request.first is not None:
        words += ["--first", request.first]
    if request.moves:
        words += ["--moves", ",".join(request.moves)]
    for option in request.options:
        words += ["--option", option]
    if request.compare:
        words.append("--compare-rulings")
    if request.ask is not None:
        words.append(request.ask)
    return " ".join(shlex.quote(word) for word in words)


def verdict_of(game: Game[Any, Any], report: Report) -> str:
    """``state``, ``legal``, ``over`` or ``illegal``: the kind of answer ``report`` is.
    ``over`` when the move is illegal because the position it is asked in is a finished
    game (the game's own ``is_over`` says so)."""
    answer = report.answer
    if isinstance(answer, PositionAnswer):
        return "state"
    if answer.legal:
        return "legal"
    return "over" if game.is_over(game.parse_position(report.position)) else "illegal"


def move_points(move: str) -> list[str]:
    """The point names a move text mentions, in order: the points a player clicks to
    make it (a placement, a removal, or both points of a pair)."""
    return [name for name in _POINT_NAME.findall(move.lower()) if name in INDEX_OF_NAME]


# -- the parts of an answer ------------------------------------------------------------

def _answered(game: Game[Any, Any], request: Request, report: Report) -> dict[str, Any]:
    data = report_json(report)
    answer = report.answer
    asked = isinstance(answer, MoveAnswer) and report.stop is None
    played = [*report.history]
    marks: list[Mark] = []
    if asked and isinstance(answer, MoveAnswer) and answer.legal:
        # the board shows the position after the move, from which play goes on
        state = game.parse_position(str(answer.position_after))
        played.append(answer.move)
        marks.append(Ring(_points(answer.move), "move"))
    else:
        state = game.parse_position(report.position)
        if isinstance(answer, MoveAnswer):
            marks.append(Ring(_points(answer.move), "focus"))
    return {
        **_common(game, request, report.options),
        "verdict": verdict_of(game, report),
        "rules": list(data["rules"]),
        "text": render_text(report),
        "notice": stop_line(report),
        "stopped": None if report.stop is None else report.stop.number,
        "report": data,
        "svg": render_report_svg(report),
        "board": _board(game, state, played, marks),
    }


def _failed(err: ShibumiError, definition: GameDefinition | None, request: Request | None
            ) -> dict[str, Any]:
    """An error answer; the board of the position without the question when it can
    still be built, so the page keeps showing where the player is."""
    out: dict[str, Any] = {
        "verdict": "error",
        "rules": [err.rule_id] if err.rule_id else [],
        "text": error_line(err),
        "notice": None,
        "stopped": None,
        "report": None,
        "svg": None,
        "board": None,
    }
    if definition is None or request is None:
        return {**_common(None, request, {}), **out}
    game = definition.rules()
    board = None
    options: dict[str, str] = {}
    try:
        setup = setup_from(game, request.position, request.first, None, request.moves,
                           request.options)
        state, played, _ = replay(game, start_state(game, setup, setup.options), setup.moves)
        board = _board(game, state, list(played), [])
        options = definition.explainer().options_of(state)
    except ShibumiError:
        pass
    return {**_common(game, request, options), **out, "board": board}


def _common(game: Game[Any, Any] | None, request: Request | None,
            options_in_force: Mapping[str, str]) -> dict[str, Any]:
    """What every answer carries: the games, the request, its URL and command, and the
    game's options with their rulings."""
    out: dict[str, Any] = {
        "games": [{"name": d.name, "title": d.title, "summary": d.summary}
                  for d in definitions()],
        "game": None if request is None else request.game,
        "request": None if request is None else {
            "position": request.position, "first": request.first,
            "moves": list(request.moves), "options": list(request.options),
            "compare": request.compare, "ask": request.ask,
        },
        "query": None if request is None else query_string(request),
        "command": None if request is None else command_line(request),
        "first_choices": [] if game is None else list(game.first_choices),
        "options": [],
    }
    if game is not None:
        given = _given_options(request)
        out["options"] = [
            {"name": spec.name, "default": spec.default,
             "values": None if spec.values is None else list(spec.values),
             "value": given.get(spec.name, options_in_force.get(spec.name, spec.default)),
             "given": spec.name in given, "ruling": spec.ruling,
             "ruling_title": rule_title(spec.ruling), "summary": spec.summary}
            for spec in game.options
        ]
    return out


def _given_options(request: Request | None) -> dict[str, str]:
    """The options the URL sets (malformed pairs are left to the error they cause)."""
    given: dict[str, str] = {}
    for pair in () if request is None else request.options:
        key, sep, value = (part.strip() for part in pair.partition("="))
        if sep and key and value:
            given.setdefault(key, value)
    return given


def _points(move: str) -> tuple[int, ...]:
    return tuple(INDEX_OF_NAME[name] for name in move_points(move))


def _board(game: Game[Any, Any], state: Any, played: list[str], marks: list[Mark]
           ) -> dict[str, Any]:
    """The clickable pyramid: its picture, its position, and each legal move of the side
    to move with the points that make it."""
    legal = game.legal_move_texts(state)
    svg = render_svg(game.board(state), marks, id_prefix="arbiter-board",
                     style=Style(legend=False))
    return {
        "svg": svg,
        "position": game.format_position(state),
        "over": game.is_over(state),
        "played": played,
        "moves": [{"move": move, "points": move_points(move)} for move in legal],
    }
