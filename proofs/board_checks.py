"""The engine's board mechanics against the model, on every occupancy that obeys gravity.

Valid locations, pinned balls, balls supporting exactly one and drop chains depend on
the occupancy alone, and there are 141,120 occupancies: each claim here runs the
engine (``shibumi_rules.board``) on every one of them and compares it with the model
evaluated on all of them (``proofs.occupancies``). What a removal or a placement does
to the colours is checked on every drop chain that occurs, under every colouring of its
balls. The engine is called through its module at run time, so a test that breaks one
of its tables sees the claim fail.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise, product

from shibumi_rules import board as engine
from shibumi_rules.board import Board
from shibumi_rules.errors import PositionError
from shibumi_rules.geometry import NAMES, NUM_POINTS, points_of
from shibumi_rules.notation import Colour

from . import model
from .lanes import LaneLogic, first_difference, flags, mask_columns
from .logic import PY_LOGIC
from .occupancies import GRAVITY_OCCUPANCIES, BoardSpace, board_space, selector
from .solver import Outcome, board_counterexample
from .theorem import Theorem, theorem

BOARD: list[Theorem] = []
COLOURS = "WBR"


def occupancy_board(occ: int) -> Board:
    """An occupancy drawn as a board (every ball white)."""
    return Board((occ, 0, 0))


def refuted(occ: int, note: str, cases: int) -> Outcome:
    """A failed exhaustive board claim, with the occupancy that shows it."""
    example = board_counterexample(occupancy_board(occ), note)
    return Outcome(False, f"counterexample: {note}", example, cases=cases)


def compare_columns(space: BoardSpace, name: str, engine: list[int], expected: list[int],
                    ) -> Outcome | None:
    """The first occupancy and point where the engine's set differs from the model's."""
    for p in model.POINTS:
        case = first_difference(engine[p], expected[p])
        if case is not None:
            says = "is" if space.lanes.lane(engine[p], case) else "is not"
            return refuted(space.occupancies[case],
                           f"the engine says {NAMES[p]} {says} among {name}, the model "
                           "says the opposite", space.cases)
    return None


def engine_columns(space: BoardSpace, function: Callable[[int], int]) -> list[int]:
    """An engine function's mask on every occupancy, as columns."""
    return mask_columns(space.lanes, [function(occ) for occ in space.occupancies])


@theorem(BOARD, "gravity-occupancies", ("SHB-GRAVITY-1",), """
    Enumerating level by level (every set of level-1 holes, then every set of the
    points of the next level whose four supporters hold a ball) gives 141,120 distinct
    occupancies, and the model's gravity holds on each. Every occupancy that obeys
    gravity is built this way, so these are all of them: the space of the exhaustive
    board claims.""", method="exhaustive")
def gravity_occupancies() -> Outcome:
    space = board_space()
    problems = []
    if space.cases != GRAVITY_OCCUPANCIES:
        problems.append(f"{space.cases} occupancies, expected {GRAVITY_OCCUPANCIES}")
    if len(set(space.occupancies)) != space.cases:
        problems.append("an occupancy is enumerated twice")
    case = first_difference(space.gravity(), space.lanes.ones)
    if case is not None:
        return refuted(space.occupancies[case], "breaks the model's gravity", space.cases)
    if problems:
        return Outcome(False, "; ".join(problems), cases=space.cases)
    return Outcome(True, f"{space.cases:,} occupancies, each obeying gravity",
                   cases=space.cases)


@theorem(BOARD, "engine-valid-locations", ("SHB-PLACE-1", "SHB-COMPLETE-1"), """
    On every occupancy that obeys gravity (all 141,120), the engine's valid locations
    (board.valid_locations) are exactly the model's: the empty points whose supporters
    all hold a ball. The engine's is_complete holds on the full pyramid alone.""",
         method="exhaustive")
def engine_valid_locations() -> Outcome:
    space = board_space()
    failed = compare_columns(space, "the valid locations",
                             engine_columns(space, engine.valid_locations), space.valid)
    if failed:
        return failed
    complete = flags(space.lanes, [engine.is_complete(o) for o in space.occupancies])
    expected = model.complete(space.lanes, space.occ)
    case = first_difference(complete, expected)
    if case is not None:
        return refuted(space.occupancies[case], "is_complete disagrees with the model",
                       space.cases)
    return Outcome(True, f"equal on all {space.cases:,} occupancies", cases=space.cases)


