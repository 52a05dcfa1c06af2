"""Theorems about Spline: the engine's line table against the definition of a line,
level 3 deciding every game (so the pyramid never fills and the apex is never played),
only the mover making a line, the supply never running out, and a game that lasts the
longest possible."""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Any

import z3

from shibumi_rules.board import Board
from shibumi_rules.diagram import render
from shibumi_rules.games.spline.lines import LINES
from shibumi_rules.geometry import COORDS, NAMES, SIDE

from . import model
from . import spline_model as sm
from .logic import PY_LOGIC
from .solver import (
    Z3,
    Counterexample,
    Formula,
    Outcome,
    board_counterexample,
    board_in,
    check,
    count,
    exactly_one_point,
    find,
    fresh_balls,
    fresh_points,
    names,
    points_in,
    truth,
    well_formed,
)
from .theorem import Theorem, theorem

SPLINE: list[Theorem] = []
APEX = len(model.POINTS) - 1
TOP = sm.level_points(sm.TOP_LINE_LEVEL)
"""The four points of level 3."""
LONGEST = sum((SIDE - level) ** 2 for level in sm.LINE_LEVELS[:-1]) + 3
"""16 + 9 + 3 = 28: levels 1 and 2 full, then the third ball on level 3."""
MOST_PLACED = (LONGEST + 1) // 2
"""The most balls one player places in a game: 14."""


def _lookup(v: Any, values: list[int]) -> Any:
    """``values[v]`` for a symbolic point ``v``."""
    out: Any = z3.IntVal(values[-1])
    for p in reversed(range(len(values) - 1)):
        out = z3.If(v == p, values[p], out)
    return out


def _z3_windows(level: int) -> set[tuple[int, ...]]:
    """Every set of as many points of ``level`` as it is wide whose top-view cells are
    on one straight line: found by Z3, one model at a time (points in increasing order,
    so each set once)."""
    points = sm.level_points(level)
    width = SIDE - level
    seq = [z3.Int(f"point{i}") for i in range(width)]
    xs = [_lookup(v, [c.x for c in COORDS]) for v in seq]
    ys = [_lookup(v, [c.y for c in COORDS]) for v in seq]
    solver = z3.Solver()
    for v in seq:
        solver.add(v >= points[0], v <= points[-1])
    for a, b in pairwise(seq):
        solver.add(a < b)
    for k in range(2, width):
        solver.add((xs[1] - xs[0]) * (ys[k] - ys[0]) == (ys[1] - ys[0]) * (xs[k] - xs[0]))
    found = set()
    while solver.check() == z3.sat:
        m = solver.model()
        window = tuple(m.eval(v).as_long() for v in seq)
        found.add(window)
        solver.add(z3.Or([v != p for v, p in zip(seq, window, strict=True)]))
    return found


@theorem(SPLINE, "spline-lines-table", ("SPL-LINE-1", "SPL-RUL-1", "SPL-RUL-3"), """
    The engine's table of 24 lines is exactly what the definition gives: Z3 lists, on
    each level at least two points wide, every set of as many points as the level is
    wide whose cells seen from above lie on one straight line, and these are the table's
    lines (10 on level 1, 8 on level 2, 6 on level 3: the rows, columns and two
    corner-to-corner diagonals). On level 3 they are all 6 pairs of its points. Level
    4, one point wide, has none.""")
def spline_lines_table() -> Outcome:
    found = {w for level in sm.LINE_LEVELS for w in _z3_windows(level)}
    table = [tuple(sorted(line.points)) for line in LINES]
    problems = []
    if found != set(sm.LINES):
        problems.append("Z3 and the direct enumeration disagree")
    if len(set(table)) != len(table):
        problems.append("the table lists a line twice")
    for window in sorted(found ^ set(table)):
        side = "missing from the table" if window in found else "not a line"
        problems.append(f"{names(window)} {side}")
    for line in LINES:
        if line.level != COORDS[line.points[0]].level or \
                any(COORDS[p].level != line.level for p in line.points):
            problems.append(f"{line.name} leaves level {line.level + 1}")
    if set(combinations(TOP, 2)) != {w for w in found if COORDS[w[0]].level == 2}:
        problems.append("the lines of level 3 are not its 6 pairs")
    if problems:
        return Outcome(False, "; ".join(problems))
    per_level = {level + 1: sum(1 for w in found if COORDS[w[0]].level == level)
                 for level in sm.LINE_LEVELS}
    spread = ", ".join(f"{n} on level {level}" for level, n in per_level.items())
    return Outcome(True, f"proved: {len(found)} lines ({spread}), all in the table",
                   facts={"lines_per_level": per_level})


def _spline_balls(prefix: str) -> dict[str, list[Formula]]:
    return fresh_balls(prefix, sm.COLOURS)


