"""Theorems about the Shibumi system itself, over every board of the 30-point pyramid:
placing, removing with the drop chain, pinning and completion.

"Every board" means every assignment of white, black, red or nothing to the 30 points
that satisfies gravity; Z3 proves each claim by showing that no such board refutes it.
"""

from __future__ import annotations

from typing import Any

import z3

from shibumi_rules.geometry import COORDS, LEVELS, SUPPORTERS

from . import model
from .cases import removal_cases, same_board, selector, straight
from .solver import (
    Z3,
    Formula,
    Outcome,
    board_counterexample,
    board_in,
    check,
    count,
    exactly_one_point,
    find,
    fresh_balls,
    fresh_points,
    names,
    points_in,
    truth,
    well_formed,
)
from .theorem import Theorem, theorem

CORE: list[Theorem] = []
COLOURS = "WBR"


class _Setup:
    """A symbolic board satisfying gravity, and one selected point."""

    def __init__(self, selector: str) -> None:
        self.balls = fresh_balls("s", COLOURS)
        self.occ = model.occupancy(Z3, self.balls)
        self.at = fresh_points(selector)
        self.premises: list[Formula] = [well_formed(self.balls), exactly_one_point(self.at)]

    def for_selected(self, prop: Any) -> Formula:
        """``prop(p)`` holds for the selected point."""
        return z3.And([z3.Implies(self.at[p], prop(p)) for p in model.POINTS])

    def explain(self, verb: str) -> Any:
        def render(m: Any) -> Any:
            board = board_in(m, self.balls)
            return board_counterexample(board, f"{verb} {names(points_in(m, self.at))}")
        return render


def _removal_setup() -> _Setup:
    """A board under gravity and an occupied, unpinned ball selected for removal."""
    s = _Setup("removed")
    s.premises.append(s.for_selected(
        lambda p: z3.And(s.occ[p], z3.Not(model.pinned(Z3, s.occ, p)))))
    return s


@theorem(CORE, "placement-keeps-gravity", ("SHB-PLACE-1", "SHB-GRAVITY-1"), """
    On every board that obeys gravity, placing a ball of any colour on any valid location
    gives a board that still obeys gravity, with one ball per point.""")
def placement_keeps_gravity() -> Outcome:
    s = _Setup("placed")
    s.premises.append(s.for_selected(lambda p: model.valid_location(Z3, s.occ, p)))
    claims = []
    for colour in COLOURS:
        after = model.place(Z3, s.balls, colour, s.at)
        claims.append(well_formed(after))
    return check(s.premises, z3.And(claims), "proved for every board and every location",
                 s.explain("placing on"))


@theorem(CORE, "placement-adds-one-ball", ("SHB-PLACE-1",), """
    On every board that obeys gravity, placing a ball of a colour on a valid location
    gives one ball more of that colour and exactly as many balls of each other colour.
    (Proof by cases on the point: in each case the board afterwards is the board with
    that one point filled.)""")
def placement_adds_one_ball() -> Outcome:
    s = _Setup("placed")
    s.premises.append(s.for_selected(lambda p: model.valid_location(Z3, s.occ, p)))
    claims = []
    for colour in COLOURS:
        after = model.place(Z3, s.balls, colour, s.at)
        for p in model.POINTS:
            case = model.place(Z3, s.balls, colour, selector(p))
            case = {c: [z3.simplify(x) for x in column] for c, column in case.items()}
            claims.append(z3.Implies(s.at[p], same_board(after, case)))
            for c in COLOURS:
                gain = 1 if c == colour else 0
                claims.append(z3.Implies(z3.And(s.at[p], z3.Not(s.occ[p])),
                                         count(case[c]) == count(s.balls[c]) + gain))
    return check(s.premises, z3.And(claims), "proved for every board, location and colour",
                 s.explain("placing on"))


@theorem(CORE, "removal-keeps-gravity", ("SHB-PIN-1", "SHB-DROP-1", "SHB-GRAVITY-1"), """
    On every board that obeys gravity, removing any ball that is not pinned and letting
    its drop chain fall gives a board that still obeys gravity, with one ball per
    point.""")
def removal_keeps_gravity() -> Outcome:
    s = _removal_setup()
    after = model.remove(Z3, s.balls, s.at)
    return check(s.premises, well_formed(after), "proved for every board and every unpinned ball",
                 s.explain("removing"))


@theorem(CORE, "chain-is-one-straight-diagonal", ("SHB-PIN-1", "SHB-DROP-1"), """
    When an unpinned ball is removed from a board that obeys gravity, every ball of its
    drop chain supports only the next ball of the chain (at most one ball rests on it),
    the chain has at most one ball per level, and any three consecutive chain points go
    the same way seen from above: the chain is one straight diagonal, so which ball drops
    where is never ambiguous.""")
