"""Sploof for the learning adapters: action numbers, seats, returns, counts.

Action numbers follow the canonical move order: the 30 placements by point index
(0 = ``1a1``, 29 = ``4d4``), then the 30 removals by point index
(30 = ``x1a1``, 59 = ``x4d4``), then the pass (60), legal only under ``stuck=pass``
(SPF-RUL-3). Every point can take a placement, and every point can hold an unpinned red
ball in a position the notation accepts (red balls off the perimeter holes are accepted
for analysis, SPF-REMOVE-1), so all 61 are legal somewhere; from the setup only the 12
removals of the perimeter holes ever are (``sploof-red-balls-never-move``).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ...board import BALLS_PER_COLOUR
from ...contract.actions import Count, GameActions
from ...geometry import NUM_POINTS, POINTS
from ...notation import Colour
from .notation import format_move
from .rules import (
    PASS,
    PERIMETER,
    REMOVAL_GAIN,
    START_STOCK,
    SploofMove,
    SploofState,
    may_pass,
    outcome,
)

_START_REDS: Final = PERIMETER.bit_count()
STOCK_LIMIT: Final = START_STOCK + REMOVAL_GAIN * _START_REDS
"""The greatest stock in a game from the setup: 2 to start, 2 more per removal, and at
most 12 removals (red balls never return to the board)."""
OWN_SUPPLY_LIMIT: Final = BALLS_PER_COLOUR - START_STOCK
"""A player's counted supply starts at 14 and only ever shrinks (SPF-REMOVE-2)."""
RED_SUPPLY_LIMIT: Final = BALLS_PER_COLOUR
"""The red supply holds at most the 16 red balls of the set (SHB-SET-1)."""


@cache
def _texts() -> tuple[str, ...]:
    return (*(format_move(SploofMove(p, remove)) for remove in (False, True)
              for p in POINTS), format_move(PASS))


class SploofActions(GameActions[SploofState]):
    """White is seat 0 and Black seat 1, whoever moves first."""

    seats = ("white", "black")
    colours = (Colour.WHITE, Colour.BLACK, Colour.RED)
    order = ("the 30 placements by point index (1a1 ... 4d4), then the 30 removals by "
             "point index (x1a1 ... x4d4), as in the canonical move order, then the pass "
             "(legal only under stuck=pass)")
    utility = (-1.0, 1.0)
    utility_reason = ("a finished game is won (+1), lost (-1) or drawn (0): under "
                      "simultaneous=draw when one move gives both players a line, under "
                      "stuck=draw or stuck=pass when a player with balls in stock cannot "
                      "move (SPF-WIN-1, SPF-WIN-2, SPF-RUL-2, SPF-RUL-3, SPF-END-1)")
    length_reason = ("(30 - balls on the board) + 2 x (red balls on the board) falls by "
                     "exactly one with every placement or removal: a placement adds a ball, "
                     "a removal takes a red ball and no move adds one; from the setup it "
                     "is 18 + 24 = 42. Under stuck=pass a pass keeps it, but never follows "
                     "a pass (the player after a pass can move, or has lost), so twice it, "
                     "plus one while the player to move must pass, falls with every move: "
                     "84 from the setup")

    def texts(self) -> tuple[str, ...]:
        return _texts()

    def seat_to_move(self, state: SploofState) -> int:
        return int(state.turn)

    def returns(self, state: SploofState) -> tuple[float, ...]:
        """+1 for the winner and -1 for the loser, 0 each in a draw."""
        result = outcome(state)
        if not result.over:
            raise ValueError("returns of a game that is not over")
        if result.winner is None:
            return (0.0, 0.0)
        return tuple(1.0 if Colour(seat) == result.winner else -1.0 for seat in range(2))

    def counts(self, state: SploofState) -> tuple[Count, ...]:
        white, black, red = state.supply
        return (Count("stock_white", state.stock[0], STOCK_LIMIT),
                Count("stock_black", state.stock[1], STOCK_LIMIT),
                Count("supply_white", white, OWN_SUPPLY_LIMIT),
                Count("supply_black", black, OWN_SUPPLY_LIMIT),
                Count("supply_red", red, RED_SUPPLY_LIMIT))

    def moves_left_bound(self, state: SploofState) -> int:
        board = state.board
        measure = NUM_POINTS - board.occupied.bit_count() + 2 * board.count(Colour.RED)
        if state.rules.stuck != "pass":
            return measure
        return 2 * measure + int(may_pass(state))


ACTIONS: Final = SploofActions()
"""Sploof's action numbering and learning view, handed out by the definition."""