def _no_line(balls: dict[str, list[Formula]]) -> Formula:
    return z3.And(z3.Not(sm.has_line(Z3, balls["W"])), z3.Not(sm.has_line(Z3, balls["B"])))


def _board(m: Any, balls: dict[str, list[Formula]]) -> Board:
    return board_in(m, balls)


@theorem(SPLINE, "spline-level-3-decides", ("SPL-RUL-6", "SPL-RUL-3", "SPL-WIN-1",
                                            "SHB-COMPLETE-1"), """
    Every pair of points of level 3 is a line, so on every board obeying gravity with
    three or more balls on level 3 (a filled 2x2 level among them) some player holds a
    line. Hence every board on which nobody holds a line has at most two balls on level
    3, an empty apex, at most 27 balls, and a valid location. A game therefore always
    goes on until a line is made, and ends with a winner by the 28th ball (so by the
    29th); the fourth point of level 3 and the apex are never played.""")
def spline_level_3_decides() -> Outcome:
    balls = _spline_balls("s")
    occ = model.occupancy(Z3, balls)
    on_top = count(occ[p] for p in TOP)

    def explain(m: Any) -> Counterexample:
        return board_counterexample(_board(m, balls), "no line, yet the claim fails")

    full = check([well_formed(balls), on_top >= 3],
                 z3.Or(sm.has_line(Z3, balls["W"]), sm.has_line(Z3, balls["B"])), "",
                 explain)
    if not full.proved:
        return full
    claim = z3.And(on_top <= 2, z3.Not(occ[APEX]), count(occ) <= LONGEST - 1,
                   z3.Or([model.valid_location(Z3, occ, p) for p in model.POINTS]))
    running = check([well_formed(balls), _no_line(balls)], claim, "", explain)
    if not running.proved:
        return running
    return Outcome(True, f"proved for every board: three balls on level 3 hold a line; "
                         f"without a line at most {LONGEST - 1} balls and a valid location",
                   facts={"most_balls_without_a_line": LONGEST - 1,
                          "longest_game": LONGEST})


def _placement(prefix: str) -> tuple[dict[str, list[Formula]], Formula, list[Formula],
                                     list[Formula]]:
    """A symbolic position (board obeying gravity, player to move) and a placement on a
    valid location: balls, white_to_move, selector, premises."""
    balls = _spline_balls(prefix)
    white_to_move = z3.Bool(f"{prefix}_white_to_move")
    at = fresh_points(f"{prefix}_at")
    occ = model.occupancy(Z3, balls)
    premises = [well_formed(balls), exactly_one_point(at),
                model.selected(Z3, at, [model.valid_location(Z3, occ, p)
                                        for p in model.POINTS])]
    return balls, white_to_move, at, premises


def _position_text(m: Any, balls: dict[str, list[Formula]], white_to_move: Formula) -> str:
    turn = "white" if truth(m, white_to_move) else "black"
    return f"{_board(m, balls).to_text()} {turn}"


@theorem(SPLINE, "spline-only-the-mover-makes-lines", ("SPL-RUL-5", "SPL-WIN-1",
                                                       "SPL-RUL-2", "SPL-PLACE-1"), """
    On every board obeying gravity, a placement on a valid location leaves the
    opponent's lines exactly as they were: it adds one ball of the mover's colour and
    moves nothing, and a line depends only on its owner's balls (covered balls count).
    So a placement can make a line only for the player who makes it. By induction from
    the empty board, where nobody holds a line, every position of a game has at most one
    player holding a line, the player who made the last placement: both players never
    hold a line at once.""")
def spline_only_the_mover_makes_lines() -> Outcome:
    balls, white_to_move, at, premises = _placement("s")
    after = sm.place(Z3, balls, white_to_move, at)

    def opponent_line(state: dict[str, list[Formula]]) -> Formula:
        return z3.If(white_to_move, sm.has_line(Z3, state["B"]), sm.has_line(Z3, state["W"]))

    def explain(m: Any) -> Counterexample:
        board = _board(m, balls)
        return Counterexample(_position_text(m, balls, white_to_move), render(board),
                              f"placing on {names(points_in(m, at))} changes the "
                              "opponent's lines")

    outcome = check(premises, opponent_line(after) == opponent_line(balls), "", explain)
    if not outcome.proved:
        return outcome
    return Outcome(True, "proved for every board and placement: the opponent's lines "
                         "never change")


@theorem(SPLINE, "spline-supply-suffices", ("SPL-RUL-7", "SPL-PLACE-1", "SPL-TURN-1",
                                            "SHB-SET-1"), """
    Every board obeying gravity on which nobody holds a line has at most 27 balls; in a
    position a game reaches while it goes on the players have alternated, so the player
    to move has no more balls than the opponent and at most one fewer, which leaves the
    player to move at most 13 balls on the board. So no player places more than 14 balls
    in a game, and each supply of 16 always has a ball left.""")
