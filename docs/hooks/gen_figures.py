"""The pictures that go with the rules and rulings.

Each picture is a position chosen to show one rule, with marks computed by the engine
(valid locations, pinned balls, drop chains, crossings, lines, scoring pairs), and a
check that the engine agrees with what the caption says: if the rules or the engine
change so that a picture would lie, the build fails instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gen_diagrams import Figure, figure, pts, sequence

from shibumi_rules.board import Board, pinned, valid_locations
from shibumi_rules.geometry import (
    COVERED_BY,
    CROSSING,
    INDEX_OF_NAME,
    NAMES,
    SUPPORTERS,
    TOUCHING_PAIRS,
    points_of,
)
from shibumi_rules.notation import Colour
from shibumi_rules.svg import Arrow, Ghost, Label, Path, Ring


class FigureError(AssertionError):
    """A picture no longer shows what its caption says."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise FigureError(f"diagram check failed: {what}")


def _lines(board: Board, colour: Colour) -> list[str]:
    from shibumi_rules.games.sploof.lines import lines_of

    return [line.name for line in lines_of(board, colour)]


def _line_points(name: str) -> tuple[int, ...]:
    from shibumi_rules.games.sploof.lines import LINE_BY_NAME

    line = LINE_BY_NAME[name]
    if line.kind == "orthogonal":
        return line.points
    return tuple(c.points[0] for c in line.cells)


SPLOOF_START = "RRRR,R..R,R..R,RRRR/...,...,.../..,../."


def _sploof_board(text: str) -> Board:
    """A board that can occur in Sploof: the engine must accept it in a position (red
    balls only on the perimeter holes, 16 balls of each colour in all)."""
    from gen_common import game

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
    game("sploof").parse_position(f"{text} white stock:{sw},{sb} supply:{pw},{pb},{red}")
    return board


def _splink_board(text: str) -> Board:
    """A board that can occur in Splink (red and white only, an even number of balls)."""
    from gen_common import game

    board = Board.from_text(text, "RW")
    red, white = 16 - board.count(Colour.RED), 16 - board.count(Colour.WHITE)
    turns = board.occupied.bit_count() // 2
    role = "repulsor" if turns % 2 else "attractor"
    game("splink").parse_position(f"{text} {role} turns:{turns} supply:{red},{white}")
    return board


def _placement() -> list[Figure]:
    text = "RWR.,BR..,....,..../...,...,.../..,../."
    board = Board.from_text(text)
    valid = valid_locations(board.occupied)
    check(valid >> INDEX_OF_NAME["2b2"] & 1 == 1, "2b2 is a valid location")
    check(valid >> INDEX_OF_NAME["2d2"] & 1 == 0, "2d2 is not a valid location")
    return [figure(
        "shb-place", "Every empty hole is a valid location, and so is 2b2, whose four "
        "supporters 1a1, 1c1, 1a3 and 1c3 are all present, whatever their colours. 2d2 "
        "is not: 1e3 under it is empty.",
        board, [Ring(tuple(points_of(valid)), "candidate"),
                Ring(pts("1e3"), "missing"), Label(INDEX_OF_NAME["2d2"], "2d2")],
    )]


def _gravity() -> list[Figure]:
    board = Board.from_text("....,.RW.,.BR.,..../...,.W.,.../..,../.")
    p = INDEX_OF_NAME["2d4"]
    check(board.colour_at(p) is not None and not board.problems(), "2d4 is supported")
    return [figure(
        "shb-gravity", "The white ball at 2d4 rests on the four balls at 1c3, 1e3, 1c5 "
        "and 1e5. Take any of them away and it could not stay there.",
        board, [Ring((p,), "focus"), Ring(SUPPORTERS[p], "supporter")],
    )]


def _pinning() -> list[Figure]:
    board = Board.from_text("RRRB,RWRR,R..R,RRRR/WB.,...,.../..,../.")
    pin = pinned(board.occupied)
    check(points_of(pin) == list(pts("1c1 1c3")), "exactly 1c1 and 1c3 are pinned")
    return [figure(
        "shb-pin", "1c1 and 1c3 each hold up both 2b2 and 2d2, so they are pinned and "
        "cannot be removed. 1a1 holds up only 2b2; it is not pinned.",
        board, [Ring(tuple(points_of(pin)), "pinned"), Ring(pts("2b2 2d2"), "supported")],
    )]