def chain_is_one_straight_diagonal() -> Outcome:
    s = _removal_setup()
    chain = model.drop_chain(Z3, s.occ, s.at)
    claims = [
        z3.Implies(chain[q], Z3.at_most_one(model.resting_on(s.occ, q))) for q in model.POINTS
    ]
    for level in range(LEVELS):
        claims.append(Z3.at_most_one([chain[p] for p in model.POINTS if COORDS[p].level == level]))
    for c in model.POINTS:
        for b in SUPPORTERS[c]:
            for a in SUPPORTERS[b]:
                if not straight(a, b, c):
                    claims.append(z3.Not(z3.And(chain[a], chain[b], chain[c])))
    return check(s.premises, z3.And(claims), "proved for every board and every unpinned ball",
                 s.explain("removing"))


@theorem(CORE, "chain-drops-one-level", ("SHB-DROP-1",), """
    When an unpinned ball is removed from a board that obeys gravity, every other ball of
    its drop chain rests on exactly one chain point, one level below it, and lands there:
    afterwards each chain point holds the ball that was one level above it on the chain,
    the top point of the chain is empty, and every point off the chain keeps its
    ball.""")
def chain_drops_one_level() -> Outcome:
    s = _removal_setup()
    chain = model.drop_chain(Z3, s.occ, s.at)
    top = model.chain_top(Z3, chain)
    after = model.remove(Z3, s.balls, s.at)
    after_occ = model.occupancy(Z3, after)
    claims = []
    for q in model.POINTS:
        below = [chain[x] for x in SUPPORTERS[q]]
        claims.append(z3.Implies(z3.And(chain[q], z3.Not(s.at[q])), Z3.exactly_one(below)))
        claims.append(z3.Implies(top[q], z3.Not(after_occ[q])))
        for colour in COLOURS:
            claims.append(z3.Implies(z3.Not(chain[q]), after[colour][q] == s.balls[colour][q]))
            for x in SUPPORTERS[q]:
                claims.append(z3.Implies(z3.And(chain[x], chain[q]),
                                         after[colour][x] == s.balls[colour][q]))
    claims.append(exactly_one_point(top))
    return check(s.premises, z3.And(claims), "proved for every board and every unpinned ball",
                 s.explain("removing"))


@theorem(CORE, "removal-takes-only-the-removed-ball", ("SHB-DROP-1",), """
    When an unpinned ball is removed from a board that obeys gravity, the board afterwards
    has one ball fewer of the removed ball's colour and exactly as many balls of each
    other colour: the drop chain moves balls, it never loses or creates one. (Proof by
    cases: the drop chain is always one of the geometry's straight chains starting at the
    removed ball; along each, the board afterwards is the board shifted down the chain,
    which keeps every ball but the bottom one.)""")
def removal_takes_only_the_removed_ball() -> Outcome:
    s = _removal_setup()
    after = model.remove(Z3, s.balls, s.at)
    claims = []
    for p in model.POINTS:
        cases = removal_cases(s.balls, p)
        claims.append(z3.Implies(s.at[p], z3.Or([condition for condition, _ in cases])))
        for condition, board in cases:
            claims.append(z3.Implies(z3.And(s.at[p], condition), same_board(after, board)))
            for colour in COLOURS:
                taken = z3.If(s.balls[colour][p], 1, 0)
                claims.append(count(board[colour]) == count(s.balls[colour]) - taken)
    return check(s.premises, z3.And(claims), "proved for every board and every unpinned ball",
                 s.explain("removing"))


def _single_chain_setup() -> tuple[_Setup, list[Formula], Formula]:
    """Any occupied ball selected for removal, and any single chain above it."""
    s = _Setup("removed")
    s.premises.append(s.for_selected(lambda p: s.occ[p]))
    path = fresh_points("path")
    s.premises.append(model.is_single_chain(Z3, s.occ, s.at, path))
    return s, path, _admissible(s, path)


def _admissible(s: _Setup, path: list[Formula]) -> Formula:
    after = model.after_single_drop(Z3, s.occ, path)
    return z3.And(model.gravity(Z3, after), model.nothing_else_loses_support(Z3, s.occ, path))


@theorem(CORE, "pinning-is-exact", ("SHB-PIN-1", "SHB-DROP-1", "SHB-GRAVITY-1"), """
    A single chain drop takes a ball away and moves the balls of one chain above it one
    level down, each into the chain point below it (at most one ball per level, each
    resting on the previous one). Call it sound when every ball stays supported and no
    ball off the chain rested on a chain point, since a ball that does not fall must keep
    the balls it stands on. On every board that obeys gravity: a ball can be taken away
    by a sound single chain drop if and only if it is not pinned, and then exactly one
    chain is sound, the drop chain of the rules. A pinned ball holds up two balls and a
    single chain can carry only one of them down; the other would lose its
    support.""")
