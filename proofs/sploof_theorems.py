"""Theorems about Sploof: the engine's line table against the geometry, what the lines
of the table look like on every board, conservation of balls, and red balls that never
move."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import z3

from shibumi_rules.diagram import render
from shibumi_rules.games.sploof.lines import LINES
from shibumi_rules.geometry import COORDS, LEVEL_MASKS, TOUCHING_PAIRS, points_of

from . import model
from . import sploof_model as sm
from .solver import (
    Z3,
    Z3_ARITH,
    Counterexample,
    Formula,
    Outcome,
    board_counterexample,
    board_in,
    check,
    count,
    exactly_one_point,
    fresh_balls,
    fresh_points,
    names,
    points_in,
    well_formed,
)
from .theorem import Theorem, theorem

BALLS_PER_COLOUR = 16
"""Balls of each colour in the set (SHB-SET-1)."""

SPLOOF: list[Theorem] = []


def _lookup(v: Any, values: list[int]) -> Any:
    """``values[v]`` for a symbolic point ``v``."""
    out: Any = z3.IntVal(values[-1])
    for p in reversed(range(len(values) - 1)):
        out = z3.If(v == p, values[p], out)
    return out


def _z3_sequences() -> set[tuple[int, ...]]:
    """Every sequence of 4 points, each touching the next, whose cells seen from above
    are distinct and on one straight line: found by Z3, one model at a time."""
    seq = [z3.Int(f"ball{i}") for i in range(4)]
    xs = [_lookup(v, [c.x for c in COORDS]) for v in seq]
    ys = [_lookup(v, [c.y for c in COORDS]) for v in seq]
    pairs = [*TOUCHING_PAIRS, *((b, a) for a, b in TOUCHING_PAIRS)]
    solver = z3.Solver()
    for v in seq:
        solver.add(v >= 0, v < len(model.POINTS))
    for u, v in pairwise(seq):
        solver.add(z3.Or([z3.And(u == a, v == b) for a, b in pairs]))
    for i in range(4):
        for j in range(i + 1, 4):
            solver.add(z3.Or(xs[i] != xs[j], ys[i] != ys[j]))
    for k in (2, 3):  # every cell on the line through the first two
        solver.add((xs[1] - xs[0]) * (ys[k] - ys[0]) == (ys[1] - ys[0]) * (xs[k] - xs[0]))
    found = set()
    while solver.check() == z3.sat:
        m = solver.model()
        points = tuple(m.eval(v).as_long() for v in seq)
        found.add(points)
        solver.add(z3.Or([v != p for v, p in zip(seq, points, strict=True)]))
    return found


def _canonical(cells: tuple[sm.Cell, ...]) -> tuple[sm.Cell, ...]:
    return min(cells, tuple(reversed(cells)))


@theorem(SPLOOF, "sploof-lines-table", ("SPF-LINE-1", "SPF-LINE-2", "SPF-RUL-5"), """
    The engine's table of 24 lines is exactly what the definition gives: Z3 lists every
    sequence of 4 balls that touch in turn and whose cells seen from above are distinct
    and on one straight line (112 sequences, both directions), and the windows of 4
    cells they run through are exactly the table's 24 lines. The 8 windows that run
    sideways are the rows and columns of level 1, whose only such sequences are their
    four level-1 balls (SPF-LINE-1); the 16 others are diagonal and may zig-zag between
    levels (SPF-LINE-2, SPF-RUL-5), and every point of their cells lies on one of these
    sequences.""")
def sploof_lines_table() -> Outcome:
    sequences = _z3_sequences()
    problems = []
    if sequences != set(sm.touching_sequences()):
        problems.append("Z3 and the direct enumeration disagree on the sequences")
    by_window: dict[tuple[sm.Cell, ...], set[int]] = {}
    for seq in sequences:
        cells = tuple(sm.cell_of(p) for p in seq)
        by_window.setdefault(_canonical(cells), set()).update(seq)
    table = {_canonical(tuple((c.x, c.y) for c in line.cells)): line for line in LINES}
    if len(LINES) != len(table):
        problems.append("the table lists a window twice")
    for window in sorted(set(by_window) ^ set(table)):
        side = "missing from the table" if window in by_window else "not a line"
        problems.append(f"window {window} {side}")
    for window, line in table.items():
        if window not in by_window:
            continue
        orthogonal = sm.is_orthogonal(window)
        kind, rule = ("orthogonal", "SPF-LINE-1") if orthogonal else ("diagonal", "SPF-LINE-2")
        if (line.kind, line.rule) != (kind, rule):
            problems.append(f"{line.name} is {line.kind}/{line.rule}, expected {kind}/{rule}")
        expected = by_window[window]
        if orthogonal and not expected <= set(points_of(LEVEL_MASKS[0])):
            problems.append(f"{line.name}: a sequence leaves level 1")
        if set(line.points) != expected:
            problems.append(f"{line.name}: table points {names(sorted(line.points))}, "
                            f"sequences use {names(sorted(expected))}")
    if problems:
        return Outcome(False, "; ".join(problems))
    return Outcome(True, f"proved: {len(sequences)} sequences, {len(table)} windows, "
                         "all in the table", facts={"sequences": len(sequences)})


@theorem(SPLOOF, "sploof-visible-diagonal-balls-touch", ("SPF-LINE-2", "SHB-GRAVITY-1",
                                                         "SHB-TOUCH-1"), """
    On every board that obeys gravity, in each of the table's 16 diagonal windows whose
    four cells all show a ball from above, the four visible (topmost) balls touch in
    turn: reading a diagonal line cell by cell from above always describes four touching
    balls, as the rules' notion of a line requires.""")
