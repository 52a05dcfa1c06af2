"""The pictures of Sploof's rules and rulings on the documentation site.

Each picture is a position chosen to show one rule, with marks computed by the engine
(valid locations, pinned balls, drop chains, crossings, lines), and checks that the
engine agrees with what the caption says: if the rules or the engine change so that a
picture would lie, the site fails to build instead.
"""

from __future__ import annotations

from typing import Final

from ...board import Board, pinned, valid_locations
from ...geometry import CROSSING, INDEX_OF_NAME, points_of
from ...guide import FigureMaker, Picture, Text, View, check, picture
from ...notation import Colour
from ...svg import Arrow, Ghost, Mark, Path, Ring
from .game import GAME
from .lines import LINE_BY_NAME, LINES, lines_of
from .positions import POSITIONS
from .rules import START_BOARD, SploofState


def pts(names: str) -> tuple[int, ...]:
    """Point indexes from space-separated point names."""
    return tuple(INDEX_OF_NAME[n] for n in names.split())


def line_names(board: Board, colour: Colour) -> list[str]:
    """The lines ``colour`` holds on ``board``, by name."""
    return [line.name for line in lines_of(board, colour)]


def line_points(name: str) -> tuple[int, ...]:
    """The points a line is drawn through: its balls, or for a diagonal the lowest
    point of each cell."""
    line = LINE_BY_NAME[name]
    if line.kind == "orthogonal":
        return line.points
    return tuple(c.points[0] for c in line.cells)


def sploof_board(text: str) -> Board:
    """A board that can occur in Sploof: the engine must accept it in a position (red
    balls only on the perimeter holes, 16 balls of each colour in all)."""
    board = Board.from_text(text)
    perimeter = {p for p in range(16) if p not in pts("1c3 1e3 1c5 1e5")}
    check(set(points_of(board.masks[Colour.RED])) <= perimeter,
          "in Sploof, red balls stand only on the perimeter holes")
    counts = []
    for colour in (Colour.WHITE, Colour.BLACK):
        off = 16 - board.count(colour)
        counts.append((min(2, off), off - min(2, off)))
    (sw, pw), (sb, pb) = counts
    red = 16 - board.count(Colour.RED)
    GAME.parse_position(f"{text} white stock:{sw},{sb} supply:{pw},{pb},{red}")
    return board


def named(name: str) -> SploofState:
    """A named position of the spec (the perft file and the vectors use the same)."""
    found = next(p for p in POSITIONS if p.name == name)
    state: SploofState = GAME.parse_position(found.position)
    return state


def _setup() -> list[Picture]:
    return [picture("spf-setup", Text(
        "The start of Sploof: twelve red balls on the twelve holes around the edge; the "
        "four inner holes are empty.",
        "스플루프의 시작: 가장자리 구멍 열두 곳에 빨간 공이 하나씩 놓이고, 안쪽 구멍 "
        "네 곳은 비어 있습니다."), Board.from_text(START_BOARD))]


def _place() -> list[Picture]:
    board = Board.from_text(START_BOARD)
    valid = valid_locations(board.occupied)
    check(points_of(valid) == list(pts("1c3 1e3 1c5 1e5")), "only the inner holes are free")
    return [picture("spf-place", Text(
        "At the start, the only valid locations are the four inner holes. White places a "
        "ball from the stock on 1c3."),
        board, (Ring(tuple(points_of(valid)), "candidate"),
                Ghost(INDEX_OF_NAME["1c3"], Colour.WHITE)))]


