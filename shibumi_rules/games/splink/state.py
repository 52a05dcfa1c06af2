"""Splink values: roles, the state, the two kinds of move, and the options.

States and moves are immutable and hashable. A state keeps the supply explicitly (it is
part of the position, as in the notation), but under the limited supply it always
equals 16 minus the balls of that colour on the board: the constructor refuses any
other (``check_invariants``), and ``successor``, which makes the state after a legal
move without checking again, keeps it so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, NamedTuple

from ...board import BALLS_PER_COLOUR, Board, valid_locations
from ...contract.game import OptionSpec, resolve_option_values
from ...errors import PositionError
from ...geometry import ALL, GROUND, LEVEL_MASKS, LEVELS, NUM_POINTS
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


class Unknown:
    """The value of a memo not worked out yet."""


UNKNOWN: Final = Unknown()


@dataclass(frozen=True, slots=True)
class SplinkState:
    """A whole Splink position: balls, role to move, supply, turns played, options.

    ``supply`` is ``(red, white)``, or ``None`` under the unlimited supply. The
    constructor refuses a state that breaks an invariant (``check_invariants``). What
    the rules say about a state (its end, its legal moves, its score) is worked out
    once, on first use, and kept in the ``memo_*`` slots, which take no part in
    equality, hashing or the constructor."""

    red: Mask
    white: Mask
    role: Role
    supply: tuple[int, int] | None
    turns: int
    rules: Rules
    memo_end: str | Unknown | None = field(default=UNKNOWN, init=False, repr=False,
                                            compare=False)
    memo_moves: tuple[SplinkMove, ...] | None = field(default=None, init=False, repr=False,
                                                       compare=False)
    memo_score: int = field(default=-1, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_invariants(self.red, self.white, self.role, self.supply, self.turns,
                         self.rules)

    @property
    def occupied(self) -> Mask:
        return self.red | self.white

    @property
    def options(self) -> dict[str, str]:
        return self.rules.as_options()


def _floating(occupied: Mask) -> Mask:
    """Balls above the board that do not rest on four balls (SHB-GRAVITY-1): a point
    of level l + 1 is supported when ``valid_locations`` of level l alone offers it."""
    supported = GROUND
    for level in range(LEVELS - 1):
        supported |= valid_locations(occupied & LEVEL_MASKS[level]) & LEVEL_MASKS[level + 1]
    return occupied & ~supported


def check_invariants(red: Mask, white: Mask, role: Role, supply: tuple[int, int] | None,
                     turns: int, rules: Rules) -> None:
    """Raise one PositionError, with the rule's ID, when these values cannot be a
    Splink state: a point holding both colours or a ball outside the pyramid, a ball
    that floats, a supply that does not add up with the board to 16 of each colour
    (or is counted under supply=unlimited), a negative turn count, or a role to move
    that does not follow from the turns. A handful of mask operations when all is
    well; the message is worked out only when something is wrong."""
    occupied = red | white
    if red & white or occupied & ~ALL:
        raise PositionError("impossible board: a point holds two balls, or a ball lies "
                            "outside the 30 points", "SHB-POINT-1")
    if _floating(occupied):
        Board((white, 0, red)).validate()
    if rules.unlimited:
        if supply is not None:
            raise PositionError(f"supply {supply} under supply=unlimited: the supply is not "
                                "counted (None)", "SPK-RUL-5")
    elif supply is None:
        raise PositionError("no supply counts under supply=limited: give the red and white "
                            "balls in the supply", "SPK-RUL-5")
    else:
        for colour, on_board, in_supply in ((Colour.RED, red.bit_count(), supply[0]),
                                            (Colour.WHITE, white.bit_count(), supply[1])):
            if on_board + in_supply != BALLS_PER_COLOUR:
                raise PositionError(
                    f"{colour.label} balls: {on_board} on the board + {in_supply} in the "
                    f"supply = {on_board + in_supply}, but there are {BALLS_PER_COLOUR}",
                    "SHB-SET-1",
                )
    if turns < 0:
        raise PositionError(f"turns:{turns}: the turns played cannot be negative",
                            "SPK-SETUP-1")
    expected = Role.ATTRACTOR if turns % 2 == 0 else Role.REPULSOR
    if role != expected:
        raise PositionError(
            f"{role.value} to move after {plural(turns, 'turn')}: the attractor moves "
            f"first and turns alternate, so it is the {expected.value}'s turn",
            "SPK-SETUP-1",
        )


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def successor(state: SplinkState, red: Mask, white: Mask) -> SplinkState:
    """The state after a legal move of ``state`` that leaves ``red`` and ``white``: the
    other role to move, one more turn, the supply following the balls. A legal move
    keeps every invariant (held by the conservation tests), so this skips the checks
    of the constructor."""
    new = object.__new__(SplinkState)
    put = object.__setattr__
    put(new, "red", red)
    put(new, "white", white)
    put(new, "role", Role.REPULSOR if state.role is Role.ATTRACTOR else Role.ATTRACTOR)
    put(new, "supply", None if state.supply is None else
        (BALLS_PER_COLOUR - red.bit_count(), BALLS_PER_COLOUR - white.bit_count()))
    put(new, "turns", state.turns + 1)
    put(new, "rules", state.rules)
    put(new, "memo_end", UNKNOWN)
    put(new, "memo_moves", None)
    put(new, "memo_score", -1)
    return new


def make_state(red: Mask, white: Mask, turns: int, rules: Rules) -> SplinkState:
    """A state whose supply and role follow from the balls and turns. Raises
    PositionError when a colour has more than 16 balls under the limited supply, or
    the balls break another invariant."""
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


class PlaceMove(NamedTuple):
    """Move (a): one red and one white ball placed. Implements SPK-PLACE-1.

    Moves are named tuples, so comparing and hashing them costs what a tuple's does
    (a move list is searched on every ``play``)."""

    red: Point
    white: Point

    @property
    def points(self) -> tuple[Point, Point]:
        """The two points, lower index first (always a valid placement order)."""
        return (self.red, self.white) if self.red < self.white else (self.white, self.red)


class RemoveMove(NamedTuple):
    """Move (b): remove the ball at ``removed`` (its chain drops), then place a ball
    of ``colour`` at ``placed``. Implements SPK-REMOVE-1 and SPK-REMOVE-2."""

    removed: Point
    placed: Point
    colour: Colour


SplinkMove = PlaceMove | RemoveMove

PAIR_MOVES: Final = tuple(
    tuple((PlaceMove(low, high), PlaceMove(high, low)) for high in range(NUM_POINTS))
    for low in range(NUM_POINTS)
)
"""``PAIR_MOVES[low][high]``: the two moves (a) on a pair of points, red on ``low``
first. Made once, so listing moves allocates no move."""
SWAP_MOVES: Final = tuple(
    tuple(tuple(RemoveMove(removed, placed, colour) for placed in range(NUM_POINTS))
          for removed in range(NUM_POINTS))
    for colour in Colour
)
"""``SWAP_MOVES[colour][removed][placed]``: the move (b) placing a ball of ``colour``."""
