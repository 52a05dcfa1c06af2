"""Spline for the learning adapters: action numbers, seats, returns, counts.

Action numbers follow the canonical move order, by point index, and leave out the apex:
placing on 4d4 needs four balls on level 3, and no position holds them (any three hold
a line, so the game ends first, SPL-RUL-6). So 29 actions: 0 = ``1a1`` ... 28 = ``3e5``.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ...board import BALLS_PER_COLOUR
from ...contract.actions import Count, GameActions
from ...geometry import NUM_POINTS, POINTS
from ...notation import Colour
from .notation import format_move
from .rules import SplineMove, SplineState, outcome, supply_left

APEX: Final = NUM_POINTS - 1
"""4d4 is never a legal move: it needs four balls on level 3 (SPL-RUL-6)."""


@cache
def _texts() -> tuple[str, ...]:
    return tuple(format_move(SplineMove(p)) for p in POINTS if p != APEX)


class SplineActions(GameActions[SplineState]):
    """White is seat 0 and Black seat 1, whoever moves first."""

    seats = ("white", "black")
    colours = (Colour.WHITE, Colour.BLACK)
    order = "the points by index (1a1 ... 3e5); the apex 4d4 is never a legal move"
    utility = (-1.0, 1.0)
    utility_reason = ("every finished game has a winner (+1) and a loser (-1) (SPL-WIN-1, "
                      "SPL-RUL-6)")
    length_reason = ("every move fills one of the 29 points below the apex, which is never "
                     "filled: 29 - balls on the board (SPL-RUL-6)")

    def texts(self) -> tuple[str, ...]:
        return _texts()

    def seat_to_move(self, state: SplineState) -> int:
        return int(state.turn)

    def returns(self, state: SplineState) -> tuple[float, ...]:
        result = outcome(state)
        if result.winner is None:
            raise ValueError("returns of a game that is not over")
        return tuple(1.0 if Colour(seat) == result.winner else -1.0 for seat in range(2))

    def counts(self, state: SplineState) -> tuple[Count, ...]:
        board = state.board
        return (Count("supply_white", supply_left(board, Colour.WHITE), BALLS_PER_COLOUR),
                Count("supply_black", supply_left(board, Colour.BLACK), BALLS_PER_COLOUR))

    def moves_left_bound(self, state: SplineState) -> int:
        return NUM_POINTS - 1 - state.board.occupied.bit_count()


ACTIONS: Final = SplineActions()
