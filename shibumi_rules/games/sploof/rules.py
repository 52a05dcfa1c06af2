"""Sploof rules: the state, the moves, what each move does, and how the game ends.

The state is the board, the player to move, both stocks, the supply per colour and
the options in force (``SploofRules``: ``supply`` for SPF-RUL-1, ``simultaneous`` for
SPF-RUL-2, ``stuck`` for SPF-RUL-3, ``blocking`` for SPF-RUL-4, ``lines_checked`` for
SPF-RUL-8). Moves are listed placements first (by point index), then removals (by point
index); under ``stuck=pass`` a player with balls in stock but neither a placement nor a
removal has one move, ``pass``.

Each rule a move must meet is decided by one function returning a ``Verdict`` (rule
ID, holds or not, evidence); ``move_verdicts`` lists them in the order the rules
apply, and ``Game.play`` refuses a move with the first that fails. ``placements`` and
``removals`` are the same rules as masks, for move generation.

The outcome is a function of the state alone: the player who made the last move is
the one not to move, so lines are judged from the mover's side (SPF-WIN-1, SPF-WIN-2,
SPF-RUL-2; under ``lines_checked=mover`` only the mover's lines count, SPF-RUL-8); when
no line decides and the player to move can neither place nor remove, they lose with an
empty stock (SPF-END-1), and with balls in stock ``stuck`` decides (SPF-RUL-3): they
lose, the game is drawn, or they pass (and the game is drawn if the opponent could not
move after the pass either, with balls in their own stock). Reason strings are listed
in ``REASONS``; an ``Outcome`` carries the verdicts that decided it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final, Literal

from ...board import (
    BALLS_PER_COLOUR,
    Board,
    drop_chain,
    pinned,
    shift_chain,
    valid_locations,
)
from ...board_verdicts import drop_verdicts, level_word, placement_verdict
from ...board_verdicts import pin_verdict as board_pin_verdict
from ...errors import PositionError
from ...geometry import COORDS, GROUND, NAMES, NUM_POINTS, Mask, Point, points_of
from ...notation import Colour
from ...verdict import EndReason, Verdict, reason_table
from .lines import BlockingRule, Line, has_line, line_holders

MOVE_RULE: Final = "SPF-TURN-1"
"""The rule that says what a move is (one placement or one removal), cited when a
question is no move of the game."""

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
LinesChecked = Literal["both", "mover"]
StuckRule = Literal["lose", "pass", "draw"]
PLAYERS: Final = (Colour.WHITE, Colour.BLACK)


@dataclass(frozen=True, slots=True)
class SploofRules:
    """The options in force, one per ruling, in one value so that a state carries them
    in one slot: ``supply`` (SPF-RUL-1), ``simultaneous`` (SPF-RUL-2), ``stuck``
    (SPF-RUL-3), ``blocking`` (SPF-RUL-4) and ``lines_checked`` (SPF-RUL-8)."""

    supply: SupplyRule = "limited"
    simultaneous: SimultaneousRule = "mover"
    lines_checked: LinesChecked = "both"
    stuck: StuckRule = "lose"
    blocking: BlockingRule = "two"

    def as_options(self) -> dict[str, str]:
        """Every option as ``name -> value``, sorted by name (the canonical order)."""
        return {"blocking": self.blocking, "lines_checked": self.lines_checked,
                "simultaneous": self.simultaneous, "stuck": self.stuck,
                "supply": self.supply}

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> SploofRules:
        """Decode options whose names and values are already checked
        (``Game.resolve_options``); a missing one takes its default."""
        return cls(_SUPPLY[options.get("supply", "limited")],
                   _SIMULTANEOUS[options.get("simultaneous", "mover")],
                   _LINES_CHECKED[options.get("lines_checked", "both")],
                   _STUCK[options.get("stuck", "lose")],
                   _BLOCKING[options.get("blocking", "two")])


_SUPPLY: Final[dict[str, SupplyRule]] = {"limited": "limited", "unlimited": "unlimited"}
_SIMULTANEOUS: Final[dict[str, SimultaneousRule]] = {"mover": "mover", "draw": "draw"}
_LINES_CHECKED: Final[dict[str, LinesChecked]] = {"both": "both", "mover": "mover"}
_STUCK: Final[dict[str, StuckRule]] = {"lose": "lose", "pass": "pass", "draw": "draw"}
_BLOCKING: Final[dict[str, BlockingRule]] = {"two": "two", "one": "one", "none": "none"}
DEFAULT_RULES: Final = SploofRules()
"""Every option at its default (the reference's rulings)."""

PASS_POINT: Final = NUM_POINTS
"""The point of the pass move: past the last point, so that no move mask holds it."""


@dataclass(frozen=True, slots=True)
class SploofMove:
    """Place a ball from stock at ``point``, or (``remove``) take the red ball there;
    ``PASS`` (point ``PASS_POINT``) is the pass of SPF-RUL-3 under ``stuck=pass``."""

    point: Point
    remove: bool = False

    def __str__(self) -> str:
        if self.point == PASS_POINT:
            return "pass"
        return ("x" if self.remove else "") + NAMES[self.point]

    @property
    def is_pass(self) -> bool:
        return self.point == PASS_POINT

    @property
    def sort_key(self) -> tuple[bool, Point]:
        """Canonical order: placements by point index, then removals by point index (a
        pass is only ever the one legal move)."""
        return (self.remove, self.point)


PASS: Final = SploofMove(PASS_POINT)
"""The pass: the one move of a player with balls in stock who can neither place nor
remove, under ``stuck=pass`` (SPF-RUL-3)."""


_UNJUDGED: Final = "unjudged"
"""A state's end reason before ``end_reason`` has worked it out."""


@dataclass(frozen=True, slots=True)
class SploofState:
    """A whole Sploof position. ``supply`` is (white, black, red); the white and black
    entries are ``None`` under ``supply=unlimited`` (not counted). ``rules`` holds the
    options in force.

    A state that cannot exist is refused when it is made (PositionError, SHB-SET-1):
    every count is non-negative, the red balls on the board and in the supply make
    16, and under ``supply=limited`` so do each player's balls on the board, in stock
    and in the supply. How the game stands (``end_reason``) is worked out once per
    state and kept in a slot that takes no part in equality."""

    board: Board
    turn: Colour
    stock: tuple[int, int]
    supply: tuple[int | None, int | None, int]
    rules: SploofRules = DEFAULT_RULES
    _reason: str | None = field(default=_UNJUDGED, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        white, black, red = self.board.masks
        stock_w, stock_b = self.stock
        supply_w, supply_b, supply_r = self.supply
        if (self.rules.supply == "limited" and supply_w is not None and supply_b is not None
                and white.bit_count() + stock_w + supply_w == BALLS_PER_COLOUR
                and black.bit_count() + stock_b + supply_b == BALLS_PER_COLOUR
                and red.bit_count() + supply_r == BALLS_PER_COLOUR
                and min(stock_w, stock_b, supply_w, supply_b, supply_r) >= 0):
            return  # the common case, in a handful of integer operations
        problem = count_problem(self)
        if problem is not None:
            raise PositionError(problem, "SHB-SET-1")

    @property
    def options(self) -> dict[str, str]:
        return self.rules.as_options()

    @property
    def supply_rule(self) -> SupplyRule:
        return self.rules.supply

    @property
    def simultaneous(self) -> SimultaneousRule:
        return self.rules.simultaneous

    @property
    def lines_checked(self) -> LinesChecked:
        return self.rules.lines_checked


def count_problem(state: SploofState) -> str | None:
    """Why the ball counts of ``state`` cannot exist, or None. Implements SHB-SET-1
    for Sploof: counts are non-negative, red makes 16 (board + supply), and under
    ``supply=limited`` each player's colour makes 16 (board + stock + supply)."""
    counted = {"white": (state.stock[0], state.supply[0]),
               "black": (state.stock[1], state.supply[1])}
    for owner, (stock, supply) in counted.items():
        if stock < 0:
            return f"stock of {owner} is {stock}: a count cannot be negative"
        if supply is not None and supply < 0:
            return f"supply of {owner} is {supply}: a count cannot be negative"
    red_on_board, red_supply = state.board.masks[Colour.RED].bit_count(), state.supply[2]
    if red_supply < 0:
        return f"supply of red is {red_supply}: a count cannot be negative"
    if red_on_board + red_supply != BALLS_PER_COLOUR:
        return (f"red balls: {red_on_board} on the board + {red_supply} in the supply "
                f"= {red_on_board + red_supply}, the set has {BALLS_PER_COLOUR}")
    for colour in PLAYERS:
        own_supply = state.supply[colour]
        if (own_supply is None) != (state.supply_rule == "unlimited"):
            expected = "not counted" if own_supply is not None else "counted"
            return (f"under supply={state.supply_rule} the {colour.label} supply is "
                    f"{expected}")
        if own_supply is None:
            continue
        on_board, in_stock = state.board.masks[colour].bit_count(), state.stock[colour]
        total = on_board + in_stock + own_supply
        if total != BALLS_PER_COLOUR:
            return (f"{colour.label} balls: {on_board} on the board + {in_stock} in stock + "
                    f"{own_supply} in the supply = {total}, the set has {BALLS_PER_COLOUR} "
                    "(supply=limited)")
    return None


def opponent(colour: Colour) -> Colour:
    """The other player."""
    return Colour.BLACK if colour == Colour.WHITE else Colour.WHITE


def start_state(first: Colour = Colour.WHITE, rules: SploofRules = DEFAULT_RULES
                ) -> SploofState:
    """Red balls on the 12 perimeter holes, 2 balls in each stock, the rest in the
    supply. Implements SPF-SETUP-1; the first player is given (SPF-RUL-6)."""
    reds = PERIMETER.bit_count()
    own_supply = BALLS_PER_COLOUR - START_STOCK if rules.supply == "limited" else None
    return SploofState(
        Board((0, 0, PERIMETER)), first, (START_STOCK, START_STOCK),
        (own_supply, own_supply, BALLS_PER_COLOUR - reds), rules,
    )


# -- moves ---------------------------------------------------------------------------

def can_remove(state: SploofState) -> bool:
    """Whether the player to move may make a removal at all: under ``supply=limited``
    their supply must hold the two balls the removal moves to their stock. Implements
    SPF-REMOVE-2 with SPF-RUL-1."""
    if state.rules.supply == "unlimited":
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


def _moves_by_byte(remove: bool) -> tuple[tuple[tuple[SploofMove, ...], ...], ...]:
    """For each byte of a 30-bit mask, and each value of that byte, the moves at its
    points in increasing order: every move is made once (moves are immutable values),
    and a mask becomes a list of moves in four lookups."""
    moves = [SploofMove(p, remove) for p in range(NUM_POINTS)]
    moves += [moves[0]] * (-NUM_POINTS % 8)  # bits past the last point are never set
    tables = []
    for k in range(len(moves) // 8):
        table: list[tuple[SploofMove, ...]] = [()]
        for move in moves[8 * k:8 * k + 8]:  # with this move's bit: each value below
            table += [(*low, move) for low in table]  # it, then the move
        tables.append(tuple(table))
    return tuple(tables)


_PLACE_BYTES: Final = _moves_by_byte(False)
_REMOVE_BYTES: Final = _moves_by_byte(True)


def _moves_of(mask: Mask, by_byte: tuple[tuple[tuple[SploofMove, ...], ...], ...],
              out: list[SploofMove]) -> None:
    for table in by_byte:
        if not mask:
            return
        if mask & 0xFF:
            out += table[mask & 0xFF]
        mask >>= 8


def available_moves(state: SploofState) -> list[SploofMove]:
    """The moves the rules allow the player to move, ignoring whether the game is over,
    in canonical order: one placement or one removal, or else a pass where
    ``stuck=pass`` allows it. Implements SPF-TURN-1 (and SPF-RUL-3)."""
    moves: list[SploofMove] = []
    _moves_of(placements(state), _PLACE_BYTES, moves)
    _moves_of(removals(state), _REMOVE_BYTES, moves)
    if not moves and may_pass(state):
        moves.append(PASS)
    return moves


def can_place_or_remove(state: SploofState) -> bool:
    """Whether the player to move has a placement or a removal (SPF-END-1 and
    SPF-RUL-3 when not)."""
    return bool(placements(state) or removals(state))


def has_available_move(state: SploofState) -> bool:
    """Whether the player to move has any legal move: a placement, a removal or a
    pass."""
    return can_place_or_remove(state) or may_pass(state)


def passed(state: SploofState) -> SploofState:
    """The same position with the other player to move: the position after a pass."""
    return SploofState(state.board, opponent(state.turn), state.stock, state.supply,
                       state.rules)


def stuck_with_stock(state: SploofState) -> bool:
    """The player to move has balls in stock but can neither place nor remove: the
    case the text leaves open (SPF-RUL-3). It means a complete pyramid (SHB-COMPLETE-1)
    on which no red ball can be removed."""
    return bool(state.stock[state.turn]) and not can_place_or_remove(state)


def may_pass(state: SploofState) -> bool:
    """Under ``stuck=pass``, whether the player to move passes: they are stuck with
    balls in stock, and the opponent is not (after the pass the opponent moves, or,
    with an empty stock and nothing to remove, loses by SPF-END-1). When the opponent
    is stuck with balls in stock too the game is drawn instead. Implements SPF-RUL-3."""
    return (state.rules.stuck == "pass" and stuck_with_stock(state)
            and not stuck_with_stock(passed(state)))


def _moves(n: int, kind: str) -> str:
    """``1 placement``, ``no removal``, ``3 removals``."""
    return f"{n or 'no'} {kind}{'s' if n > 1 else ''}"


def _balls(n: int, colour: Colour | None = None) -> str:
    """``2 balls``, ``1 ball``; with a colour ``no white ball``, ``3 white balls``."""
    if colour is None:
        return f"{n} ball{'s' if n != 1 else ''}"
    return f"{n or 'no'} {colour.label} ball{'s' if n > 1 else ''}"


# -- verdicts on a move --------------------------------------------------------------

def turn_verdict(state: SploofState, move: SploofMove) -> Verdict:
    """A turn is one action: a placement or a removal. A pass is a turn only where
    ``stuck=pass`` makes it one (SPF-RUL-3, whose ``pass_verdict`` then says whether
    this player may pass); under the other values it is no action at all. Implements
    SPF-TURN-1."""
    action = "a pass" if move.is_pass else "a removal" if move.remove else "a placement"
    evidence = {"turn": state.turn.label, "action": action}
    if move.is_pass and state.rules.stuck != "pass":
        return Verdict("SPF-TURN-1", f"{state.turn.label} is to move, and a turn is exactly "
                       "one action, a placement or a removal: a pass is neither (only "
                       "stuck=pass makes it a turn, for a player who can neither place nor "
                       f"remove; here stuck={state.rules.stuck})", False,
                       evidence={**evidence, "stuck": state.rules.stuck})
    return Verdict("SPF-TURN-1", f"{state.turn.label} is to move; a turn is exactly one "
                   f"action, here {action}", True, evidence=evidence)


def stock_verdict(state: SploofState) -> Verdict:
    """A placement takes a ball from the mover's stock. Implements SPF-PLACE-1."""
    colour = state.turn
    stock = state.stock[colour]
    evidence = {"colour": colour.label, "stock": stock}
    if stock == 0:
        return Verdict("SPF-PLACE-1", f"{colour.label} has no ball in stock, so cannot place "
                       "(a removal is the only other action)", False, evidence=evidence)
    return Verdict("SPF-PLACE-1", f"{colour.label} has {_balls(stock)} in stock to place from",
                   True, evidence=evidence)


def location_verdict(state: SploofState, point: Point) -> Verdict:
    """Whether ``point`` is a valid location, with its supporters. Implements
    SHB-PLACE-1 (the system's verdict, shared with every game)."""
    return placement_verdict(state.board, point)


def red_ball_verdict(state: SploofState, point: Point) -> Verdict:
    """Only a red ball may be removed, from any level. Implements SPF-REMOVE-1."""
    name = NAMES[point]
    found = state.board.colour_at(point)
    evidence = {"point": name, "found": found.label if found is not None else None}
    if found is None:
        return Verdict("SPF-REMOVE-1", f"there is no ball at {name} to remove", False,
                       evidence=evidence)
    if found != Colour.RED:
        return Verdict("SPF-REMOVE-1", f"the ball at {name} is {found.label}: only a red ball "
                       "may be removed", False, evidence=evidence)
    return Verdict("SPF-REMOVE-1", f"the ball at {name} is red: a red ball may be removed "
                   "from any level, if it is not pinned", True, evidence=evidence)


def pin_verdict(state: SploofState, point: Point) -> Verdict:
    """A ball supporting two or more balls is pinned. Implements SHB-PIN-1 (the
    system's verdict, shared with every game)."""
    return board_pin_verdict(state.board, point)


def supply_verdict(state: SploofState) -> Verdict:
    """A removal moves two of the mover's balls from the supply to their stock; under
    ``supply=limited`` the supply must hold them. Implements SPF-RUL-1 with
    SPF-REMOVE-2."""
    colour = state.turn
    allowed = can_remove(state)
    if state.supply_rule == "unlimited":
        on_hand = state.board.masks[colour].bit_count() + state.stock[colour]
        return Verdict("SPF-RUL-1", "supply=unlimited: the supply is not counted, so the "
                       f"removal can always move {REMOVAL_GAIN} balls to the stock", allowed,
                       ("SPF-REMOVE-2",), {"supply": None, "needed": REMOVAL_GAIN,
                                           "short_if_limited":
                                               BALLS_PER_COLOUR - on_hand < REMOVAL_GAIN})
    own = state.supply[colour] or 0
    evidence = {"colour": colour.label, "supply": own, "needed": REMOVAL_GAIN}
    held = _balls(own, colour)
    if not allowed:
        return Verdict("SPF-RUL-1", f"{colour.label}'s supply holds {held}, and a removal "
                       f"must move {REMOVAL_GAIN} {colour.label} balls from the supply to "
                       f"{colour.label}'s stock (supply=limited): no removal is possible",
                       False, ("SPF-REMOVE-2",), evidence)
    return Verdict("SPF-RUL-1", f"{colour.label}'s supply holds {held}, enough for the "
                   f"{REMOVAL_GAIN} the removal moves to the stock (supply=limited)",
                   True, ("SPF-REMOVE-2",), evidence)


def pass_verdict(state: SploofState) -> Verdict:
    """Under ``stuck=pass`` (the only value with a pass, ``turn_verdict`` says), a pass
    is for a player with balls in stock who can neither place nor remove, while the
    opponent could move after it (or has an empty stock). Implements SPF-RUL-3 (with
    SPF-TURN-1)."""
    colour, rule = state.turn, state.rules.stuck
    who, other = colour.label, opponent(colour).label
    stock = state.stock[colour]
    evidence = {"stuck": rule, "stock": stock}
    assert rule == "pass", "turn_verdict refuses a pass under any other value"
    if stock == 0:
        return Verdict("SPF-RUL-3", f"{who} has no ball in stock: a pass is only for a "
                       "player with balls in stock (stuck=pass)", False, ("SPF-TURN-1",),
                       evidence)
    if can_place_or_remove(state):
        n_place, n_remove = placements(state).bit_count(), removals(state).bit_count()
        return Verdict("SPF-RUL-3", f"{who} has a legal move ({_moves(n_place, 'placement')}, "
                       f"{_moves(n_remove, 'removal')}): a pass is only for a player who can "
                       "neither place nor remove (stuck=pass)", False, ("SPF-TURN-1",),
                       {**evidence, "placements": n_place, "removals": n_remove})
    if stuck_with_stock(passed(state)):
        return Verdict("SPF-RUL-3", f"{other} could not move after a pass either, with "
                       f"{_balls(state.stock[1 - colour])} in stock: under stuck=pass the "
                       "game is drawn instead", False, ("SPF-TURN-1",), evidence)
    return Verdict("SPF-RUL-3", f"{who} can neither place nor remove "
                   f"({no_move_detail(state)}): under stuck=pass {who} passes and {other} "
                   "moves", True, ("SPF-TURN-1",), evidence)


def finished_verdict(state: SploofState, result: Outcome) -> Verdict:
    """A game a line has ended takes no move: SPF-WIN-1, the rule that ends the game on
    lines (with the reason's own rule)."""
    assert result.reason is not None and result.reason not in NO_MOVE_REASONS
    reason = REASONS[result.reason]
    also = (reason.rule,) if reason.rule != "SPF-WIN-1" else ()
    return Verdict("SPF-WIN-1", f"the game is already over ({result.sentence}): no further "
                   "move may be played", False, also, {"reason": result.reason})


def no_move_verdict(state: SploofState, result: Outcome) -> Verdict:
    """What follows when the player to move has no legal move: with an empty stock
    they lose (SPF-END-1); with balls in stock ``stuck`` decides (SPF-RUL-3): they
    lose, or the game is drawn; the game is over (the end's ``consequence``)."""
    assert result.end is not None and result.end.no_move
    return Verdict(result.end.rule, result.end.say("consequence", _values(state, result)),
                   None, _decided(state, result.end), {"reason": result.reason})


def _decided(state: SploofState, end: EndReason) -> tuple[str, ...]:
    """The rules the verdict deciding ``end`` depends on besides its rule: the end's
    own, the rules its outcome line cites (SPF-RUL-3 when the player to move holds
    balls in stock: then the ruling, not the text, makes having no legal move a loss),
    and SPF-RUL-8 for an end on lines when only the mover's lines are checked."""
    also = (*end.decided, *end.cites(bool(state.stock[state.turn]))[1:])
    if not end.no_move and state.lines_checked == "mover" and "SPF-RUL-8" not in also:
        also += ("SPF-RUL-8",)
    return also


def _values(state: SploofState, result: Outcome) -> dict[str, object]:
    """What the sentences of an end are filled with (each worked out only when a
    sentence names it): the players, why the player to move has no move (and why the
    opponent would have none after a pass), the lines counted and how the mover's
    line was judged."""
    mover = opponent(state.turn)

    def held() -> str:
        names = [" ".join(line.name for line in lines) for lines in result.lines]
        counted = PLAYERS if state.lines_checked == "both" else (mover,)
        return "; ".join(f"{c.label} line {names[c]}" for c in counted if names[c])

    made = (f"{mover.label} has a line after their own move" if state.lines_checked == "mover"
            else f"{mover.label} made a line and {state.turn.label} has none")
    return {"mover": mover.label, "to_move": state.turn.label,
            "winner": result.winner.label if result.winner is not None else None,
            "detail": lambda: no_move_detail(state),
            "passed_detail": lambda: no_move_detail(passed(state)),
            "held": held, "made": made}


def _own_verdicts(state: SploofState, move: SploofMove) -> Iterator[Verdict]:
    """The move's own conditions, in the order the rules apply (made lazily, so that
    nothing after a failure is worked out)."""
    yield turn_verdict(state, move)
    if move.is_pass:
        yield pass_verdict(state)
    elif move.remove:
        yield red_ball_verdict(state, move.point)
        yield pin_verdict(state, move.point)
        yield supply_verdict(state)
    else:
        yield stock_verdict(state)
        yield location_verdict(state, move.point)


def move_verdicts(state: SploofState, move: SploofMove) -> list[Verdict]:
    """The verdicts on ``move`` in the order the rules apply, ending at the first that
    fails: a game a line has ended takes no move (SPF-WIN-1); then the turn
    (SPF-TURN-1); a placement needs a ball in stock (SPF-PLACE-1) and a valid location
    (SHB-PLACE-1); a removal needs a red ball (SPF-REMOVE-1) that is not pinned
    (SHB-PIN-1) and, under ``supply=limited``, two of the mover's balls in the supply
    (SPF-RUL-1). When the player to move has no legal move at all, every move fails one
    of its own conditions: that failure comes first, then its consequence (SPF-END-1,
    a statement after the failing verdict)."""
    result = outcome(state)
    if result.over and result.reason not in NO_MOVE_REASONS:
        return [finished_verdict(state, result)]
    verdicts = []
    for verdict in _own_verdicts(state, move):
        verdicts.append(verdict)
        if verdict.fails:
            break
    if result.reason in NO_MOVE_REASONS:
        assert verdicts[-1].fails, f"{move} passes every check with no legal move"
        verdicts.append(no_move_verdict(state, result))
    return verdicts


def is_available(state: SploofState, move: SploofMove) -> bool:
    """Whether the player to move may make ``move`` (the game being over aside): the
    move masks (which never hold ``PASS_POINT``), else the pass, with the same answer
    as ``move_verdicts`` (a test holds them together)."""
    mask = removals(state) if move.remove else placements(state)
    return bool(mask >> move.point & 1) or (move.point == PASS_POINT and may_pass(state))


def apply_move(state: SploofState, move: SploofMove) -> SploofState:
    """The state after a move already checked legal. A placement takes a ball from the
    mover's stock (SPF-PLACE-1); a removal returns the red ball to the supply, drops
    the chain above it (SHB-DROP-1) and moves two of the mover's balls from supply to
    stock (SPF-REMOVE-1, SPF-REMOVE-2); a pass changes nothing but the turn
    (SPF-RUL-3)."""
    if move.point == PASS_POINT:
        return passed(state)
    colour = state.turn
    white, black, red = state.board.masks
    stock = list(state.stock)
    own = list(state.supply[:2])
    red_supply = state.supply[2]
    if move.remove:
        chain = drop_chain(white | black | red, move.point)
        if len(chain) == 1:
            red &= ~(1 << move.point)
        else:
            white, black, red = (shift_chain(white, chain), shift_chain(black, chain),
                                 shift_chain(red, chain))
        stock[colour] += REMOVAL_GAIN
        own_supply = own[colour]
        if own_supply is not None:
            own[colour] = own_supply - REMOVAL_GAIN
        red_supply += 1
    elif colour == Colour.WHITE:
        white |= 1 << move.point
        stock[0] -= 1
    else:
        black |= 1 << move.point
        stock[1] -= 1
    return SploofState(Board((white, black, red)), opponent(colour), (stock[0], stock[1]),
                       (own[0], own[1], red_supply), state.rules)


def move_effects(state: SploofState, after: SploofState, move: SploofMove
                 ) -> list[Verdict]:
    """What a legal move did to the stocks, the supply and the board, as verdicts of
    fact, the same rules ``apply_move`` applies: a pass changes only the turn
    (SPF-RUL-3); a placement takes a ball from the mover's stock (SPF-PLACE-1); a
    removal returns the red ball to the supply (SPF-REMOVE-1), drops the chain above
    it (SHB-DROP-1, each drop one verdict) and moves two of the mover's balls from
    the supply to their stock (SPF-REMOVE-2; not counted under supply=unlimited,
    SPF-RUL-1). Each verdict's evidence names the parts of the position it changed
    (``turn``, ``stock``, ``supply``, ``board``)."""
    colour = state.turn
    who = colour.label
    if move.is_pass:
        return [Verdict("SPF-RUL-3", f"{who} passes: the board, the stocks and the supply "
                        f"stay as they are, and {after.turn.label} is to move", None,
                        ("SPF-TURN-1",), {"turn": after.turn.label})]
    if not move.remove:
        return [Verdict("SPF-PLACE-1", f"{who} takes a ball from their stock "
                        f"({state.stock[colour]} -> {after.stock[colour]}) and places it "
                        f"on {NAMES[move.point]} ({level_word(move.point)})",
                        evidence={"stock": [state.stock[colour], after.stock[colour]],
                                  "board": NAMES[move.point],
                                  "supply": list(state.supply)})]  # the supply stays
    effects = [Verdict("SPF-REMOVE-1", f"the red ball at {NAMES[move.point]} leaves the "
                       f"board and returns to the supply (red supply {state.supply[2]} -> "
                       f"{after.supply[2]})",
                       evidence={"supply": [state.supply[2], after.supply[2]],
                                 "board": NAMES[move.point]})]
    effects += drop_verdicts(state.board, move.point)
    before_supply, after_supply = state.supply[colour], after.supply[colour]
    supply = ("the supply is not counted under supply=unlimited"
              if before_supply is None else f"supply {before_supply} -> {after_supply}")
    effects.append(Verdict("SPF-REMOVE-2", f"{who} moves {REMOVAL_GAIN} balls of their "
                           f"colour from the supply to their stock (stock "
                           f"{state.stock[colour]} -> {after.stock[colour]}; {supply})",
                           None, ("SPF-RUL-1",) if before_supply is None else (),
                           {"stock": [state.stock[colour], after.stock[colour]],
                            "supply": [before_supply, after_supply]}))
    return effects


# -- outcome -------------------------------------------------------------------------

REASON_LINE: Final = "line"
REASON_OPPONENT_LINE: Final = "opponent-line"
REASON_BOTH_LINES_MOVER: Final = "both-lines-mover"
REASON_BOTH_LINES_DRAW: Final = "both-lines-draw"
REASON_NO_MOVE: Final = "no-legal-move"
REASON_STUCK_DRAW: Final = "stuck-draw"
REASON_BOTH_STUCK: Final = "both-stuck-draw"
REASONS: Final = reason_table(
    EndReason(REASON_LINE, "SPF-WIN-1",
              "the mover has a line and the opponent has none (under lines_checked=mover "
              "the opponent's lines are not checked)", winner="mover", texts={
                  "sentence": "{winner} wins with a line ({held})",
                  "decision": "{made}: {mover} wins"}),
    EndReason(REASON_OPPONENT_LINE, "SPF-WIN-2",
              "the move gave only the opponent a line; under lines_checked=both the "
              "opponent wins", ("SPF-WIN-1", "SPF-RUL-8"), winner="to-move", texts={
                  "sentence": "{winner} wins: {mover}'s move gave only {winner} a line "
                              "({held})",
                  "decision": "the move gives only {to_move} a line: {mover} loses and "
                              "{to_move} wins"}, decided=("SPF-RUL-8",)),
    EndReason(REASON_BOTH_LINES_MOVER, "SPF-RUL-2",
              "the move gave both players a line; under simultaneous=mover the mover wins",
              ("SPF-WIN-1", "SPF-RUL-8"), winner="mover", texts={
                  "sentence": "{winner} wins: the move gave both players a line ({held}) "
                              "and the mover wins under simultaneous=mover",
                  "decision": "both players have a line; under simultaneous=mover the "
                              "mover, {mover}, wins"}, decided=("SPF-WIN-1",)),
    EndReason(REASON_BOTH_LINES_DRAW, "SPF-RUL-2",
              "the move gave both players a line; under simultaneous=draw the game is drawn",
              ("SPF-WIN-1", "SPF-RUL-8"), draw=True, texts={
                  "sentence": "draw: {mover}'s move gave both players a line ({held})",
                  "decision": "both players have a line; under simultaneous=draw the game "
                              "is drawn"}, decided=("SPF-WIN-1",)),
    EndReason(REASON_NO_MOVE, "SPF-END-1",
              "the player to move has no legal move and loses: with an empty stock by the "
              "text, with balls in stock under stuck=lose (SPF-RUL-3)", ("SPF-RUL-3",),
              winner="mover", cited_if_stock=("SPF-RUL-3",), no_move=True, texts={
                  "sentence": "{mover} wins: {to_move} has no legal move ({detail})",
                  "decision": "{to_move}, to move, has no legal move ({detail}): {to_move} "
                              "loses",
                  "consequence": "so {to_move} has no legal move at all ({detail}): "
                                 "{to_move} loses and {mover} wins; the game is over"}),
    EndReason(REASON_STUCK_DRAW, "SPF-RUL-3",
              "the player to move has balls in stock but can neither place nor remove; "
              "under stuck=draw the game is drawn", ("SPF-END-1", "SHB-COMPLETE-1"),
              draw=True, cited=("SPF-END-1",), no_move=True, texts={
                  "sentence": "draw: {to_move} has balls in stock but no legal move "
                              "({detail}), and the game is drawn under stuck=draw",
                  "decision": "{to_move}, to move, has balls in stock but no legal move "
                              "({detail}): under stuck=draw the game is drawn",
                  "consequence": "so {to_move} has no legal move at all ({detail}), with "
                                 "balls in stock: under stuck=draw the game is drawn; the "
                                 "game is over"}),
    EndReason(REASON_BOTH_STUCK, "SPF-RUL-3",
              "the player to move has balls in stock but can neither place nor remove, and "
              "neither could the opponent after a pass, with balls in their stock too; "
              "under stuck=pass the game is drawn", ("SPF-END-1", "SHB-COMPLETE-1"),
              draw=True, cited=("SPF-END-1",), no_move=True, texts={
                  "sentence": "draw: neither player can move with balls in stock "
                              "({to_move}: {detail}; {mover}: {passed_detail}), and the "
                              "game is drawn under stuck=pass",
                  "decision": "{to_move}, to move, has balls in stock but no legal move "
                              "({detail}), and {mover} could not move after a pass either "
                              "({passed_detail}): under stuck=pass the game is drawn",
                  "consequence": "so {to_move} has no legal move at all ({detail}), and "
                                 "{mover} could not move after a pass either "
                                 "({passed_detail}): both have balls in stock, so under "
                                 "stuck=pass the game is drawn; the game is over"}),
)
"""Every way a game ends, by its reason string (stable: it appears in ``play --json``
output): each end one object, with its winner, its cited rules and its sentences."""
NO_MOVE_REASONS: Final = frozenset(key for key, end in REASONS.items() if end.no_move)
"""The ends for lack of a move (SPF-END-1, SPF-RUL-3), as opposed to the ends on lines."""


@dataclass(frozen=True)
class Outcome:
    """How the game stands after the last move. ``reason`` is one of ``REASONS``
    (None while running). The lines held and the verdicts that decided the outcome
    are worked out when asked for."""

    over: bool
    winner: Colour | None = None
    draw: bool = False
    reason: str | None = None
    state: SploofState | None = field(default=None, compare=False, repr=False)

    @property
    def end(self) -> EndReason | None:
        """The way the game ended (None while it runs)."""
        return REASONS[self.reason] if self.reason else None

    @property
    def rule_id(self) -> str | None:
        return self.end.rule if self.end is not None else None

    def to_json(self) -> dict[str, object]:
        return {"over": self.over,
                "winner": self.winner.label if self.winner is not None else None,
                "draw": self.draw, "reason": self.reason}

    @cached_property
    def lines(self) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        """The lines White and Black hold."""
        assert self.state is not None
        return line_holders(self.state.board, self.state.rules.blocking)

    @cached_property
    def no_move(self) -> tuple[Verdict, ...]:
        """Why the player to move has no placement and no removal (the verdicts behind
        SPF-END-1 and SPF-RUL-3); empty unless the game ended that way or the player
        must pass."""
        assert self.state is not None
        if self.reason in NO_MOVE_REASONS or (self.reason is None and may_pass(self.state)):
            return no_move_verdicts(self.state)
        return ()

    @cached_property
    def verdicts(self) -> tuple[Verdict, ...]:
        """The verdicts that decide the outcome: the lines of both players (SPF-WIN-1),
        why the player to move has no move when that ends the game, then the decision
        with its rule."""
        assert self.state is not None
        return (lines_verdict(self.state, self), *self.no_move,
                decision_verdict(self.state, self))

    @property
    def sentence(self) -> str:
        """Who is to move, or who won (or that it is drawn) and why, in words."""
        assert self.state is not None
        return _sentence(self.state, self)

    @property
    def cited(self) -> tuple[str, ...]:
        """The rule IDs ``outcome_text`` cites (none while the game runs): the end's
        (``EndReason.cites``: for an end for lack of a move, SPF-RUL-3 only when the
        player to move holds balls in stock)."""
        if self.end is None:
            return ()
        assert self.state is not None
        return self.end.cites(bool(self.state.stock[self.state.turn]))


def end_reason(state: SploofState) -> str | None:
    """The key of ``REASONS`` that ends the game in ``state``, None while it runs:
    worked out once per state and kept (the game-over check of ``legal_moves``,
    ``play`` and ``is_over``)."""
    reason = state._reason
    if reason == _UNJUDGED:
        reason = _judge(state)
        object.__setattr__(state, "_reason", reason)
    return reason


def _judge(state: SploofState) -> str | None:
    """Judge the position after the last move. Under ``lines_checked=both`` both
    players are checked (SPF-WIN-1, SPF-RUL-8): a line for the mover alone wins, for
    the opponent alone loses (SPF-WIN-2), for both follows ``simultaneous``
    (SPF-RUL-2); under ``lines_checked=mover`` only the mover's lines count. When no
    line decides, a player to move who can neither place nor remove loses with an empty
    stock (SPF-END-1), and with balls in stock ``stuck`` decides (``_stuck_reason``).
    Lines are found with the fast lookup ``has_line``; the lines themselves are listed
    only when asked (``Outcome.lines``)."""
    masks = state.board.masks
    occupied = masks[0] | masks[1] | masks[2]
    to_move = state.turn
    rules = state.rules
    mover_has = has_line(masks[1 - to_move], occupied, rules.blocking)
    opponent_has = (rules.lines_checked == "both"
                    and has_line(masks[to_move], occupied, rules.blocking))
    if mover_has and opponent_has:
        return REASON_BOTH_LINES_DRAW if rules.simultaneous == "draw" else \
            REASON_BOTH_LINES_MOVER
    if mover_has:
        return REASON_LINE
    if opponent_has:
        return REASON_OPPONENT_LINE
    if can_place_or_remove(state):
        return None
    return _stuck_reason(state)


def _stuck_reason(state: SploofState) -> str | None:
    """The end when the player to move can neither place nor remove, None when they
    pass. Implements SPF-END-1 (an empty stock loses) and SPF-RUL-3 (balls in stock:
    ``stuck=lose`` loses; ``draw`` draws; ``pass`` passes, unless the opponent could
    not move after the pass either with balls in their own stock, which draws)."""
    rule = state.rules.stuck
    if not state.stock[state.turn] or rule == "lose":
        return REASON_NO_MOVE
    if rule == "draw":
        return REASON_STUCK_DRAW
    return REASON_BOTH_STUCK if stuck_with_stock(passed(state)) else None


def outcome(state: SploofState) -> Outcome:
    """How the game stands in ``state``: ``end_reason`` with the winner it gives, the
    lines and the verdicts behind it (worked out when asked)."""
    reason = end_reason(state)
    if reason is None:
        return Outcome(False, state=state)
    end = REASONS[reason]
    if end.draw:
        return Outcome(True, None, True, reason, state)
    winner = state.turn if end.winner == "to-move" else opponent(state.turn)
    return Outcome(True, winner, False, reason, state)


# -- the verdicts behind an outcome --------------------------------------------------

def lines_verdict(state: SploofState, result: Outcome) -> Verdict:
    """Whose lines are checked after the move, and what they hold. Implements SPF-WIN-1
    with SPF-RUL-8 (cited where it decides: the player to move holds a line, or only
    the mover's lines are checked)."""
    held = [[line.name for line in lines] for lines in result.lines]
    mover, to_move = opponent(state.turn), state.turn
    evidence = {"lines_checked": state.lines_checked, **{c.label: held[c] for c in PLAYERS}}
    if state.lines_checked == "both":
        summary = "; ".join(
            f"{c.label} {'holds ' + ' '.join(held[c]) if held[c] else 'has none'}"
            for c in PLAYERS)
        return Verdict("SPF-WIN-1", "both players are checked for lines after every move: "
                       f"{summary}", None, ("SPF-RUL-8",) if held[to_move] else (), evidence)
    mine = f"holds {' '.join(held[mover])}" if held[mover] else "has none"
    text = (f"only the mover's lines are checked after a move (lines_checked=mover): "
            f"{mover.label}, the mover, {mine}")
    if held[to_move]:
        text += (f"; {to_move.label}'s {' '.join(held[to_move])} does not count now, and "
                 f"counts only if {to_move.label} still holds it after their own move")
    return Verdict("SPF-WIN-1", text, None, ("SPF-RUL-8",), evidence)


def decision_verdict(state: SploofState, result: Outcome) -> Verdict:
    """What the lines (or the lack of a move) decide. Implements SPF-WIN-1, SPF-WIN-2,
    SPF-RUL-2, SPF-END-1 and SPF-RUL-3."""
    mover, to_move = opponent(state.turn).label, state.turn.label
    evidence = result.to_json()
    if result.end is not None:
        return Verdict(result.end.rule, result.end.say("decision", _values(state, result)),
                       None, _decided(state, result.end), evidence)
    if may_pass(state):
        return Verdict("SPF-RUL-3", f"no line decides and {to_move} has balls in stock but "
                       f"can neither place nor remove ({no_move_detail(state)}): under "
                       f"stuck=pass {to_move} must pass, then {mover} moves", None,
                       ("SPF-TURN-1",), evidence)
    if result.lines[state.turn]:
        return Verdict("SPF-TURN-1", f"{mover}, the mover, has no line, and {to_move}'s line "
                       f"counts only after {to_move}'s own move: the game goes on, "
                       f"{to_move} to move", None, ("SPF-RUL-8",), evidence)
    return Verdict("SPF-TURN-1", f"no line for either player and {to_move} has a legal move: "
                   f"the game goes on, {to_move} to move", evidence=evidence)


def no_move_verdicts(state: SploofState) -> tuple[Verdict, Verdict]:
    """Why the player to move can neither place nor remove: the placement's verdict
    (SPF-PLACE-1: empty stock; SHB-COMPLETE-1: nowhere to place) and the removal's
    (SPF-REMOVE-1: no red ball; SHB-PIN-1: every red ball pinned; SPF-RUL-1: the
    supply is short). Both fail exactly when the player has no legal move."""
    colour = state.turn
    who, stock = colour.label, state.stock[colour]
    place = stock_verdict(state)
    if not place.fails and not valid_locations(state.board.occupied):
        place = Verdict("SHB-COMPLETE-1", f"{who} has {_balls(stock)} in stock, but the "
                        "pyramid is complete: there is nowhere to place", False,
                        evidence={"stock": stock, "valid_locations": []})
    red = state.board.masks[Colour.RED]
    if not red:
        remove = Verdict("SPF-REMOVE-1", "there is no red ball on the board to remove", False,
                         evidence={"red": []})
    elif not red & ~pinned(state.board.occupied):
        remove = Verdict("SHB-PIN-1", "every red ball on the board is pinned", False,
                         evidence={"pinned": [NAMES[p] for p in points_of(red)]})
    else:
        remove = supply_verdict(state)
    return place, remove


def no_move_detail(state: SploofState) -> str:
    """Why the player to move has neither a placement nor a removal (SPF-END-1), in a
    few words read off ``no_move_verdicts``."""
    place, remove = no_move_verdicts(state)
    if place.evidence["stock"] == 0:
        placing = "empty stock"
    else:
        placing = f"{place.evidence['stock']} in stock but the pyramid is complete"
    if remove.rule == "SPF-REMOVE-1":
        removing = "no red ball on the board"
    elif remove.rule == "SHB-PIN-1":
        removing = "every red ball is pinned"
    else:
        removing = (f"supply holds {remove.evidence['supply']}, a removal needs "
                    f"{remove.evidence['needed']}")
    return f"{placing}; {removing}"


def _sentence(state: SploofState, result: Outcome) -> str:
    if not result.over:
        if may_pass(state):
            return (f"in progress: {state.turn.label} to move, and must pass "
                    f"({no_move_detail(state)}; stuck=pass)")
        return f"in progress: {state.turn.label} to move"
    assert result.end is not None
    return result.end.say("sentence", _values(state, result))


def outcome_text(state: SploofState, result: Outcome | None = None) -> str:
    """One line: who is to move, or who won (or that it is drawn), why, and the rules."""
    result = result if result is not None else outcome(state)
    cited = f" [{', '.join(result.cited)}]" if result.cited else ""
    return result.sentence + cited
