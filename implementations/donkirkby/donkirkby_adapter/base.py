"""What every game of the adapter provides, and what they share: the options and first
players declared to the harness, and moves and outcomes read from the package."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from .pyramid import PLAYER_NAMES, Unsupported


class IllegalMove(ValueError):
    """A move the package does not list in the position (error kind ``illegal-move``)."""


class GameAdapter(ABC):
    """One game of the package behind the protocol. A position is the package's game
    state together with what the notation holds and the package does not keep."""

    name: ClassVar[str]
    options: ClassVar[dict[str, tuple[str, tuple[str, ...]]]] = {}
    """Per option of the specification: the value the package plays by default and
    every value it plays (all the others are refused)."""
    first: ClassVar[tuple[str, ...]] = ()
    """Who may move first in the package's game."""
    deviations: ClassVar[dict[str, str]] = {}
    """Rulings the package reads in none of the specification's ways, with its reading."""

    def declaration(self) -> dict[str, Any]:
        """This game's entry in the reply to ``identify``."""
        entry: dict[str, Any] = {
            "options": {name: {"default": default, "values": list(values)}
                        for name, (default, values) in self.options.items()},
            "first": list(self.first),
        }
        if self.deviations:
            entry["deviations"] = [{"ruling": ruling, "reading": reading}
                                   for ruling, reading in self.deviations.items()]
        return entry

    def check_options(self, given: Mapping[str, str]) -> None:
        """Refuse an option value the package does not play."""
        for name, value in given.items():
            declared = self.options.get(name)
            if declared is not None and value not in declared[1]:
                raise Unsupported(f"{self.name}: {name}={value} is not played by the "
                                  f"package (it plays {', '.join(declared[1])})")

    @abstractmethod
    def parse(self, notation: str) -> Any:
        """A position in notation, as this adapter's position."""

    @abstractmethod
    def format(self, position: Any) -> str:
        """A position in notation (without the options suffix)."""

    @abstractmethod
    def children(self, position: Any) -> list[tuple[str, Any]]:
        """Every move the package allows, in its order, with the position it leads to;
        none once the package says the game is over."""

    @abstractmethod
    def state(self, position: Any) -> Any:
        """The package's game state of a position."""

    def play(self, position: Any, move: str) -> Any:
        """The position after ``move``, which the package must list."""
        for name, child in self.children(position):
            if name == move:
                return child
        raise IllegalMove(f"{move} is not among the moves the package allows here")

    def outcome(self, position: Any) -> dict[str, Any]:
        """The package's verdict: over when ``is_ended`` says so, won by whomever
        ``get_winner`` names, drawn when it is over and nobody won."""
        state = self.state(position)
        over = bool(state.is_ended())
        winner = PLAYER_NAMES.get(int(state.get_winner())) if over else None
        return {"over": over, "winner": winner, "draw": over and winner is None}

    def perft(self, position: Any, depth: int) -> int:
        """Move sequences of ``depth`` plies, by the package's moves."""
        if depth == 0:
            return 1
        return sum(self.perft(child, depth - 1) for _, child in self.children(position))