def pinning_is_exact() -> Outcome:
    s, path, admissible = _single_chain_setup()
    chain = model.drop_chain(Z3, s.occ, s.at)
    pinned = z3.Or([z3.And(s.at[p], model.pinned(Z3, s.occ, p)) for p in model.POINTS])
    same_path = z3.And([path[p] == chain[p] for p in model.POINTS])
    claim = z3.And(
        z3.Implies(pinned, z3.Not(admissible)),
        z3.Implies(z3.Not(pinned), z3.And(
            model.is_single_chain(Z3, s.occ, s.at, chain),
            z3.And(model.gravity(Z3, model.after_single_drop(Z3, s.occ, chain)),
                   model.nothing_else_loses_support(Z3, s.occ, chain)),
            z3.Implies(admissible, same_path),
        )),
    )

    def explain(m: Any) -> Any:
        board = board_in(m, s.balls)
        return board_counterexample(
            board, f"removing {names(points_in(m, s.at))} with the chain "
                   f"{names(points_in(m, path))}")
    return check(s.premises, claim, "proved for every board, ball and chain", explain)


@theorem(CORE, "pinning-is-not-gravity-alone", ("SHB-PIN-1", "SHB-GRAVITY-1"), """
    Gravity alone would not forbid removing a pinned ball: there is a board where a
    pinned ball is taken away, one of the two balls it holds up drops into its point, and
    every remaining ball still rests on four balls. It is the second condition of a sound
    drop, that a ball that does not fall keeps the balls it stands on, that makes pinning
    exact.""")
def pinning_is_not_gravity_alone() -> Outcome:
    s, path, _ = _single_chain_setup()
    pinned = z3.Or([z3.And(s.at[p], model.pinned(Z3, s.occ, p)) for p in model.POINTS])
    after = model.after_single_drop(Z3, s.occ, path)
    only_red = z3.And([z3.Not(x) for colour in "WB" for x in s.balls[colour]])
    m = find([*s.premises, pinned, model.gravity(Z3, after), only_red], smallest=count(s.occ))
    if m is None:
        return Outcome(False, "no such board: gravity alone would explain pinning")
    board = board_in(m, s.balls)
    removed, moved = points_in(m, s.at), points_in(m, path)
    example = board_counterexample(
        board, f"removing pinned {names(removed)} with the chain {names(moved)}")
    return Outcome(True, f"example: {example.note}", facts={
        "example": {"position": example.position, "diagram": example.diagram,
                    "note": example.note}})


@theorem(CORE, "complete-iff-no-valid-location", ("SHB-COMPLETE-1", "SHB-PLACE-1",
                                                  "SHB-GRAVITY-1"), """
    On every board that obeys gravity, there are 30 balls if and only if there is no
    valid location.""")
def complete_iff_no_valid_location() -> Outcome:
    balls = fresh_balls("s", COLOURS)
    occ = model.occupancy(Z3, balls)
    no_valid = z3.Not(z3.Or([model.valid_location(Z3, occ, p) for p in model.POINTS]))
    claim = (count(occ) == len(model.POINTS)) == no_valid

    def explain(m: Any) -> Any:
        return board_counterexample(board_in(m, balls), "a board where the claim fails")
    return check([well_formed(balls)], claim, "proved for every board", explain)


@theorem(CORE, "incomplete-pyramid-has-valid-location", ("SHB-COMPLETE-1", "SHB-PLACE-1",
                                                         "SHB-GRAVITY-1"), """
    On every board that obeys gravity with fewer than 30 balls, every empty point of the
    lowest level that has an empty point is a valid location; so every incomplete
    pyramid has a valid location and play by placement can always go on until the
    pyramid is complete.""")
def incomplete_pyramid_has_valid_location() -> Outcome:
    balls = fresh_balls("s", COLOURS)
    occ = model.occupancy(Z3, balls)
    claims = []
    for q in model.POINTS:
        lower_full = z3.And([occ[p] for p in model.POINTS if COORDS[p].level < COORDS[q].level])
        claims.append(z3.Implies(z3.And(z3.Not(occ[q]), lower_full),
                                 model.valid_location(Z3, occ, q)))
    claims.append(z3.Implies(z3.Not(model.complete(Z3, occ)),
                             z3.Or([model.valid_location(Z3, occ, p) for p in model.POINTS])))

    def explain(m: Any) -> Any:
        board = board_in(m, balls)
        empty = [p for p in model.POINTS if not truth(m, occ[p])]
        return board_counterexample(board, f"empty points {names(empty)}")
    return check([well_formed(balls)], z3.And(claims), "proved for every board", explain)