def sploof_visible_diagonal_balls_touch() -> Outcome:
    balls = fresh_balls("s", "WBR")
    occ = model.occupancy(Z3, balls)
    touching = set(TOUCHING_PAIRS)

    def visible(p: int, stack: tuple[int, ...]) -> Formula:
        higher = stack[stack.index(p) + 1:]
        return z3.And(occ[p], *(z3.Not(occ[q]) for q in higher))

    claims = []
    for line in LINES:
        if line.kind != "diagonal":
            continue
        for first, second in zip(line.cells, line.cells[1:], strict=False):
            for a in first.points:
                for b in second.points:
                    if (min(a, b), max(a, b)) not in touching:
                        claims.append(z3.Not(z3.And(visible(a, first.points),
                                                    visible(b, second.points))))

    def explain(m: Any) -> Counterexample:
        return board_counterexample(board_in(m, balls), "visible balls that do not touch")
    return check([well_formed(balls)], z3.And(claims), "proved for every board", explain)


def _sploof_setup(unlimited: bool) -> tuple[sm.State[Formula, Any], list[Formula],
                                               list[Formula]]:
    """A symbolic Sploof state (non-negative counts, board obeying gravity, red balls
    only on level 1) and a selected point."""
    balls = fresh_balls("s", "WBR")
    white_to_move = z3.Bool("white_to_move")
    stock = (z3.Int("stock_white"), z3.Int("stock_black"))
    supply = (z3.Int("supply_white"), z3.Int("supply_black"), z3.Int("supply_red"))
    state = sm.State(balls, white_to_move, stock, supply)
    at = fresh_points("at")
    premises = [well_formed(balls), exactly_one_point(at), *(n >= 0 for n in stock),
                supply[2] >= 0]
    if not unlimited:
        premises += [supply[0] >= 0, supply[1] >= 0]
    premises += [z3.Not(balls["R"][p]) for p in model.POINTS if COORDS[p].level > 0]
    return state, premises, at


def _sploof_explain(state: sm.State[Formula, Any], at: list[Formula], unlimited: bool,
                    verb: str) -> Any:
    def render_state(m: Any) -> Counterexample:
        board = board_in(m, state.balls)
        turn = "white" if z3.is_true(m.eval(state.white_to_move, model_completion=True)) \
            else "black"

        def n(x: Any) -> str:
            return str(m.eval(x, model_completion=True).as_long())
        own = "-,-" if unlimited else f"{n(state.supply[0])},{n(state.supply[1])}"
        position = (f"{board.to_text()} {turn} stock:{n(state.stock[0])},{n(state.stock[1])} "
                    f"supply:{own},{n(state.supply[2])} simultaneous=mover "
                    f"supply={'unlimited' if unlimited else 'limited'}")
        return Counterexample(position, render(board), f"{verb} {names(points_in(m, at))}")
    return render_state


