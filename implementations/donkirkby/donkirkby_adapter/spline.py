"""Spline, played by the package's ``SplineState`` (``shibumi/spline/game.py``) on the
placement rules of ``ShibumiGameState``.

The package keeps only the board: the player to move is worked out from the counts
(``GameState.get_active_player``: Black when both have as many balls, so Black always
begins). A position in which White is to move with equal counts, or Black with one ball
fewer than White, comes from a game White began, which the package cannot represent.
"""

from __future__ import annotations

from typing import Any

from shibumi.spline.game import SplineState

from .base import GameAdapter
from .pyramid import (
    NAMES,
    PLAYER_NAMES,
    PLAYERS,
    NotationError,
    Unsupported,
    format_board,
    parse_board,
)


class Spline(GameAdapter):
    name = "spline"
    first = ("black",)

    def parse(self, notation: str) -> SplineState:
        fields = notation.split()
        if len(fields) < 2:
            raise NotationError(f"bad position {notation!r}: expected BOARD TURN, found "
                                f"{len(fields)} field(s)")
        board_field, turn = fields[:2]
        if turn not in PLAYERS:
            raise NotationError(f"bad position {notation!r}: the turn {turn!r} is neither "
                                "white nor black")
        state = SplineState(board=parse_board(board_field))
        derived = PLAYER_NAMES[int(state.get_active_player())]
        if derived != turn:
            raise Unsupported(f"position {notation!r}: the package works out the player "
                              f"to move from the counts, which give {derived}; {turn} to "
                              "move is a game White began, which the package does not play")
        return state

    def format(self, position: SplineState) -> str:
        return f"{format_board(position.board)} " \
               f"{PLAYER_NAMES[int(position.get_active_player())]}"

    def state(self, position: SplineState) -> SplineState:
        return position

    def children(self, position: SplineState) -> list[tuple[str, Any]]:
        if position.is_ended():
            return []
        return [(NAMES[move], position.make_move(move))
                for move in map(int, position.get_valid_moves().nonzero()[0])]
