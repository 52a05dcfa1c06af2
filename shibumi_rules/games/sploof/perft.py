"""Fast Sploof perft over raw integers, for benchmarks and large counts: a deliberate
copy of the rules (move generation, the drop chain of ``board.drop_chain``, the line
lookup of ``lines.has_line`` under the ``blocking`` in force, inlined, and the pass of
``stuck=pass``), kept apart from the verdict path for speed.

The plain path (``legal_moves`` + ``play``) builds objects at every node; this one
keeps a position as five integers seen from the player to move: their balls, the
opponent's balls, the red balls, their stock and the opponent's stock. Under
``supply=limited`` a player's supply is 16 minus their balls on the board and in stock
(counts are conserved), so it needs no integer of its own. The rules are colour-blind,
so a position and its colour-swapped twin share one count.

What makes it fast:
- leaves are counted in bulk one ply above them (the number of legal moves);
- a placement can only give the mover a line (the new ball is the mover's and it can
  only cross, hide or cover the opponent's balls), so only the mover is checked;
  a removal can change both players' lines, so both are checked under
  ``lines_checked=both``, and only the mover's under ``lines_checked=mover``;
- ``stuck`` changes the tree only under ``pass``: a player with balls in stock and
  neither a placement nor a removal then has one move, the pass, unless the opponent
  is stuck with balls in stock too (a drawn end); under ``lose`` and ``draw`` such a
  position is an end, with no move, like any other. The check runs only where a
  player has no placement and no removal, so the other options pay nothing for it;
- a transposition table per remaining depth (a perft count depends only on the
  position and the depth), which merges the many orders of the same placements; one
  ``Counter`` keeps its tables across calls, so a divide shares them between all first
  moves, and counts at several depths of one option setting can share them too.

It must agree with the plain path; ``tests/games/sploof/test_sploof_perft.py`` checks
that against the plain ``legal_moves``/``play`` tree on random reachable positions under every
combination of options.
"""

from __future__ import annotations

from typing import Final

from ...board import BALLS_PER_COLOUR, pinned, valid_locations
from ...geometry import LEVEL_MASKS, NUM_POINTS, SUPPORTEE_MASK
from ...limits import MAX_PERFT_ENTRIES
from .lines import BlockingRule, fast_tables
from .rules import REMOVAL_GAIN, SploofState, opponent

_BASE: Final = tuple((m & -m).bit_length() - 1 for m in LEVEL_MASKS)
_ABOVE: Final = {1 << p: SUPPORTEE_MASK[p] for p in range(NUM_POINTS)}
"""bit of a point -> mask of the points resting on it."""


