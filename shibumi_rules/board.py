"""Board mechanics shared by every Shibumi game: valid locations, pinning, drops.

A board is one 30-bit mask per colour. The hot functions work on the occupancy mask
(the union of the colours) through lookup tables built once at import from the
geometry, so they cost a handful of integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from .errors import PositionError
from .geometry import (
    GROUND,
    LEVEL_MASKS,
    LEVELS,
    NAMES,
    NUM_POINTS,
    SUPPORTEE_MASK,
    SUPPORTER_MASK,
    SUPPORTERS,
    Mask,
    Point,
    points_of,
)
from .lookup import superset_table
from .notation import (
    COLOUR_OF_LETTER,
    EMPTY,
    Colour,
    format_board,
    format_board_masks,
    parse_board,
    parse_board_masks,
)
from .verdict import Verdict

BALLS_PER_COLOUR: Final = 16
"""Balls of each colour in a Shibumi set (SHB-SET-1)."""

_LEVEL_BASE: Final = tuple((m & -m).bit_length() - 1 for m in LEVEL_MASKS)
_LEVEL_SIZE: Final = tuple(m.bit_count() for m in LEVEL_MASKS)


def _supported_tables() -> tuple[tuple[Mask, ...], ...]:
    """For each level l < 3: table[occupancy of level l] = level l+1 points fully
    supported by it (as absolute bits)."""
    return tuple(
        superset_table(_LEVEL_SIZE[level], ((SUPPORTER_MASK[upper] >> _LEVEL_BASE[level],
                                             1 << upper)
                                            for upper in points_of(LEVEL_MASKS[level + 1])))
        for level in range(LEVELS - 1)
    )


def _load_tables() -> tuple[tuple[tuple[Mask, ...], ...], tuple[tuple[Mask, ...], ...]]:
    """For each level l < 3: tables[occupancy of level l+1] = level-l points that
    support exactly one / two or more of those balls. A ball supports two or more
    when two balls it supports are both there; it supports exactly one when it
    supports some ball there, and not two."""
    exactly_one, two_or_more = [], []
    for level in range(LEVELS - 1):
        base, size = _LEVEL_BASE[level + 1], _LEVEL_SIZE[level + 1]
        uppers = points_of(LEVEL_MASKS[level + 1])
        some = superset_table(size, ((1 << (upper - base), SUPPORTER_MASK[upper])
                                     for upper in uppers))
        many = superset_table(size, (
            ((1 << (a - base)) | (1 << (b - base)), SUPPORTER_MASK[a] & SUPPORTER_MASK[b])
            for i, a in enumerate(uppers) for b in uppers[i + 1:]
            if SUPPORTER_MASK[a] & SUPPORTER_MASK[b]))
        exactly_one.append(tuple(s & ~m for s, m in zip(some, many)))
        two_or_more.append(many)
    return tuple(exactly_one), tuple(two_or_more)


_SUPPORTED: Final = _supported_tables()
_SUPPORTS_ONE, _SUPPORTS_MANY = _load_tables()
_B1, _B2, _B3 = _LEVEL_BASE[1], _LEVEL_BASE[2], _LEVEL_BASE[3]
_M0 = (1 << _LEVEL_SIZE[0]) - 1
_M1 = (1 << _LEVEL_SIZE[1]) - 1
_M2 = (1 << _LEVEL_SIZE[2]) - 1
_S0, _S1, _S2 = _SUPPORTED
_ONE0, _ONE1, _ONE2 = _SUPPORTS_ONE
_MANY0, _MANY1, _MANY2 = _SUPPORTS_MANY


def valid_locations(occupied: Mask) -> Mask:
    """Empty points where a ball may be placed: an empty hole of level 1, or an empty
    point whose 4 supporters are all present, whatever their colours. Implements
    SHB-PLACE-1."""
    supported = (
        GROUND
        | _S0[occupied & _M0]
        | _S1[(occupied >> _B1) & _M1]
        | _S2[(occupied >> _B2) & _M2]
    )
    return supported & ~occupied


def pinned(occupied: Mask) -> Mask:
    """Balls that support two or more balls on the level above. Implements SHB-PIN-1."""
    return (
        _MANY0[(occupied >> _B1) & _M1]
        | _MANY1[(occupied >> _B2) & _M2]
        | _MANY2[occupied >> _B3]
    )


def supporting_exactly_one(occupied: Mask) -> Mask:
    """Balls that support exactly one ball on the level above."""
    return (
        _ONE0[(occupied >> _B1) & _M1]
        | _ONE1[(occupied >> _B2) & _M2]
        | _ONE2[occupied >> _B3]
    )


def unpinned(occupied: Mask) -> Mask:
    """Balls on the board that are not pinned (the only ones a rule may remove)."""
    return occupied & ~pinned(occupied)


def is_complete(occupied: Mask) -> bool:
    """True when all 30 points hold a ball."""
    return occupied == (1 << NUM_POINTS) - 1


def drop_chain(occupied: Mask, point: Point) -> tuple[Point, ...]:
    """The points of the chain that moves when the ball at ``point`` is removed:
    ``point`` first, then the ball it supports, the ball that one supports, and so on.
    Each ball of the chain drops into the previous point. Implements SHB-DROP-1.

    The caller guarantees ``point`` is occupied and unpinned; under gravity every later
    ball of the chain then supports at most one ball (proved in ``proofs/``)."""
    chain = [point]
    above = SUPPORTEE_MASK[point] & occupied
    while above:
        if above & (above - 1):
            raise PositionError(
                f"{NAMES[chain[-1]]} supports more than one ball, so the drop is ambiguous",
                "SHB-PIN-1",
            )
        nxt = above.bit_length() - 1
        chain.append(nxt)
        above = SUPPORTEE_MASK[nxt] & occupied
    return tuple(chain)


def shift_chain(mask: Mask, chain: tuple[Point, ...]) -> Mask:
    """Apply a removal with its drop chain to one colour's mask: each chain point takes
    the content of the next point up; the top of the chain empties."""
    for i in range(len(chain) - 1):
        lower, upper = chain[i], chain[i + 1]
        if mask >> upper & 1:
            mask |= 1 << lower
        else:
            mask &= ~(1 << lower)
    return mask & ~(1 << chain[-1])


@dataclass(frozen=True, slots=True)
class Drop:
    """One ball that fell one level as the result of a removal."""

    colour: Colour
    source: Point
    target: Point

    def __str__(self) -> str:
        return f"{self.colour.letter}{NAMES[self.source]}>{NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Board:
    """Balls on the pyramid: one mask per colour (indexed by ``Colour``)."""

    masks: tuple[Mask, Mask, Mask] = (0, 0, 0)

    @property
    def occupied(self) -> Mask:
        white, black, red = self.masks
        return white | black | red

    def colour_at(self, point: Point) -> Colour | None:
        for colour in Colour:
            if self.masks[colour] >> point & 1:
                return colour
        return None

    def count(self, colour: Colour) -> int:
        return self.masks[colour].bit_count()

    def place(self, point: Point, colour: Colour) -> Board:
        """The board with one more ball; the caller checks the location is valid."""
        masks = list(self.masks)
        masks[colour] |= 1 << point
        return Board((masks[0], masks[1], masks[2]))

    def remove(self, point: Point) -> tuple[Board, tuple[Drop, ...]]:
        """Remove the (unpinned) ball at ``point``; the chain above it drops one level.
        Returns the new board and every drop, bottom first."""
        chain = drop_chain(self.occupied, point)
        drops = tuple(
            Drop(self._colour_strict(upper), upper, lower)
            for lower, upper in pairwise(chain)
        )
        w, b, r = (shift_chain(m, chain) for m in self.masks)
        return Board((w, b, r)), drops

    def _colour_strict(self, point: Point) -> Colour:
        colour = self.colour_at(point)
        assert colour is not None
        return colour

    def letters(self) -> list[str]:
        out = [EMPTY] * NUM_POINTS
        for colour in Colour:
            for p in points_of(self.masks[colour]):
                out[p] = colour.letter
        return out

    def to_text(self) -> str:
        """The board field of position notation (a point holding two balls, which
        ``problems`` refuses, shows the last colour's letter)."""
        white, black, red = self.masks
        if (white & black) | (white & red) | (black & red):
            return format_board(self.letters())
        return format_board_masks(white, black, red)

    @classmethod
    def from_text(cls, text: str, colours: str = "WBR") -> Board:
        """Parse the board field and check gravity (raises NotationError or
        PositionError)."""
        read = parse_board_masks(text, colours)
        if read is None:  # not a plain board field: the parser names what is wrong
            masks = [0, 0, 0]
            for point, letter in parse_board(text, colours).items():
                masks[COLOUR_OF_LETTER[letter]] |= 1 << point
            read = (masks[0], masks[1], masks[2])
        board = cls(read)
        board.validate()
        return board

    def problems(self) -> list[Verdict]:
        """Every reason this board cannot exist (empty when it is valid), each a failing
        verdict with its rule: a point holding two balls (SHB-POINT-1), a ball beyond
        the 30 points (SHB-POINT-1), a floating ball (SHB-GRAVITY-1)."""
        found = []
        w, b, r = self.masks
        if (w & b) | (w & r) | (b & r):
            for p in points_of((w & b) | (w & r) | (b & r)):
                found.append(Verdict("SHB-POINT-1", f"{NAMES[p]} holds two colours", False,
                                     evidence={"point": NAMES[p]}))
        if (w | b | r) >> NUM_POINTS:
            found.append(Verdict("SHB-POINT-1", "a colour mask has bits beyond the 30 points",
                                 False))
        occ = self.occupied
        for p in points_of(occ & ~GROUND):
            missing = [NAMES[s] for s in SUPPORTERS[p] if not occ >> s & 1]
            if missing:
                found.append(Verdict(
                    "SHB-GRAVITY-1",
                    f"ball at {NAMES[p]} floats: no ball under it at {', '.join(missing)}",
                    False, evidence={"point": NAMES[p], "missing_supporters": missing}))
        return found

    def validate(self) -> None:
        """Raise PositionError listing every problem, with the rule of the first floating
        ball (SHB-GRAVITY-1) when there is one."""
        found = self.problems()
        if found:
            rules = [v.rule for v in found]
            rule = "SHB-GRAVITY-1" if "SHB-GRAVITY-1" in rules else None
            message = "; ".join(v.text for v in found)
            raise PositionError(f"impossible board: {message}", rule)
