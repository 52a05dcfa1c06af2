"""Point names and the board field of position notation.

A point name is the level digit (1-4), a file letter (a-g) and a rank (1-7) of the 7x7
top view: ``1a1`` is a corner hole, ``2b2`` rests on ``1a1 1c1 1a3 1c3``, ``4d4`` is the
apex. The board field lists the four levels bottom-up separated by ``/``; each level
lists its rows from rank 1 upwards separated by ``,``; each point is ``.`` (empty) or a
colour letter. The start of Sploof is ``RRRR,R..R,R..R,RRRR/...,...,.../..,../.``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from enum import IntEnum
from functools import cache, lru_cache
from typing import Final, Protocol

from .errors import NotationError
from .geometry import (
    INDEX_OF_COORD,
    INDEX_OF_NAME,
    LEVELS,
    NAMES,
    SIDE,
    Coord,
    Point,
    Pyramid,
    pyramid,
)
from .limits import MAX_COUNT_DIGITS


class Colour(IntEnum):
    """Ball colours of the Shibumi set; the value indexes a board's colour masks."""

    WHITE = 0
    BLACK = 1
    RED = 2

    @property
    def letter(self) -> str:
        return "WBR"[self]

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS: Final = tuple(c.name.lower() for c in Colour)
"""``white``, ``black``, ``red``: read on every position written, so not worked out
from the member's name each time."""
COLOUR_OF_LETTER = {c.letter: c for c in Colour}
EMPTY = "."
EMPTY_BOARD = "....,....,....,..../...,...,.../..,../."
"""The board field of an empty pyramid."""


def parse_point(text: str) -> Point:
    """Parse a point name such as ``2b2``; the error says which part is wrong."""
    name = text.strip().lower()
    if name in INDEX_OF_NAME:
        return INDEX_OF_NAME[name]
    if len(name) != 3:
        raise NotationError(
            f"bad point name {text!r}: expected level digit 1-4, file a-g, rank 1-7 "
            f"(e.g. 1a1, 2b2, 4d4)"
        )
    level, file, rank = name[0], name[1], name[2]
    if level not in "1234":
        raise NotationError(f"bad point name {text!r}: level {level!r} is not 1-4")
    if file not in "abcdefg":
        raise NotationError(f"bad point name {text!r}: file {file!r} is not a-g")
    if rank not in "1234567":
        raise NotationError(f"bad point name {text!r}: rank {rank!r} is not 1-7")
    valid = sorted(n for n in NAMES if n[0] == level)
    raise NotationError(
        f"bad point name {text!r}: level {level} has no point at {file}{rank} "
        f"(its points are {' '.join(valid)})"
    )


_POINT_NAME: Final = re.compile(r"([0-9])([a-z])([0-9]{1,2})")


def parse_point_on(geo: Pyramid, text: str) -> Point:
    """Parse a point name of the pyramid ``geo``: the level digit, a file letter and a
    rank of its top view (``1a1`` .. ``1i9`` on level 1 of a 5x5 board, apex ``5e5``).
    On the 4x4 board this is ``parse_point``; elsewhere the error says which part is
    wrong in the same way, with that pyramid's ranges."""
    if geo is pyramid():
        return parse_point(text)
    name = text.strip().lower()
    if name in geo.index_of_name:
        return geo.index_of_name[name]
    last_file, grid = geo.files[-1], geo.grid
    example = " ".join(geo.names[p] for p in (0, geo.num_points - 1))
    found = _POINT_NAME.fullmatch(name)
    if found is None:
        raise NotationError(
            f"bad point name {text!r}: expected level digit 1-{geo.levels}, file "
            f"a-{last_file}, rank 1-{grid} (e.g. {example})")
    level, file, rank = found.group(1), found.group(2), int(found.group(3))
    if not 1 <= int(level) <= geo.levels:
        raise NotationError(f"bad point name {text!r}: level {level!r} is not 1-{geo.levels}")
    if file not in geo.files:
        raise NotationError(f"bad point name {text!r}: file {file!r} is not a-{last_file}")
    if not 1 <= rank <= grid:
        raise NotationError(f"bad point name {text!r}: rank {rank} is not 1-{grid}")
    raise NotationError(
        f"bad point name {text!r}: level {level} of the {geo.side}x{geo.side} pyramid has "
        f"no point at {file}{rank}")


