"""Spline rules: the state, the move, one verdict function per rule, the legality check
in the order the rules apply, and the outcome.

A position is the board and the player to move. Nothing else needs recording: a
player's supply is the 16 balls of their colour not on the board (SPL-SETUP-1), and
who moved first follows from the counts (players alternate, SPL-TURN-1).

Verdict functions (each decides its rule once; ``explain``, attribution and tagging
render them):

- ``end_verdict``: the game goes on while nobody holds a line (SPL-WIN-1);
- ``turn_verdict``: who is to move and who moved first, from the counts (SPL-TURN-1);
- ``supply_verdict``: the mover has a ball of their colour left (SPL-PLACE-1);
- ``location_verdict``: the point is a valid location (SHB-PLACE-1);
- ``line_verdict``: whether a player holds a line (SPL-LINE-1, through ``lines.holds``);
- ``position_verdicts``: the invariants every position of a game keeps, which
  ``make_state`` enforces (SPL-SETUP-1, SPL-TURN-1, SPL-RUL-5, SPL-RUL-6, SPL-WIN-1).

``outcome`` has one end reason, ``line`` (SPL-WIN-1): the proofs show that a game never
ends any other way (SPL-RUL-5, SPL-RUL-6, SPL-RUL-7).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ...board import BALLS_PER_COLOUR, Board, valid_locations
from ...board_verdicts import level_word, placement_verdict
from ...contract.trace import Trace, Traced
from ...errors import IllegalMoveError, PositionError
from ...geometry import COORDS, LEVEL_MASKS, NAMES, Mask, Point, points_of
from ...notation import Colour
from ...verdict import EndReason, Verdict, first_failure, reason_table
from .lines import LINES, Line, covering, hidden_in, holds, lines_of, straight_from_above

MOVE_RULE: Final = "SPL-TURN-1"
"""The rule that says what a move is (one ball placed), cited when a question is no
move of the game."""

PLAYERS: Final = (Colour.WHITE, Colour.BLACK)
TOP_LINE_LEVEL: Final = 2
"""The highest level with lines: level 3, two points wide (counted from 0 here)."""
MOST_ON_TOP_LINE_LEVEL: Final = 3
"""The most balls level 3 can ever hold: any three hold a line, so the game ends before
a fourth is placed (SPL-RUL-6)."""


@dataclass(frozen=True, slots=True)
class SplineMove:
    """Place a ball of the mover's colour at ``point``."""

    point: Point

    def __str__(self) -> str:
        return NAMES[self.point]

    @property
    def sort_key(self) -> Point:
        """Canonical order: by point index."""
        return self.point


@dataclass(frozen=True, slots=True)
class SplineState:
    """A Spline position: the balls and the player to move. Build positions that come
    from outside with ``make_state``, which refuses those no game can reach."""

    board: Board
    turn: Colour

    @property
    def options(self) -> dict[str, str]:
        """Spline has no options."""
        return {}


def opponent(colour: Colour) -> Colour:
    """The other player."""
    return Colour.BLACK if colour == Colour.WHITE else Colour.WHITE


def start_state(first: Colour = Colour.WHITE) -> SplineState:
    """The empty pyramid, every ball in its owner's supply, ``first`` to move.
    Implements SPL-SETUP-1; who moves first is given (SPL-START-1, SPL-RUL-4)."""
    return SplineState(Board(), first)


# -- counts --------------------------------------------------------------------------

def placed(board: Board) -> tuple[int, int]:
    """Balls White and Black have on the board."""
    return board.count(Colour.WHITE), board.count(Colour.BLACK)


def supply_left(board: Board, colour: Colour) -> int:
    """Balls of ``colour`` not on the board: the player's supply (SPL-SETUP-1)."""
    return BALLS_PER_COLOUR - board.count(colour)


def first_player(board: Board, turn: Colour) -> Colour | None:
    """Who moved first in a game that reached ``board`` with ``turn`` to move, or None
    when no game alternating one ball a turn can (SPL-TURN-1): with equal counts the
    player to move started, else the player with one ball more."""
    white, black = placed(board)
    if white == black:
        return turn
    more = Colour.WHITE if white > black else Colour.BLACK
    return more if abs(white - black) == 1 and turn != more else None


def _balls(n: int) -> str:
    return f"{n} ball{'' if n == 1 else 's'}"


