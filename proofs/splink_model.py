"""Splink in the model's vocabulary: what each move needs and does to the balls and the
shared supply (SPK-*), written from the rules and not from the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from . import model
from .logic import Arith, Logic

B = TypeVar("B")
N = TypeVar("N")

BALLS_PER_COLOUR: Final = 16
"""Red and white balls in the shared supply at the start (SPK-SETUP-1)."""


@dataclass(frozen=True, slots=True)
class State(Generic[B, N]):
    """Balls (R, W), turns played, supply (red, white). Under ``supply=unlimited`` the
    supply is not counted and its numbers here are ignored."""

    balls: Mapping[str, Sequence[B]]
    turns: N
    supply: tuple[N, N]


def _in_supply(logic: Logic[B], arith: Arith[B, N], s: State[B, N], colour: str,
               unlimited: bool) -> B:
    if unlimited:
        return logic.const(True)
    return arith.ge(s.supply[0 if colour == "R" else 1], arith.num(1))


def valid_after(logic: Logic[B], balls: Mapping[str, Sequence[B]], first: Sequence[B],
                colour: str, second: Sequence[B]) -> B:
    """``first`` is a valid location now and ``second`` is one once a ball of
    ``colour`` is on ``first``."""
    occ = model.occupancy(logic, balls)
    valid_now = [model.valid_location(logic, occ, p) for p in model.POINTS]
    occ_then = model.occupancy(logic, model.place(logic, balls, colour, first))
    valid_then = [model.valid_location(logic, occ_then, p) for p in model.POINTS]
    return logic.and_((model.selected(logic, first, valid_now),
                       model.selected(logic, second, valid_then)))


def may_place_pair(logic: Logic[B], arith: Arith[B, N], s: State[B, N], red_at: Sequence[B],
                   white_at: Sequence[B], unlimited: bool) -> B:
    """Move (a): the supply holds a red and a white ball, the two points differ, and the
    balls can be placed one after the other, each on a location valid when it is placed
    (in either order). Implements SPK-PLACE-1 and SPK-RUL-1."""
    distinct = logic.not_(logic.or_(logic.and_((red_at[p], white_at[p])) for p in model.POINTS))
    return logic.and_((
        _in_supply(logic, arith, s, "R", unlimited),
        _in_supply(logic, arith, s, "W", unlimited),
        distinct,
        logic.or_((valid_after(logic, s.balls, red_at, "R", white_at),
                   valid_after(logic, s.balls, white_at, "W", red_at))),
    ))


def after_place_pair(logic: Logic[B], arith: Arith[B, N], s: State[B, N],
                     red_at: Sequence[B], white_at: Sequence[B], unlimited: bool
                     ) -> State[B, N]:
    """Both balls on the board, taken from the supply; the turn passes."""
    balls = model.place(logic, model.place(logic, s.balls, "R", red_at), "W", white_at)
    one = arith.num(1)
    supply = s.supply if unlimited else (arith.sub(s.supply[0], one),
                                         arith.sub(s.supply[1], one))
    return State(balls, arith.add(s.turns, one), supply)


def removed_is_red(logic: Logic[B], s: State[B, N], removed: Sequence[B]) -> B:
    return model.selected(logic, removed, s.balls["R"])


def may_swap(logic: Logic[B], arith: Arith[B, N], s: State[B, N], removed: Sequence[B],
             placed: Sequence[B], unlimited: bool) -> B:
    """Move (b): the removed ball supports exactly one ball, the supply holds a ball of
    the other colour before the removal, and the new ball goes on a location valid
    after the drop. Implements SPK-REMOVE-1, SPK-REMOVE-2 and SPK-RUL-7."""
    occ = model.occupancy(logic, s.balls)
    holds_one = [model.supports_exactly_one(logic, occ, p) for p in model.POINTS]
    red = removed_is_red(logic, s, removed)
    other_available = logic.ite(red, _in_supply(logic, arith, s, "W", unlimited),
                                _in_supply(logic, arith, s, "R", unlimited))
    occ_after = model.occupancy(logic, model.remove(logic, s.balls, removed))
    valid_after_drop = [model.valid_location(logic, occ_after, p) for p in model.POINTS]
    return logic.and_((model.selected(logic, removed, holds_one), other_available,
                       model.selected(logic, placed, valid_after_drop)))


def after_swap(logic: Logic[B], arith: Arith[B, N], s: State[B, N], removed: Sequence[B],
               placed: Sequence[B], unlimited: bool) -> State[B, N]:
    """The removed ball back in the supply (SPK-RUL-2), its chain dropped (SHB-DROP-1),
    a ball of the other colour from the supply on the new point; the turn passes."""
    red = removed_is_red(logic, s, removed)
    dropped = model.remove(logic, s.balls, removed)
    as_white = model.place(logic, dropped, "W", placed)
    as_red = model.place(logic, dropped, "R", placed)
    balls = {c: [logic.ite(red, as_white[c][p], as_red[c][p]) for p in model.POINTS]
             for c in s.balls}
    one = arith.num(1)
    supply = s.supply
    if not unlimited:
        supply = (arith.ite(red, arith.add(s.supply[0], one), arith.sub(s.supply[0], one)),
                  arith.ite(red, arith.sub(s.supply[1], one), arith.add(s.supply[1], one)))
    return State(balls, arith.add(s.turns, one), supply)
