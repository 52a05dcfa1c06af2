"""Theorems about Splink: the scoring table, conservation of balls, how a game can end,
and the least and greatest score of a complete pyramid, with whether legal play can
reach them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import z3

from shibumi_rules.board import Board
from shibumi_rules.diagram import render
from shibumi_rules.games.splink import score as engine_score
from shibumi_rules.geometry import (
    AT_TOP_VIEW,
    COORDS,
    LEVEL_MASKS,
    LEVELS,
    NAMES,
    TOUCHING_PAIRS,
    points_of,
)

from . import model
from . import reference_model as ref
from . import reference_splink as rk
from . import splink_model as km
from .solver import (
    Z3,
    Z3_ARITH,
    Counterexample,
    Formula,
    Outcome,
    board_counterexample,
    board_in,
    check,
    count,
    exactly_one_point,
    fresh_balls,
    fresh_points,
    names,
    points_in,
    well_formed,
)
from .splink_witness import find_game
from .theorem import Theorem, theorem

SPLINK: list[Theorem] = []
APEX = len(model.POINTS) - 1
LEVEL2 = tuple(points_of(LEVEL_MASKS[2]))


@theorem(SPLINK, "splink-scoring-pairs", ("SPK-SCORE-1", "SPK-RUL-9"), """
    The engine's 5 inner points are exactly the points a complete pyramid hides from
    view (the points that are not the topmost point of their cell seen from above), and
    its 60 scoring pairs are exactly the touching pairs with neither ball inner: checked
    for each of the 30 points and each of the 435 pairs of points, against the model's
    tables too.""", method="exhaustive")
def splink_scoring_pairs() -> Outcome:
    hidden = set()
    for p, c in enumerate(COORDS):
        if any((c.x, c.y, lv) in AT_TOP_VIEW for lv in range(c.level + 1, LEVELS)):
            hidden.add(p)
    engine_pairs = set(engine_score.SCORING_PAIRS)
    touching = set(TOUCHING_PAIRS)
    cases = 0
    for p in model.POINTS:
        cases += 1
        inner = (bool(engine_score.INNER_MASK >> p & 1), p in model.INNER)
        if inner != (p in hidden,) * 2:
            return Outcome(False, f"counterexample: {NAMES[p]} is inner in the engine: "
                                  f"{inner[0]}, in the model: {inner[1]}, hidden: "
                                  f"{p in hidden}", cases=cases)
    for pair in combinations(model.POINTS, 2):
        cases += 1
        expected = pair in touching and not (set(pair) & hidden)
        if (pair in engine_pairs, pair in model.SCORING_PAIRS) != (expected, expected):
            return Outcome(False, f"counterexample: {NAMES[pair[0]]}-{NAMES[pair[1]]} is "
                                  f"{'' if pair in engine_pairs else 'not '}an engine scoring "
                                  f"pair, expected {'one' if expected else 'none'}",
                           cases=cases)
    if len(engine_score.SCORING_PAIRS) != len(engine_pairs):
        return Outcome(False, "the engine lists a scoring pair twice", cases=cases)
    return Outcome(True, f"equal for all 30 points and 435 pairs: inner "
                         f"{names(sorted(hidden))}, {len(engine_pairs)} pairs", cases=cases)


def _splink_setup(unlimited: bool) -> tuple[km.State[Formula, Any], list[Formula]]:
    balls = fresh_balls("s", "RW")
    supply = (z3.Int("supply_red"), z3.Int("supply_white"))
    state = km.State(balls, z3.Int("turns"), supply)
    premises = [well_formed(balls)]
    if not unlimited:
        premises += [supply[0] >= 0, supply[1] >= 0]
    return state, premises


def _splink_explain(state: km.State[Formula, Any], selectors: list[list[Formula]],
                    unlimited: bool, verb: str) -> Callable[[Any], Counterexample]:
    def render_state(m: Any) -> Counterexample:
        board = board_in(m, state.balls)
        supply = "-,-" if unlimited else ",".join(
            str(m.eval(n, model_completion=True).as_long()) for n in state.supply)
        turns = m.eval(state.turns, model_completion=True).as_long()
        role = "attractor" if turns % 2 == 0 else "repulsor"
        position = (f"{board.to_text()} {role} turns:{turns} supply:{supply} max_turns=none "
                    f"supply={'unlimited' if unlimited else 'limited'}")
        points = " ".join(names(points_in(m, s)) for s in selectors)
        return Counterexample(position, render(board), f"{verb} {points}")
    return render_state


@theorem(SPLINK, "splink-conservation", ("SHB-SET-1", "SPK-PLACE-1", "SPK-REMOVE-1",
                                         "SPK-REMOVE-2", "SPK-RUL-2", "SPK-RUL-7"), """
    Every legal Splink move keeps each colour's balls on the board and in the shared
    supply adding up to the same number under supply=limited, never makes the supply
    negative, and, under either supply option, adds 0 or 2 balls to the board: the
    number of balls on the board stays even. So from the setup every position has 16
    balls of each colour in all, and an odd number of balls never occurs. The board's
    counts change as placement-adds-one-ball and removal-takes-only-the-removed-ball
    prove: move (a) adds a red and a white ball; move (b) takes the removed ball and
    adds one of the other colour.""")
def splink_conservation() -> Outcome:
    for unlimited in (False, True):
        for kind in ("pair", "swap"):
            state, premises = _splink_setup(unlimited)
            first, second = fresh_points("first"), fresh_points("second")
            premises += [exactly_one_point(first), exactly_one_point(second)]
            before = [z3.Int("board_red"), z3.Int("board_white")]
            after_counts = [z3.Int("board_after_red"), z3.Int("board_after_white")]
            if kind == "pair":
                premises.append(km.may_place_pair(Z3, Z3_ARITH, state, first, second, unlimited))
                after = km.after_place_pair(Z3, Z3_ARITH, state, first, second, unlimited)
                change = [z3.IntVal(1), z3.IntVal(1)]
            else:
                premises.append(km.may_swap(Z3, Z3_ARITH, state, first, second, unlimited))
                after = km.after_swap(Z3, Z3_ARITH, state, first, second, unlimited)
                red = km.removed_is_red(Z3, state, first)
                change = [z3.If(red, -1, 1), z3.If(red, 1, -1)]
            presentable = [b == count(state.balls[c]) for b, c in zip(before, "RW", strict=True)]
            presentable += [before[0] + before[1] == 2 * z3.Int("pairs"), state.turns >= 0,
                            2 * state.turns >= before[0] + before[1],
                            z3.Not(model.complete(Z3, model.occupancy(Z3, state.balls)))]
            premises += [b >= 0 for b in before]
            if not unlimited:
                premises += [before[i] + state.supply[i] == km.BALLS_PER_COLOUR for i in (0, 1)]
            premises += [a == b + d for a, b, d in zip(after_counts, before, change, strict=True)]
            claims = [z3.Or(sum(after_counts) == sum(before),
                            sum(after_counts) == sum(before) + 2)]
            if not unlimited:
                claims += [after_counts[i] + after.supply[i] == before[i] + state.supply[i]
                           for i in (0, 1)]
                claims += [n >= 0 for n in after.supply]
            outcome = check(premises, z3.And(claims), "",
                            _splink_explain(state, [first, second], unlimited, kind),
                            presentable)
            if not outcome.proved:
                return outcome
    return Outcome(True, "proved for every position, move and supply option")


@theorem(SPLINK, "splink-last-move-fills-the-top", ("SPK-END-1", "SPK-PLACE-1",
                                                    "SPK-REMOVE-1", "SHB-GRAVITY-1"), """
    A Splink game that ends with a complete pyramid ends with a move (a) that places a
    ball on a level-3 point and then on the apex, one red and one white. A move (b)
    does not change the number of balls and a move (a) adds two (splink-conservation),
    so the last move goes from 28 balls to 30; and on every board that obeys gravity
    with 28 balls the two empty points are the apex and one level-3 point (proved
    here). Hence in every finished pyramid the apex and some level-3 point, which
    touch, have different colours.""")
def splink_last_move_fills_the_top() -> Outcome:
    balls = fresh_balls("s", "RW")
    occ = model.occupancy(Z3, balls)
    level2 = [occ[p] for p in LEVEL2]
    lower = [occ[p] for p in model.POINTS if COORDS[p].level < 2]
    claim = z3.And(z3.Not(occ[APEX]), z3.PbEq([(z3.Not(x), 1) for x in level2], 1), *lower)

    def explain(m: Any) -> Counterexample:
        return board_counterexample(board_in(m, balls), "a board with 28 balls")
    return check([well_formed(balls), z3.PbEq([(x, 1) for x in occ], 28)], claim,
                 "proved for every board with 28 balls", explain)


# -- the extremes ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Extreme:
    """A claim about the least or greatest score of a complete pyramid."""

    limited: bool
    greatest: bool
    value: int
    """The extreme over all complete pyramids (within the supply)."""
    reached: int
    """The extreme over pyramids legal play can finish."""


class _Pyramids:
    """Complete pyramids as one Boolean per point (red or white), their score, and the
    constraints of the supply and of how a game ends."""

    def __init__(self, limited: bool) -> None:
        self.red = [z3.Bool(f"red_{n}") for n in NAMES]
        self.balls = {"R": self.red, "W": [z3.Not(x) for x in self.red]}
        self.score = z3.Sum([z3.If(model.scores(Z3, self.balls, a, b), 1, 0)
                             for a, b in model.SCORING_PAIRS])
        reds = count(self.red)
        total = len(model.POINTS)
        self.within_supply = [reds <= km.BALLS_PER_COLOUR,
                              total - reds <= km.BALLS_PER_COLOUR] if limited else []
        self.finishable = z3.Or([self.red[s] != self.red[APEX] for s in LEVEL2])

    def extreme(self, greatest: bool, *constraints: Formula) -> tuple[int, Any]:
        """The greatest (or least) score under the constraints, and a pyramid with it.
        Z3's optimiser proves that no pyramid does better."""
        optimiser = z3.Optimize()
        optimiser.add(*self.within_supply, *constraints)
        if greatest:
            optimiser.maximize(self.score)
        else:
            optimiser.minimize(self.score)
        if optimiser.check() != z3.sat:
            raise RuntimeError(f"Z3 found no pyramid ({optimiser.reason_unknown()})")
        m = optimiser.model()
        return m.eval(self.score).as_long(), m

    def colouring(self, m: Any) -> dict[int, str]:
        return {p: "R" if z3.is_true(m.eval(x, model_completion=True)) else "W"
                for p, x in enumerate(self.red)}

    def targets(self, value: int, limit: int) -> Iterator[dict[int, str]]:
        """Up to ``limit`` finishable pyramids scoring ``value`` that differ on the
        outer points (the inner points do not score), one at a time."""
        solver = z3.Solver()
        solver.add(*self.within_supply, self.finishable, self.score == value)
        outer = [p for p in model.POINTS if p not in model.INNER]
        for _ in range(limit):
            if solver.check() != z3.sat:
                return
            m = solver.model()
            yield self.colouring(m)
            solver.add(z3.Or([self.red[p] != m.eval(self.red[p], model_completion=True)
                              for p in outer]))