def _drop() -> list[Figure]:
    before = Board.from_text("RRRR,RRRR,RRRR,RRRR/WR.,RR.,.../B.,../.")
    removed = INDEX_OF_NAME["1a1"]
    after, drops = before.remove(removed)
    moves = [(d.source, d.target) for d in drops]
    check(moves == [(INDEX_OF_NAME["2b2"], removed), (INDEX_OF_NAME["3c3"],
                                                      INDEX_OF_NAME["2b2"])],
          "removing 1a1 drops 2b2 to 1a1 and 3c3 to 2b2")
    return [sequence(
        "shb-drop", "Removing the red ball at 1a1: the white ball it held up (2b2) drops "
        "into 1a1, and the black ball on top of that one (3c3) drops into 2b2. Every "
        "ball of the chain falls exactly one level, along one diagonal.",
        [(before, [Ring((removed,), "removed"),
                   *[Arrow(s, t) for s, t in moves]], "before: 1a1 is removed"),
         (after, [Ring(tuple(t for _, t in moves), "dropped")], "after: the chain has dropped")],
    )]


def _hiding() -> list[Figure]:
    board = Board.from_text("RRR.,RWR.,RRR.,..../RR.,RR.,.../B.,../.")
    low = INDEX_OF_NAME["1c3"]
    check(COVERED_BY[low] == INDEX_OF_NAME["3c3"], "3c3 covers 1c3")
    return [figure(
        "shb-hide", "The black ball at 3c3 sits exactly over the white ball at 1c3, two "
        "levels down. From above, the cell c3 shows black: the white ball is hidden.",
        board, [Ring((INDEX_OF_NAME["3c3"],), "hiding"), Ring((low,), "hidden")],
    )]


def _crossing() -> list[Figure]:
    board = Board.from_text("RRRR,WWWW,RRRR,R..R/.R.,.R.,.../..,../.")
    link = (INDEX_OF_NAME["1c3"], INDEX_OF_NAME["1e3"])
    check(CROSSING[link] == pts("2d2 2d4"), "2d2 and 2d4 cross 1c3-1e3")
    check(CROSSING[(INDEX_OF_NAME["1a3"], INDEX_OF_NAME["1c3"])] == pts("2b2 2b4"),
          "2b2 and 2b4 cross 1a3-1c3")
    return [figure(
        "shb-cross", "The link between 1c3 and 1e3 is crossed: 2d2 and 2d4 each touch both "
        "of its balls and pass over it. The link 1a3-1c3 is not crossed, as neither 2b2 "
        "nor 2b4 holds a ball.",
        board, [Path(link, "crossed"), Ring(CROSSING[link], "crossing")],
    )]


def _complete() -> list[Figure]:
    text = "WRWR,RWRW,WRWR,RWRW/WRW,RWR,WRW/RW,WR/W"
    board = Board.from_text(text)
    check(valid_locations(board.occupied) == 0, "a complete pyramid has no valid location")
    return [figure(
        "shb-complete", "A complete pyramid: 30 balls, and nowhere left to put another.",
        board,
    )]


def _sploof_setup() -> list[Figure]:
    return [figure(
        "spf-setup", "The start of Sploof: twelve red balls on the twelve holes around "
        "the edge; the four inner holes are empty.", SPLOOF_START,
    )]


def _sploof_place() -> list[Figure]:
    board = Board.from_text(SPLOOF_START)
    valid = valid_locations(board.occupied)
    check(points_of(valid) == list(pts("1c3 1e3 1c5 1e5")), "only the inner holes are free")
    return [figure(
        "spf-place", "At the start, the only valid locations are the four inner holes. "
        "White places a ball from the stock on 1c3.",
        board, [Ring(tuple(points_of(valid)), "candidate"),
                Ghost(INDEX_OF_NAME["1c3"], Colour.WHITE)],
    )]