def parse_count(text: str, what: str) -> int:
    """A count written in notation (a stock, a supply, turns played, an integer option):
    ASCII digits only, at most ``MAX_COUNT_DIGITS`` of them, so that no count can be too
    large to read or to compute with. NotationError names ``what``."""
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{what} {_excerpt(text)}: expected a count (digits 0-9)")
    if len(text) > MAX_COUNT_DIGITS:
        raise NotationError(f"{what}: a count of {len(text):,} digits; counts have at "
                            f"most {MAX_COUNT_DIGITS} digits")
    return int(text)


def split_fields(text: str, what: str = "position") -> list[str]:
    """The fields of a notation line, which the grammar separates by single spaces:
    padding, repeated spaces and any other white space (tab, U+00A0, U+3000, ...) are
    refused, so one position has one spelling. NotationError says where."""
    found = _BAD_SPACING.search(text)
    if found is None and text:
        return text.split(" ")
    if not text:
        raise NotationError(f"bad {what}: empty text")
    assert found is not None
    char, index = found.group()[0], found.start()
    if char != " ":
        name = _SPACE_NAMES.get(char, f"white space U+{ord(char):04X}")
        problem = f"{name} at character {index + 1}"
    else:
        problem = ("a leading space" if index == 0 else "a trailing space"
                   if index == len(text) - 1 else f"two spaces at character {index + 1}")
    raise NotationError(f"bad {what} {_excerpt(text)}: {problem}; fields are separated "
                        "by single spaces")


_BAD_SPACING = re.compile(r"[^\S ]|\A | \Z|  ")
"""White space other than a space, or a space that does not separate two fields."""
_SPACE_NAMES = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return",
                "\u00a0": "a no-break space (U+00A0)",
                "\u3000": "an ideographic space (U+3000)"}


def _excerpt(text: str, width: int = 200) -> str:
    """``text`` quoted, cut in the middle when long, so that an error quoting the
    input stays short."""
    if len(text) <= width:
        return repr(text)
    half = width // 2
    return repr(f"{text[:half]}[...]{text[-half:]}") + f" ({len(text):,} characters)"


def format_point(point: Point) -> str:
    """Canonical name of a point."""
    return NAMES[point]


def parse_board(text: str, colours: str) -> dict[Point, str]:
    """Parse the board field into {point: colour letter}; ``colours`` lists the letters
    this game allows. Errors name the level and row where the text goes wrong."""
    levels = text.split("/")
    if len(levels) != LEVELS:
        raise NotationError(
            f"bad board {text!r}: expected {LEVELS} levels separated by '/', "
            f"found {len(levels)}"
        )
    balls: dict[Point, str] = {}
    for level, level_text in enumerate(levels):
        side = SIDE - level
        rows = level_text.split(",")
        if len(rows) != side:
            raise NotationError(
                f"bad board: level {level + 1} {level_text!r} needs {side} rows "
                f"separated by ',', found {len(rows)}"
            )
        for row, row_text in enumerate(rows):
            if len(row_text) != side:
                raise NotationError(
                    f"bad board: level {level + 1} row {row + 1} {row_text!r} needs "
                    f"{side} points, found {len(row_text)}"
                )
            for col, ch in enumerate(row_text):
                if ch == EMPTY:
                    continue
                if ch not in colours:
                    raise NotationError(
                        f"bad board: level {level + 1} row {row + 1} has {ch!r}; "
                        f"expected '.' or one of {', '.join(colours)}"
                    )
                balls[_point_at(level, row, col)] = ch
    return balls


def format_board(letter_at: list[str]) -> str:
    """Format the board field from a list of 30 letters (``.`` for empty)."""
    return "/".join(
        ",".join("".join(letter_at[p] for p in row) for row in level)
        for level in _ROWS
    )


def _point_at(level: int, row: int, col: int) -> Point:
    return INDEX_OF_COORD[Coord(level, row, col)]


_ROWS = tuple(
    tuple(
        tuple(_point_at(level, row, col) for col in range(SIDE - level))
        for row in range(SIDE - level)
    )
    for level in range(LEVELS)
)
"""Points of each row of each level, in the order the board field lists them."""


