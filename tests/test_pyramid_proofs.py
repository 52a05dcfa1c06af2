"""The geometry and line theorems of the pyramids of sides 2 to 9: each side has its
claims, the occupancy count agrees with the enumeration, the small sides' claims hold,
and a false claim on another side is refuted with an occupancy of that side (the tests
that run Z3 are in the slow group)."""

from __future__ import annotations

import pytest
import z3

from proofs import model
from proofs.occupancies import GRAVITY_OCCUPANCIES, count_occupancies, enumerate_occupancies
from proofs.pyramid_theorems import (
    PYRAMID,
    REMOVAL_SIDES,
    SIDES,
    _Occupancy,
    _other_collinear_set,
)
from proofs.solver import Z3, check
from proofs.theorems import by_name
from shibumi_rules.geometry import Pyramid, pyramid

KINDS = ("tables", "placement-keeps-gravity", "removal-keeps-gravity",
         "chain-is-one-straight-diagonal", "complete-iff-no-valid-location", "level-lines",
         "visible-diagonals-touch")


def test_every_side_from_2_to_9_has_its_geometry_and_line_theorems() -> None:
    names = {t.name for t in PYRAMID}
    assert list(SIDES) == list(range(2, 10))
    removal = {"removal-keeps-gravity", "chain-is-one-straight-diagonal"}
    assert {f"pyramid-{n}-{kind}" for n in SIDES for kind in KINDS
            if n in REMOVAL_SIDES or kind not in removal} | {"pyramid-occupancies"} == names
    assert list(REMOVAL_SIDES) == list(range(2, 8))
    assert names <= set(by_name())


def test_occupancy_count_agrees_with_the_enumeration() -> None:
    for side in (2, 3, 4):
        listed = enumerate_occupancies(pyramid(side))
        assert len(set(listed)) == len(listed) == count_occupancies(pyramid(side))
    assert count_occupancies(pyramid(4)) == GRAVITY_OCCUPANCIES
    assert count_occupancies(pyramid(2)) == 17, "16 sets of holes, and the full one capped"
    assert count_occupancies(pyramid(5)) == 149_892_010
    assert count_occupancies(pyramid(6)) is None


@pytest.mark.slow
def test_the_claims_of_sides_2_and_3_hold() -> None:
    for t in PYRAMID:
        if t.name.startswith(("pyramid-2-", "pyramid-3-")):
            outcome = t.prove()
            assert outcome.proved, f"{t.name}: {outcome.summary}"


@pytest.mark.slow
def test_z3_finds_a_collinear_set_the_table_lacks() -> None:
    geo = pyramid(5)
    assert _other_collinear_set(geo, 1) is None
    missing = [line for line in geo.level_lines if line.level == 1][-1]
    lacking = Pyramid(5)
    object.__setattr__(lacking, "level_lines", tuple(
        line for line in geo.level_lines if line != missing))
    found = _other_collinear_set(lacking, 1)
    assert found is not None and sorted(found) == sorted(missing.points)


@pytest.mark.slow
def test_a_false_claim_on_side_5_is_refuted_with_a_5x5_occupancy() -> None:
    # False: filling any empty point, valid location or not, keeps gravity.
    geo = pyramid(5)
    s = _Occupancy(geo)
    s.premises.append(s.for_selected(lambda p: z3.Not(s.occ[p])))
    after = [z3.Or(s.occ[p], s.at[p]) for p in geo.points]
    outcome = check(s.premises, model.gravity(Z3, after), "should not hold",
                    s.explain("placing on"))
    assert not outcome.proved and outcome.counterexample is not None
    example = outcome.counterexample
    assert example.position.startswith("side 5, occupied: ")
    assert "level 5" in example.diagram
    placed = geo.index_of_name[example.note.removeprefix("placing on ")]
    listed = example.position.split(": ")[1]
    occupied = set() if listed == "(none)" else {geo.index_of_name[n] for n in listed.split()}
    assert placed not in occupied
    assert not set(geo.supporters[placed]) <= occupied, "a point with a missing supporter"
