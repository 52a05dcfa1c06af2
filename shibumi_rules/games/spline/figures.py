"""The pictures of Spline's rules and rulings on the documentation site.

Each picture is a position a game can reach, chosen to show one rule, with marks
computed by the engine (valid locations, the lines held, the balls resting on them),
and checks that the engine agrees with what the caption says: if the rules or the
engine change so that a picture would lie, the site fails to build instead. The
captions, in English and Korean, are in ``content/guide.*.json``, under ``pictures``
and the picture's name.
"""

from __future__ import annotations

from typing import Final

from ...board import Board, valid_locations
from ...contract.content import catalog_of
from ...contract.guide import FigureMaker, Picture, check
from ...geometry import COVERED_BY, INDEX_OF_NAME, NAMES, SUPPORTEES, points_of
from ...notation import Colour
from ...svg import Ghost, Mark, Path, Ring
from .game import GAME
from .lines import LINE_BY_NAME, LINES, lines_of
from .positions import POSITIONS
from .rules import SplineState

CONTENT: Final = catalog_of(__package__)
"""The game's texts (``content/guide.en.json`` and its translations)."""


def pts(names: str) -> tuple[int, ...]:
    """Point indexes from space-separated point names."""
    return tuple(INDEX_OF_NAME[n] for n in names.split())


def line_names(board: Board, colour: Colour) -> list[str]:
    """The lines ``colour`` holds on ``board``, by name."""
    return [line.name for line in lines_of(board, colour)]


def line_path(name: str, kind: str = "line") -> Path:
    """A line drawn through its points."""
    return Path(LINE_BY_NAME[name].points, kind)


def spline_state(position: str) -> SplineState:
    """A position the engine accepts (a game can reach it: the counts alternate, at
    most one player holds a line, and not the player to move)."""
    state: SplineState = GAME.parse_position(position)
    return state


def named(name: str) -> SplineState:
    """A named position of the spec (the perft file and the vectors use the same)."""
    found = next(p for p in POSITIONS if p.name == name)
    return spline_state(found.position)


def after(name: str, move: str) -> tuple[SplineState, SplineState]:
    """A named position and the position after ``move`` in it."""
    state = named(name)
    return state, GAME.play_text(state, move)


def level_lines(level: int) -> Picture:
    """The lines of one level (numbered from 1), drawn on the empty pyramid."""
    lines = [line for line in LINES if line.level == level - 1]
    width = 5 - level
    check(len(lines) == 2 * width + 2 and all(len(line.points) == width for line in lines),
          f"level {level} has {2 * width + 2} lines of {width} balls")
    return CONTENT.picture(f"spl-lines-level-{level}", Board(),
                           tuple(Path(line.points, "line") for line in lines),
                           text="spl-lines-level", n=len(lines), level=level, width=width)


def _lines() -> list[Picture]:
    return [level_lines(level) for level in (1, 2, 3)]


def _setup() -> list[Picture]:
    state = named("start")
    check(not state.board.occupied and len(GAME.legal_moves(state)) == 16,
          "the pyramid is empty and the 16 holes are the moves")
    return [CONTENT.picture("spl-setup", state.board, (Ring(tuple(range(16)), "candidate"),))]


def _last_turn() -> list[Picture]:
    return [last_turn()]


def _place() -> list[Picture]:
    state = spline_state("WB..,BW..,....,..../...,...,.../..,../. white")
    free = points_of(valid_locations(state.board.occupied))
    check(INDEX_OF_NAME["2b2"] in free and INDEX_OF_NAME["2d2"] not in free,
          "2b2 is a valid location, 2d2 is not")
    return [CONTENT.picture("spl-place", state.board, (
        Ring(tuple(free), "candidate"), Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE)))]


def _covered(name: str, move: str, line: str, figure: str, hidden: bool) -> Picture:
    """A named position where ``move`` completes ``line`` through covered balls."""
    state, won = after(name, move)
    check(line_names(state.board, Colour.WHITE) == [], f"{name}: White has no line yet")
    check(line_names(won.board, Colour.WHITE) == [line], f"{name}: {move} makes {line}")
    check(GAME.outcome_json(won).get("winner") == "white", f"{name}: {move} wins")
    occupied = won.board.occupied
    points = LINE_BY_NAME[line].points
    resting = tuple(sorted({q for p in points for q in SUPPORTEES[p] if occupied >> q & 1}))
    check(bool(resting), f"{name}: balls rest on {line}")
    marks: list[Mark] = [line_path(line), Ring((INDEX_OF_NAME[move],), "move"),
                         Ring(resting, "supported")]
    if hidden:
        under = tuple(p for p in points
                      if (c := COVERED_BY[p]) is not None and occupied >> c & 1)
        check(bool(under), f"{name}: a ball of {line} is hidden from above")
        marks.append(Ring(under, "hidden"))
    return CONTENT.picture(figure, won.board, tuple(marks))


def covered_row() -> Picture:
    """White's row 1a1-1g1 under Black's 2b2: covered balls count."""
    return _covered("covered-row", "1g1", "1a1-1g1", "spl-rul-2-covered", hidden=False)


def hidden_row() -> Picture:
    """White's row 1a3-1g3 with 1c3 hidden by Black's 3c3: hidden balls count."""
    return _covered("hidden-row", "1g3", "1a3-1g3", "spl-rul-2-hidden", hidden=True)


def _rul2() -> list[Picture]:
    return [covered_row(), hidden_row()]


def top_diagonal() -> Picture:
    """A line of two balls on level 3."""
    state, won = after("top-diagonal", "3e5")
    check(line_names(state.board, Colour.WHITE) == [], "White has no line before 3e5")
    check(line_names(won.board, Colour.WHITE) == ["3c3-3e5"], "3e5 makes 3c3-3e5")
    return CONTENT.picture("spl-rul-1-top", won.board,
                           (line_path("3c3-3e5"), Ring(pts("3e5"), "move")))


def _rul1() -> list[Picture]:
    return [top_diagonal()]


def last_turn() -> Picture:
    """The last turn of a longest game: every move wins."""
    state = named("last-turn")
    free = points_of(valid_locations(state.board.occupied))
    check(free == list(pts("3c5 3e5")), "only 3c5 and 3e5 are free")
    for point in free:
        won = GAME.play_text(state, NAMES[point])
        check(GAME.outcome_json(won).get("winner") == "black", "every move wins")
    return CONTENT.picture("spl-rul-6", state.board, (Ring(tuple(free), "candidate"),))


FIGURES: Final[dict[str, FigureMaker]] = {
    "SPL-SETUP-1": _setup,
    "SPL-PLACE-1": _place,
    "SPL-LINE-1": _lines,
    "SPL-RUL-1": _rul1,
    "SPL-RUL-2": _rul2,
    "SPL-RUL-6": _last_turn,
    "spline": _lines,
}
"""Pictures by rule or ruling ID, and of the game's table by the table's name."""