@theorem(BOARD, "engine-pinned-balls", ("SHB-PIN-1",), """
    On every occupancy that obeys gravity (all 141,120), the engine's pinned balls
    (board.pinned) are exactly the model's, the balls on which two or more balls rest,
    and its unpinned balls (board.unpinned) are the other balls on the board.""",
         method="exhaustive")
def engine_pinned_balls() -> Outcome:
    space = board_space()
    failed = compare_columns(space, "the pinned balls", engine_columns(space, engine.pinned),
                             space.pinned)
    if failed:
        return failed
    free = [space.removable(p) for p in model.POINTS]
    failed = compare_columns(space, "the unpinned balls",
                             engine_columns(space, engine.unpinned), free)
    return failed or Outcome(True, f"equal on all {space.cases:,} occupancies",
                             cases=space.cases)


@theorem(BOARD, "engine-balls-supporting-one", ("SPK-REMOVE-1",), """
    On every occupancy that obeys gravity (all 141,120), the engine's balls supporting
    exactly one ball (board.supporting_exactly_one, the balls a Splink move (b) may
    take) are exactly the model's.""", method="exhaustive")
def engine_balls_supporting_one() -> Outcome:
    space = board_space()
    failed = compare_columns(space, "the balls supporting exactly one",
                             engine_columns(space, engine.supporting_exactly_one),
                             space.supports_one)
    return failed or Outcome(True, f"equal on all {space.cases:,} occupancies",
                             cases=space.cases)


def engine_chains(space: BoardSpace) -> tuple[list[list[int]], int, Outcome | None]:
    """For each point, the engine's drop chain (as a mask) on every occupancy where the
    ball there is unpinned; the number of such cases; a failure if a chain is not
    listed bottom first from the removed ball, or is refused."""
    chains = [[0] * space.cases for _ in model.POINTS]
    checked = 0
    for case, occ in enumerate(space.occupancies):
        for p in points_of(engine.unpinned(occ)):
            checked += 1
            try:
                chain = engine.drop_chain(occ, p)
            except PositionError as err:
                return chains, checked, refuted(occ, f"removing {NAMES[p]}: {err}", checked)
            if chain[0] != p or any(a >= b for a, b in pairwise(chain)):
                note = f"removing {NAMES[p]}: chain {' '.join(NAMES[q] for q in chain)}"
                return chains, checked, refuted(occ, f"{note} is not listed bottom first",
                                                checked)
            chains[p][case] = sum(1 << q for q in chain)
    return chains, checked, None


@theorem(BOARD, "engine-drop-chains", ("SHB-DROP-1", "SHB-PIN-1"), """
    On every occupancy that obeys gravity (all 141,120) and for every ball that is not
    pinned (1,406,441 cases), the engine's drop chain (board.drop_chain) is the model's,
    the removed ball and every ball resting on a chain point, listed bottom first from
    the removed ball.""", method="exhaustive", slow=True)
def engine_drop_chains() -> Outcome:
    space = board_space()
    chains, checked, failed = engine_chains(space)
    if failed:
        return failed
    for p in model.POINTS:
        removable = space.removable(p)
        engine = mask_columns(space.lanes, chains[p])
        expected = [x & removable for x in space.chain(p)]
        for q in model.POINTS:
            case = first_difference(engine[q], expected[q])
            if case is not None:
                says = "is" if space.lanes.lane(engine[q], case) else "is not"
                return refuted(space.occupancies[case],
                               f"removing {NAMES[p]}: the engine says {NAMES[q]} {says} on "
                               "the drop chain, the model says the opposite", checked)
    return Outcome(True, f"equal for all {checked:,} unpinned balls of the "
                         f"{space.cases:,} occupancies", cases=checked)


