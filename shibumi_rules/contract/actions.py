"""A game as learning libraries see it: every move by a fixed number, the seats that
play, whose turn it is, what each seat gets at the end, and the counts an observation
shows.

Libraries such as OpenSpiel and PettingZoo need a fixed action space (one number per
move, the same in every position), numbered players and numeric returns. That is game
knowledge, so each game package supplies a ``GameActions`` object in its ``actions``
module and its definition hands it out (``GameDefinition.actions``); the adapters
(``shibumi_rules.learning``, ``shibumi_rules.openspiel``, ``shibumi_rules.pettingzoo``)
read only this interface and the ``Game`` one. Nothing here decides a rule: the seat to
move, the returns and the counts are read off the game's state and outcome.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ..notation import Colour

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Count:
    """A number of the position that the board does not show (a stock, a supply, the
    turns played). ``value`` is None when the game does not keep it under the options
    in force; ``limit`` is its greatest value in any game from the start, so
    ``value / limit`` lies in [0, 1] for every such game."""

    name: str
    value: int | None
    limit: int

    @property
    def fraction(self) -> float:
        """``value / limit``, 0 for a count not kept, at most 1 (a position typed in by
        hand may hold more than a game from the start can)."""
        if self.value is None or self.limit <= 0:
            return 0.0
        return min(1.0, self.value / self.limit)


class GameActions(ABC, Generic[S]):
    """What a game adds to ``Game`` for the learning adapters."""

    seats: ClassVar[tuple[str, ...]]
    """The players, by seat number (the player id of OpenSpiel, the agent's number in
    PettingZoo): colours or roles."""
    colours: ClassVar[tuple[Colour, ...]]
    """The colours of the balls, in the order of the observation's planes."""
    order: ClassVar[str]
    """How the action numbers are ordered, in one sentence (for the spec's table)."""
    utility: ClassVar[tuple[float, float]]
    """The least and the greatest return of one seat over every finished game."""
    utility_reason: ClassVar[str]
    """Why ``utility`` is true: the rule or proof that bounds the returns."""
    length_reason: ClassVar[str]
    """Why ``moves_left_bound`` is an upper bound on the moves still to come."""
    adapter_defaults: ClassVar[Mapping[str, str]] = {}
    """Option values the adapters use when none is given, where the game's own default
    would let a game go on for ever (a library needs a finite longest game)."""

    @abstractmethod
    def texts(self) -> tuple[str, ...]:
        """Every move text that is legal in at least one position the game's notation
        accepts, in a fixed order: the action number of a move is its index here."""

    @abstractmethod
    def seat_to_move(self, state: S) -> int:
        """The seat of the player to move (meaningful while the game is on)."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's return in a finished game, read off the game's outcome."""

    @abstractmethod
    def counts(self, state: S) -> tuple[Count, ...]:
        """The counts an observation shows, always the same names in the same order."""

    @abstractmethod
    def moves_left_bound(self, state: S) -> int | None:
        """An upper bound on the moves still to come from ``state``, which every legal
        move lowers by at least one; None when the options let the game go on for
        ever."""


AnyActions = GameActions[Any]
