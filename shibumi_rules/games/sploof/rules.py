"""Sploof rules: the state, the moves, what each move does, and how the game ends.

The state is the board, the player to move, both stocks, the supply per colour and
the two options (``supply`` for SPF-RUL-1, ``simultaneous`` for SPF-RUL-2). Moves are
listed placements first (by point index), then removals (by point index).

The outcome is a function of the state alone: the player who made the last move is
the one not to move, so lines are judged from the mover's side (SPF-WIN-1, SPF-WIN-2,
SPF-RUL-2); when nobody has a line, the player to move loses if they have no legal
move (SPF-END-1, SPF-RUL-3). Reason strings are listed in ``REASONS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ...board import BALLS_PER_COLOUR, Board, pinned, valid_locations
from ...errors import IllegalMoveError
from ...geometry import COORDS, GROUND, NAMES, SUPPORTERS, Mask, Point, points_of
from ...notation import Colour
from ...verdict import EndReason, reason_table
from .lines import Line, line_holders

START_STOCK: Final = 2
"""Balls each player starts with in their stock (SPF-SETUP-1)."""
REMOVAL_GAIN: Final = 2
"""Balls a player moves from the supply to their stock after a removal (SPF-REMOVE-2)."""


def _perimeter() -> Mask:
    return sum(1 << p for p in points_of(GROUND)
               if COORDS[p].row in (0, 3) or COORDS[p].col in (0, 3))


PERIMETER: Final[Mask] = _perimeter()
"""The 12 perimeter holes of level 0, where the red balls start (SPF-SETUP-1)."""
START_BOARD: Final = Board((0, 0, PERIMETER)).to_text()
"""The board field of the setup: red balls on the perimeter (SPF-SETUP-1)."""

SupplyRule = Literal["limited", "unlimited"]
SimultaneousRule = Literal["mover", "draw"]
PLAYERS: Final = (Colour.WHITE, Colour.BLACK)


@dataclass(frozen=True, slots=True)
class SploofMove:
    """Place a ball from stock at ``point``, or (``remove``) take the red ball there."""

    point: Point
    remove: bool = False

    def __str__(self) -> str:
        return ("x" if self.remove else "") + NAMES[self.point]

    @property
    def sort_key(self) -> tuple[bool, Point]:
        """Canonical order: placements by point index, then removals by point index."""
        return (self.remove, self.point)


@dataclass(frozen=True, slots=True)
class SploofState:
    """A whole Sploof position. ``supply`` is (white, black, red); the white and black
    entries are ``None`` under ``supply=unlimited`` (not counted)."""

    board: Board
    turn: Colour
    stock: tuple[int, int]
    supply: tuple[int | None, int | None, int]
    supply_rule: SupplyRule = "limited"
    simultaneous: SimultaneousRule = "mover"

    @property
    def options(self) -> dict[str, str]:
        return {"simultaneous": self.simultaneous, "supply": self.supply_rule}


def opponent(colour: Colour) -> Colour:
    """The other player."""
    return Colour.BLACK if colour == Colour.WHITE else Colour.WHITE


def start_state(first: Colour = Colour.WHITE, supply_rule: SupplyRule = "limited",
                simultaneous: SimultaneousRule = "mover") -> SploofState:
    """Red balls on the 12 perimeter holes, 2 balls in each stock, the rest in the
    supply. Implements SPF-SETUP-1; the first player is given (SPF-RUL-6)."""
    reds = PERIMETER.bit_count()
    own_supply = BALLS_PER_COLOUR - START_STOCK if supply_rule == "limited" else None
    return SploofState(
        Board((0, 0, PERIMETER)), first, (START_STOCK, START_STOCK),
        (own_supply, own_supply, BALLS_PER_COLOUR - reds), supply_rule, simultaneous,
    )


# -- moves ---------------------------------------------------------------------------

def can_remove(state: SploofState) -> bool:
    """Whether the player to move may make a removal at all: under ``supply=limited``
    their supply must hold the two balls the removal moves to their stock. Implements
    SPF-REMOVE-2 with SPF-RUL-1."""
    if state.supply_rule == "unlimited":
        return True
    own_supply = state.supply[state.turn]
    return own_supply is not None and own_supply >= REMOVAL_GAIN


def placements(state: SploofState) -> Mask:
    """Points where the player to move may place: valid locations, if their stock is
    not empty. Implements SPF-PLACE-1 and SHB-PLACE-1."""
    if state.stock[state.turn] == 0:
        return 0
    return valid_locations(state.board.occupied)


def removals(state: SploofState) -> Mask:
    """Red balls the player to move may remove: unpinned, and only when the removal's
    two balls are available. Implements SPF-REMOVE-1, SHB-PIN-1 and SPF-RUL-1."""
    if not can_remove(state):
        return 0
    red = state.board.masks[Colour.RED]
    return red & ~pinned(state.board.occupied)


def available_moves(state: SploofState) -> list[SploofMove]:
    """The moves the rules allow the player to move, ignoring whether the game is over,
    in canonical order: one placement or one removal. Implements SPF-TURN-1."""
    return ([SploofMove(p) for p in points_of(placements(state))]
            + [SploofMove(p, True) for p in points_of(removals(state))])


def has_available_move(state: SploofState) -> bool:
    """Whether the player to move has any legal move (SPF-END-1 when not)."""
    return bool(placements(state) or removals(state))


def check_move(state: SploofState, move: SploofMove) -> None:
    """Raise IllegalMoveError naming the rule the move breaks (the game being over is
    checked by the caller). Implements SPF-PLACE-1, SHB-PLACE-1, SPF-REMOVE-1,
    SHB-PIN-1 and SPF-RUL-1."""
    colour = state.turn
    where = NAMES[move.point]
    occupied = state.board.occupied
    if not move.remove:
        if state.stock[colour] == 0:
            raise IllegalMoveError(
                f"{colour.label} has no ball in stock to place at {where}", "SPF-PLACE-1")
        if occupied >> move.point & 1:
            raise IllegalMoveError(f"{where} is already occupied", "SHB-PLACE-1")
        if not valid_locations(occupied) >> move.point & 1:
            missing = [NAMES[p] for p in _missing_supporters(occupied, move.point)]
            raise IllegalMoveError(
                f"{where} is not a valid location: no ball under it at {', '.join(missing)}",
                "SHB-PLACE-1")
        return
    found = state.board.colour_at(move.point)
    if found is None:
        raise IllegalMoveError(f"there is no ball at {where} to remove", "SPF-REMOVE-1")
    if found != Colour.RED:
        raise IllegalMoveError(
            f"the ball at {where} is {found.label}; only red balls may be removed",
            "SPF-REMOVE-1")
    if pinned(occupied) >> move.point & 1:
        raise IllegalMoveError(
            f"the red ball at {where} supports two or more balls and is pinned", "SHB-PIN-1")
    if not can_remove(state):
        raise IllegalMoveError(
            f"{colour.label}'s supply holds {state.supply[colour]} ball(s); a removal "
            f"needs {REMOVAL_GAIN} (supply=limited)", "SPF-RUL-1")


def _missing_supporters(occupied: Mask, point: Point) -> list[Point]:
    return [s for s in SUPPORTERS[point] if not occupied >> s & 1]


def apply_move(state: SploofState, move: SploofMove) -> SploofState:
    """The state after a move already checked legal. A placement takes a ball from the
    mover's stock (SPF-PLACE-1); a removal returns the red ball to the supply, drops
    the chain above it (SHB-DROP-1) and moves two of the mover's balls from supply to
    stock (SPF-REMOVE-1, SPF-REMOVE-2)."""
    colour = state.turn
    stock = list(state.stock)
    own = list(state.supply[:2])
    red = state.supply[2]
    if move.remove:
        board, _ = state.board.remove(move.point)
        stock[colour] += REMOVAL_GAIN
        own_supply = own[colour]
        if own_supply is not None:
            own[colour] = own_supply - REMOVAL_GAIN
        red += 1
    else:
        board = state.board.place(move.point, colour)
        stock[colour] -= 1
    return SploofState(board, opponent(colour), (stock[0], stock[1]), (own[0], own[1], red),
                       state.supply_rule, state.simultaneous)


# -- outcome -------------------------------------------------------------------------

REASON_LINE: Final = "line"
REASON_OPPONENT_LINE: Final = "opponent-line"
REASON_BOTH_LINES_MOVER: Final = "both-lines-mover"
REASON_BOTH_LINES_DRAW: Final = "both-lines-draw"
REASON_NO_MOVE: Final = "no-legal-move"

REASONS: Final = reason_table(
    EndReason(REASON_LINE, "SPF-WIN-1", "the mover made a line and the opponent has none"),
    EndReason(REASON_OPPONENT_LINE, "SPF-WIN-2",
              "the move gave only the opponent a line; the opponent wins", ("SPF-WIN-1",)),
    EndReason(REASON_BOTH_LINES_MOVER, "SPF-RUL-2",
              "the move gave both players a line; under simultaneous=mover the mover wins",
              ("SPF-WIN-1",)),
    EndReason(REASON_BOTH_LINES_DRAW, "SPF-RUL-2",
              "the move gave both players a line; under simultaneous=draw the game is drawn",
              ("SPF-WIN-1",)),
    EndReason(REASON_NO_MOVE, "SPF-END-1",
              "the player to move has no legal move and loses (SPF-RUL-3)", ("SPF-RUL-3",)),
)
"""Every way a game ends, by its reason string (stable: it appears in ``play --json``
output)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game stands. ``reason`` is one of ``REASONS`` (None while running)."""

    over: bool
    winner: Colour | None = None
    draw: bool = False
    reason: str | None = None
    lines: tuple[tuple[Line, ...], tuple[Line, ...]] = ((), ())

    @property
    def rule_id(self) -> str | None:
        return REASONS[self.reason].rule if self.reason else None

    def to_json(self) -> dict[str, object]:
        return {"over": self.over,
                "winner": self.winner.label if self.winner is not None else None,
                "draw": self.draw, "reason": self.reason}


def outcome(state: SploofState) -> Outcome:
    """Judge the position after the last move. Both players are checked (SPF-WIN-1);
    a line for the mover alone wins, for the opponent alone loses (SPF-WIN-2), for both
    follows ``simultaneous`` (SPF-RUL-2); with no line, a player to move who has no
    legal move loses (SPF-END-1, SPF-RUL-3)."""
    lines = line_holders(state.board)
    to_move = state.turn
    mover = opponent(to_move)
    mover_has, opponent_has = bool(lines[mover]), bool(lines[to_move])
    if mover_has and opponent_has:
        if state.simultaneous == "draw":
            return Outcome(True, None, True, REASON_BOTH_LINES_DRAW, lines)
        return Outcome(True, mover, False, REASON_BOTH_LINES_MOVER, lines)
    if mover_has:
        return Outcome(True, mover, False, REASON_LINE, lines)
    if opponent_has:
        return Outcome(True, to_move, False, REASON_OPPONENT_LINE, lines)
    if not has_available_move(state):
        return Outcome(True, mover, False, REASON_NO_MOVE, lines)
    return Outcome(False, lines=lines)


def outcome_text(state: SploofState, result: Outcome | None = None) -> str:
    """One line: who is to move, or who won (or that it is drawn) and why."""
    result = result if result is not None else outcome(state)
    if not result.over:
        return f"in progress: {state.turn.label} to move"
    names = [" ".join(line.name for line in held) for held in result.lines]
    mover = opponent(state.turn)
    if result.reason == REASON_NO_MOVE:
        loser = state.turn
        why = no_move_detail(state)
        return (f"{mover.label} wins: {loser.label} has no legal move ({why}) "
                f"[SPF-END-1, SPF-RUL-3]")
    assert result.reason is not None
    rule = REASONS[result.reason].rule
    held = "; ".join(f"{c.label} line {names[c]}" for c in PLAYERS if names[c])
    if result.draw:
        return f"draw: {mover.label}'s move gave both players a line ({held}) [{rule}]"
    assert result.winner is not None
    if result.reason == REASON_LINE:
        return f"{result.winner.label} wins with a line ({held}) [{rule}]"
    if result.reason == REASON_OPPONENT_LINE:
        return (f"{result.winner.label} wins: {mover.label}'s move gave only "
                f"{result.winner.label} a line ({held}) [{rule}]")
    return (f"{result.winner.label} wins: the move gave both players a line ({held}) and "
            f"the mover wins under simultaneous=mover [{rule}]")


def no_move_detail(state: SploofState) -> str:
    """Why the player to move has neither a placement nor a removal (SPF-END-1)."""
    colour = state.turn
    if state.stock[colour] == 0:
        place = "empty stock"
    elif not valid_locations(state.board.occupied):
        place = f"{state.stock[colour]} in stock but the pyramid is complete"
    else:  # pragma: no cover - a placement would then be legal
        place = "no valid location"
    red = state.board.masks[Colour.RED]
    if not red:
        remove = "no red ball on the board"
    elif not red & ~pinned(state.board.occupied):
        remove = "every red ball is pinned"
    else:
        remove = f"supply holds {state.supply[colour]}, a removal needs {REMOVAL_GAIN}"
    return f"{place}; {remove}"
