"""How random Splink games choose their moves, and the ways a Splink game ends.

Uniform play under the limited supply fills the pyramid in almost every game. The other
strategies steer games towards the rest:

- ``removal-heavy``: swaps a ball whenever it can, so that balls drop in chains and
  games run long (towards a turn limit);
- ``supply-draining``: swaps white balls for red ones, so that the red supply runs out
  and the player to move may find no legal move (SPK-RUL-3, SPK-RUL-7).

``end_of`` names the end of a finished position from its outcome and supply; it decides
no rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from ...contract.vectors import GameEnd, OptionTest, Strategy, uniform
from ...notation import Colour
from .game import GAME
from .state import PlaceMove, RemoveMove, SplinkMove, SplinkState


def _limited(options: Mapping[str, str]) -> bool:
    return options.get("supply") == "limited"


def _turn_limit(options: Mapping[str, str]) -> bool:
    return options.get("max_turns", "none") != "none"


def _turns_allow(turns: int) -> OptionTest:
    """Possible when the turn limit, if any, lets ``turns`` turns be played: a turn
    places at most two balls, and a position never has more turns than the limit."""
    def test(options: Mapping[str, str]) -> bool:
        limit = options.get("max_turns", "none")
        return limit == "none" or int(limit) >= turns
    return test


_COMPLETE_TURNS: Final = 15
"""Turns it takes at least to fill the 30 points, two balls a turn."""
_EXHAUST_TURNS: Final = 8
"""Turns it takes at least to put all 16 balls of one colour on the board."""


def _exhaustible(options: Mapping[str, str]) -> bool:
    return _limited(options) and _turns_allow(_EXHAUST_TURNS)(options)


ENDS: Final = (
    GameEnd("pyramid-complete", "the pyramid is complete (SPK-END-1)",
            possible=_turns_allow(_COMPLETE_TURNS)),
    GameEnd("supply-exhausted", "a colour's supply is empty and no ball may be swapped: "
            "the player to move has no legal move (SPK-RUL-3, SPK-RUL-7)",
            possible=_exhaustible, seeker="supply-draining"),
    GameEnd("max-turns", "max_turns turns have been played (SPK-RUL-4)",
            possible=_turn_limit, seeker="removal-heavy"),
)
"""The ways a Splink game ends that the vectors must reach."""

RULE_CONDITIONS: Final[Mapping[str, OptionTest]] = {
    "SPK-RUL-4": _turn_limit,
    "SPK-RUL-5": lambda options: not _limited(options),
    "SPK-RUL-3": _exhaustible,
    "SPK-RUL-7": _exhaustible,
    "SHB-COMPLETE-1": _turns_allow(_COMPLETE_TURNS),
}
"""Rules and rulings a position can exercise only under some options: the turn limit
(SPK-RUL-4) and the unlimited supply (SPK-RUL-5) only when chosen; a move refused, or
none left, for an empty supply (SPK-RUL-7, SPK-RUL-3) only under the limited supply
and a limit that lets a colour run out; a complete pyramid only when the limit lets
it be filled."""


def end_of(state: SplinkState) -> str | None:
    """Which end a finished position is (None while the game goes on): the outcome's
    reason, with a lack of moves under an empty supply named ``supply-exhausted``."""
    outcome = GAME.outcome_json(state)
    if not outcome["over"]:
        return None
    reason = str(outcome["reason"])
    if reason == "no-legal-move" and state.supply is not None and 0 in state.supply:
        return "supply-exhausted"
    return reason


def removal_heavy(state: SplinkState, moves: list[SplinkMove],
                  rng: random.Random) -> SplinkMove:
    """A swap (move b) whenever there is one; else a placement pair."""
    swaps = [m for m in moves if isinstance(m, RemoveMove)]
    return rng.choice(swaps or moves)


def supply_draining(state: SplinkState, moves: list[SplinkMove],
                    rng: random.Random) -> SplinkMove:
    """Swap a white ball for a red one when possible, so the red supply runs out;
    else place a pair."""
    reds_in = [m for m in moves if isinstance(m, RemoveMove) and m.colour == Colour.RED]
    if reds_in:
        return rng.choice(reds_in)
    pairs = [m for m in moves if isinstance(m, PlaceMove)]
    return rng.choice(pairs or moves)


STRATEGIES: Final[Mapping[str, Strategy]] = {
    "uniform": uniform,
    "removal-heavy": removal_heavy,
    "supply-draining": supply_draining,
}
"""Every strategy by name, uniform play first."""
