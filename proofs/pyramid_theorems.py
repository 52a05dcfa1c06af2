"""The geometry and line theorems of the pyramid of every side from 2 to 9.

The rules of the Shibumi system (gravity, valid locations, pinning, the drop chain) are
stated once, in ``proofs.model``, over the tables of a pyramid; here they are proved on
the pyramid of each side, with one truth value per point saying whether it holds a ball
(board mechanics depend on the occupancy only, never on the colours). Per side:

- ``pyramid-N-tables`` (exhaustive over the tables): the point count n(n+1)(2n+1)/6,
  four supporters under every point above level 1, touching as an exact distance,
  hiding and crossing, and the 8 symmetries of the square preserving all of them;
- ``pyramid-N-placement-keeps-gravity``, ``-removal-keeps-gravity``,
  ``-chain-is-one-straight-diagonal``, ``-complete-iff-no-valid-location`` (Z3, over
  every occupancy that obeys gravity);
- the line theorems (Z3): ``pyramid-N-level-lines``, every set of as many points of a
  level as it is wide whose cells are collinear seen from above is a row, a column or a
  corner-to-corner diagonal; ``pyramid-N-visible-diagonals-touch``, along every
  diagonal of the top view, the visible balls of neighbouring cells touch.

``pyramid-occupancies`` enumerates the occupancies of the sides small enough (2, 3, 4)
and checks the count of each against a count that does not list them, which also gives
side 5's; the proofs on sides 5 to 9 are Z3's alone.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import z3

from shibumi_rules.geometry import (
    MAX_SIDE,
    MIN_SIDE,
    Pyramid,
    point_count,
    points_of,
    pyramid,
)

from . import model
from .lanes import LaneLogic, first_difference, mask_columns
from .occupancies import board_space, count_occupancies, enumerate_occupancies
from .solver import (
    Z3,
    Counterexample,
    Formula,
    Outcome,
    check,
    exactly_one_point,
    fresh_points,
    names,
    occupancy_counterexample,
    points_in,
    truth,
)
from .theorem import Theorem, theorem

PYRAMID: list[Theorem] = []
SIDES = range(MIN_SIDE, MAX_SIDE + 1)
QUICK_SIDES = range(MIN_SIDE, 6)
"""Sides whose Z3 proofs the test suite runs; the larger ones are left to ``prove``."""
REMOVAL_SIDES = range(MIN_SIDE, 8)
"""Sides whose removal claims ``prove`` runs. On sides 8 and 9 they held when run, but
Z3 takes over a minute on each side (measured on a shared machine: side 8, 18 s for
removal-keeps-gravity and 60 s for chain-is-one-straight-diagonal; side 9, 15 s and
73 s), more than CI can give; ``prove_removal_claims(side)`` runs them on any side."""
ENUMERATED_SIDES = (2, 3, 4)
"""Sides whose occupancies are few enough to list (17, 690 and 141,120)."""


class _Occupancy:
    """A symbolic occupancy of one pyramid obeying gravity, and a selected point: any
    one point, or the given ``point`` (a proof by cases over the point, which keeps
    each of Z3's problems to the balls that point can reach)."""

    def __init__(self, geo: Pyramid, point: int | None = None) -> None:
        self.geo = geo
        self.occ = fresh_points(f"s{geo.side}", geo)
        self.premises: list[Formula] = [model.gravity(Z3, self.occ)]
        if point is None:
            self.at = fresh_points(f"at{geo.side}", geo)
            self.premises.append(exactly_one_point(self.at))
        else:
            self.at = [z3.BoolVal(q == point) for q in geo.points]

    def for_selected(self, prop: Callable[[int], Formula]) -> Formula:
        return z3.And([z3.Implies(self.at[p], prop(p)) for p in self.geo.points])

    def explain(self, verb: str) -> Callable[[Any], Counterexample]:
        def render(m: Any) -> Counterexample:
            occupied = points_in(m, self.occ)
            selected = names(points_in(m, self.at), self.geo)
            return occupancy_counterexample(self.geo, occupied, f"{verb} {selected}")
        return render

    def removal(self) -> _Occupancy:
        """Select an occupied ball that is not pinned."""
        self.premises.append(self.for_selected(
            lambda p: z3.And(self.occ[p], z3.Not(model.pinned(Z3, self.occ, p)))))
        return self


def _straight(geo: Pyramid, a: int, b: int, c: int) -> bool:
    ca, cb, cc = geo.coords[a], geo.coords[b], geo.coords[c]
    return (cb.x - ca.x, cb.y - ca.y) == (cc.x - cb.x, cc.y - cb.y)


# -- the tables ------------------------------------------------------------------------

def _table_problems(geo: Pyramid) -> tuple[list[str], int]:
    """What is wrong with the tables of ``geo`` (nothing, when the claim holds), and
    how many facts were checked."""
    problems: list[str] = []
    checked = 0

    def expect(fact: bool, problem: str) -> None:
        nonlocal checked
        checked += 1
        if not fact:
            problems.append(problem)

    expect(geo.num_points == point_count(geo.side), f"{geo.num_points} points")
    pairs = set(geo.touching_pairs)
    for a in geo.points:
        for b in geo.points:
            if a < b:
                expect(((a, b) in pairs) == (geo.quadruple_squared_distance(a, b) == 4),
                       f"{geo.names[a]}-{geo.names[b]} touching")
                expect(geo.quadruple_squared_distance(a, b) >= 4,
                       f"{geo.names[a]} and {geo.names[b]} overlap")
        level = geo.coords[a].level
        expect(len(geo.supporters[a]) == (0 if level == 0 else 4),
               f"{geo.names[a]} has {len(geo.supporters[a])} supporters")
        expect(all(geo.coords[s].level == level - 1 and (min(a, s), max(a, s)) in pairs
                   for s in geo.supporters[a]), f"{geo.names[a]}: a supporter is not below")
    hideable = sum((geo.side - lv) ** 2 for lv in range(2, geo.side))
    expect(len(geo.covering_pairs) == hideable, f"{len(geo.covering_pairs)} hidden points")
    for (a, b), over in geo.crossing.items():
        expect(len(over) in (1, 2) or geo.coords[a].level == geo.side - 1,
               f"{geo.names[a]}-{geo.names[b]} has {len(over)} crossing points")
    expect(len({perm for _, perm in geo.symmetries}) == 8, "not 8 distinct symmetries")
    lines = {frozenset(line.points) for line in geo.level_lines}
    for name, perm in geo.symmetries:
        expect({(min(perm[a], perm[b]), max(perm[a], perm[b])) for a, b in pairs} == pairs,
               f"{name} breaks touching")
        expect(all({perm[s] for s in geo.supporters[p]} == set(geo.supporters[perm[p]])
                   for p in geo.points), f"{name} breaks support")
        expect(all(geo.covered_by[perm[p]] == (None if c is None else perm[c])
                   for p, c in enumerate(geo.covered_by)), f"{name} breaks hiding")
        expect(all(set(geo.crossing[(min(perm[a], perm[b]), max(perm[a], perm[b]))])
                   == {perm[q] for q in over} for (a, b), over in geo.crossing.items()),
               f"{name} breaks crossing")
        expect({frozenset(perm[p] for p in line) for line in lines} == lines,
               f"{name} breaks the level lines")
    return problems, checked


def _tables(geo: Pyramid) -> Outcome:
    problems, checked = _table_problems(geo)
    if problems:
        return Outcome(False, "; ".join(problems[:5]), cases=checked)
    return Outcome(True, f"{checked:,} facts of the side-{geo.side} tables hold",
                   cases=checked, facts={"points": geo.num_points,
                                         "touching_pairs": len(geo.touching_pairs),
                                         "hidden_points": len(geo.covering_pairs)})


# -- the Shibumi system on every occupancy ---------------------------------------------

def _placement_keeps_gravity(geo: Pyramid) -> Outcome:
    s = _Occupancy(geo)
    s.premises.append(s.for_selected(lambda p: model.valid_location(Z3, s.occ, p)))
    after = [z3.Or(s.occ[p], s.at[p]) for p in geo.points]
    return check(s.premises, model.gravity(Z3, after),
                 "proved for every occupancy and every valid location",
                 s.explain("placing on"))


def _removal_keeps_gravity(geo: Pyramid) -> Outcome:
    s = _Occupancy(geo).removal()
    after = model.remove(Z3, {"X": s.occ}, s.at)["X"]
    return check(s.premises, model.gravity(Z3, after),
                 "proved for every occupancy and every unpinned ball", s.explain("removing"))


def _chain_is_one_straight_diagonal(geo: Pyramid) -> Outcome:
    s = _Occupancy(geo).removal()
    chain = model.drop_chain(Z3, s.occ, s.at)
    claims = [z3.Implies(chain[q], Z3.at_most_one(model.resting_on(s.occ, q)))
              for q in geo.points]
    for level in range(geo.levels):
        claims.append(Z3.at_most_one([chain[p] for p in geo.points
                                      if geo.coords[p].level == level]))
    for c in geo.points:
        for b in geo.supporters[c]:
            for a in geo.supporters[b]:
                if not _straight(geo, a, b, c):
                    claims.append(z3.Not(z3.And(chain[a], chain[b], chain[c])))
    return check(s.premises, z3.And(claims), "proved for every occupancy and every unpinned "
                 "ball", s.explain("removing"))


def _complete_iff_no_valid_location(geo: Pyramid) -> Outcome:
    s = _Occupancy(geo)
    valid = [model.valid_location(Z3, s.occ, p) for p in geo.points]
    claims = [model.complete(Z3, s.occ) == z3.Not(z3.Or(valid))]
    for q in geo.points:
        lower_full = z3.And([s.occ[p] for p in geo.points
                             if geo.coords[p].level < geo.coords[q].level])
        claims.append(z3.Implies(z3.And(z3.Not(s.occ[q]), lower_full), valid[q]))
    return check(s.premises[:1], z3.And(claims), "proved for every occupancy",
                 s.explain("a board where it fails, selected"))


# -- the lines -------------------------------------------------------------------------

_BITS = 8
"""Bits of the column and row variables. Up to side 9 a row-major index is at most 80
and each side of the collinearity test, a product of two differences, lies within
-64..64, so two sides are equal modulo 256 only when they are equal: the bit-vector
arithmetic decides the same question as integers."""


def _other_collinear_set(geo: Pyramid, level: int) -> tuple[int, ...] | None:
    """A set of as many points of ``level`` as it is wide whose top-view cells lie on
    one straight line and which is none of the level's lines in the table, or None when
    Z3 shows there is none. A point of the level is a row and a column below its width;
    its top-view cell is (2 col + level, 2 row + level), so its cells are collinear
    exactly when the (col, row) are. The points are taken in increasing order
    (row-major), so each set is one assignment; the numbers are bit-vectors, which Z3
    decides by bits, much faster than products of integers."""
    width = geo.side - level
    cols = [z3.BitVec(f"side{geo.side}_col{i}", _BITS) for i in range(width)]
    rows = [z3.BitVec(f"side{geo.side}_row{i}", _BITS) for i in range(width)]
    solver = z3.Solver()
    for c, r in zip(cols, rows, strict=True):
        solver.add(z3.ULT(c, width), z3.ULT(r, width))
    for i in range(width - 1):
        solver.add(z3.ULT(rows[i] * width + cols[i], rows[i + 1] * width + cols[i + 1]))
    for k in range(2, width):
        solver.add((cols[1] - cols[0]) * (rows[k] - rows[0])
                   == (rows[1] - rows[0]) * (cols[k] - cols[0]))
    for line in geo.level_lines:
        if line.level == level:
            cells = sorted((geo.coords[p].row, geo.coords[p].col) for p in line.points)
            solver.add(z3.Or([z3.Or(r != row, c != col)
                              for r, c, (row, col) in zip(rows, cols, cells, strict=True)]))
    result = solver.check()
    if result == z3.unsat:
        return None
    if result != z3.sat:
        raise RuntimeError(f"Z3 answered unknown ({solver.reason_unknown()})")
    m = solver.model()
    at = {(c.row, c.col): p for p, c in enumerate(geo.coords) if c.level == level}
    return tuple(at[(m.eval(r).as_long(), m.eval(c).as_long())]
                 for r, c in zip(rows, cols, strict=True))


def _collinear(geo: Pyramid, points: tuple[int, ...]) -> bool:
    (x0, y0), (x1, y1) = ((geo.coords[p].x, geo.coords[p].y) for p in points[:2])
    return all((x1 - x0) * (geo.coords[p].y - y0) == (y1 - y0) * (geo.coords[p].x - x0)
               for p in points[2:])


def _level_lines(geo: Pyramid) -> Outcome:
    problems = []
    per_level = {level + 1: 0 for level in range(geo.levels - 1)}
    for line in geo.level_lines:
        per_level[line.level + 1] += 1
        c = geo.coords
        if len(set(line.points)) != geo.side - line.level or not _collinear(geo, line.points) \
                or any(c[p].level != line.level for p in line.points):
            problems.append(f"{names(line.points, geo)} is not a line of its level")
    if len({frozenset(line.points) for line in geo.level_lines}) != len(geo.level_lines):
        problems.append("the table lists a line twice")
    for level in range(geo.levels - 1):
        other = _other_collinear_set(geo, level)
        if other is not None:
            problems.append(f"{names(other, geo)} is collinear and missing from the table")
    if problems:
        return Outcome(False, "; ".join(problems[:5]))
    spread = ", ".join(f"{n} on level {level}" for level, n in per_level.items())
    return Outcome(True, f"proved: the {len(geo.level_lines)} lines of the table ({spread}) "
                         "and no other", facts={"lines_per_level": per_level})


def _visible_diagonals_touch(geo: Pyramid) -> Outcome:
    occ = fresh_points(f"v{geo.side}", geo)
    touching = set(geo.touching_pairs)

    def visible(p: int, stack: tuple[int, ...]) -> Formula:
        return z3.And(occ[p], *(z3.Not(occ[q]) for q in stack[stack.index(p) + 1:]))

    claims = []
    for cells in geo.top_view_diagonals:
        for (x1, y1), (x2, y2) in pairwise(cells):
            first, second = geo.cell_points(x1, y1), geo.cell_points(x2, y2)
            for a in first:
                for b in second:
                    if (min(a, b), max(a, b)) not in touching:
                        claims.append(z3.Not(z3.And(visible(a, first), visible(b, second))))

    def explain(m: Any) -> Counterexample:
        return occupancy_counterexample(geo, [p for p in geo.points if truth(m, occ[p])],
                                        "visible balls that do not touch")
    return check([model.gravity(Z3, occ)], z3.And(claims), "proved for every occupancy",
                 explain)


# -- registration ----------------------------------------------------------------------

def _register(side: int) -> None:
    n, slow = side, side not in QUICK_SIDES
    cells = 2 * n - 1

    def on(prove: Callable[[Pyramid], Outcome]) -> Callable[[], Outcome]:
        return lambda: prove(pyramid(side))

    theorem(PYRAMID, f"pyramid-{n}-tables", ("SHB-TOUCH-1", "SHB-GRAVITY-1", "SHB-HIDE-1",
                                              "SHB-CROSS-1"), f"""
        The tables of the pyramid of side {n}, derived from the ball centres: it has
        {point_count(n)} points (n(n+1)(2n+1)/6), every point above level 1 rests on
        four points of the level below that it touches, two points touch exactly when
        their centres are one diameter apart and no two balls overlap, the points two
        levels under a point are hidden by it ({sum((n - lv) ** 2 for lv in range(2, n))}
        of them), every same-level link has one or two crossing points, and the 8
        symmetries of the square are distinct and preserve touching, support, hiding,
        crossing and the level lines.""", method="exhaustive")(on(_tables))
    theorem(PYRAMID, f"pyramid-{n}-placement-keeps-gravity", ("SHB-PLACE-1",
                                                               "SHB-GRAVITY-1"), f"""
        On the pyramid of side {n}, on every occupancy that obeys gravity, filling any
        valid location gives an occupancy that still obeys gravity.""",
            slow=slow)(on(_placement_keeps_gravity))
    if side in REMOVAL_SIDES:
        theorem(PYRAMID, f"pyramid-{n}-removal-keeps-gravity", ("SHB-PIN-1", "SHB-DROP-1",
                                                                 "SHB-GRAVITY-1"), f"""
            On the pyramid of side {n}, on every occupancy that obeys gravity, removing
            any ball that is not pinned and letting its drop chain fall gives an
            occupancy that still obeys gravity.""", slow=slow)(on(_removal_keeps_gravity))
        theorem(PYRAMID, f"pyramid-{n}-chain-is-one-straight-diagonal", ("SHB-PIN-1",
                                                                          "SHB-DROP-1"), f"""
            On the pyramid of side {n}, when an unpinned ball is removed, every ball of
            its drop chain supports at most one ball, the chain has at most one ball per
            level and any three consecutive chain points go the same way seen from
            above: which ball drops where is never ambiguous.""",
                slow=slow)(on(_chain_is_one_straight_diagonal))
    theorem(PYRAMID, f"pyramid-{n}-complete-iff-no-valid-location", ("SHB-COMPLETE-1",
                                                                      "SHB-PLACE-1",
                                                                      "SHB-GRAVITY-1"), f"""
        On the pyramid of side {n}, on every occupancy that obeys gravity, all
        {point_count(n)} points are occupied if and only if there is no valid location,
        and every empty point of the lowest level that has one is a valid location.""",
            slow=slow)(on(_complete_iff_no_valid_location))
    theorem(PYRAMID, f"pyramid-{n}-level-lines", ("SHB-TOUCH-1",), f"""
        On the pyramid of side {n}, the geometry's level lines (each level's rows,
        columns and two corner-to-corner diagonals, on every level at least two points
        wide: {sum(2 * (n - lv) + 2 for lv in range(n - 1))} lines) are distinct sets of
        as many points of their level as it is wide whose cells seen from above lie on
        one straight line, and Z3 shows that no other such set exists.""",
            slow=slow)(on(_level_lines))
    theorem(PYRAMID, f"pyramid-{n}-visible-diagonals-touch", ("SHB-TOUCH-1", "SHB-HIDE-1",
                                                               "SHB-GRAVITY-1"), f"""
        On the pyramid of side {n}, on every occupancy that obeys gravity, along each of
        the {2 * (cells - 2)} diagonals of the {cells}x{cells} top view, the visible
        (topmost) balls of two neighbouring cells always touch: a diagonal read cell by
        cell from above describes balls touching in turn.""",
            slow=slow)(on(_visible_diagonals_touch))


for _side in SIDES:
    _register(_side)


def prove_removal_claims(side: int) -> dict[str, Outcome]:
    """The two removal claims on any side, those of sides 8 and 9 included, which
    ``prove`` leaves out for their time (see ``REMOVAL_SIDES``)."""
    geo = pyramid(side)
    return {"removal-keeps-gravity": _removal_keeps_gravity(geo),
            "chain-is-one-straight-diagonal": _chain_is_one_straight_diagonal(geo)}


@theorem(PYRAMID, "pyramid-occupancies", ("SHB-GRAVITY-1",), f"""
    The occupancies that obey gravity, listed level by level on the sides
    {", ".join(map(str, ENUMERATED_SIDES))}, are as many as a count that does not list
    them (a sum over the sets of each level, level by level), each once, and gravity
    holds on each; the count gives side 5 too. Sides 6 to 9 have too many points per
    level to tabulate.""", method="exhaustive")
def pyramid_occupancies() -> Outcome:
    counts: dict[str, int | None] = {}
    cases = 0
    for side in SIDES:
        geo = pyramid(side)
        counted = count_occupancies(geo)
        counts[str(side)] = counted
        if side not in ENUMERATED_SIDES:
            continue
        listed = (board_space().occupancies if geo is pyramid()
                  else enumerate_occupancies(geo))
        cases += len(listed)
        if len(set(listed)) != len(listed) or len(listed) != counted:
            return Outcome(False, f"side {side}: {len(listed)} listed, {counted} counted",
                           cases=cases)
        lanes = LaneLogic(len(listed))
        gravity = model.gravity(lanes, mask_columns(lanes, listed, geo.num_points))
        case = first_difference(gravity, lanes.ones)
        if case is not None:
            return Outcome(False, f"side {side}: the occupancy "
                                  f"{names(points_of(listed[case]), geo)} breaks gravity",
                           cases=cases)
    shown = ", ".join(f"side {s}: {c:,}" for s, c in counts.items() if c is not None)
    return Outcome(True, f"{cases:,} occupancies listed; {shown}", cases=cases,
                   facts={"occupancies": counts})