def _sploof_remove() -> list[Figure]:
    before = _sploof_board("RRRR,RW.R,R..R,RRRR/B..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a1"]
    check(not pinned(before.occupied) >> gone & 1, "1a1 is not pinned")
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a1")
    return [sequence(
        "spf-remove", "Removing the red ball at 1a1 (it holds up only 2b2, so it is not "
        "pinned): the red ball goes back to the supply, the black ball at 2b2 drops into "
        "1a1, and the mover takes two balls of their colour from the supply into their "
        "stock.",
        [(before, [Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b2"], gone)],
          "before: x1a1"),
         (after, [Ring((gone,), "dropped")], "after")],
    )]


def _sploof_line_orthogonal() -> list[Figure]:
    made = _sploof_board("WWWW,RBBR,R..R,RRRR/...,...,.../..,../.")
    check(_lines(made, Colour.WHITE) == ["a1-g1"], "White holds a1-g1")
    crossed = _sploof_board("RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../.")
    check(_lines(crossed, Colour.WHITE) == [], "the crossed row is no line")
    link = pts("1c3 1e3")
    return [
        figure("spf-line-row", "White holds the row 1a1-1g1: four white balls in a row on "
               "the board, none hidden, no link crossed.",
               made, [Path(_line_points("a1-g1"), "line")]),
        figure("spf-line-crossed", "A crossed row: the four white balls of rank 3 are not a "
               "line, because the black balls at 2d2 and 2d4 both lie across the link "
               "1c3-1e3.",
               crossed, [Path(_line_points("a3-g3"), "broken"), Path(link, "crossed"),
                         Ring(CROSSING[(link[0], link[1])], "crossing")]),
    ]


def _sploof_line_diagonal() -> list[Figure]:
    board = _sploof_board("WRRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../.")
    check("a1-d4" in _lines(board, Colour.WHITE), "White holds the diagonal a1-d4")
    return [figure(
        "spf-line-zigzag", "A zig-zag diagonal line: seen from above, the cells a1, b2, c3 "
        "and d4 all show white. The balls are on levels 1, 2, 1 and 2, and each touches "
        "the next.",
        board, [Path(_line_points("a1-d4"), "line")],
    )]


def _sploof_win2() -> list[Figure]:
    before = _sploof_board("RRRR,RBBB,R.WR,RRRR/B..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a3"]
    check(_lines(before, Colour.BLACK) == [], "Black has no line before")
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a3")
    check(_lines(after, Colour.BLACK) == ["a3-g3"], "Black has a3-g3 after")
    check(_lines(after, Colour.WHITE) == [], "White has no line after")
    return [sequence(
        "spf-win-2", "White removes the red ball at 1a3. The black ball it held up drops "
        "from 2b2 into 1a3 and completes Black's row on rank 3. White made a line for "
        "the opponent only, and loses.",
        [(before, [Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b2"], gone),
                   Path(_line_points("a3-g3"), "broken")], "before: White plays x1a3"),
         (after, [Ring((gone,), "dropped"), Path(_line_points("a3-g3"), "opponent-line")],
          "after: Black has a line")],
    )]


def _sploof_perimeter() -> list[Figure]:
    board = _sploof_board("WWWW,RBBR,R..R,RRRR/B..,...,.../..,../.")
    check(_lines(board, Colour.WHITE) == ["a1-g1"], "the perimeter row is still a line")
    link = (INDEX_OF_NAME["1a1"], INDEX_OF_NAME["1c1"])
    return [figure(
        "spf-rul-4", "On the edge, a link has only one ball that can lie across it. The black "
        "ball at 2b2 leans over the link 1a1-1c1, but one ball does not cross a link: "
        "White's row still counts.",
        board, [Path(_line_points("a1-g1"), "line"), Ring(CROSSING[link], "crossing")],
    )]


def _sploof_hidden_row() -> list[Figure]:
    board = _sploof_board("RRRR,WWWW,RBBR,RRRR/BBB,BBB,.../BB,../.")
    check(_lines(board, Colour.WHITE) == [], "the row is broken")
    return [figure(
        "spf-rul-7", "The white row on rank 3 is broken twice over: the black ball at 3c3 "
        "hides 1c3 from above, and 3e3 hides 1e3 (each also comes with two crossed "
        "links, as a level-3 ball always does).",
        board, [Path(_line_points("a3-g3"), "broken"), Ring(pts("3c3 3e3"), "hiding"),
                Ring(pts("1c3 1e3"), "hidden")],
    )]


def _splink_place() -> list[Figure]:
    before = _splink_board("RW..,W...,....,...R/...,...,.../..,../.")
    check(valid_locations(before.occupied) >> INDEX_OF_NAME["2b2"] & 1 == 0,
          "2b2 is not yet valid")
    return [figure(
        "spk-rul-1", "A move of type (a) may put its second ball on a platform that its "
        "first ball completed: red on 1c3 completes the block under 2b2, and white then "
        "goes on 2b2 (written R1c3+W2b2).",
        before, [Ghost(INDEX_OF_NAME["1c3"], Colour.RED),
                 Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE),
                 Label(INDEX_OF_NAME["1c3"], "1st"), Label(INDEX_OF_NAME["2b2"], "2nd")],
    )]


