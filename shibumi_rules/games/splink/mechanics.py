"""Splink moves on bare masks: which placements and removals are legal, and how many.

A position here is just two 30-bit masks (red, white) plus whether each colour can still
be drawn from the supply. The game module, the fast perft and the players all call
these functions, so the rules of a move are written once.

Two facts make counting cheap:

- A placement pair is legal when its lower point is valid now and its higher point is
  valid once the lower one is filled (a point that completes a platform always has a
  lower index than the point on it). With ``V`` the valid locations, ``n = |V|`` and
  ``N(p)`` the points that become valid only once ``p`` is filled, the number of pairs
  is ``n(n-1) + 2 * sum(|N(p)|)``: every ordered pair of distinct points of ``V`` (red
  on one, white on the other), plus both colourings of ``p`` and a point of ``N(p)``.
  A point of ``N(p)`` is an empty point whose only missing supporter is ``p``.
- A removal empties only the top of its drop chain (every other chain point takes the
  ball from the point above it), so the occupancy after it, and hence the number of
  places for the new ball, needs no colour bookkeeping.
"""

from __future__ import annotations

from typing import Final

from ...board import (
    BALLS_PER_COLOUR,
    drop_chain,
    shift_chain,
    supporting_exactly_one,
    valid_locations,
)
from ...geometry import (
    ALL,
    LEVEL_MASKS,
    LEVELS,
    SUPPORTEE_MASK,
    SUPPORTER_MASK,
    Mask,
    Point,
    points_of,
)
from ...lookup import superset_table

_BASES: Final = tuple((m & -m).bit_length() - 1 for m in LEVEL_MASKS)
_SIZES: Final = tuple(m.bit_count() for m in LEVEL_MASKS)


def _one_missing_tables() -> tuple[tuple[Mask, ...], ...]:
    """For each level l < 3: table[occupancy of level l] = the level l+1 points that
    have exactly 3 of their 4 supporters present (absolute bits): those with 3 or more
    present, less those with all 4 (two ``superset_table`` builds, not a loop over
    every occupancy)."""
    tables = []
    for level in range(LEVELS - 1):
        base, size = _BASES[level], _SIZES[level]
        uppers = points_of(LEVEL_MASKS[level + 1])
        needs = [(SUPPORTER_MASK[upper] >> base, 1 << upper) for upper in uppers]
        three = superset_table(size, ((need & ~(1 << missing), bit) for need, bit in needs
                                      for missing in points_of(need)))
        four = superset_table(size, needs)
        tables.append(tuple([t & ~f for t, f in zip(three, four)]))
    return tuple(tables)


_T0, _T1, _T2 = _one_missing_tables()
_B1, _B2 = _BASES[1], _BASES[2]
_M0 = (1 << _SIZES[0]) - 1
_M1 = (1 << _SIZES[1]) - 1
_M2 = (1 << _SIZES[2]) - 1
_GROUND_PARENTS: Final = LEVEL_MASKS[1]
"""Level-1 points: their missing supporter is a hole of level 0, always valid if empty."""


def followers(occupied: Mask, valid: Mask) -> list[tuple[Point, Point]]:
    """Every (p, u) where ``p`` is valid and ``u`` becomes valid once ``p`` is filled:
    ``u`` is empty and ``p`` is its only missing supporter. Implements SPK-RUL-1."""
    out = []
    almost = (
        _T0[occupied & _M0] | _T1[(occupied >> _B1) & _M1] | _T2[(occupied >> _B2) & _M2]
    )
    while almost:
        low = almost & -almost
        almost ^= low
        missing = SUPPORTER_MASK[low.bit_length() - 1] & ~occupied
        if missing & valid:
            out.append((missing.bit_length() - 1, low.bit_length() - 1))
    out.sort()
    return out


def follower_count(occupied: Mask, valid: Mask) -> int:
    """``sum(|N(p)|)`` over valid ``p``: the number of pairs :func:`followers` lists."""
    almost1 = _T0[occupied & _M0]
    upper = (_T1[(occupied >> _B1) & _M1] | _T2[(occupied >> _B2) & _M2])
    count = almost1.bit_count()  # a level-1 point's missing supporter is an empty hole
    while upper:
        low = upper & -upper
        upper ^= low
        if SUPPORTER_MASK[low.bit_length() - 1] & ~occupied & valid:
            count += 1
    return count


def can_draw(red: Mask, white: Mask, unlimited: bool) -> tuple[bool, bool]:
    """Whether the supply holds a red and a white ball (always, when unlimited).
    Under the limited supply each colour's supply is 16 minus its balls on the board."""
    if unlimited:
        return True, True
    return red.bit_count() < BALLS_PER_COLOUR, white.bit_count() < BALLS_PER_COLOUR


def removable(red: Mask, white: Mask, red_in_supply: bool, white_in_supply: bool) -> Mask:
    """Balls that move (b) may remove: they support exactly one ball, and the supply
    holds a ball of the other colour before the removal. Implements SPK-REMOVE-1 and
    SPK-RUL-7."""
    once = supporting_exactly_one(red | white)
    out = 0
    if white_in_supply:
        out |= once & red
    if red_in_supply:
        out |= once & white
    return out


def chain_top(occupied: Mask, point: Point) -> Point:
    """The last point of the drop chain above ``point``: the one a removal empties."""
    above = SUPPORTEE_MASK[point] & occupied
    while above:
        point = above.bit_length() - 1
        above = SUPPORTEE_MASK[point] & occupied
    return point