# -- verdicts ------------------------------------------------------------------------

def turn_verdict(state: SplineState) -> Verdict:
    """Who is to move, and who moved first, read from the counts; False when the counts
    show that the players did not alternate. Implements SPL-TURN-1 (with SPL-START-1)."""
    white, black = placed(state.board)
    turn = state.turn
    first = first_player(state.board, turn)
    evidence = {"to_move": turn.label, "placed": {"white": white, "black": black},
                "first": first.label if first is not None else None}
    if first is None:
        if abs(white - black) > 1:
            text = (f"white has {_balls(white)} on the board and black {black}: players "
                    "alternate, one ball a turn, so the counts differ by at most one")
        else:
            more = Colour.WHITE if white > black else Colour.BLACK
            text = (f"{more.label} has placed one ball more than {opponent(more).label}, "
                    f"so {opponent(more).label} is to move, not {more.label}")
        return Verdict("SPL-TURN-1", text, False, (), evidence)
    if white == black == 0:
        text = (f"{turn.label} is to move: one ball of their colour, placed; no ball is on "
                f"the board yet, so {turn.label} moves first")
    else:
        text = (f"{turn.label} is to move: one ball of their colour, placed; white has "
                f"placed {_balls(white)} and black {black}, so {first.label} moved first")
    return Verdict("SPL-TURN-1", text, True, ("SPL-START-1",), evidence)


def supply_verdict(state: SplineState) -> Verdict:
    """Whether the player to move has a ball of their colour left to place. Implements
    SPL-PLACE-1 (the ball comes from the mover's own supply; SPL-RUL-7 shows it never
    runs out)."""
    who = state.turn.label
    left = supply_left(state.board, state.turn)
    evidence = {"player": who, "left": left}
    if left <= 0:
        return Verdict("SPL-PLACE-1", f"{who} has no ball of their colour left to place",
                       False, ("SPL-RUL-7",), evidence)
    return Verdict("SPL-PLACE-1", f"{who} has {left} of their {BALLS_PER_COLOUR} balls "
                   "left to place", True, ("SPL-RUL-7",), evidence)


def location_verdict(board: Board, point: Point) -> Verdict:
    """Whether a ball may go on ``point``, with its supporters. Implements SHB-PLACE-1
    (the system's verdict, shared with every game)."""
    return placement_verdict(board, point)


def _resting(covered: tuple[tuple[Point, tuple[Point, ...]], ...]) -> str:
    """``2b2 rests on 1a1 and 1c1`` or ``balls rest on it (2b2 on 1a1 and 1c1, 2d2 on
    1c1)``: each covering ball once."""
    under: dict[Point, list[Point]] = {}
    for p, above in covered:
        for q in above:
            under.setdefault(q, []).append(p)
    parts = [(NAMES[q], " and ".join(NAMES[p] for p in ps)) for q, ps in sorted(under.items())]
    if len(parts) == 1:
        return f"{parts[0][0]} rests on {parts[0][1]}"
    return f"balls rest on it ({', '.join(f'{q} on {ps}' for q, ps in parts)})"


def line_verdict(line: Line, board: Board, colour: Colour) -> Verdict:
    """Whether ``colour`` holds ``line``, decided by ``lines.holds``, with the balls
    resting on it (which do not matter). Implements SPL-LINE-1 (SPL-RUL-1, SPL-RUL-2)."""
    own = board.masks[colour]
    occupied = board.occupied
    held = holds(line, own)
    covered = covering(line, occupied)
    hidden = hidden_in(line, occupied)
    missing = [p for p in line.points if not own >> p & 1]
    also = ["SPL-RUL-1"]
    if covered:
        also.append("SPL-RUL-2")
    if hidden:
        also.append("SHB-HIDE-1")
    evidence = {
        "line": line.name, "level": line.level + 1, "kind": line.kind,
        "colour": colour.label, "points": [NAMES[p] for p in line.points],
        "missing": [NAMES[p] for p in missing],
        "covered": [{"ball": NAMES[p], "by": [NAMES[q] for q in above]}
                    for p, above in covered],
        "hidden": [{"ball": NAMES[p], "by": NAMES[q]} for p, q in hidden],
    }
    if held:
        text = f"{colour.label} holds the {line.describe()}"
        if covered:
            text += (f"; {_resting(covered)}, which does not break it: covered balls "
                     "count")
        if hidden:
            text += "; " + ", ".join(f"{NAMES[p]} is hidden from above by {NAMES[q]}"
                                     for p, q in hidden) + ", and still counts"
    else:
        text = (f"{colour.label} lacks {' '.join(NAMES[p] for p in missing)} of the "
                f"{line.describe()}")
    return Verdict("SPL-LINE-1", text, held, tuple(also), evidence)