def _row_spans() -> tuple[tuple[int, int, dict[int, str]], ...]:
    """Per row, in board-field order: its first point, the mask of its points in each
    colour's part of a board code (``board_code``) and the table of its texts, keyed
    by those bits. The points of a row have consecutive indices, so a row is a few bits
    of each colour's mask."""
    spans = []
    for level in _ROWS:
        for row in level:
            width, mask = len(row), (1 << len(row)) - 1
            assert row == tuple(range(row[0], row[0] + width))
            texts = {(key & mask) | (key >> width & mask) << _BLACK
                     | (key >> 2 * width & mask) << _RED: text
                     for key, text in _row_texts(width).items()}
            spans.append((row[0], mask | mask << _BLACK | mask << _RED, texts))
    return tuple(spans)


@cache
def _row_texts(width: int) -> dict[int, str]:
    """Every text of a row of ``width`` points with at most one ball a point, keyed by
    its white bits, its black bits shifted by ``width`` and its red bits shifted by
    twice ``width``. Worked out once per width (ten rows of four widths, read by two
    tables), from the texts one point shorter: each of those, then each letter for the
    last point. The caller must not change the dict."""
    if width == 0:
        return {0: ""}
    shorter = _row_texts(width - 1)
    last = width - 1
    texts = {}
    for ball, letter in enumerate("WBR."):
        bit = 1 << (last + ball * width) if ball < 3 else 0
        for key, text in shorter.items():  # re-spread: colour c's bits start at c*width
            texts[(key & _low(last)) | (key >> last & _low(last)) << width
                  | (key >> 2 * last & _low(last)) << 2 * width | bit] = text + letter
    return texts


def _low(width: int) -> int:
    return (1 << width) - 1


_BLACK: Final = 32
_RED: Final = 64
"""Where the black and the red mask start in a board code: past the 30 points."""
_ROW_SPANS: Final = _row_spans()
_BOARD_FIELD: Final = "/".join(",".join("{}" for _ in level) for level in _ROWS)


def format_board_masks(white: int, black: int, red: int) -> str:
    """The board field of three disjoint colour masks (one ball a point): the same
    text as ``format_board`` of their letters, read a row at a time from tables."""
    code = white | black << _BLACK | red << _RED
    return _BOARD_FIELD.format(*[table[code >> first & mask]
                                 for first, mask, table in _ROW_SPANS])


class OptionValues(Hashable, Protocol):
    """A game's options in force, as its states carry them (one hashable value)."""

    def as_options(self) -> dict[str, str]: ...


@lru_cache(maxsize=256)
def option_fields(rules: OptionValues) -> str:
    """The ``name=value`` fields of a position, sorted by name and separated by
    spaces: written once per combination of options, not once per position."""
    return " ".join(f"{k}={v}" for k, v in sorted(rules.as_options().items()))


def _row_bits() -> tuple[tuple[tuple[int, dict[str, tuple[int, int, int]]], ...], ...]:
    """Per level, per row: its first point and its texts with their colour bits
    (white, black, red) within the row: the reverse of the row-text tables."""
    levels = []
    for level in _ROWS:
        rows = []
        for row in level:
            width, mask = len(row), (1 << len(row)) - 1
            bits = {text: (key & mask, key >> width & mask, key >> 2 * width & mask)
                    for key, text in _row_texts(width).items()}
            rows.append((row[0], bits))
        levels.append(tuple(rows))
    return tuple(levels)


_ROW_BITS: Final = _row_bits()


def parse_board_masks(text: str, colours: str) -> tuple[int, int, int] | None:
    """The white, black and red masks of a well-formed board field whose letters are
    all among ``colours``, read a row at a time from tables; None for any other text,
    which ``parse_board`` reads and names what is wrong with."""
    levels = text.split("/")
    if len(levels) != LEVELS:
        return None
    white = black = red = 0
    for level_text, rows in zip(levels, _ROW_BITS, strict=True):
        row_texts = level_text.split(",")
        if len(row_texts) != len(rows):
            return None
        for row_text, (first, bits) in zip(row_texts, rows, strict=True):
            found = bits.get(row_text)
            if found is None:
                return None
            white |= found[0] << first
            black |= found[1] << first
            red |= found[2] << first
    for letter, mask in zip("WBR", (white, black, red), strict=True):
        if mask and letter not in colours:
            return None
    return white, black, red