def _splink_remove() -> list[Figure]:
    before = _splink_board("RWRW,WRWR,....,...W/R..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a1"]
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a1")
    top = INDEX_OF_NAME["2b2"]
    check(valid_locations(after.occupied) >> top & 1 == 1, "2b2 is free again")
    final = after.place(top, Colour.WHITE)
    return [sequence(
        "spk-remove", "Move (b), written x1a1+W2b2: the red ball at 1a1 holds up exactly one "
        "ball, so it may be removed; the red ball at 2b2 drops into 1a1. A white ball is "
        "then placed, here on the point the chain left empty.",
        [(before, [Ring((gone,), "removed"), Arrow(top, gone)], "before"),
         (after, [Ring((gone,), "dropped"), Ghost(top, Colour.WHITE)],
          "after the removal: a white ball is placed"),
         (final, [Ring((top,), "move")], "after the move")],
    )]


def _splink_pairs() -> list[Figure]:
    from shibumi_rules.games.splink.score import INNER_POINTS, SCORING_PAIRS

    check(len(SCORING_PAIRS) == 60, "60 scoring pairs")
    check(len(TOUCHING_PAIRS) - len(SCORING_PAIRS) == 36, "36 pairs touch an inner point")
    return [figure(
        "spk-pairs", "The 60 pairs that can score, drawn between the centres of touching "
        "points. The five inner points (ringed) are hidden once the pyramid is complete "
        "and take part in no pair.",
        Board(), [Path(pair, "pair") for pair in SCORING_PAIRS]
        + [Ring(INNER_POINTS, "inner")],
    )]


def _splink_score() -> list[Figure]:
    from shibumi_rules.games.splink.score import INNER_POINTS, SCORING_PAIRS, score_masks

    text = "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,RW/R"
    board = _splink_board(text)
    red, white = board.masks[Colour.RED], board.masks[Colour.WHITE]
    scoring = [(a, b) for a, b in SCORING_PAIRS
               if {board.colour_at(a), board.colour_at(b)} == {Colour.RED, Colour.WHITE}]
    score = score_masks(red, white)
    check(score == len(scoring), "the drawn pairs are the score")
    return [figure(
        "spk-score", f"A complete pyramid worth {score} points to the attractor: each "
        "drawn pair is a red and a white ball that touch, neither on an inner point.",
        board, [Path(pair, "pair") for pair in scoring] + [Ring(INNER_POINTS, "inner")],
    )]


def _named(game_name: str, name: str) -> tuple[Any, Any]:
    """A named position of the spec (the perft files and vectors use the same ones):
    the game and the parsed state."""
    from gen_common import game

    from shibumi_rules.games import get_bundle

    g = game(game_name)
    found = next(p for p in get_bundle(game_name).named_positions() if p.name == name)
    return g, g.parse_position(found.position)


def _both_lines() -> list[Figure]:
    g, state = _named("sploof", "both-lines")
    after = g.play_text(state, "x1a3")
    before_board, after_board = g.board(state), g.board(after)
    check(_lines(after_board, Colour.WHITE) == ["a3-g3"], "White gets a3-g3")
    check(_lines(after_board, Colour.BLACK) == ["a5-g5"], "Black gets a5-g5")
    check(g.outcome_json(after).get("winner") == "white", "the mover wins by default")
    gone = INDEX_OF_NAME["1a3"]
    return [sequence(
        "spf-rul-2", "White removes the red ball at 1a3. White's ball at 2b4 drops into "
        "1a3 and completes White's row on rank 3; with 2b4 gone, Black's row on rank 5 "
        "is no longer crossed. Both players have a line after one move: by default the "
        "mover, White, wins; under simultaneous=draw the game is drawn.",
        [(before_board, [Ring((gone,), "removed"), Arrow(INDEX_OF_NAME["2b4"], gone)],
          "before: White plays x1a3"),
         (after_board, [Path(_line_points("a3-g3"), "line"),
                        Path(_line_points("a5-g5"), "opponent-line")],
          "after: both players have a line")],
    )]


