"""The engine's board mechanics against the declarative model of ``proofs``: on random
reachable boards both must agree on valid locations, pinned balls, and the board after
every possible placement and removal."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings

from proofs import reference_model as ref
from shibumi_rules.board import (
    Board,
    pinned,
    supporting_exactly_one,
    unpinned,
    valid_locations,
)
from shibumi_rules.geometry import points_of
from shibumi_rules.notation import Colour

from .board_strategies import boards


@settings(max_examples=150)
@given(boards())
def test_locations_and_pinning_agree(board: Board) -> None:
    balls = ref.balls_from_text(board.to_text())
    assert ref.obeys_gravity(balls)
    occ = board.occupied
    assert ref.valid_locations(balls) == set(points_of(valid_locations(occ)))
    assert ref.pinned_balls(balls) == set(points_of(pinned(occ)))
    assert ref.unpinned_balls(balls) == set(points_of(unpinned(occ)))
    assert ref.balls_holding_up_one(balls) == set(points_of(supporting_exactly_one(occ)))
    assert ref.is_complete(balls) == (occ == (1 << 30) - 1)


@settings(max_examples=150)
@given(boards())
def test_every_placement_and_removal_agrees(board: Board) -> None:
    balls = ref.balls_from_text(board.to_text())
    for p in points_of(valid_locations(board.occupied)):
        for colour in Colour:
            expected = ref.balls_to_text(ref.after_placement(balls, colour.letter, p))
            assert board.place(p, colour).to_text() == expected
    for p in points_of(unpinned(board.occupied)):
        after, drops = board.remove(p)
        model_after = ref.after_removal(balls, p)
        assert after.to_text() == ref.balls_to_text(model_after)
        assert ref.obeys_gravity(model_after)
        removed = ref.colour_at(balls, p)
        for letter in "WBR":
            assert ref.count(model_after, letter) == ref.count(balls, letter) - (letter == removed)
        chain = ref.drop_chain_points(balls, p)
        assert [(d.target, d.source) for d in drops] == list(pairwise(chain))
        assert [d.colour.letter for d in drops] == [ref.colour_at(balls, q) for q in chain[1:]]
