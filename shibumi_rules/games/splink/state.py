"""Splink values: roles, the state, the two kinds of move, and the options.

States and moves are immutable and hashable. A state keeps the supply explicitly (it is
part of the position, as in the notation), but under the limited supply it always
equals 16 minus the balls of that colour on the board; the constructors here keep it
so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ...board import BALLS_PER_COLOUR
from ...errors import PositionError
from ...game import OptionSpec, resolve_option_values
from ...notation import Colour

Mask = int
Point = int


class Role(StrEnum):
    """The two roles; the attractor moves first (SPK-SETUP-1)."""

    ATTRACTOR = "attractor"
    REPULSOR = "repulsor"

    @property
    def other(self) -> Role:
        return Role.REPULSOR if self is Role.ATTRACTOR else Role.ATTRACTOR


OPTIONS: Final = (
    OptionSpec(
        name="max_turns",
        default="none",
        values=None,
        ruling="SPK-RUL-4",
        summary="end the game after this many turns, scored as it stands (none: no limit)",
    ),
    OptionSpec(
        name="supply",
        default="limited",
        values=("limited", "unlimited"),
        ruling="SPK-RUL-5",
        summary="limited: 16 red and 16 white shared; unlimited: the variant with no limit",
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options in force, decoded."""

    max_turns: int | None = None
    unlimited: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Rules:
        max_turns = options.get("max_turns", "none")
        return cls(
            max_turns=None if max_turns == "none" else int(max_turns),
            unlimited=options.get("supply", "limited") == "unlimited",
        )

    def as_options(self) -> dict[str, str]:
        """Canonical ``name -> value``, sorted by name."""
        return {
            "max_turns": "none" if self.max_turns is None else str(self.max_turns),
            "supply": "unlimited" if self.unlimited else "limited",
        }


@dataclass(frozen=True, slots=True)
class SplinkState:
    """A whole Splink position: balls, role to move, supply, turns played, options.

    ``supply`` is ``(red, white)``, or ``None`` under the unlimited supply."""

    red: Mask
    white: Mask
    role: Role
    supply: tuple[int, int] | None
    turns: int
    rules: Rules

    @property
    def occupied(self) -> Mask:
        return self.red | self.white

    @property
    def options(self) -> dict[str, str]:
        return self.rules.as_options()


def make_state(red: Mask, white: Mask, turns: int, rules: Rules) -> SplinkState:
    """A state whose supply and role follow from the balls and turns. Raises
    PositionError when a colour has more than 16 balls under the limited supply."""
    if rules.unlimited:
        supply = None
    else:
        counts = {Colour.RED: red.bit_count(), Colour.WHITE: white.bit_count()}
        for colour, count in counts.items():
            if count > BALLS_PER_COLOUR:
                raise PositionError(
                    f"{count} {colour.label} balls on the board, but the limited supply "
                    f"has only {BALLS_PER_COLOUR}",
                    "SHB-SET-1",
                )
        supply = (BALLS_PER_COLOUR - counts[Colour.RED],
                  BALLS_PER_COLOUR - counts[Colour.WHITE])
    role = Role.ATTRACTOR if turns % 2 == 0 else Role.REPULSOR
    return SplinkState(red, white, role, supply, turns, rules)


def rules_from(given: Mapping[str, str], base: Mapping[str, str] | None = None) -> Rules:
    """Validate option names and values (OptionError) and decode them."""
    return Rules.from_options(resolve_option_values(OPTIONS, given, "splink", base))


@dataclass(frozen=True, slots=True)
class PlaceMove:
    """Move (a): one red and one white ball placed. Implements SPK-PLACE-1."""

    red: Point
    white: Point

    @property
    def points(self) -> tuple[Point, Point]:
        """The two points, lower index first (always a valid placement order)."""
        return (self.red, self.white) if self.red < self.white else (self.white, self.red)


@dataclass(frozen=True, slots=True)
class RemoveMove:
    """Move (b): remove the ball at ``removed`` (its chain drops), then place a ball
    of ``colour`` at ``placed``. Implements SPK-REMOVE-1 and SPK-REMOVE-2."""

    removed: Point
    placed: Point
    colour: Colour


SplinkMove = PlaceMove | RemoveMove
