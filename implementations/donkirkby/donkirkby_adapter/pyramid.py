"""The 30 points of the 4x4 pyramid: the protocol's point names, the package's
(height, row, column) array cells, and the board field of position notation.

Both sides number the points the same way: level by level from the bottom, each level
row by row and each row column by column, so point ``i`` of the notation is cell ``i``
of the package's list of usable cells, and move index ``i`` places a ball there.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from shibumi.shibumi_game_state import ShibumiGameState

SIZE: Final = 4
CELLS: Final = [(h, r, c) for h in range(SIZE) for r in range(SIZE - h)
                for c in range(SIZE - h)]
"""The package's (height, row, column) of each point, in point order."""
NAMES: Final = [f"{h + 1}{chr(ord('a') + 2 * c + h)}{2 * r + 1 + h}" for h, r, c in CELLS]
"""The protocol's name of each point: level digit, column letter, row number."""
INDEX: Final = {name: i for i, name in enumerate(NAMES)}

COLOURS: Final = {"W": int(ShibumiGameState.WHITE), "B": int(ShibumiGameState.BLACK),
                  "R": int(ShibumiGameState.RED), ".": int(ShibumiGameState.NO_PLAYER)}
"""Board-field letters and the package's codes for them."""
LETTERS: Final = {code: letter for letter, code in COLOURS.items()}
PLAYERS: Final = {"white": int(ShibumiGameState.WHITE),
                  "black": int(ShibumiGameState.BLACK)}
PLAYER_NAMES: Final = {code: name for name, code in PLAYERS.items()}


class NotationError(ValueError):
    """A position or a move that does not parse (error kind ``notation``)."""


class Unsupported(ValueError):
    """Something the package cannot represent or play (error kind ``unsupported``)."""


def empty_board() -> Any:
    """The package's array for an empty pyramid: usable cells empty, the others
    marked unusable as the package marks them."""
    usable = np.zeros((SIZE, SIZE, SIZE), dtype=bool)
    for cell in CELLS:
        usable[cell] = True
    return np.where(usable, ShibumiGameState.NO_PLAYER, ShibumiGameState.UNUSABLE)


def parse_board(field: str) -> Any:
    """The board field of position notation (levels from the bottom up separated by
    ``/``, rows by ``,``) as the package's array."""
    levels = field.split("/")
    if len(levels) != SIZE:
        raise NotationError(f"board {field!r}: expected {SIZE} levels separated by '/', "
                            f"found {len(levels)}")
    board = empty_board()
    for h, level in enumerate(levels):
        rows = level.split(",")
        width = SIZE - h
        if len(rows) != width or any(len(row) != width for row in rows):
            raise NotationError(f"board {field!r}: level {h + 1} must be {width} rows of "
                                f"{width} points, found {level!r}")
        for r, row in enumerate(rows):
            for c, letter in enumerate(row):
                if letter not in COLOURS:
                    raise NotationError(f"board {field!r}: {letter!r} at "
                                        f"{NAMES[INDEX_OF[(h, r, c)]]} is not one of WBR.")
                board[h, r, c] = COLOURS[letter]
    return board


INDEX_OF: Final = {cell: i for i, cell in enumerate(CELLS)}


def format_board(board: Any) -> str:
    """The package's array as the board field of position notation."""
    levels = []
    for h in range(SIZE):
        width = SIZE - h
        levels.append(",".join("".join(LETTERS[int(board[h, r, c])] for c in range(width))
                               for r in range(width)))
    return "/".join(levels)


def count(board: Any, code: int) -> int:
    """Balls of one colour on the board (usable cells only)."""
    return sum(1 for cell in CELLS if int(board[cell]) == code)


def point(name: str) -> int:
    """The index of a point name; a name that is none is a notation error."""
    try:
        return INDEX[name]
    except KeyError:
        raise NotationError(f"{name!r} is not a point of the 4x4 pyramid") from None