def _widths() -> str:
    """``4 balls on level 1, 3 on level 2 and 2 on level 3``: each level's line length."""
    lengths = sorted({len(line.points): line.level for line in LINES}.items(), reverse=True)
    first, *rest = [(n, level + 1) for n, level in lengths]
    return (f"{first[0]} balls on level {first[1]}, "
            + ", ".join(f"{n} on level {level}" for n, level in rest[:-1])
            + f" and {rest[-1][0]} on level {rest[-1][1]}")


def no_line_verdict(board: Board, colour: Colour, point: Point) -> Verdict:
    """Why a ball just placed on ``point`` made no line: a line fills a whole row,
    column or corner-to-corner diagonal of one level; and, when ``colour`` holds at
    least half of one, the lines through ``point`` it lacks fewest balls of. Implements
    the explanation of SPL-LINE-1 with SPL-RUL-1 (``lines.holds`` decides, through
    ``line_verdict``)."""
    own = board.masks[colour]
    through = [line for line in LINES if point in line.points]
    lacking = {line: [p for p in line.points if not own >> p & 1] for line in through}
    fewest = min(len(m) for m in lacking.values())
    closest = [line for line in through
               if len(lacking[line]) == fewest and 2 * fewest <= len(line.points)]
    text = (f"{NAMES[point]} completes no line: a line fills a whole row, column or "
            f"corner-to-corner diagonal of one level ({_widths()})")
    if closest:
        text += (f"; of the lines through {NAMES[point]} {colour.label} comes closest to "
                 + "; ".join(f"the {line.describe()}, lacking "
                             f"{' '.join(NAMES[p] for p in lacking[line])}"
                             for line in closest))
    return Verdict("SPL-LINE-1", text, None, ("SPL-RUL-1",),
                   {"point": NAMES[point], "colour": colour.label,
                    "closest": [{"line": line.name, "missing": [NAMES[p] for p in
                                                               lacking[line]]}
                                for line in closest]})


def flat_verdict(board: Board, colour: Colour, point: Point) -> Verdict | None:
    """When the balls of ``colour`` through ``point`` look straight from above across
    levels (three or more touching in turn): that they are no line, since a line lies
    on one level. None otherwise. Implements the explanation of SPL-RUL-1."""
    run = straight_from_above(board.masks[colour], point)
    if len(run) < 3:
        return None
    levels = sorted({COORDS[p].level + 1 for p in run})
    *lower, top = map(str, levels)
    names = " ".join(NAMES[p] for p in run)
    return Verdict("SPL-LINE-1", f"seen from above, {colour.label}'s {names} look like a "
                   f"straight line, but they lie on levels {', '.join(lower)} and {top}, "
                   "and a line is flat: it lies on one level, so they are no line", None,
                   ("SPL-RUL-1",), {"balls": [NAMES[p] for p in run], "levels": levels})


# -- outcome -------------------------------------------------------------------------