def _no_move(name: str, figure_name: str, caption: str) -> list[Figure]:
    g, state = _named("sploof", name)
    check(g.legal_moves(state) == [] and g.outcome_json(state).get("winner") == "black",
          f"{name}: White has no legal move and has lost")
    board = g.board(state)
    reds = [p for p in points_of(board.masks[Colour.RED])]
    check(all(pinned(board.occupied) >> p & 1 for p in reds), "every red ball is pinned")
    return [figure(figure_name, caption, board, [Ring(tuple(reds), "pinned")])]


def _end() -> list[Figure]:
    return _no_move("no-move", "spf-end-1", "White to move with an empty stock, and every "
                    "red ball on the board is pinned (ringed): White has no legal move and "
                    "loses.")


def _complete_stuck() -> list[Figure]:
    return _no_move("complete-stuck", "spf-rul-3", "The pyramid is complete and every red "
                    "ball is pinned. White still has two balls in stock, but there is "
                    "nowhere to put them and nothing to remove: White loses.")


def _splink_move_a() -> list[Figure]:
    g, state = _named("splink", "start")
    check("R1a1+W1c1" in g.legal_move_texts(state), "R1a1+W1c1 is legal at the start")
    return [figure(
        "spk-place", "The first move of a game: the attractor places a red ball and a "
        "white ball, here R1a1+W1c1.", g.board(state),
        [Ghost(INDEX_OF_NAME["1a1"], Colour.RED), Ghost(INDEX_OF_NAME["1c1"], Colour.WHITE)],
    )]


def _splink_no_move() -> list[Figure]:
    g, state = _named("splink", "no-move")
    check(g.legal_moves(state) == [] and g.outcome_json(state)["over"], "no legal move")
    return [figure(
        "spk-rul-3", f"No move is possible: no red ball is left in the supply for a move "
        f"of type (a), and no ball holds up exactly one ball. The game ends here with "
        f"the score as it stands: {g.outcome_json(state)['score']}.", g.board(state),
    )]


FIGURES: dict[str, Callable[[], list[Figure]]] = {
    "SHB-PLACE-1": _placement,
    "SHB-GRAVITY-1": _gravity,
    "SHB-PIN-1": _pinning,
    "SHB-DROP-1": _drop,
    "SHB-HIDE-1": _hiding,
    "SHB-CROSS-1": _crossing,
    "SHB-COMPLETE-1": _complete,
    "SPF-SETUP-1": _sploof_setup,
    "SPF-PLACE-1": _sploof_place,
    "SPF-REMOVE-1": _sploof_remove,
    "SPF-LINE-1": _sploof_line_orthogonal,
    "SPF-LINE-2": _sploof_line_diagonal,
    "SPF-WIN-2": _sploof_win2,
    "SPF-END-1": _end,
    "SPF-RUL-2": _both_lines,
    "SPF-RUL-3": _complete_stuck,
    "SPF-RUL-4": _sploof_perimeter,
    "SPF-RUL-5": _sploof_line_diagonal,
    "SPF-RUL-7": _sploof_hidden_row,
    "SPK-PLACE-1": _splink_move_a,
    "SPK-RUL-1": _splink_place,
    "SPK-RUL-3": _splink_no_move,
    "SPK-REMOVE-1": _splink_remove,
    "SPK-SCORE-1": _splink_pairs,
    "SPK-RUL-9": _splink_score,
}
"""Pictures by rule or ruling ID."""


def figures_for(rule_id: str) -> list[Figure]:
    make = FIGURES.get(rule_id)
    return make() if make else []


__all__ = ["FIGURES", "NAMES", "FigureError", "figures_for"]