def _pyramid_example(colours: dict[int, str], note: str) -> dict[str, str]:
    board = Board((sum(1 << p for p, c in colours.items() if c == "W"), 0,
                   sum(1 << p for p, c in colours.items() if c == "R")))
    return {"position": board.to_text(), "diagram": render(board), "note": note}


def _replay(moves: list[str], limited: bool) -> tuple[rk.Position | None, str]:
    """Play the moves through the model; the final position, or why a move fails."""
    position = rk.start(unlimited=not limited)
    for number, move in enumerate(moves, start=1):
        if rk.end_reason(position) is not None:
            return None, f"the game is over before move {number}"
        after = rk.moves(position).get(move)
        if after is None:
            return None, f"move {number} {move} is not legal"
        position = after
    return position, ""


def _prove_extreme(claim: Extreme) -> Outcome:
    pyramids = _Pyramids(claim.limited)
    value, example = pyramids.extreme(claim.greatest)
    colours = pyramids.colouring(example)
    if value != claim.value:
        shown = _pyramid_example(colours, f"a complete pyramid scoring {value}")
        return Outcome(False, f"counterexample: the extreme is {value}, not {claim.value}",
                       Counterexample(shown["position"], shown["diagram"], shown["note"]))
    facts: dict[str, Any] = {
        "extreme": value,
        "extreme_pyramid": _pyramid_example(colours, f"a complete pyramid scoring {value}")}
    reached, _ = pyramids.extreme(claim.greatest, pyramids.finishable)
    if reached != claim.reached:
        return Outcome(False, f"the extreme over pyramids a game can finish is {reached}, "
                              f"not {claim.reached}")
    game = None
    for target in pyramids.targets(claim.reached, 12):
        game = find_game(target, claim.limited)
        if game is not None:
            break
    if game is None:
        return Outcome(False, f"undecided: no game found that ends on {claim.reached}")
    final, why = _replay(game, claim.limited)
    if final is None or rk.end_reason(final) != "pyramid-complete" \
            or ref.score(final.balls) != claim.reached:
        return Outcome(False, f"the witness game does not end on {claim.reached}: {why}")
    board = Board((sum(1 << p for p in model.POINTS if final.balls["W"][p]), 0,
                   sum(1 << p for p in model.POINTS if final.balls["R"][p])))
    facts.update({
        "reachable": claim.reached == claim.value,
        "reached": claim.reached,
        "witness_game": " ".join(game),
        "witness_final": {"position": rk.format_position(final), "diagram": render(board),
                          "note": f"the end of the witness game, scoring {claim.reached}"},
    })
    if claim.reached == claim.value:
        summary = f"proved: extreme {claim.value}, reached by a {len(game)}-move game"
    else:
        summary = (f"proved: extreme {claim.value} cannot be reached; {claim.reached} is, "
                   f"by a {len(game)}-move game")
    return Outcome(True, summary, facts=facts)


