"""Splink position and move notation (one line each, same style as every game).

Position grammar (fields separated by single spaces)::

    position := BOARD " " ROLE " turns:" COUNT " supply:" SUPPLY "," SUPPLY OPTIONS
    ROLE     := "attractor" | "repulsor"            (the role to move)
    COUNT    := digits                              (turns played so far)
    SUPPLY   := digits | "-"                        (red, then white; "-" when unlimited)
    OPTIONS  := (" " NAME "=" VALUE)*               (canonical: every option, by name)

``BOARD`` is the board field of the core notation with letters ``R`` and ``W``. The
start is ``....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16
max_turns=none supply=limited``. The parser accepts the ``turns:`` and ``supply:``
fields and the options in any order after the role, and omitted options take their
defaults; the formatter always writes the canonical form, which parses back to the
same state.

Move grammar::

    move   := place | remove
    place  := COLOUR POINT "+" COLOUR POINT          one R and one W: R1a1+W1c1
    remove := "x" POINT "+" COLOUR POINT             remove, then place: x2b2+W3c3
    COLOUR := "R" | "W"

The canonical placement lists the lower point index first (the order in which the two
balls can always be placed); the parser accepts either order. Colour letters and ``x``
may be written in either case.
"""

from __future__ import annotations

from ...board import Board
from ...contract.game import parse_option_pairs
from ...errors import NotationError, PositionError
from ...notation import Colour, format_point, option_fields, parse_count, parse_point, split_fields
from .state import (
    PlaceMove,
    RemoveMove,
    Role,
    Rules,
    SplinkMove,
    SplinkState,
    plural,
    rules_from,
)

_COLOUR_LETTERS = {"R": Colour.RED, "W": Colour.WHITE}
_ROLES = {r.value: r for r in Role}
_MOVE_FORMS = ("expected C<point>+C<point> with one R and one W (e.g. R1a1+W1c1), "
               "or x<point>+C<point> (e.g. x2b2+W3c3)")


# -- moves -------------------------------------------------------------------------

def format_move(move: SplinkMove) -> str:
    """Canonical text of a move."""
    if isinstance(move, PlaceMove):
        low, high = move.points
        colour_low = "R" if low == move.red else "W"
        colour_high = "W" if colour_low == "R" else "R"
        return f"{colour_low}{format_point(low)}+{colour_high}{format_point(high)}"
    return f"x{format_point(move.removed)}+{move.colour.letter}{format_point(move.placed)}"


def _coloured_point(text: str, whole: str) -> tuple[Colour, int]:
    if len(text) < 2 or text[0].upper() not in _COLOUR_LETTERS:
        raise NotationError(
            f"bad move {whole!r}: {text!r} should be a colour letter R or W and a point "
            f"name; {_MOVE_FORMS}"
        )
    return _COLOUR_LETTERS[text[0].upper()], _point(text[1:], whole)


def _point(text: str, whole: str) -> int:
    try:
        return parse_point(text)
    except NotationError as err:
        raise NotationError(f"bad move {whole!r}: {err.message}") from None


def parse_move(text: str) -> SplinkMove:
    """Parse a move written in either placement order; NotationError if malformed."""
    whole = text
    text = text.strip()
    parts = text.split("+")
    if len(parts) == 1 and text[:1] in ("x", "X"):
        raise NotationError(f"bad move {whole!r}: a removal is followed, in the same "
                            "move, by a placement of the other colour (x2b2+W3c3)",
                            "SPK-REMOVE-2")
    if len(parts) == 1 and text[:1] in ("R", "W", "r", "w"):
        raise NotationError(f"bad move {whole!r}: a placement is two balls, one red and "
                            "one white (R1a1+W1c1)", "SPK-PLACE-1")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        raise NotationError(f"bad move {whole!r}: {_MOVE_FORMS}")
    first, second = parts
    if first[0] in "xX":
        removed = _point(first[1:], whole)
        colour, placed = _coloured_point(second, whole)
        return RemoveMove(removed, placed, colour)
    colour_a, point_a = _coloured_point(first, whole)
    colour_b, point_b = _coloured_point(second, whole)
    if colour_a == colour_b:
        raise NotationError(
            f"bad move {whole!r}: a placement is one red and one white ball, not two "
            f"{colour_a.label}",
            "SPK-PLACE-1",
        )
    if colour_a == Colour.RED:
        return PlaceMove(red=point_a, white=point_b)
    return PlaceMove(red=point_b, white=point_a)