def chain_examples(space: BoardSpace) -> dict[tuple[int, ...], int]:
    """Every drop chain the engine produces, with the first occupancy showing it."""
    seen: dict[tuple[int, ...], int] = {}
    for occ in space.occupancies:
        for p in points_of(engine.unpinned(occ)):
            chain = engine.drop_chain(occ, p)
            if len(chain) > 1 and chain not in seen:
                seen[chain] = occ
    return seen


def coloured_boards(occ: int, chain: tuple[int, ...]) -> list[Board]:
    """The occupancy with every colouring of the chain's balls, the other balls all
    white, all black or all red."""
    boards = []
    rest = occ & ~sum(1 << q for q in chain)
    for others in range(3):
        for colours in product(range(3), repeat=len(chain)):
            masks = [0, 0, 0]
            masks[others] |= rest
            for q, c in zip(chain, colours, strict=True):
                masks[c] |= 1 << q
            boards.append(Board((masks[0], masks[1], masks[2])))
    return boards


@theorem(BOARD, "engine-removal-and-placement", ("SHB-DROP-1", "SHB-PLACE-1"), """
    For every drop chain the engine produces (each on an occupancy where it occurs),
    every colouring of the chain's balls and the other balls all of one colour, the
    engine's board after the removal (Board.remove) is the model's and its drops name
    each chain ball with its colour, from its point to the chain point below. Placing
    any colour on any point gives the model's board, on the empty board and on boards
    whose other points all hold one colour.""", method="exhaustive")
def engine_removal_and_placement() -> Outcome:
    space = board_space()
    checked = 0
    for chain, occ in sorted(chain_examples(space).items()):
        boards = coloured_boards(occ, chain)
        checked += len(boards)
        failed = _check_removals(boards, chain)
        if failed is not None:
            return failed
    failed, placed = _check_placements()
    if failed is not None:
        return failed
    checked += placed
    return Outcome(True, f"equal in all {checked:,} cases", cases=checked)


def _check_removals(boards: list[Board], chain: tuple[int, ...]) -> Outcome | None:
    lanes = LaneLogic(len(boards))
    balls = {c: mask_columns(lanes, [b.masks[i] for b in boards])
             for i, c in enumerate(COLOURS)}
    after = model.remove(lanes, balls, selector(lanes, chain[0]))
    results = [board.remove(chain[0]) for board in boards]
    for i, colour in enumerate(COLOURS):
        engine = mask_columns(lanes, [board.masks[i] for board, _ in results])
        for p in model.POINTS:
            case = first_difference(engine[p], after[colour][p])
            if case is not None:
                return Outcome(False, f"counterexample: removing {NAMES[chain[0]]} leaves "
                                      f"{NAMES[p]} wrong in colour {colour}",
                               board_counterexample(boards[case],
                                                    f"removing {NAMES[chain[0]]}"))
    for board, (_, drops) in zip(boards, results, strict=True):
        expected = [(board.colour_at(upper), upper, lower) for lower, upper in pairwise(chain)]
        if [(d.colour, d.source, d.target) for d in drops] != expected:
            return Outcome(False, f"counterexample: the drops of removing {NAMES[chain[0]]}",
                           board_counterexample(board, f"removing {NAMES[chain[0]]}"))
    return None


def _check_placements() -> tuple[Outcome | None, int]:
    """Every point and colour, placed on the empty board and on boards whose other
    points all hold one colour."""
    full = (1 << NUM_POINTS) - 1
    checked = 0
    for around, p, colour in product(range(4), model.POINTS, Colour):
        masks = [0, 0, 0]
        if around < 3:
            masks[around] = full & ~(1 << p)
        before = Board((masks[0], masks[1], masks[2]))
        balls = {c: [bool(masks[i] >> q & 1) for q in model.POINTS]
                 for i, c in enumerate(COLOURS)}
        expected = model.place(PY_LOGIC, balls, colour.letter, [q == p for q in model.POINTS])
        placed = before.place(p, colour)
        got = {c: [bool(placed.masks[i] >> q & 1) for q in model.POINTS]
               for i, c in enumerate(COLOURS)}
        checked += 1
        if got != expected:
            note = f"placing {colour.label} on {NAMES[p]}"
            return Outcome(False, f"counterexample: {note}",
                           board_counterexample(before, note)), checked
    return None, checked