def _extreme_theorem(name: str, claim: Extreme, statement: str) -> None:
    rules = ("SPK-SCORE-1", "SPK-END-1", "SHB-SET-1") if claim.limited else \
        ("SPK-SCORE-1", "SPK-END-1", "SPK-RUL-5")
    theorem(SPLINK, name, rules, statement)(lambda: _prove_extreme(claim))


_REACH = """Reachability: a game that finds such a pyramid is searched for among the
    pyramids scoring that much and replayed through the model."""
_CANNOT = """It cannot be reached: every pyramid a game can finish has the apex and some
    level-3 point in different colours (splink-last-move-fills-the-top), and no such
    pyramid scores less than {reached} (Z3); a game that ends on {reached} is found and
    replayed through the model."""

_extreme_theorem("splink-greatest-score-16-16", Extreme(True, True, 42, 42), f"""
    With the shared supply of 16 red and 16 white balls, the greatest score of a complete
    pyramid is 42 (Z3: one scores 42, none scores more), and legal play reaches it.
    {_REACH}""")
_extreme_theorem("splink-least-score-16-16", Extreme(True, False, 10, 11), f"""
    With the shared supply of 16 red and 16 white balls, the least score of a complete
    pyramid is 10 (Z3: one scores 10, none scores less), but no game ends on 10: the
    least score legal play can end on is 11. {_CANNOT.format(reached=11)}""")
_extreme_theorem("splink-greatest-score-unlimited", Extreme(False, True, 42, 42), f"""
    With the unlimited supply (SPK-RUL-5), the greatest score of a complete pyramid is
    still 42, and legal play reaches it. {_REACH}""")
_extreme_theorem("splink-least-score-unlimited", Extreme(False, False, 0, 4), f"""
    With the unlimited supply (SPK-RUL-5), the least score of a complete pyramid is 0
    (one colour outside), but no game ends on 0: the least score legal play can end on
    is 4 (the apex one colour, every other outer ball the other).
    {_CANNOT.format(reached=4)}""")