def count_moves(red: Mask, white: Mask, unlimited: bool) -> int:
    """Number of legal moves (a) and (b), without listing them; 0 on a complete
    pyramid (SPK-END-1). The counting form of ``placement_rows`` and ``removals``
    (the same locations, counted by formula), held to them by the perft tests."""
    occupied = red | white
    if occupied == ALL:
        return 0
    red_ok, white_ok = can_draw(red, white, unlimited)
    valid = valid_locations(occupied)
    total = 0
    if red_ok and white_ok:
        n = valid.bit_count()
        total = n * (n - 1) + 2 * follower_count(occupied, valid)
    free = removable(red, white, red_ok, white_ok)
    while free:
        low = free & -free
        free ^= low
        top = chain_top(occupied, low.bit_length() - 1)
        total += ((valid | 1 << top) & ~SUPPORTEE_MASK[top]).bit_count()
    return total


def has_moves(red: Mask, white: Mask, unlimited: bool) -> bool:
    """Whether any move is legal. Below 30 balls the count is even, so at least two
    points are empty and a pair always fits when both colours are in the supply; a
    removal always has the vacated top of its chain to place on."""
    if red | white == ALL:
        return False
    red_ok, white_ok = can_draw(red, white, unlimited)
    return (red_ok and white_ok) or bool(removable(red, white, red_ok, white_ok))


def remove_masks(red: Mask, white: Mask, point: Point) -> tuple[Mask, Mask, Mask]:
    """Masks after removing the ball at ``point`` with its drop chain, and the
    occupancy. Implements SHB-DROP-1."""
    chain = drop_chain(red | white, point)
    new_red, new_white = shift_chain(red, chain), shift_chain(white, chain)
    return new_red, new_white, new_red | new_white


def _chunk_tables() -> tuple[tuple[tuple[Point, ...], ...], ...]:
    """For each 10-bit chunk of a mask, the points of every value of that chunk: the
    values with bit ``i`` are those below ``1 << i`` with point ``shift + i`` added
    last, so each table doubles ten times instead of listing 1,024 masks bit by bit."""
    tables = []
    for shift in (0, 10, 20):
        table: list[tuple[Point, ...]] = [()]
        for i in range(10):
            table += [(*points, shift + i) for points in table]
        tables.append(tuple(table))
    return tuple(tables)


_C0, _C1, _C2 = _chunk_tables()


def bits(mask: Mask) -> tuple[Point, ...]:
    """``points_of`` by table lookup: the points of a mask in increasing order."""
    return _C0[mask & 1023] + _C1[mask >> 10 & 1023] + _C2[mask >> 20]


def placement_rows(occupied: Mask) -> list[tuple[Point, tuple[Point, ...]]]:
    """The pairs of points move (a) may fill, in canonical order, as rows: each lower
    point with the higher points it pairs with. The lower point is valid now, the
    higher one valid once the lower is filled; each pair is two moves, one per
    colouring. The one generator of placements: ``legal_moves`` and the fast perft
    both read it. Implements SHB-PLACE-1 and SPK-RUL-1 in bulk."""
    valid = valid_locations(occupied)
    points = bits(valid)
    extra: dict[Point, list[Point]] = {}
    for p, u in followers(occupied, valid):
        extra.setdefault(p, []).append(u)
    if not extra:
        return [(low, points[i + 1:]) for i, low in enumerate(points)]
    return [(low, tuple(sorted(points[i + 1:] + tuple(extra[low]))) if low in extra
             else points[i + 1:]) for i, low in enumerate(points)]


def removals(red: Mask, white: Mask, red_ok: bool, white_ok: bool) -> list[tuple[Point, Mask]]:
    """Every ball move (b) may remove, in index order, with the valid locations for
    the new ball once it is gone and its chain has dropped. The one generator of
    removals. Implements SPK-REMOVE-1, SPK-RUL-7 and SPK-RUL-10 in bulk.

    Only the top of the chain empties, and it supports no ball, so the locations are
    those valid before, plus the vacated top, less the empty points that rested on it
    (``valid_locations`` of the new occupancy, without working it out again)."""
    occupied = red | white
    free = removable(red, white, red_ok, white_ok)
    if not free:
        return []
    valid = valid_locations(occupied)
    out = []
    for b in bits(free):
        top = chain_top(occupied, b)
        out.append((b, (valid | 1 << top) & ~SUPPORTEE_MASK[top]))
    return out


def children(red: Mask, white: Mask, unlimited: bool) -> list[tuple[Mask, Mask]]:
    """The (red, white) masks after each legal move, in canonical move order."""
    occupied = red | white
    if occupied == ALL:
        return []
    red_ok, white_ok = can_draw(red, white, unlimited)
    out: list[tuple[Mask, Mask]] = []
    if red_ok and white_ok:
        for low, highs in placement_rows(occupied):
            red_low, white_low = red | 1 << low, white | 1 << low
            for high in highs:
                out.append((red_low, white | 1 << high))
                out.append((red | 1 << high, white_low))
    for b, spots in removals(red, white, red_ok, white_ok):
        new_red, new_white, _ = remove_masks(red, white, b)
        if red >> b & 1:
            out.extend((new_red, new_white | 1 << v) for v in bits(spots))
        else:
            out.extend((new_red | 1 << v, new_white) for v in bits(spots))
    return out
