"""Hypothesis strategies for boards built by random legal placements and removals."""

from __future__ import annotations

from hypothesis import strategies as st

from shibumi_rules.board import Board, unpinned, valid_locations
from shibumi_rules.geometry import points_of
from shibumi_rules.notation import Colour


@st.composite
def boards(draw: st.DrawFn, max_steps: int = 60) -> Board:
    """A board reached from empty by placements (any colour, any valid location) and
    removals of unpinned balls with their drop chains."""
    board = Board()
    steps = draw(st.integers(0, max_steps))
    for _ in range(steps):
        occ = board.occupied
        removable = points_of(unpinned(occ))
        if removable and draw(st.integers(0, 4)) == 0:
            board, _ = board.remove(draw(st.sampled_from(removable)))
            continue
        free = points_of(valid_locations(occ))
        if not free:
            break
        board = board.place(draw(st.sampled_from(free)), draw(st.sampled_from(list(Colour))))
    return board
