"""Sploof's fast perft keys its transposition table by the position seen from the
player to move, so a position and its colour-swapped twin share one count. That is
sound when positions with equal keys have equal subtrees; this theorem proves it on the
model's move generation, for every position and move under either supply option."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import z3

from shibumi_rules.diagram import render

from . import model
from . import sploof_model as sm
from .solver import (
    Z3,
    Z3_ARITH,
    Counterexample,
    Formula,
    Outcome,
    board_in,
    check,
    exactly_one_point,
    fresh_balls,
    fresh_points,
    names,
    points_in,
    well_formed,
)
from .sploof_theorems import BALLS_PER_COLOUR
from .theorem import Theorem, theorem

SPLOOF_TRANSPOSITION: list[Theorem] = []

State = sm.State[Formula, Any]


def _state(prefix: str, unlimited: bool) -> tuple[State, list[Formula]]:
    """A symbolic position obeying gravity with counts that are not negative; under
    ``supply=limited``, 16 white and 16 black balls between board, stock and supply."""
    balls = fresh_balls(prefix, "WBR")
    stock = (z3.Int(f"{prefix}_stock_white"), z3.Int(f"{prefix}_stock_black"))
    supply = (z3.Int(f"{prefix}_supply_white"), z3.Int(f"{prefix}_supply_black"),
              z3.Int(f"{prefix}_supply_red"))
    state = sm.State(balls, z3.Bool(f"{prefix}_white_to_move"), stock, supply)
    premises = [well_formed(balls), *(n >= 0 for n in stock), supply[2] >= 0]
    if not unlimited:
        for i, colour in enumerate("WB"):
            on_board = z3.Sum([z3.If(x, 1, 0) for x in balls[colour]])
            premises += [supply[i] >= 0,
                         on_board + stock[i] + supply[i] == BALLS_PER_COLOUR]
    return state, premises


def twin(s: State, red_supply: Any) -> State:
    """The colour-swapped twin: white and black balls, stocks and supplies exchanged,
    the other player to move; the red supply, which no rule reads, may be any."""
    balls = {"W": s.balls["B"], "B": s.balls["W"], "R": s.balls["R"]}
    return sm.State(balls, z3.Not(s.white_to_move), (s.stock[1], s.stock[0]),
                    (s.supply[1], s.supply[0], red_supply))


def key(s: State) -> list[Any]:
    """What perft keys a position by: the mover's balls, the opponent's, the red
    balls, the mover's stock and the opponent's."""
    w = s.white_to_move
    mover = [z3.If(w, s.balls["W"][p], s.balls["B"][p]) for p in model.POINTS]
    other = [z3.If(w, s.balls["B"][p], s.balls["W"][p]) for p in model.POINTS]
    return [*mover, *other, *s.balls["R"], z3.If(w, s.stock[0], s.stock[1]),
            z3.If(w, s.stock[1], s.stock[0])]


def same(a: Sequence[Any], b: Sequence[Any]) -> Formula:
    return z3.And([x == y for x, y in zip(a, b, strict=True)])


def lines_of(s: State, blocking: str = "two") -> tuple[Formula, Formula]:
    """Whether the player to move, and the player who moved last, hold a line (with
    what crosses a link given by ``blocking``)."""
    occ = model.occupancy(Z3, s.balls)
    white = sm.has_line(Z3, s.balls["W"], occ, blocking)
    black = sm.has_line(Z3, s.balls["B"], occ, blocking)
    w = s.white_to_move
    return z3.If(w, white, black), z3.If(w, black, white)


def _explain(s: State, t: State, at: list[Formula], unlimited: bool, verb: str) -> Any:
    def render_pair(m: Any) -> Counterexample:
        def position(x: State) -> str:
            turn = "white" if z3.is_true(m.eval(x.white_to_move, model_completion=True)) \
                else "black"

            def n(v: Any) -> str:
                return str(m.eval(v, model_completion=True).as_long())
            own = "-,-" if unlimited else f"{n(x.supply[0])},{n(x.supply[1])}"
            return (f"{board_in(m, x.balls).to_text()} {turn} "
                    f"stock:{n(x.stock[0])},{n(x.stock[1])} supply:{own},{n(x.supply[2])} "
                    f"simultaneous=mover supply={'unlimited' if unlimited else 'limited'}")
        board = board_in(m, s.balls)
        note = f"{verb} {names(points_in(m, at))}; same key as {position(t)}"
        return Counterexample(position(s), render(board), note)
    return render_pair


@theorem(SPLOOF_TRANSPOSITION, "sploof-transposition-keys",
         ("SPF-TURN-1", "SPF-PLACE-1", "SPF-REMOVE-1", "SPF-REMOVE-2", "SPF-WIN-1",
          "SPF-END-1"), """
    Sploof's fast perft keys its transposition table by the position seen from the
    player to move (the mover's balls, the opponent's, the red balls, the mover's
    stock, the opponent's), so a position and its colour-swapped twin share one entry.
    Two positions with one key are the same position or twins (with 16 white and 16
    black balls between board, stock and supply under supply=limited, the supplies
    follow from the key; the red supply is read by no rule). The key is sound: for
    every position and its twin, under either supply option, every placement and
    every removal is legal in one exactly when it is legal in the other and leads to
    positions with the same key, and, under each value of blocking, the player to move
    holds a line in one exactly when in the other, as does the player who moved last.
    The outcome reads only these two lines and which moves are legal for either player,
    whatever lines_checked, simultaneous and stuck say, and a pass (stuck=pass) changes
    only the turn, so by definition it leads to twin keys too. So the successors of the
    swapped position are the swapped successors, the outcomes swap, and by induction the
    two subtrees are equal at every depth.""")
def sploof_transposition_keys() -> Outcome:
    for unlimited in (False, True):
        s, premises = _state("s", unlimited)
        red_supply = z3.Int("t_supply_red")
        t = twin(s, red_supply)
        at = fresh_points("at")
        premises += [red_supply >= 0, exactly_one_point(at), same(key(s), key(t))]
        for blocking in ("two", "one", "none"):
            outcome = check(premises, same(lines_of(s, blocking), lines_of(t, blocking)),
                            "", _explain(s, t, at, unlimited,
                                         f"judging lines (blocking={blocking}), with a "
                                         "move at"))
            if not outcome.proved:
                return outcome
        legal = (sm.may_place(Z3, Z3_ARITH, s, at), sm.may_place(Z3, Z3_ARITH, t, at))
        after = (sm.after_place(Z3, Z3_ARITH, s, at), sm.after_place(Z3, Z3_ARITH, t, at))
        claim = z3.And(legal[0] == legal[1],
                       z3.Implies(legal[0], same(key(after[0]), key(after[1]))))
        outcome = check(premises, claim, "", _explain(s, t, at, unlimited, "placing on"))
        if not outcome.proved:
            return outcome
        legal = (sm.may_remove(Z3, Z3_ARITH, s, at, unlimited),
                 sm.may_remove(Z3, Z3_ARITH, t, at, unlimited))
        after = (sm.after_remove(Z3, Z3_ARITH, s, at, unlimited),
                 sm.after_remove(Z3, Z3_ARITH, t, at, unlimited))
        claim = z3.And(legal[0] == legal[1],
                       z3.Implies(legal[0], same(key(after[0]), key(after[1]))))
        outcome = check(premises, claim, "", _explain(s, t, at, unlimited, "removing"))
        if not outcome.proved:
            return outcome
    return Outcome(True, "proved for every position and its twin, every move, both "
                         "supply options and every value of blocking")