def _remove() -> list[Picture]:
    before = sploof_board("RRRR,RW.R,R..R,RRRR/B..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a1"]
    check(not pinned(before.occupied) >> gone & 1, "1a1 is not pinned")
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a1")
    return [Picture("spf-remove", Text(
        "Removing the red ball at 1a1 (it holds up only 2b2, so it is not pinned): the "
        "red ball goes back to the supply, the black ball at 2b2 drops into 1a1, and the "
        "mover takes two balls of their colour from the supply into their stock."), (
        View(before, (Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b2"], gone)),
             Text("before: x1a1")),
        View(after, (Ring((gone,), "dropped"),), Text("after"))))]


def _line_orthogonal() -> list[Picture]:
    made = sploof_board("WWWW,RBBR,R..R,RRRR/...,...,.../..,../.")
    check(line_names(made, Colour.WHITE) == ["a1-g1"], "White holds a1-g1")
    crossed = sploof_board("RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../.")
    check(line_names(crossed, Colour.WHITE) == [], "the crossed row is no line")
    link = pts("1c3 1e3")
    return [
        picture("spf-line-row", Text(
            "White holds the row 1a1-1g1: four white balls in a row on the board, none "
            "hidden, no link crossed."),
            made, (Path(line_points("a1-g1"), "line"),)),
        picture("spf-line-crossed", Text(
            "A crossed row: the four white balls of rank 3 are not a line, because the "
            "black balls at 2d2 and 2d4 both lie across the link 1c3-1e3."),
            crossed, (Path(line_points("a3-g3"), "broken"), Path(link, "crossed"),
                      Ring(CROSSING[(link[0], link[1])], "crossing"))),
    ]


def _line_diagonal() -> list[Picture]:
    board = sploof_board("WRRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../.")
    check("a1-d4" in line_names(board, Colour.WHITE), "White holds the diagonal a1-d4")
    return [picture("spf-line-zigzag", Text(
        "A zig-zag diagonal line: seen from above, the cells a1, b2, c3 and d4 all show "
        "white. The balls are on levels 1, 2, 1 and 2, and each touches the next."),
        board, (Path(line_points("a1-d4"), "line"),))]


def _win2() -> list[Picture]:
    before = sploof_board("RRRR,RBBB,R.WR,RRRR/B..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a3"]
    check(line_names(before, Colour.BLACK) == [], "Black has no line before")
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a3")
    check(line_names(after, Colour.BLACK) == ["a3-g3"], "Black has a3-g3 after")
    check(line_names(after, Colour.WHITE) == [], "White has no line after")
    return [Picture("spf-win-2", Text(
        "White removes the red ball at 1a3. The black ball it held up drops from 2b2 into "
        "1a3 and completes Black's row on rank 3. White made a line for the opponent "
        "only, and loses."), (
        View(before, (Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b2"], gone),
                      Path(line_points("a3-g3"), "broken")), Text("before: White plays x1a3")),
        View(after, (Ring((gone,), "dropped"), Path(line_points("a3-g3"), "opponent-line")),
             Text("after: Black has a line"))))]


def _perimeter() -> list[Picture]:
    board = sploof_board("WWWW,RBBR,R..R,RRRR/B..,...,.../..,../.")
    check(line_names(board, Colour.WHITE) == ["a1-g1"], "the perimeter row is still a line")
    check([line.name for line in lines_of(board, Colour.WHITE, "one")] == [],
          "under blocking=one the single ball cuts the row")
    link = (INDEX_OF_NAME["1a1"], INDEX_OF_NAME["1c1"])
    return [picture("spf-rul-4", Text(
        "On the edge, a link has only one ball that can lie across it. The black ball at "
        "2b2 leans over the link 1a1-1c1, but by default (blocking=two) one ball does not "
        "cross a link: White's row still counts. Under blocking=one that ball would cut "
        "it."),
        board, (Path(line_points("a1-g1"), "line"), Ring(CROSSING[link], "crossing")))]


def _hidden_row() -> list[Picture]:
    board = sploof_board("RRRR,WWWW,RBBR,RRRR/BBB,BBB,.../BB,../.")
    check(line_names(board, Colour.WHITE) == [], "the row is broken")
    return [picture("spf-rul-7", Text(
        "The white row on rank 3 is broken twice over: the black ball at 3c3 hides 1c3 "
        "from above, and 3e3 hides 1e3 (each also comes with two crossed links, as a "
        "level-3 ball always does)."),
        board, (Path(line_points("a3-g3"), "broken"), Ring(pts("3c3 3e3"), "hiding"),
                Ring(pts("1c3 1e3"), "hidden")))]


def _both_lines() -> list[Picture]:
    state = named("both-lines")
    after = GAME.play_text(state, "x1a3")
    before_board, after_board = GAME.board(state), GAME.board(after)
    check(line_names(after_board, Colour.WHITE) == ["a3-g3"], "White gets a3-g3")
    check(line_names(after_board, Colour.BLACK) == ["a5-g5"], "Black gets a5-g5")
    check(GAME.outcome_json(after).get("winner") == "white", "the mover wins by default")
    gone = INDEX_OF_NAME["1a3"]
    return [Picture("spf-rul-2", Text(
        "White removes the red ball at 1a3. White's ball at 2b4 drops into 1a3 and "
        "completes White's row on rank 3; with 2b4 gone, Black's row on rank 5 is no "
        "longer crossed. Both players have a line after one move: by default the mover, "
        "White, wins; under simultaneous=draw the game is drawn."), (
        View(before_board, (Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b4"], gone)),
             Text("before: White plays x1a3")),
        View(after_board, (Path(line_points("a3-g3"), "line"),
                           Path(line_points("a5-g5"), "opponent-line")),
             Text("after: both players have a line"))))]


def _no_move(name: str, figure_name: str, caption: str) -> list[Picture]:
    state = named(name)
    check(GAME.legal_moves(state) == [] and GAME.outcome_json(state).get("winner") == "black",
          f"{name}: White has no legal move and has lost")
    board = GAME.board(state)
    reds = tuple(points_of(board.masks[Colour.RED]))
    check(all(pinned(board.occupied) >> p & 1 for p in reds), "every red ball is pinned")
    marks: tuple[Mark, ...] = (Ring(reds, "pinned"),)
    return [picture(figure_name, Text(caption), board, marks)]


def _end() -> list[Picture]:
    return _no_move("no-move", "spf-end-1", "White to move with an empty stock, and every "
                    "red ball on the board is pinned (ringed): White has no legal move and "
                    "loses.")


def _complete_stuck() -> list[Picture]:
    state = named("complete-stuck")
    for stuck, reason in (("pass", "both-stuck-draw"), ("draw", "stuck-draw")):
        check(GAME.outcome_json(GAME.with_options(state, {"stuck": stuck}))["reason"] == reason,
              f"complete-stuck under stuck={stuck} ends as {reason}")
    return _no_move("complete-stuck", "spf-rul-3", "A position built for analysis, since no "
                    "game completes the pyramid: it is complete and every red ball is "
                    "pinned. White still has a ball in stock, but there is nowhere to put "
                    "it and nothing to remove: by default (stuck=lose) White loses. Under "
                    "stuck=draw the game is drawn; under stuck=pass it is drawn as well, "
                    "since Black, with a ball in stock, could not move after a pass "
                    "either.")


def _candidate_lines() -> list[Picture]:
    def drawn(kind: str) -> tuple[Mark, ...]:
        return tuple(Path(tuple(c.points[0] for c in line.cells), "line")
                     for line in LINES if line.kind == kind)
    check(len(drawn("orthogonal")) == 8 and len(drawn("diagonal")) == 16, "8 + 16 lines")
    return [
        picture("table-sploof-orthogonal", Text(
            "The 8 orthogonal candidate lines: the rows and columns of level 1."),
            Board(), drawn("orthogonal")),
        picture("table-sploof-diagonal", Text(
            "The 16 diagonal candidate lines: every window of four cells along a diagonal "
            "of the top view whose cells all hold points."), Board(), drawn("diagonal")),
    ]


FIGURES: Final[dict[str, FigureMaker]] = {
    "SPF-SETUP-1": _setup,
    "SPF-PLACE-1": _place,
    "SPF-REMOVE-1": _remove,
    "SPF-LINE-1": _line_orthogonal,
    "SPF-LINE-2": _line_diagonal,
    "SPF-WIN-2": _win2,
    "SPF-END-1": _end,
    "SPF-RUL-2": _both_lines,
    "SPF-RUL-3": _complete_stuck,
    "SPF-RUL-4": _perimeter,
    "SPF-RUL-5": _line_diagonal,
    "SPF-RUL-7": _hidden_row,
    "sploof": _candidate_lines,
}
"""Pictures by rule or ruling ID, and of the game's table by the table's name."""