# -- positions ---------------------------------------------------------------------

def format_position(state: SplinkState) -> str:
    """Canonical one-line notation of a state."""
    board = Board((state.white, 0, state.red)).to_text()
    supply = "-,-" if state.supply is None else f"{state.supply[0]},{state.supply[1]}"
    options = option_fields(state.rules)
    return f"{board} {state.role.value} turns:{state.turns} supply:{supply} {options}"


def _count(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"bad position: {what} {text!r} is not a non-negative integer")
    return parse_count(text, f"bad position: {what}")


def _supply_field(text: str) -> tuple[str, str]:
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(
            f"bad position: supply:{text} needs two counts, red and white, separated by "
            "',' (or '-,-' under supply=unlimited)"
        )
    for part in parts:
        if part != "-":
            _count(part, "supply count")
    return parts[0], parts[1]


def parse_position(text: str) -> SplinkState:
    """Parse position notation. NotationError when malformed, PositionError when the
    position cannot arise in a game (with the broken rule's ID)."""
    fields = split_fields(text)
    if len(fields) < 2:
        raise NotationError(
            f"bad position {text!r}: expected BOARD ROLE turns:N supply:R,W [options], "
            "e.g. '....,....,....,..../...,...,.../..,../. attractor turns:0 supply:16,16'"
        )
    board_text, role_text, rest = fields[0], fields[1], fields[2:]
    board = Board.from_text(board_text, colours="RW")
    if role_text not in _ROLES:
        raise NotationError(
            f"bad position: role {role_text!r} should be 'attractor' or 'repulsor' "
            "(the role to move)"
        )
    role = _ROLES[role_text]
    values: dict[str, str] = {}
    option_fields: list[str] = []
    for field in rest:
        key, sep, value = field.partition(":")
        if sep and key in ("turns", "supply"):
            if key in values:
                raise NotationError(f"bad position: field {key}: appears twice")
            values[key] = value
            continue
        if "=" in field:
            option_fields.append(field)
            continue
        raise NotationError(
            f"bad position: unexpected field {field!r}; expected turns:N, supply:R,W or an "
            "option NAME=VALUE"
        )
    for key in ("turns", "supply"):
        if key not in values:
            raise NotationError(f"bad position: the {key}: field is missing")
    turns = _count(values["turns"], "turns")
    supply_text = _supply_field(values["supply"])
    rules = rules_from(parse_option_pairs(option_fields))
    red, white = board.masks[Colour.RED], board.masks[Colour.WHITE]
    state = SplinkState(red, white, role, _supply(supply_text, rules), turns, rules)
    check_position(state)
    return state


def _supply(text: tuple[str, str], rules: Rules) -> tuple[int, int] | None:
    """Decode the supply field: ``-,-`` exactly under supply=unlimited, two counts
    otherwise. Implements SPK-RUL-5; the state's constructor checks the counts against
    the board (SHB-SET-1, SPK-SETUP-1)."""
    if rules.unlimited:
        if text != ("-", "-"):
            raise PositionError(
                f"supply:{','.join(text)} under supply=unlimited: the supply is not "
                "counted, write supply:-,-",
                "SPK-RUL-5",
            )
        return None
    if "-" in text:
        raise PositionError(
            f"supply:{','.join(text)}: '-' means an unlimited supply, but supply=limited; "
            "give both counts",
            "SPK-RUL-5",
        )
    return parse_count(text[0], "supply count"), parse_count(text[1], "supply count")


def check_position(state: SplinkState) -> None:
    """Raise PositionError if no game reaches this state, although it keeps every
    invariant of a state: an odd number of balls, more balls than the turns could
    place, or more turns than ``max_turns`` allows."""
    balls = state.occupied.bit_count()
    if balls % 2:
        raise PositionError(
            f"{plural(balls, 'ball')} on the board: every move adds two balls or swaps "
            "one, so the count is always even",
            "SPK-PLACE-1",
        )
    if balls > 2 * state.turns:
        raise PositionError(
            f"{plural(balls, 'ball')} on the board after {plural(state.turns, 'turn')}: "
            "a turn adds at most two balls",
            "SPK-PLACE-1",
        )
    limit = state.rules.max_turns
    if limit is not None and state.turns > limit:
        raise PositionError(
            f"turns:{state.turns} with max_turns={limit}: the game ended at turn {limit}",
            "SPK-RUL-4",
        )