REASON_LINE: Final = "line"
REASONS: Final = reason_table(
    EndReason(REASON_LINE, "SPL-WIN-1", "the player who made the last move holds a line "
              "and wins", ("SPL-LINE-1",)),
)
"""Every way a game ends, by its reason string (stable: it appears in ``play --json``
output). The proofs show there is no other (SPL-RUL-5, SPL-RUL-6, SPL-RUL-7)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game stands: over or not, the winner and the lines they hold."""

    over: bool
    winner: Colour | None = None
    reason: str | None = None
    lines: tuple[Line, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The ``outcome`` object of ``play --json`` (Spline is never drawn)."""
        return {"over": self.over,
                "winner": self.winner.label if self.winner is not None else None,
                "draw": False, "reason": self.reason}


def outcome(state: SplineState) -> Outcome:
    """A player who holds a line has won and the game is over (SPL-WIN-1); in a game
    that is the player who made the last move, the only one a placement can give a line
    (SPL-RUL-5). Otherwise the game goes on: the player to move always has a valid
    location and a ball (SPL-RUL-6, SPL-RUL-7)."""
    mover = opponent(state.turn)
    for colour in (mover, state.turn):
        held = lines_of(state.board, colour)
        if held:
            return Outcome(True, colour, REASON_LINE, held)
    return Outcome(False)


def outcome_text(state: SplineState, result: Outcome | None = None) -> str:
    """One line: who is to move, or who won and with which lines."""
    result = result if result is not None else outcome(state)
    if not result.over or result.winner is None:
        return f"in progress: {state.turn.label} to move"
    names = " ".join(line.name for line in result.lines)
    noun = "line" if len(result.lines) == 1 else "lines"
    return f"{result.winner.label} wins with the {noun} {names} [SPL-WIN-1]"


def end_verdict(state: SplineState) -> Verdict:
    """Whether the game goes on: False once a player holds a line, which ends it.
    Implements SPL-WIN-1 (through ``outcome``)."""
    result = outcome(state)
    if not result.over or result.winner is None:
        return Verdict("SPL-WIN-1", "no player holds a line: the game goes on", True)
    winner = result.winner.label
    held = " and the ".join(line.describe() for line in result.lines)
    return Verdict("SPL-WIN-1", f"the game is over: {winner} holds the {held} and has won",
                   False, ("SPL-LINE-1",),
                   {"winner": winner, "lines": [line.name for line in result.lines]})


# -- moves ---------------------------------------------------------------------------

def legality(state: SplineState, move: SplineMove) -> list[Verdict]:
    """The verdicts on ``move`` in the order the rules apply: the game goes on
    (SPL-WIN-1), the turn (SPL-TURN-1), a ball left (SPL-PLACE-1), a valid location
    (SHB-PLACE-1). The list stops at the first that fails."""
    verdicts: list[Verdict] = []
    for verdict in (end_verdict(state), turn_verdict(state), supply_verdict(state)):
        verdicts.append(verdict)
        if verdict.fails:
            return verdicts
    verdicts.append(location_verdict(state.board, move.point))
    return verdicts


def legal_points(state: SplineState) -> Mask:
    """The points the player to move may place on: every valid location while the game
    goes on and they have a ball left (SPL-WIN-1, SPL-PLACE-1, SHB-PLACE-1), the same
    conditions as ``legality`` for all points at once."""
    if outcome(state).over or supply_left(state.board, state.turn) <= 0:
        return 0
    return valid_locations(state.board.occupied)


def legal_moves(state: SplineState) -> list[SplineMove]:
    """Every legal move in canonical order (by point index). Implements SPL-TURN-1."""
    return [SplineMove(p) for p in points_of(legal_points(state))]


def apply_move(state: SplineState, move: SplineMove) -> SplineState:
    """The position after a legal move: a ball of the mover's colour on the point, the
    other player to move. Implements SPL-PLACE-1 and SPL-TURN-1."""
    return SplineState(state.board.place(move.point, state.turn), opponent(state.turn))


def play(state: SplineState, move: SplineMove) -> SplineState:
    """The position after ``move``; IllegalMoveError with the first failing verdict."""
    failing = first_failure(legality(state, move))
    if failing is not None:
        raise IllegalMoveError.from_verdict(failing)
    return apply_move(state, move)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _fact(verdict: Verdict) -> Verdict:
    """A verdict stated as a fact (an outcome, a line that is held) rather than as a
    condition of the move."""
    return replace(verdict, holds=None)


def held_lines(board: Board, colour: Colour) -> list[Verdict]:
    """The line verdicts of the lines ``colour`` holds, in table order."""
    return [v for v in (line_verdict(line, board, colour) for line in LINES) if v.holds]


def move_effects(state: SplineState, after: SplineState, move: SplineMove) -> list[Verdict]:
    """What a legal placement did, as verdicts of fact: the ball taken from the
    mover's supply and placed (SPL-PLACE-1, the rule ``apply_move`` applies), each
    line it made (``line_verdict``), or why it made none (``no_line_verdict``,
    ``flat_verdict``); and when it made one, that the other player holds none
    (SPL-RUL-5: a placement gives a line only to its maker)."""
    mover = state.turn
    made = [now for line in LINES
            if (now := line_verdict(line, after.board, mover)).holds
            and not line_verdict(line, state.board, mover).holds]
    count = after.board.count(mover)
    effects = [Verdict(
        "SPL-PLACE-1", f"{mover.label} places their {_ordinal(count)} ball on "
        f"{NAMES[move.point]} ({level_word(move.point)}); {supply_left(after.board, mover)} "
        "left in their supply", evidence={"board": NAMES[move.point], "supply": count})]
    effects += [_fact(v) for v in made]
    if not made:  # why not: lines fill a level, and are flat
        effects.append(no_line_verdict(after.board, mover, move.point))
        flat = flat_verdict(after.board, mover, move.point)
        if flat is not None:
            effects.append(flat)
    else:
        other = opponent(mover)
        effects.append(Verdict(
            "SPL-RUL-5", f"{other.label} holds no line: a placement can give a line only "
            "to the player who makes it", None, (),
            {"player": other.label, "lines": [v.evidence["line"]
                                              for v in held_lines(after.board, other)]}))
    return effects


def trace_move(state: SplineState, move: SplineMove) -> Traced[SplineState]:
    """``move`` with its trace: the checks of ``legality``, then for a legal move its
    effects (``move_effects``) and the end (``end_verdict``, as a fact)."""
    checks = tuple(legality(state, move))
    if first_failure(checks) is not None:
        return Traced(None, Trace(checks))
    after = apply_move(state, move)
    return Traced(after, Trace(checks, tuple(move_effects(state, after, move)),
                               (_fact(end_verdict(after)),)))


# -- positions -----------------------------------------------------------------------

def position_verdicts(state: SplineState) -> list[Verdict]:
    """The invariants every position of a game keeps, each True or False: only white
    and black balls (SPL-SETUP-1); the players alternated (SPL-TURN-1); level 3 holds
    at most three balls, since any three hold a line (SPL-RUL-6); at most one player
    holds a line (SPL-RUL-5); and not the player to move, whose line would have ended
    the game before the opponent's last ball (SPL-WIN-1)."""
    board = state.board
    red = board.masks[Colour.RED]
    if red:
        return [Verdict("SPL-SETUP-1", "Spline is played with the white and black balls "
                        f"only; there is a red ball at {NAMES[points_of(red)[0]]}", False)]
    on_top = (board.occupied & LEVEL_MASKS[TOP_LINE_LEVEL]).bit_count()
    verdicts = [turn_verdict(state)]
    if on_top > MOST_ON_TOP_LINE_LEVEL:
        verdicts.append(Verdict(
            "SPL-RUL-6", f"level 3 holds {on_top} balls: any three balls there hold a "
            "line, so the game ends before a fourth is placed", False, ("SPL-RUL-3",)))
    else:
        verdicts.append(Verdict("SPL-RUL-6", f"level 3 holds {_balls(on_top)}: any three "
                                "balls there hold a line, so no game puts a fourth there "
                                "(nor a ball on the apex)", True, ("SPL-RUL-3",),
                                {"level_3": on_top}))
    held = {colour: lines_of(board, colour) for colour in PLAYERS}
    if held[Colour.WHITE] and held[Colour.BLACK]:
        verdicts.append(Verdict(
            "SPL-RUL-5", f"both players hold a line (white {held[Colour.WHITE][0].name}, "
            f"black {held[Colour.BLACK][0].name}): a placement gives a line only to the "
            "player who makes it, and the first line ends the game", False))
        return verdicts
    verdicts.append(Verdict("SPL-RUL-5", "at most one player holds a line", True))
    to_move = held[state.turn]
    if to_move:
        verdicts.append(Verdict(
            "SPL-WIN-1", f"{state.turn.label}, to move, holds {to_move[0].name}: that line "
            f"ended the game before {opponent(state.turn).label}'s last ball", False))
    else:
        verdicts.append(Verdict("SPL-WIN-1", f"{state.turn.label}, to move, holds no line",
                                True))
    return verdicts


def make_state(board: Board, turn: Colour) -> SplineState:
    """A position from outside (notation, a test), refused with PositionError naming
    the broken invariant when no game can reach it (``position_verdicts``; gravity,
    SHB-GRAVITY-1, first)."""
    board.validate()
    state = SplineState(board, turn)
    failing = first_failure(position_verdicts(state))
    if failing is not None:
        raise PositionError(failing.text, failing.rule)
    return state
