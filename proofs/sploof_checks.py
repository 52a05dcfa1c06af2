"""Sploof's engine against the model where every case can be enumerated: each line's
verdict over every colouring of the points it depends on, the bulk line lookup over the
same spaces and over the whole domain of its tables, and the fast perft's removals on
every occupancy.

The engine is read through its module attributes at run time (``lines.LINES``,
``lines.holds``, ...), so a test that breaks one of them sees the claim fail.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from itertools import product
from typing import Any

from shibumi_rules.board import Board, pinned
from shibumi_rules.contract.game import Game
from shibumi_rules.games.sploof import lines as engine_lines
from shibumi_rules.games.sploof import perft as engine_perft
from shibumi_rules.geometry import COORDS, LEVEL_MASKS, NAMES, points_of
from shibumi_rules.notation import Colour

from . import model
from . import reference_sploof as rs
from . import sploof_model as sm
from .board_checks import chain_examples, occupancy_board
from .colourings import Colourings, colourings
from .dependence import DEPENDS, EACH_POINT, Points
from .game_samples import compare_position, option_sets, sampled
from .lanes import LaneLogic, first_difference, flags, mask_columns
from .occupancies import board_space
from .solver import Outcome, board_counterexample
from .theorem import Theorem, theorem

SPLOOF_CHECKS: list[Theorem] = []
Line = engine_lines.Line


def window_of(line: Line) -> tuple[sm.Cell, ...]:
    """The model's window for one of the engine's lines."""
    cells = tuple((c.x, c.y) for c in line.cells)
    return min(cells, tuple(reversed(cells)))


def depends_on(line: Line) -> tuple[int, ...]:
    """The points whose balls can change whether a player holds ``line``: those the
    model's definition reads under any value of ``blocking``, and those the engine's
    table names (its points, the crossing points of its links, the points that can
    hide it)."""
    found: set[int] = set()
    for blocking in engine_lines.BLOCKING_RULES:
        read: Points = sm.holds(DEPENDS, EACH_POINT, EACH_POINT, window_of(line), blocking)
        found.update(read)
    found.update(line.points)
    for link in line.links:
        found.update(link.crossing)
    found.update(cover for _, cover in line.hiders)
    return tuple(sorted(found))


@cache
def line_space(points: tuple[int, ...]) -> Colourings:
    return colourings(points)


def _refuted(space: Colourings, case: int, note: str, cases: int) -> Outcome:
    return Outcome(False, f"counterexample: {note}",
                   board_counterexample(space.board(case), note), cases=cases)


def _compare(space: Colourings, engine: Callable[[int, int], bool], expected: int,
             what: str, checked: int) -> Outcome | None:
    got = flags(space.lanes, [engine(o, c) for o, c in zip(space.own, space.occupied)])
    case = first_difference(got, expected)
    if case is None:
        return None
    says = "holds" if space.lanes.lane(got, case) else "does not hold"
    return _refuted(space, case, f"white {what}: the engine says it {says}, the model "
                                 "says the opposite", checked + case + 1)


@theorem(SPLOOF_CHECKS, "sploof-lines-engine-equals-model",
         ("SPF-LINE-1", "SPF-LINE-2", "SHB-HIDE-1", "SHB-CROSS-1", "SPF-RUL-4"), """
    For each of the engine's 24 lines, under every colouring of the points the line
    depends on (each empty, the player's or another colour's; the points the model's
    definition reads and those the engine's table names: its points, the crossing
    points of its links, the points that can hide it), the engine's verdict
    (lines.check_line) and its fast path (lines.holds, which lines_of and line_holders
    read over the table) are the model's: four own balls of level 1 with no link
    crossed and none hidden, or an own visible ball in each of four diagonal cells;
    under each value of the option blocking, which says what crosses a link
    (SPF-RUL-4).""",
         method="exhaustive", slow=True)
def sploof_lines_engine_equals_model() -> Outcome:
    checked = 0
    windows = set(sm.WINDOWS)
    for line in engine_lines.LINES:
        window = window_of(line)
        if window not in windows:
            return Outcome(False, f"{line.name} is not a line of the model", cases=checked)
        space = line_space(depends_on(line))
        for blocking in engine_lines.BLOCKING_RULES:
            expected = sm.holds(space.lanes, space.own_vectors, space.occupied_vectors,
                                window, blocking)
            what = f"line {line.name} under blocking={blocking}"
            failed = (_compare(space, partial(_verdict_holds, line, blocking), expected,
                               f"{what} (check_line)", checked)
                      or _compare(space, partial(engine_lines.holds, line,
                                                 blocking=blocking), expected,
                                  f"{what} (holds)", checked))
            if failed:
                return failed
            checked += space.cases
    return Outcome(True, f"equal in all {checked:,} colourings of the "
                         f"{len(engine_lines.LINES)} lines (each value of blocking)",
                   cases=checked)


def _verdict_holds(line: Line, blocking: engine_lines.BlockingRule, own: int,
                   occupied: int) -> bool:
    """The verdict path's answer for White owning ``own``, the other balls black."""
    board = Board((own, occupied & ~own, 0))
    return engine_lines.check_line(line, Colour.WHITE, board, blocking).holds


