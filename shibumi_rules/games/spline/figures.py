"""The pictures of Spline's rules and rulings on the documentation site.

Each picture is a position a game can reach, chosen to show one rule, with marks
computed by the engine (valid locations, the lines held, the balls resting on them),
and checks that the engine agrees with what the caption says: if the rules or the
engine change so that a picture would lie, the site fails to build instead.
"""

from __future__ import annotations

from typing import Final

from ...board import Board, valid_locations
from ...geometry import COVERED_BY, INDEX_OF_NAME, NAMES, SUPPORTEES, points_of
from ...guide import FigureMaker, Picture, Text, check, picture
from ...notation import Colour
from ...svg import Ghost, Mark, Path, Ring
from .game import GAME
from .lines import LINE_BY_NAME, LINES, lines_of
from .positions import POSITIONS
from .rules import SplineState


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
    return picture(f"spl-lines-level-{level}", Text(
        f"The {len(lines)} lines of level {level}: its {width} rows, its {width} columns "
        f"and its two corner-to-corner diagonals, each {width} balls long.",
        f"{level}층의 줄 {len(lines)}개: 가로줄 {width}개, 세로줄 {width}개, 모서리에서 "
        f"모서리로 가는 대각선 2개이며, 모두 공 {width}개 길이입니다."),
        Board(), tuple(Path(line.points, "line") for line in lines))


def _lines() -> list[Picture]:
    return [level_lines(level) for level in (1, 2, 3)]


def _setup() -> list[Picture]:
    state = named("start")
    check(not state.board.occupied and len(GAME.legal_moves(state)) == 16,
          "the pyramid is empty and the 16 holes are the moves")
    return [picture("spl-setup", Text(
        "The start of Spline: the pyramid is empty; White and Black each have their 16 "
        "balls beside the board. The first ball can go in any of the 16 holes (ringed).",
        "스플라인의 시작 모습: 피라미드는 비어 있고, 백과 흑은 각자 공 16개를 보드 옆에 "
        "둡니다. 첫 공은 구멍 16곳(고리 표시) 어디에나 놓을 수 있습니다."),
        state.board, (Ring(tuple(range(16)), "candidate"),))]


def _last_turn() -> list[Picture]:
    return [last_turn()]


def _place() -> list[Picture]:
    state = spline_state("WB..,BW..,....,..../...,...,.../..,../. white")
    free = points_of(valid_locations(state.board.occupied))
    check(INDEX_OF_NAME["2b2"] in free and INDEX_OF_NAME["2d2"] not in free,
          "2b2 is a valid location, 2d2 is not")
    return [picture("spl-place", Text(
        "White to move. The valid locations (ringed) are the empty holes and 2b2, which "
        "rests on the square 1a1, 1c1, 1a3, 1c3 of both colours. White places a ball on "
        "2b2.",
        "백의 차례입니다. 놓을 수 있는 자리(고리 표시)는 빈 구멍들과 2b2입니다. 2b2는 두 "
        "색이 섞인 정사각형 1a1, 1c1, 1a3, 1c3 위에 있습니다. 백이 2b2에 공을 놓습니다."),
        state.board, (Ring(tuple(free), "candidate"),
                      Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE)))]


def _covered(name: str, move: str, line: str, figure: str, caption: Text,
             hidden: bool) -> Picture:
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
    return picture(figure, caption, won.board, tuple(marks))


def covered_row() -> Picture:
    """White's row 1a1-1g1 under Black's 2b2: covered balls count."""
    return _covered("covered-row", "1g1", "1a1-1g1", "spl-rul-2-covered", Text(
        "White completes the row 1a1-1g1 with 1g1 and wins, although Black's 2b2 rests on "
        "White's 1a1 and 1c1: a ball with balls resting on it still counts.",
        "흑의 2b2가 백의 1a1과 1c1 위에 얹혀 있지만, 백은 1g1로 가로줄 1a1-1g1을 완성하고 "
        "이깁니다. 위에 다른 공이 얹힌 공도 줄에 들어갑니다."), hidden=False)


def hidden_row() -> Picture:
    """White's row 1a3-1g3 with 1c3 hidden by Black's 3c3: hidden balls count."""
    return _covered("hidden-row", "1g3", "1a3-1g3", "spl-rul-2-hidden", Text(
        "White completes the row 1a3-1g3 with 1g3 and wins. Level 2 rests on the row and "
        "Black's 3c3 hides White's 1c3 from above, yet every point of the row holds a white "
        "ball, and that is all a line needs.",
        "백이 1g3으로 가로줄 1a3-1g3을 완성하고 이깁니다. 이 줄 위에 2층 공들이 얹혀 있고 "
        "흑의 3c3이 백의 1c3을 위에서 가리지만, 줄의 모든 자리에 흰 공이 있습니다. 줄에 "
        "필요한 것은 그것뿐입니다."), hidden=True)


def _rul2() -> list[Picture]:
    return [covered_row(), hidden_row()]


def top_diagonal() -> Picture:
    """A line of two balls on level 3."""
    state, won = after("top-diagonal", "3e5")
    check(line_names(state.board, Colour.WHITE) == [], "White has no line before 3e5")
    check(line_names(won.board, Colour.WHITE) == ["3c3-3e5"], "3e5 makes 3c3-3e5")
    return picture("spl-rul-1-top", Text(
        "The lines are as long as their level is wide: on level 3, two balls corner to "
        "corner. White places 3e5 beside 3c3 and wins with the diagonal 3c3-3e5.",
        "줄의 길이는 그 층의 너비와 같습니다. 3층에서는 모서리에서 모서리로 놓인 공 두 개가 "
        "줄입니다. 백이 3c3 곁의 3e5에 공을 놓아 대각선 3c3-3e5로 이깁니다."),
        won.board, (line_path("3c3-3e5"), Ring(pts("3e5"), "move")))


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
    return picture("spl-rul-6", Text(
        "The longest game, at its last turn: levels 1 and 2 are full without a line and "
        "level 3 holds one white and one black ball. Black's ball on either free point "
        "(ringed) lies next to or corner to corner with the black 3e3: a line of two, "
        "and Black wins. The fourth point of level 3 and the apex are never played.",
        "가장 긴 게임의 마지막 차례: 1층과 2층은 줄 없이 다 찼고, 3층에는 흰 공 하나와 "
        "검은 공 하나가 있습니다. 흑이 비어 있는 두 자리(고리 표시) 중 어디에 놓든 검은 "
        "3e3과 나란히 또는 대각으로 붙으므로, 공 두 개의 줄이 되어 흑이 이깁니다. 3층의 "
        "네 번째 자리와 꼭대기에는 공이 놓이지 않습니다."),
        state.board, (Ring(tuple(free), "candidate"),))


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