def spline_supply_suffices() -> Outcome:
    balls = _spline_balls("s")
    white_to_move = z3.Bool("white_to_move")
    white, black = count(balls["W"]), count(balls["B"])

    def explain(m: Any) -> Counterexample:
        return Counterexample(_position_text(m, balls, white_to_move),
                              render(_board(m, balls)), "more balls than the bound")

    # first every board without a line, then the arithmetic of alternating turns
    total = check([well_formed(balls), _no_line(balls)], white + black <= LONGEST - 1, "",
                  explain)
    if not total.proved:
        return total
    w, b = z3.Ints("white black")
    mover, other = z3.If(white_to_move, w, b), z3.If(white_to_move, b, w)
    turns = check([w >= 0, b >= 0, w + b <= LONGEST - 1, mover <= other, other <= mover + 1],
                  z3.And(mover <= MOST_PLACED - 1, other <= MOST_PLACED), "",
                  explain)
    if not turns.proved:
        return turns
    return Outcome(True, f"proved: at most {LONGEST - 1} balls while a game goes on, of "
                         f"which the player to move has at most {MOST_PLACED - 1}; nobody "
                         f"places more than {MOST_PLACED}",
                   facts={"most_placed": MOST_PLACED})


def _order(board: Board, first: str) -> list[int] | None:
    """An order in which the players, alternating from ``first``, can place exactly the
    balls of ``board``, each on a valid location of the model, nobody holding a line
    before the end (depth-first, lower levels first)."""
    letters = board.letters()
    todo = {c: [p for p in model.POINTS if letters[p] == c] for c in sm.COLOURS}
    placed: list[int] = []

    def balls_now() -> dict[str, list[bool]]:
        return {c: [p in placed and letters[p] == c for p in model.POINTS]
                for c in sm.COLOURS}

    def search(turn: str) -> bool:
        if not todo["W"] and not todo["B"]:
            return True
        now = balls_now()
        occ = model.occupancy(PY_LOGIC, now)
        if sm.has_line(PY_LOGIC, now["W"]) or sm.has_line(PY_LOGIC, now["B"]):
            return False
        other = "B" if turn == "W" else "W"
        for p in sorted(todo[turn], key=lambda q: (COORDS[q].level, q)):
            if not model.valid_location(PY_LOGIC, occ, p):
                continue
            todo[turn].remove(p)
            placed.append(p)
            if search(other):
                return True
            placed.pop()
            todo[turn].append(p)
        return False

    return placed if search(first) else None


@theorem(SPLINE, "spline-longest-game", ("SPL-RUL-6", "SPL-WIN-1", "SPL-RUL-7"), """
    The bound of spline-level-3-decides is reached: Z3 finds a board with levels 1 and 2
    full, one white and one black ball on level 3 and no line, with 14 white and 13
    black balls; its balls can be placed in turn from the empty pyramid, White first,
    with nobody holding a line, and Black's 28th ball, on either free point of level 3,
    then makes a line. So the longest Spline games last exactly 28 balls, and a player
    may need 14 balls.""")
def spline_longest_game() -> Outcome:
    balls = _spline_balls("s")
    occ = model.occupancy(Z3, balls)
    below = [p for p in model.POINTS if COORDS[p].level < sm.TOP_LINE_LEVEL]
    top_white = count(balls["W"][p] for p in TOP)
    top_black = count(balls["B"][p] for p in TOP)
    m = find([well_formed(balls), _no_line(balls), *(occ[p] for p in below),
              top_white == 1, top_black == 1, count(balls["W"]) == MOST_PLACED,
              count(balls["B"]) == MOST_PLACED - 1])
    if m is None:
        return Outcome(False, "undecided: no board of 27 balls without a line was found")
    board = _board(m, balls)
    order = _order(board, "W")
    if order is None:
        return Outcome(False, "undecided: the board found cannot be reached by play",
                       Counterexample(f"{board.to_text()} black", render(board),
                                      "no alternating order reaches it"))
    letters = board.letters()
    finals = []
    for p in TOP:
        if letters[p] != ".":
            continue
        after = [letters[q] == "B" or q == p for q in model.POINTS]
        if not sm.has_line(PY_LOGIC, after):
            return Outcome(False, f"counterexample: black's 28th ball on {NAMES[p]} makes "
                                  "no line")
        finals.append(p)
    moves = [NAMES[p] for p in order]
    return Outcome(True, f"proved: a game of {LONGEST} balls, ending on "
                         f"{' or '.join(NAMES[p] for p in finals)}",
                   facts={"longest_game": LONGEST, "moves": moves,
                          "last_moves": [NAMES[p] for p in finals],
                          "position": f"{board.to_text()} black"})