def _bit_vectors(points: list[int]) -> list[int]:
    """Lane vectors over every mask of ``len(points)`` bits (case m = mask m): point
    ``points[i]`` is set where bit i of the case is."""
    total = 1 << len(points)
    vectors = [0] * len(model.POINTS)
    for i, p in enumerate(points):
        block = b"\x00" * (1 << i) + b"\x01" * (1 << i)
        spread = bytearray(2 * total)
        spread[0::2] = block * (total >> (i + 1))
        vectors[p] = int.from_bytes(spread, "little")
    return vectors


def _ortho_tables() -> tuple[str | None, int]:
    """The orthogonal lookup tables against the model, over their whole domains (the
    table of blocked rows under each value of blocking)."""
    _g0, _g1, _g2, _g3, complete, _ = engine_lines.fast_tables()
    ortho = [line for line in engine_lines.LINES if line.kind == "orthogonal"]
    ground = points_of(LEVEL_MASKS[0])
    upper = points_of(LEVEL_MASKS[1] | LEVEL_MASKS[2])
    lanes = LaneLogic(1 << len(ground))
    own = _bit_vectors(ground)
    columns = mask_columns(lanes, list(complete))
    for i, line in enumerate(ortho):
        expected = sm.holds(lanes, own, own, window_of(line))
        case = first_difference(columns[i], expected)
        if case is not None:
            return (f"the table of complete rows says {line.name} is "
                    f"{'' if lanes.lane(columns[i], case) else 'not '}complete for the "
                    f"level-1 balls {' '.join(NAMES[p] for p in points_of(case))}"), 0
    checked = len(complete)
    lanes = LaneLogic(1 << len(upper))
    occ = _bit_vectors(upper)
    for blocking in engine_lines.BLOCKING_RULES:
        blocked = engine_lines.fast_tables(blocking)[5]
        columns = mask_columns(lanes, list(blocked))
        for i, line in enumerate(ortho):
            own = [lanes.ones if p in line.points else 0 for p in model.POINTS]
            occupied = [own[p] | occ[p] for p in model.POINTS]
            expected = lanes.not_(sm.holds(lanes, own, occupied, window_of(line), blocking))
            case = first_difference(columns[i], expected)
            if case is not None:
                balls = " ".join(NAMES[upper[j]] for j in range(len(upper)) if case >> j & 1)
                return (f"the table of blocked rows under blocking={blocking} is wrong for "
                        f"{line.name} with the balls {balls or '(none)'} above level 1"), \
                    checked
        checked += len(blocked)
    return None, checked


