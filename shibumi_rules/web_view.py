"""What the "Ask the arbiter" page draws, besides ``web.answer``'s answer: the board as
data (the page draws it itself, large and tappable, and before the engine is ready), the
facts of the position in the game's own words, and, for a position set up by hand, every
reason the engine finds that it cannot exist, with the points where.

``answer`` is what the page's worker calls: ``web.answer``'s dictionary with one more key,
``view``. Nothing here decides a rule: the colours a game accepts, the pinned balls, the
problems of a board and the facts of a position are the engine's own verdicts and texts
(``Board.problems``, ``pin_verdict``, ``Game.parse_position``, ``Game.describe``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from . import web
from .board import Board
from .board_verdicts import pin_verdict
from .contract.game import Game
from .errors import ShibumiError
from .geometry import NAMES
from .notation import COLOUR_OF_LETTER, EMPTY, parse_board
from .registry import definitions, get_definition

FACT_LINE: Final = re.compile(r"^([a-z][a-z ]*):\s+(.+)$")
"""A line of ``Game.describe`` after the diagram: ``stock:   white 2, black 2``."""
LEFT_OUT: Final = frozenset({"options"})
"""Facts the page shows elsewhere (the rulings have their own controls)."""
PROBE_POINT: Final = "1a1"


def answer(query: web.Query) -> dict[str, Any]:
    """``web.answer(query)`` and its ``view``."""
    out = web.answer(query)
    out["view"] = view_of(out, query)
    return out


def view_of(out: Mapping[str, Any], query: web.Query) -> dict[str, Any] | None:
    """The view of an answer: ``None`` when the query names no game the page can show."""
    name = out.get("game")
    if not name:
        return None
    game = get_definition(name).rules()
    board = out.get("board")
    view: dict[str, Any] = {"colours": list(colours(name)), "problems": []}
    if board is not None:
        view.update(position_view(game, game.parse_position(board["position"])))
    request = out.get("request") or {}
    position = request.get("position")
    if out.get("verdict") == "error" and isinstance(position, str):
        view["problems"] = board_problems(position, name)
    return view


def position_view(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """The balls (one letter or ``.`` per point, in point order), the pinned balls, the
    facts ``describe`` states, and the fields of the position after its board."""
    board = game.board(state)
    position = game.format_position(state)
    letters = board.letters()
    pinned = [NAMES[p] for p, letter in enumerate(letters)
              if letter != EMPTY and not pin_verdict(board, p).holds]
    return {
        "points": "".join(letters),
        "pinned": pinned,
        "facts": facts(game.describe(state)),
        "fields": position.split()[1:],
    }


def facts(description: str) -> list[list[str]]:
    """``[name, text]`` for each fact line of a description (the diagram and the
    rulings left out)."""
    found = []
    for line in description.splitlines():
        match = FACT_LINE.match(line)
        if match and match.group(1) not in LEFT_OUT:
            found.append([match.group(1), match.group(2).strip()])
    return found


@cache
def colours(name: str) -> tuple[str, ...]:
    """The colour letters a game's positions may hold, asked of the game itself: a ball
    of each colour on the first hole of its start position is either read, or refused
    for a rule of the game (a count, a turn), or refused as a letter the board field of
    that game does not know, which has no rule ID."""
    game = get_definition(name).rules()
    board_field, _, rest = game.format_position(game.start()).partition(" ")
    found = []
    for letter in COLOUR_OF_LETTER:
        probe = letter + board_field[1:]
        try:
            game.parse_position(f"{probe} {rest}")
        except ShibumiError as err:
            if err.rule_id is None:
                continue
        found.append(letter)
    return tuple(found)


def board_problems(position: str, name: str) -> list[dict[str, Any]]:
    """Every reason the board field of ``position`` cannot exist (two colours on a point,
    a floating ball), each with its rule, its sentence and the points it concerns; empty
    when the field is read and has none (the game's own check then names what else is
    wrong)."""
    field = position.strip().split(" ", 1)[0]
    try:
        letters = parse_board(field, "".join(colours(name)))
    except ShibumiError:
        return []
    masks = [0, 0, 0]
    for point, letter in letters.items():
        masks[COLOUR_OF_LETTER[letter]] |= 1 << point
    board = Board((masks[0], masks[1], masks[2]))
    found = []
    for verdict in board.problems():
        evidence = verdict.evidence or {}
        points = [evidence["point"]] if "point" in evidence else []
        points += list(evidence.get("missing_supporters", []))
        found.append({"rule": verdict.rule, "text": verdict.text, "points": points})
    return found


def start_answers(names: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """The answer of every game's start (no move asked), without its pictures and text:
    what the page draws while the engine is loading."""
    kept = ("game", "games", "first_choices", "options", "board", "view", "query")
    out = {}
    for definition in definitions():
        if names is not None and definition.name not in names:
            continue
        full = answer({"game": definition.name})
        board = dict(full["board"])
        board.pop("svg", None)
        full["board"] = board
        out[definition.name] = {key: full[key] for key in kept}
    return out
