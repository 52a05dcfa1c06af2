"""Shared pieces of the deliberately wrong engines."""

from __future__ import annotations

from typing import Any

from shibumi_rules.board import Board
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.games.sploof.rules import REMOVAL_GAIN, SploofState, opponent
from shibumi_rules.geometry import Mask, points_of
from shibumi_rules.notation import Colour


def serve(engine: ReferenceEngine) -> None:
    """Answer requests on stdin/stdout until end of input."""
    raise SystemExit(engine.serve())


def sploof_take_off(state: SploofState, taken: Mask) -> SploofState:
    """A Sploof removal done wrongly: every ball of ``taken`` leaves the board (white
    and black ones back to their owner's supply, red ones to the red supply), then the
    mover gains two balls as after a removal."""
    masks = list(state.board.masks)
    supply: list[Any] = list(state.supply)
    for colour in Colour:
        gone = masks[colour] & taken
        masks[colour] &= ~taken
        if supply[colour] is not None:
            supply[colour] += gone.bit_count()
    mover = state.turn
    stock = list(state.stock)
    stock[mover] += REMOVAL_GAIN
    if supply[mover] is not None:
        supply[mover] -= REMOVAL_GAIN
    return SploofState(Board((masks[0], masks[1], masks[2])), opponent(mover),
                       (stock[0], stock[1]), (supply[0], supply[1], supply[2]), state.rules)


def cone(occupied: Mask, point: int) -> Mask:
    """``point`` and every ball resting on it, directly or not."""
    from shibumi_rules.geometry import SUPPORTEE_MASK

    out, todo = 0, [point]
    while todo:
        p = todo.pop()
        if out >> p & 1:
            continue
        out |= 1 << p
        todo.extend(points_of(SUPPORTEE_MASK[p] & occupied))
    return out