def _grid_tables() -> tuple[str | None, int]:
    """Each top-view table maps a level's balls to the cells they project onto: one
    bit per point, shared by the points of one cell, distinct between cells, and the
    union of those bits for any set of balls."""
    grids = engine_lines.fast_tables()[:4]
    bit_of_cell: dict[tuple[int, int], int] = {}
    checked = 0
    for level, table in enumerate(grids):
        points = points_of(LEVEL_MASKS[level])
        base = points[0]
        for p in points:
            image = table[1 << (p - base)]
            cell = (COORDS[p].x, COORDS[p].y)
            if image.bit_count() != 1 or bit_of_cell.setdefault(cell, image) != image:
                return f"the top-view table of level {level + 1} is wrong for {NAMES[p]}", 0
        for mask in range(len(table)):
            checked += 1
            union = 0
            for i in range(len(points)):
                if mask >> i & 1:
                    union |= table[1 << i]
            if table[mask] != union:
                return f"the top-view table of level {level + 1} is wrong at {mask}", checked
    if len(set(bit_of_cell.values())) != len(bit_of_cell):
        return "two cells share a bit of the top view", checked
    return None, checked


@theorem(SPLOOF_CHECKS, "sploof-line-lookup", ("SPF-LINE-1", "SPF-LINE-2", "SPF-RUL-4"), """
    The bulk line lookup (lines.has_line, which perft and the game-over check use) says
    a player holds a line exactly when the model says one of the 24 lines is held:
    under every colouring of the points each line depends on, as for the line
    verdicts; and its lookup tables agree with the model over their whole domains
    (every set of own level-1 balls for complete rows, every set of level-2 and
    level-3 balls for crossed or hidden rows, every set of balls of a level for the
    top view); under each value of the option blocking (SPF-RUL-4).""",
         method="exhaustive", slow=True)
def sploof_line_lookup() -> Outcome:
    problem, checked = _ortho_tables()
    if problem is None:
        problem, grid_checked = _grid_tables()
        checked += grid_checked
    if problem is not None:
        return Outcome(False, f"counterexample: {problem}", cases=checked)
    for line in engine_lines.LINES:
        space = line_space(depends_on(line))
        for blocking in engine_lines.BLOCKING_RULES:
            expected = sm.has_line(space.lanes, space.own_vectors, space.occupied_vectors,
                                   blocking)
            failed = _compare(space, partial(engine_lines.has_line, blocking=blocking),
                              expected, f"holds some line under blocking={blocking} "
                              f"(colouring the points of {line.name})", checked)
            if failed:
                return failed
            checked += space.cases
    return Outcome(True, f"equal in all {checked:,} cases (tables and colourings)",
                   cases=checked)


