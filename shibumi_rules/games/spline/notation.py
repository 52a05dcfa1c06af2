"""Spline position and move notation: parsing and formatting. The grammar is documented
in ``shibumi_rules.games.spline.game``."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...board import Board
from ...contract.game import parse_option_pairs
from ...errors import NotationError
from ...notation import Colour, parse_point, split_fields
from .rules import PLAYERS, SplineMove, SplineState, make_state

BOARD_COLOURS = "WB"
"""The letters of the board field: Spline uses the white and black balls only."""


def format_move(move: SplineMove) -> str:
    """The point name, ``1a1``."""
    return str(move)


def parse_move(text: str) -> SplineMove:
    """Parse a point name (case-insensitive); NotationError says what is wrong."""
    body = text.strip()
    if not body:
        raise NotationError("empty move: expected the point name where the ball goes "
                            "(1a1, 2b2)")
    try:
        return SplineMove(parse_point(body))
    except NotationError as err:
        raise NotationError(f"bad move {text!r}: {err.message}; a Spline move is the point "
                            "name where the ball goes (1a1, 2b2)") from None


def format_position(state: SplineState) -> str:
    """``BOARD TURN``, then every option sorted by name (Spline has none)."""
    options = "".join(f" {k}={v}" for k, v in sorted(state.options.items()))
    return f"{state.board.to_text()} {state.turn.label}{options}"


def parse_position(text: str,
                   resolve_options: Callable[[Mapping[str, str]], dict[str, str]]
                   ) -> SplineState:
    """Parse a position; ``resolve_options`` checks option names and values. Raises
    NotationError (malformed), OptionError (an option Spline does not have) or
    PositionError (a position no game reaches, naming the rule)."""
    fields = split_fields(text)
    if len(fields) < 2:
        raise NotationError(f"bad position {text!r}: expected BOARD TURN (the board field "
                            f"and white or black), found {len(fields)} field(s)")
    board_text, turn_text, *option_texts = fields
    board = Board.from_text(board_text, BOARD_COLOURS)
    turn = _parse_turn(turn_text)
    for option in option_texts:
        if "=" not in option:
            raise NotationError(f"bad position field {option!r}: expected option=value "
                                "after the player to move")
    resolve_options(parse_option_pairs(option_texts))
    return make_state(board, turn)


def _parse_turn(text: str) -> Colour:
    for colour in PLAYERS:
        if text == colour.label:
            return colour
    raise NotationError(f"bad player to move {text!r}: expected 'white' or 'black'")
