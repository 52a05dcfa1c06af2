"""Sploof position and move notation: parsing, formatting and the checks that reject
impossible positions. The grammar is documented in ``shibumi_rules.games.sploof.game``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from ...board import BALLS_PER_COLOUR, Board
from ...contract.game import parse_option_pairs
from ...errors import NotationError, PositionError
from ...notation import Colour, option_fields, parse_count, parse_point, split_fields
from .rules import (
    PASS,
    PLAYERS,
    SploofMove,
    SploofRules,
    SploofState,
    SupplyRule,
)

UNCOUNTED = "-"
"""How a white or black supply count is written under ``supply=unlimited``."""


def format_move(move: SploofMove) -> str:
    """``1c3`` for a placement, ``x1a1`` for a removal, ``pass`` for a pass."""
    return str(move)


def parse_move(text: str) -> SploofMove:
    """Parse ``1c3``, ``x1a1`` or ``pass`` (case-insensitive); NotationError says what
    is wrong. Whether a pass is allowed is a rule (SPF-RUL-3), not notation."""
    body = text.strip()
    if not body:
        raise NotationError("empty move: expected a point name (1c3) or x and a point "
                            "name (x1a1)")
    if body.lower() == "pass":
        return PASS
    remove = body[0] in "xX"
    name = body[1:] if remove else body
    if not name:
        raise NotationError(f"bad move {text!r}: x must be followed by the point name of "
                            "the red ball to remove (x1a1)")
    try:
        point = parse_point(name)
    except NotationError as err:
        raise NotationError(
            f"bad move {text!r}: {err.message}; a move is a point name (1c3) to place "
            f"or x and a point name (x1a1) to remove a red ball") from None
    return SploofMove(point, remove)


def format_position(state: SploofState) -> str:
    """``BOARD TURN stock:W,B supply:W,B,R`` and every option as ``name=value``, sorted
    by name."""
    white, black, red = state.supply
    supply = ",".join(UNCOUNTED if n is None else str(n) for n in (white, black)) + f",{red}"
    options = option_fields(state.rules)
    return (f"{state.board.to_text()} {state.turn.label} "
            f"stock:{state.stock[0]},{state.stock[1]} supply:{supply} {options}")


def parse_position(text: str,
                   resolve_options: Callable[[Mapping[str, str]], dict[str, str]]
                   ) -> SploofState:
    """Parse a position; ``resolve_options`` checks option names and values and fills
    in defaults. Raises NotationError (malformed), OptionError or PositionError."""
    fields = split_fields(text)
    if len(fields) < 4:
        raise NotationError(
            f"bad position {text!r}: expected BOARD TURN stock:W,B supply:W,B,R "
            f"[option=value ...], found {len(fields)} field(s)")
    board_text, turn_text, stock_text, supply_text, *option_texts = fields
    board = Board.from_text(board_text, "WBR")
    turn = _parse_turn(turn_text)
    stock = _parse_counts(stock_text, "stock", ("white", "black"), allow_uncounted=False)
    supply = _parse_counts(supply_text, "supply", ("white", "black", "red"),
                           allow_uncounted=True)
    for text in option_texts:
        if "=" not in text:
            raise NotationError(f"bad position field {text!r}: expected option=value "
                                "after the supply field")
    options = resolve_options(parse_option_pairs(option_texts))
    rules = SploofRules.from_options(options)
    supply_rule = rules.supply
    if supply[2] is None:
        raise NotationError("bad supply field: the red supply is always counted; "
                            f"'{UNCOUNTED}' is only for white and black under "
                            "supply=unlimited")
    for colour in PLAYERS:
        if (supply[colour] is None) != (supply_rule == "unlimited"):
            expected = (f"'{UNCOUNTED}'" if supply_rule == "unlimited" else "a number")
            raise NotationError(
                f"bad supply field {supply_text!r}: under supply={supply_rule} the "
                f"{colour.label} supply is written as {expected}")
    # the state refuses counts that do not add up to the 16 balls of each colour
    # (SHB-SET-1); gravity was checked with the board (SHB-GRAVITY-1). Red balls off the
    # perimeter holes cannot arise from the setup, but are accepted for analysis: every
    # rule applies to them unchanged (a red ball may then be removed from any level).
    return SploofState(board, turn, (_counted(stock[0]), _counted(stock[1])),
                       (supply[0], supply[1], _counted(supply[2])), rules)


def _counted(n: int | None) -> int:
    assert n is not None
    return n


def _parse_turn(text: str) -> Colour:
    for colour in PLAYERS:
        if text == colour.label:
            return colour
    raise NotationError(f"bad player to move {text!r}: expected 'white' or 'black'")


def _parse_counts(text: str, label: str, owners: tuple[str, ...], allow_uncounted: bool
                  ) -> list[int | None]:
    prefix = label + ":"
    n = len(owners)
    shape = ",".join(["N"] * n)
    if not text.startswith(prefix):
        raise NotationError(f"bad {label} field {text!r}: expected {prefix}{shape}")
    parts = text[len(prefix):].split(",")
    if len(parts) != n:
        raise NotationError(
            f"bad {label} field {text!r}: expected {n} counts ({prefix}{shape}), "
            f"found {len(parts)}")
    out: list[int | None] = []
    for owner, part in zip(owners, parts):
        if allow_uncounted and part == UNCOUNTED:
            out.append(None)
        elif part.isdigit() and part.isascii():
            out.append(parse_count(part, f"{label} of {owner}"))
        elif part.startswith("-") and part[1:].isdigit() and part[1:].isascii():
            raise PositionError(f"{label} of {owner} is {part}: a count cannot be negative")
        else:
            raise NotationError(f"bad {label} field {text!r}: {part!r} is not a count")
    return out


def with_supply_rule(state: SploofState, rule: SupplyRule) -> SploofState:
    """The same position under another supply rule: going to ``unlimited`` forgets the
    white and black supply counts; going to ``limited`` recomputes them from the 16
    balls of each colour (PositionError if a player already holds more)."""
    if rule == state.rules.supply:
        return state
    red = state.supply[2]
    if rule == "unlimited":
        own: list[int | None] = [None, None]
    else:
        own = []
        for colour in PLAYERS:
            held = state.board.masks[colour].bit_count() + state.stock[colour]
            if held > BALLS_PER_COLOUR:
                raise PositionError(
                    f"{colour.label} has {held} balls on the board and in stock; "
                    f"supply=limited allows {BALLS_PER_COLOUR}", "SHB-SET-1")
            own.append(BALLS_PER_COLOUR - held)
    return SploofState(state.board, state.turn, state.stock, (own[0], own[1], red),
                       replace(state.rules, supply=rule))