class _Children(dict[tuple[int, int, int, int, int], int]):
    """A transposition table that records every position looked up and answers 0:
    put in for the table one ply down, it lists the children perft searches."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, int, int, int, int]] = []

    def get(self, key: tuple[int, int, int, int, int], default: object = None) -> int:
        self.seen.append(key)
        return 0


def perft_removal_children(own: int, opp: int, red: int) -> list[tuple[int, int, int]]:
    """The positions the fast perft reaches by each removal from a position (mover's
    balls, opponent's, red; no stock, unlimited supply, both players' lines checked),
    as (mover's balls, opponent's, red) after the move, in perft's order; a removal
    that makes a line has none."""
    counter = engine_perft.Counter(limited=False, both_checked=True)
    children = _Children()
    counter.tables[2] = children
    counter.count(own, opp, red, 0, 0, 3)
    return [(mine, theirs, reds) for theirs, mine, reds, _, _ in children.seen]


def _verdict_children(board: Board) -> list[tuple[int, int, int]]:
    """The same, by the verdict path: every unpinned red ball removed (Board.remove),
    children with a line for either player left out (lines.line_holders)."""
    out = []
    for p in points_of(board.masks[2] & ~pinned(board.occupied)):
        after, _ = board.remove(p)
        if not any(engine_lines.line_holders(after)):
            out.append(after.masks)
    return out


@theorem(SPLOOF_CHECKS, "sploof-perft-removals", ("SHB-DROP-1", "SPF-REMOVE-1"), """
    The fast perft's removals (its inlined drop chain) give the verdict path's
    positions: on every occupancy that obeys gravity (all 141,120) with every ball red,
    each unpinned ball's removal leaves the model's occupancy (1,406,441 cases); and for
    every drop chain the engine produces, under every colouring of the balls above the
    removed red ball with the other balls all of one colour, the positions perft reaches
    by removals, in order, are those of Board.remove without the ones that give a
    player a line.""", method="exhaustive", slow=True)
def sploof_perft_removals() -> Outcome:
    space = board_space()
    after = [[0] * space.cases for _ in model.POINTS]
    checked = 0
    for case, occ in enumerate(space.occupancies):
        removable = points_of(occ & ~pinned(occ))
        children = perft_removal_children(0, 0, occ)
        if len(children) != len(removable):
            return Outcome(False, "counterexample: perft lists "
                                  f"{len(children)} removals, not {len(removable)}",
                           board_counterexample(occupancy_board(occ), "all balls red"),
                           cases=checked)
        for p, (_, _, reds) in zip(removable, children, strict=True):
            after[p][case] = reds
        checked += len(removable)
    for p in model.POINTS:
        engine = mask_columns(space.lanes, after[p])
        free = space.removable(p)
        for q in model.POINTS:
            found = first_difference(engine[q], space.after_removal(p)[q] & free)
            if found is not None:
                note = f"removing the red ball at {NAMES[p]} leaves {NAMES[q]} wrong"
                return Outcome(False, f"counterexample: {note}", board_counterexample(
                    occupancy_board(space.occupancies[found]), note), cases=checked)
    for chain, occ in sorted(chain_examples(space).items()):
        rest = occ & ~sum(1 << q for q in chain)
        for others, colours in product(range(3), product(range(3), repeat=len(chain) - 1)):
            masks = [0, 0, 1 << chain[0]]
            masks[others] |= rest
            for q, c in zip(chain[1:], colours, strict=True):
                masks[c] |= 1 << q
            board = Board((masks[0], masks[1], masks[2]))
            checked += 1
            if perft_removal_children(*board.masks) != _verdict_children(board):
                note = (f"the removals from this position (white to move), chain of "
                        f"{NAMES[chain[0]]}")
                return Outcome(False, f"counterexample: {note}",
                               board_counterexample(board, note), cases=checked)
    return Outcome(True, f"equal in all {checked:,} cases", cases=checked)


SPLOOF_OPTIONS = option_sets(supply=("limited", "unlimited"), simultaneous=("mover", "draw"),
                             lines_checked=("both", "mover"), stuck=("lose", "pass", "draw"),
                             blocking=("two", "one", "none"))


def compare_sploof(game: Game[Any, Any], state: Any) -> str | None:
    """Where the engine and the model disagree on a Sploof position, or None."""
    return compare_position(rs, game, state)


@theorem(SPLOOF_CHECKS, "sploof-games-engine-equals-model",
         ("SPF-TURN-1", "SPF-PLACE-1", "SPF-REMOVE-1", "SPF-REMOVE-2", "SPF-WIN-1",
          "SPF-WIN-2", "SPF-END-1"), """
    On the positions of seeded random games from the start, under every combination
    of the options, the engine's legal moves, the position each leads to and the
    outcome are the model's. Sampled: whole games cannot be enumerated; the claims
    above cover the parts that can.""", method="sampling", slow=True)
def sploof_games_engine_equals_model() -> Outcome:
    return sampled("sploof", compare_sploof, SPLOOF_OPTIONS, games=len(SPLOOF_OPTIONS),
                   most_plies=24)