class Counter:
    """Perft for one option setting; holds the transposition tables of its searches
    (keyed by position and remaining depth, so they stay valid from call to call)."""

    def __init__(self, limited: bool, both_checked: bool = True,
                 blocking: BlockingRule = "two", passing: bool = False,
                 cap: int = MAX_PERFT_ENTRIES) -> None:
        self.limited = limited
        self.both_checked = both_checked
        self.blocking: BlockingRule = blocking
        self.passing = passing
        """``stuck=pass``: a player stuck with balls in stock passes."""
        self.tables: dict[int, dict[tuple[int, int, int, int, int], int]] = {}
        self.cap = cap
        """Most entries the tables hold together (``limits.MAX_PERFT_ENTRIES``): when a
        store would go over it, every table is emptied and filling starts again, so
        memory stays bounded and only speed changes."""
        self.room = [cap]
        """Entries that may still be stored before the tables are emptied (a list, so
        that the search's closure can change it)."""

    def count(self, own: int, opp: int, red: int, st_own: int, st_opp: int,
              depth: int) -> int:
        """Leaves ``depth`` plies below a running position (nobody has a line and the
        player to move is ``own``); depth >= 1."""
        g0, g1, g2, g3, ortho_complete, ortho_blocked = fast_tables(self.blocking)
        b1, b2, b3 = _BASE[1], _BASE[2], _BASE[3]
        above_of = _ABOVE
        limited = self.limited
        both_checked = self.both_checked
        passing = self.passing
        full = BALLS_PER_COLOUR - REMOVAL_GAIN
        tables = self.tables
        room = self.room
        cap = self.cap

        def store(table: dict[tuple[int, int, int, int, int], int],
                  key: tuple[int, int, int, int, int], total: int) -> None:
            room[0] -= 1
            if room[0] < 0:
                for each in tables.values():
                    each.clear()
                room[0] = cap - 1
            table[key] = total

        def has_line(mine: int, occ: int) -> bool:
            if ortho_complete[mine & 0xFFFF] & ~ortho_blocked[(occ >> b1) & 0x1FFF]:
                return True
            grid = ((g0[mine & 0xFFFF] & ~g2[(occ >> b2) & 0xF]) | g2[(mine >> b2) & 0xF]
                    | (g1[(mine >> b1) & 0x1FF] & ~g3[occ >> b3]) | g3[mine >> b3])
            t = grid & (grid >> 9)
            if t & (t >> 18):
                return True
            t = grid & (grid >> 7)
            return bool(t & (t >> 14))

        def moves_mask(mine: int, occ: int, stock: int, red: int) -> tuple[int, int]:
            places = valid_locations(occ) if stock else 0
            if red and (not limited or mine.bit_count() + stock <= full):
                removable = red & ~pinned(occ)
            else:
                removable = 0
            return places, removable

        def stuck_with_stock(mine: int, occ: int, stock: int, red: int) -> bool:
            places, removable = moves_mask(mine, occ, stock, red)
            return bool(stock) and not places and not removable

        def may_pass(mine: int, theirs: int, occ: int, red: int, st_mine: int,
                     st_theirs: int) -> bool:
            """The player to move, who has no placement and no removal, passes."""
            return (passing and st_mine > 0
                    and not stuck_with_stock(theirs, occ, st_theirs, red))

        def leaves(mine: int, theirs: int, occ: int, red: int, st_mine: int,
                   st_theirs: int) -> int:
            """The number of legal moves of a running position (``mine`` to move)."""
            places, removable = moves_mask(mine, occ, st_mine, red)
            n = places.bit_count() + removable.bit_count()
            if n or not passing:
                return n
            return 1 if may_pass(mine, theirs, occ, red, st_mine, st_theirs) else 0

        def search(own: int, opp: int, red: int, st_own: int, st_opp: int,
                   depth: int) -> int:
            occ = own | opp | red
            if depth == 1:
                return leaves(own, opp, occ, red, st_own, st_opp)
            places, removable = moves_mask(own, occ, st_own, red)
            key = (own, opp, red, st_own, st_opp)
            table = tables.setdefault(depth, {})
            found = table.get(key)
            if found is not None:
                return found
            total = 0
            last = depth == 2
            if passing and not places and not removable:
                if may_pass(own, opp, occ, red, st_own, st_opp) and (
                        both_checked or not has_line(own, occ)):  # the passer's own line
                    total = (leaves(opp, own, occ, red, st_opp, st_own) if last
                             else search(opp, own, red, st_opp, st_own, depth - 1))
                store(table, key, total)
                return total
            st_left = st_own - 1
            while places:
                bit = places & -places
                places ^= bit
                mine = own | bit
                nocc = occ | bit
                if has_line(mine, nocc):
                    continue
                if last:
                    if passing:
                        total += leaves(opp, mine, nocc, red, st_opp, st_left)
                    else:
                        p2, r2 = moves_mask(opp, nocc, st_opp, red)
                        total += p2.bit_count() + r2.bit_count()
                else:
                    total += search(opp, mine, red, st_opp, st_left, depth - 1)
            st_gain = st_own + REMOVAL_GAIN
            while removable:
                bit = removable & -removable
                removable ^= bit
                mine, theirs, reds = own, opp, red & ~bit
                lower = bit
                above = above_of[bit] & occ
                while above:
                    if mine & above:
                        mine ^= above | lower
                    elif theirs & above:
                        theirs ^= above | lower
                    else:
                        reds ^= above | lower
                    lower = above
                    above = above_of[above] & occ
                nocc = mine | theirs | reds
                if has_line(mine, nocc) or (both_checked and has_line(theirs, nocc)):
                    continue
                if last:
                    if passing:
                        total += leaves(theirs, mine, nocc, reds, st_opp, st_gain)
                    else:
                        p2, r2 = moves_mask(theirs, nocc, st_opp, reds)
                        total += p2.bit_count() + r2.bit_count()
                else:
                    total += search(theirs, mine, reds, st_opp, st_gain, depth - 1)
            store(table, key, total)
            return total

        return search(own, opp, red, st_own, st_opp, depth)


    def count_state(self, state: SploofState, depth: int) -> int:
        """Leaves ``depth`` plies below ``state``, a position that is not over (the
        caller checks), under this counter's options; depth >= 1."""
        turn = state.turn
        white, black, red = state.board.masks
        own, opp = (white, black) if turn == 0 else (black, white)
        return self.count(own, opp, red, state.stock[turn], state.stock[opponent(turn)],
                          depth)


def counter_for(state: SploofState) -> Counter:
    """A fresh counter for the options of ``state``."""
    rules = state.rules
    return Counter(rules.supply == "limited", rules.lines_checked == "both", rules.blocking,
                   rules.stuck == "pass")


def perft(state: SploofState, depth: int) -> int:
    """Leaves of the legal-move tree ``depth`` plies below a position that is not over
    (the caller checks); depth >= 1. Equal to ``Game.perft``."""
    return counter_for(state).count_state(state, depth)
