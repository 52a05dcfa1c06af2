"""Sploof, played by the package's ``SploofState`` (``shibumi/sploof/state.py``).

The package keeps the board, the player to move and both stocks in one array, and no
central supply: a removal always adds two balls to the stock. Its game starts with
White. When one move gives both players a line, ``get_winner`` asks about Black first
and ``SploofState.is_win`` answers for the first player it finds with a line, so Black
wins whoever moved. The red balls a removal takes off the board are counted here, from
the package's board before and after the move, for the supply field of the notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from shibumi.sploof.state import SploofState

from .base import GameAdapter
from .pyramid import (
    COLOURS,
    NAMES,
    PLAYER_NAMES,
    PLAYERS,
    NotationError,
    count,
    format_board,
    parse_board,
)

TURN: tuple[int, int, int] = (-1, -1, -1)
"""Where the package keeps the player to move, in an unusable cell of the array."""
MOVER_STOCK: tuple[int, int, int] = (-1, -1, -2)
OTHER_STOCK: tuple[int, int, int] = (-1, -1, -3)
RED = COLOURS["R"]


@dataclass(frozen=True)
class Position:
    state: SploofState
    red_supply: int
    """Red balls in the supply, which the package does not keep."""


class Sploof(GameAdapter):
    name = "sploof"
    options: ClassVar[dict[str, tuple[str, tuple[str, ...]]]] = {
        "supply": ("unlimited", ("unlimited",)),
        "simultaneous": ("mover", ("mover",)),
        "stuck": ("lose", ("lose",)),
        "blocking": ("two", ("two",)),
        "lines_checked": ("both", ("both",)),
    }
    first = ("white",)
    deviations: ClassVar[dict[str, str]] = {
        "SPF-RUL-2": "when one move gives both players a line, Black wins, whoever moved "
                     "(get_winner asks about Black first)",
    }

    def parse(self, notation: str) -> Position:
        fields = notation.split()
        if len(fields) < 4:
            raise NotationError(f"bad position {notation!r}: expected BOARD TURN "
                                f"stock:W,B supply:W,B,R, found {len(fields)} field(s)")
        board_field, turn, stock, supply = fields[:4]
        board = parse_board(board_field)
        if turn not in PLAYERS:
            raise NotationError(f"bad position {notation!r}: the turn {turn!r} is neither "
                                "white nor black")
        white, black = _counts(stock, "stock", 2)
        supply_counts = _supply(supply)
        mover = PLAYERS[turn]
        board[TURN] = mover
        board[MOVER_STOCK] = white if turn == "white" else black
        board[OTHER_STOCK] = black if turn == "white" else white
        return Position(SploofState(board=board), supply_counts)

    def format(self, position: Position) -> str:
        board = position.state.board
        turn = PLAYER_NAMES[int(board[TURN])]
        mine, theirs = int(board[MOVER_STOCK]), int(board[OTHER_STOCK])
        white, black = (mine, theirs) if turn == "white" else (theirs, mine)
        return (f"{format_board(board)} {turn} stock:{white},{black} "
                f"supply:-,-,{position.red_supply}")

    def state(self, position: Position) -> SploofState:
        return position.state

    def children(self, position: Position) -> list[tuple[str, Any]]:
        state = position.state
        if state.is_ended():
            return []
        volume = len(NAMES)
        reds = count(state.board, RED)
        out = []
        for move in map(int, state.get_valid_moves().nonzero()[0]):
            name = NAMES[move] if move < volume else "x" + NAMES[move - volume]
            after = state.make_move(move)
            taken = reds - count(after.board, RED)
            out.append((name, Position(after, position.red_supply + taken)))
        return out


def _counts(field: str, label: str, size: int) -> list[int]:
    prefix = f"{label}:"
    values = field.removeprefix(prefix).split(",")
    if not field.startswith(prefix) or len(values) != size \
            or not all(v.isdigit() for v in values):
        raise NotationError(f"bad {label} field {field!r}: expected {label}:"
                            + ",".join(["N"] * size))
    return [int(v) for v in values]


def _supply(field: str) -> int:
    """The red count of a supply field of the unlimited supply (``supply:-,-,R``)."""
    values = field.removeprefix("supply:").split(",")
    if not field.startswith("supply:") or len(values) != 3 or not values[2].isdigit():
        raise NotationError(f"bad supply field {field!r}: expected supply:W,B,R")
    if values[:2] != ["-", "-"]:
        raise NotationError(f"supply field {field!r}: the package plays the unlimited "
                            "supply only, whose white and black counts are written '-'")
    return int(values[2])