@theorem(SPLOOF, "sploof-conservation", ("SHB-SET-1", "SPF-PLACE-1", "SPF-REMOVE-1",
                                         "SPF-REMOVE-2", "SPF-RUL-1"), """
    Every legal Sploof move, under either supply option, keeps each colour's balls on
    the board, in the stocks and in the supply adding up to the same number (for white
    and black only under supply=limited, since supply=unlimited does not count them;
    red has no stock), and never makes a stock or a counted supply negative. So from the
    setup every position has 16 balls of each counted colour. The board's counts change
    as placement-adds-one-ball and removal-takes-only-the-removed-ball prove: a
    placement adds one ball of the mover's colour, a removal takes one red ball.""")
def sploof_conservation() -> Outcome:
    for unlimited in (False, True):
        for kind in ("place", "remove"):
            state, premises, at = _sploof_setup(unlimited)
            before = [z3.Int(f"board_{c}") for c in "WBR"]
            after_counts = [z3.Int(f"board_after_{c}") for c in "WBR"]
            w = state.white_to_move
            if kind == "place":
                premises.append(sm.may_place(Z3, Z3_ARITH, state, at))
                after = sm.after_place(Z3, Z3_ARITH, state, at)
                change = [z3.If(w, 1, 0), z3.If(w, 0, 1), z3.IntVal(0)]
            else:
                premises.append(sm.may_remove(Z3, Z3_ARITH, state, at, unlimited))
                after = sm.after_remove(Z3, Z3_ARITH, state, at, unlimited)
                change = [z3.IntVal(0), z3.IntVal(0), z3.IntVal(-1)]
            counted = [2] if unlimited else [0, 1, 2]
            occ = model.occupancy(Z3, state.balls)
            presentable = [b == count(state.balls[c]) for b, c in zip(before, "WBR", strict=True)]
            presentable += [z3.Not(sm.has_line(Z3, state.balls[c], occ)) for c in "WB"]
            premises += [b >= 0 for b in before]
            premises += [before[i] + (state.stock[i] if i < 2 else 0) + state.supply[i]
                         == BALLS_PER_COLOUR for i in counted]
            premises += [a == b + d for a, b, d in zip(after_counts, before, change, strict=True)]
            totals = []
            for i in counted:
                stock_before = state.stock[i] if i < 2 else 0
                stock_after = after.stock[i] if i < 2 else 0
                totals.append(after_counts[i] + stock_after + after.supply[i]
                              == before[i] + stock_before + state.supply[i])
            non_negative = [*(n >= 0 for n in after.stock)]
            non_negative += [after.supply[i] >= 0 for i in counted]
            outcome = check(premises, z3.And(*totals, *non_negative), "",
                            _sploof_explain(state, at, unlimited, kind), presentable)
            if not outcome.proved:
                return outcome
    return Outcome(True, "proved for every position, move and supply option")


@theorem(SPLOOF, "sploof-red-balls-never-move", ("SPF-SETUP-1", "SPF-REMOVE-1",
                                                 "SHB-DROP-1"), """
    In every Sploof position whose red balls are all on level 1, every legal move leaves
    each red ball where it was or takes it away: no red ball is placed, and a drop chain
    only moves the white and black balls resting on the removed red ball. So from the
    setup the red balls stay on the perimeter holes for the whole game.""")
def sploof_red_balls_never_move() -> Outcome:
    for unlimited in (False, True):
        for kind in ("place", "remove"):
            state, premises, at = _sploof_setup(unlimited)
            if kind == "place":
                premises.append(sm.may_place(Z3, Z3_ARITH, state, at))
                after = sm.after_place(Z3, Z3_ARITH, state, at)
            else:
                premises.append(sm.may_remove(Z3, Z3_ARITH, state, at, unlimited))
                after = sm.after_remove(Z3, Z3_ARITH, state, at, unlimited)
            claim = z3.And([z3.Implies(after.balls["R"][p], state.balls["R"][p])
                            for p in model.POINTS])
            outcome = check(premises, claim, "", _sploof_explain(state, at, unlimited, kind))
            if not outcome.proved:
                return outcome
    return Outcome(True, "proved for every position, move and supply option")


