"""Fast Spline perft over raw integers, for benchmarks and the perft files.

The plain path (``legal_moves`` + ``play``) builds verdicts and objects at every node;
this one keeps a position as two masks seen from the player to move: their balls and
the opponent's. It copies three rules, deliberately:

- the moves are the valid locations (SHB-PLACE-1) while the mover has a ball left
  (SPL-PLACE-1);
- a placement can complete only a line through its own point (``LINES_THROUGH``), and
  only for the mover (SPL-LINE-1, SPL-RUL-5): a child that does is over and has no
  children (SPL-WIN-1);
- leaves are counted in bulk one ply above them.

The rules are colour-blind and a count depends only on the position and the depth, so
a transposition table per remaining depth merges the many orders of the same
placements, and a position and its colour-swapped twin share one entry.

It must agree with the plain path; ``tests/games/spline/test_spline_perft.py`` checks
that on random reachable positions.
"""

from __future__ import annotations

from ...board import BALLS_PER_COLOUR, valid_locations
from ...limits import MAX_PERFT_ENTRIES
from .lines import LINES_THROUGH
from .rules import SplineState, opponent

Tables = dict[int, dict[tuple[int, int], int]]
"""Transposition tables by remaining depth: (mover's balls, opponent's balls) -> count."""


def perft(state: SplineState, depth: int, tables: Tables | None = None,
          cap: int = MAX_PERFT_ENTRIES) -> int:
    """Leaves of the legal-move tree ``depth`` plies below a position that is not over
    (the caller checks); depth >= 1. Equal to ``Game.perft``. ``tables`` may be shared
    between calls (a divide counts every first move with one set of tables). The
    tables hold at most ``cap`` entries together (``limits.MAX_PERFT_ENTRIES``): when
    a store would go over it they are all emptied and filled again, so memory stays
    bounded and only speed changes."""
    masks = state.board.masks
    own, opp = masks[state.turn], masks[opponent(state.turn)]
    tables = {} if tables is None else tables
    room = [cap - sum(len(table) for table in tables.values())]
    through = LINES_THROUGH
    most = BALLS_PER_COLOUR

    def moves(mine: int, occ: int) -> int:
        return valid_locations(occ) if mine.bit_count() < most else 0

    def search(own: int, opp: int, depth: int) -> int:
        occ = own | opp
        places = moves(own, occ)
        if depth == 1:
            return places.bit_count()
        table = tables.setdefault(depth, {})
        key = (own, opp)
        found = table.get(key)
        if found is not None:
            return found
        total = 0
        last = depth == 2
        while places:
            bit = places & -places
            places ^= bit
            mine = own | bit
            if any(mine & mask == mask for mask in through[bit.bit_length() - 1]):
                continue
            if last:
                total += moves(opp, occ | bit).bit_count()
            else:
                total += search(opp, mine, depth - 1)
        room[0] -= 1
        if room[0] < 0:
            for each in tables.values():
                each.clear()
            room[0] = cap - 1
        table[key] = total
        return total

    return search(own, opp, depth)
