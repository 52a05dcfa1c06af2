"""The model read by Z3: symbolic positions over every board at once, the check that
turns a claim into "proved" or a counterexample, and the rendering of counterexamples in
the project's notation."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from shibumi_rules.board import Board
from shibumi_rules.diagram import render
from shibumi_rules.geometry import NAMES, Pyramid

from . import model
from .logic import Arith, Logic

Formula = Any
"""A Z3 Boolean expression (z3 ships no type information)."""


class Z3Logic(Logic[Formula]):
    """Z3 expressions: the model over all positions at once."""

    def const(self, value: bool) -> Formula:
        return z3.BoolVal(value)

    def and_(self, xs: Iterable[Formula]) -> Formula:
        items = list(xs)
        if not items:
            return z3.BoolVal(True)
        return items[0] if len(items) == 1 else z3.And(*items)

    def or_(self, xs: Iterable[Formula]) -> Formula:
        items = list(xs)
        if not items:
            return z3.BoolVal(False)
        return items[0] if len(items) == 1 else z3.Or(*items)

    def not_(self, x: Formula) -> Formula:
        return z3.Not(x)

    def ite(self, cond: Formula, then: Formula, other: Formula) -> Formula:
        return z3.If(cond, then, other)

    def implies(self, a: Formula, b: Formula) -> Formula:
        return z3.Implies(a, b)

    def iff(self, a: Formula, b: Formula) -> Formula:
        return a == b


Z3 = Z3Logic()


def fresh_balls(prefix: str, colours: str = "WBR", geo: Pyramid | None = None
                ) -> dict[str, list[Formula]]:
    """One Boolean per colour and point (of the 4x4 board, or of ``geo``): "a ball of
    this colour sits here"."""
    point_names = NAMES if geo is None else geo.names
    return {c: [z3.Bool(f"{prefix}_{c}_{name}") for name in point_names] for c in colours}


def fresh_points(prefix: str, geo: Pyramid | None = None) -> list[Formula]:
    """One Boolean per point (of the 4x4 board, or of ``geo``), for a set of points (a
    selector or a path)."""
    return [z3.Bool(f"{prefix}_{name}") for name in (NAMES if geo is None else geo.names)]


def exactly_one_point(selector: Sequence[Formula]) -> Formula:
    """The selector picks exactly one point."""
    return z3.PbEq([(x, 1) for x in selector], 1)


def count(xs: Iterable[Formula]) -> Any:
    """How many of ``xs`` hold, as a Z3 integer."""
    return z3.Sum([z3.If(x, 1, 0) for x in xs])


def well_formed(balls: Mapping[str, Sequence[Formula]]) -> Formula:
    """One ball per point and gravity: the boards that can exist."""
    occ = model.occupancy(Z3, balls)
    return z3.And(model.one_ball_per_point(Z3, balls), model.gravity(Z3, occ))


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A position refuting a claim, in position notation, with its diagram."""

    position: str
    diagram: str
    note: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a claim: established, or refuted by a counterexample. ``facts``
    carries what a claim computes beyond yes or no (values, witnesses); ``cases`` is
    the number of cases an exhaustive or sampling claim checked (None for a Z3 proof)."""

    proved: bool
    summary: str
    counterexample: Counterexample | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)
    cases: int | None = None


def truth(m: Any, x: Formula) -> bool:
    return bool(z3.is_true(m.eval(x, model_completion=True)))


def value(m: Any, x: Any) -> int:
    return int(m.eval(x, model_completion=True).as_long())


def points_in(m: Any, selector: Sequence[Formula]) -> list[int]:
    return [p for p, x in enumerate(selector) if truth(m, x)]


def board_in(m: Any, balls: Mapping[str, Sequence[Formula]]) -> Board:
    """The concrete board a Z3 model assigns to symbolic balls."""
    masks = [0, 0, 0]
    for slot, letter in enumerate("WBR"):
        for p, x in enumerate(balls.get(letter, ())):
            if truth(m, x):
                masks[slot] |= 1 << p
    return Board((masks[0], masks[1], masks[2]))


def board_counterexample(board: Board, note: str) -> Counterexample:
    return Counterexample(board.to_text(), render(board), note)


def names(points: Iterable[int], geo: Pyramid | None = None) -> str:
    point_names = NAMES if geo is None else geo.names
    return " ".join(point_names[p] for p in points) or "(none)"


def occupancy_counterexample(geo: Pyramid, occupied: Iterable[int], note: str
                             ) -> Counterexample:
    """A refuting occupancy of the pyramid ``geo``: the occupied points by name (the
    position notation is the 4x4 board's), and the diagram with an ``X`` on each."""
    from shibumi_rules.diagram import render_letters  # lazy: only for a counterexample

    points = sorted(occupied)
    letters = ["X" if p in points else "." for p in geo.points]
    return Counterexample(f"side {geo.side}, occupied: {names(points, geo)}",
                          render_letters(letters, geo), note)


def check(premises: Sequence[Formula], claim: Formula, summary: str,
          explain: Callable[[Any], Counterexample],
          presentable: Sequence[Formula] = ()) -> Outcome:
    """Prove ``premises -> claim`` for every assignment, or return the counterexample
    ``explain`` renders from a model of ``premises and not claim``. ``presentable``
    constraints are not needed by the proof but make a counterexample a position the
    notation accepts (counts that add up); they are tried only once a counterexample
    exists."""
    solver = z3.Solver()
    solver.add(*premises)
    solver.add(z3.Not(claim))
    result = solver.check()
    if result == z3.unsat:
        return Outcome(True, summary)
    if result == z3.sat:
        m = solver.model()
        if presentable:
            nicer = z3.Solver()
            nicer.set("timeout", 20_000)
            nicer.add(*premises, *presentable, z3.Not(claim))
            if nicer.check() == z3.sat:
                m = nicer.model()
        example = explain(m)
        return Outcome(False, f"counterexample: {example.note}", example)
    return Outcome(False, f"undecided: Z3 answered unknown ({solver.reason_unknown()})")


def find(constraints: Sequence[Formula], smallest: Any = None) -> Any | None:
    """A model of ``constraints`` (one minimising the integer ``smallest`` when given,
    for readable examples), or None when they are unsatisfiable."""
    solver: Any = z3.Optimize() if smallest is not None else z3.Solver()
    solver.add(*constraints)
    if smallest is not None:
        solver.minimize(smallest)
    result = solver.check()
    if result == z3.sat:
        return solver.model()
    if result == z3.unsat:
        return None
    raise RuntimeError(f"Z3 answered unknown ({solver.reason_unknown()})")


class Z3Arith(Arith[Formula, Any]):
    """Z3 integers."""

    def num(self, value: int) -> Any:
        return z3.IntVal(value)

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def ge(self, a: Any, b: Any) -> Formula:
        return a >= b

    def eq(self, a: Any, b: Any) -> Formula:
        return a == b

    def ite(self, cond: Formula, then: Any, other: Any) -> Any:
        return z3.If(cond, then, other)

    def mul(self, k: int, a: Any) -> Any:
        return k * a


Z3_ARITH = Z3Arith()