def _balls_left_after(kind: str, state: sm.State[Formula, Any], at: list[Formula],
                      unlimited: bool) -> tuple[list[Formula], sm.State[Formula, Any], list[Any]]:
    """What a placement, a removal or a pass needs, the state after it, and how it
    changes the board's white, black and red counts (as placement-adds-one-ball and
    removal-takes-only-the-removed-ball prove; a pass changes nothing)."""
    w = state.white_to_move
    if kind == "place":
        return ([sm.may_place(Z3, Z3_ARITH, state, at)],
                sm.after_place(Z3, Z3_ARITH, state, at),
                [z3.If(w, 1, 0), z3.If(w, 0, 1), z3.IntVal(0)])
    if kind == "remove":
        return ([sm.may_remove(Z3, Z3_ARITH, state, at, unlimited)],
                sm.after_remove(Z3, Z3_ARITH, state, at, unlimited),
                [z3.IntVal(0), z3.IntVal(0), z3.IntVal(-1)])
    passed = sm.State(state.balls, z3.Not(w), state.stock, state.supply)
    return [], passed, [z3.IntVal(0)] * 3


@theorem(SPLOOF, "sploof-pyramid-never-completes", ("SPF-SETUP-1", "SPF-PLACE-1",
                                                    "SPF-REMOVE-2", "SPF-RUL-3",
                                                    "SHB-COMPLETE-1"), """
    In every position a Sploof game reaches from the setup, under every option, the balls
    on the board, the balls in both stocks and the red balls on the board again add up
    to 28, the setup's 12 + 2 + 2 + 12: a placement moves a ball from a stock to the
    board, a removal takes one red ball off and puts two balls in a stock, and a pass
    changes nothing (the options decide only which moves exist and when the game ends).
    So a position with r red balls on the board has at most 28 - r balls on it, never
    the 30 of a complete pyramid, and no player is ever stuck with balls in stock
    (SPF-RUL-3): that case arises only in positions built for analysis. Z3 proves that
    every placement, removal and pass keeps the sum, under both supply options; the
    board's counts change as placement-adds-one-ball and
    removal-takes-only-the-removed-ball prove.""")
def sploof_pyramid_never_completes() -> Outcome:
    reds = len(sm.perimeter_holes())
    total = reds + 2 * sm.START_STOCK + reds  # board (reds only), both stocks, reds again
    for unlimited in (False, True):
        for kind in ("place", "remove", "pass"):
            state, premises, at = _sploof_setup(unlimited)
            before = [z3.Int(f"board_{c}") for c in "WBR"]
            after_counts = [z3.Int(f"board_after_{c}") for c in "WBR"]
            needs, after, change = _balls_left_after(kind, state, at, unlimited)
            premises += needs
            premises += [b >= 0 for b in before]
            premises.append(before[0] + before[1] + before[2] + state.stock[0]
                            + state.stock[1] + before[2] == total)
            premises += [a == b + d for a, b, d in zip(after_counts, before, change, strict=True)]
            kept = (after_counts[0] + after_counts[1] + after_counts[2] + after.stock[0]
                    + after.stock[1] + after_counts[2] == total)
            presentable = [b == count(state.balls[c]) for b, c in zip(before, "WBR", strict=True)]
            outcome = check(premises, kept, "", _sploof_explain(state, at, unlimited, kind),
                            presentable)
            if not outcome.proved:
                return outcome
    # the consequence: with r red balls on the board at most 28 - r balls, so never 30
    balls = fresh_balls("s", "WBR")
    stock = (z3.Int("stock_white"), z3.Int("stock_black"))
    on_board, red = z3.Int("on_board"), z3.Int("red_on_board")
    occ = model.occupancy(Z3, balls)
    summed = [stock[0] >= 0, stock[1] >= 0, red >= 0,
              on_board + stock[0] + stock[1] + red == total]

    def explain(m: Any) -> Counterexample:
        return board_counterexample(board_in(m, balls), "a complete pyramid within the sum")
    for premises, claim in (
            (summed, on_board <= total - red),
            ([well_formed(balls), on_board == count(occ), red == count(balls["R"]), *summed],
             z3.Not(z3.And(occ)))):
        outcome = check(premises, claim, "", explain)
        if not outcome.proved:
            return outcome
    return Outcome(True, f"proved for every position, move and option: board + stocks + "
                         f"red balls on the board = {total}, so at most {total} - r balls "
                         f"and never {len(model.POINTS)}", facts={"sum": total})
