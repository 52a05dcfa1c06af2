"""The pictures of Splink's rules and rulings on the documentation site.

Each picture is a position chosen to show one rule, with marks computed by the engine
(placements, drops, scoring pairs), and checks that the engine agrees with what the
caption says: if the rules or the engine change so that a picture would lie, the site
fails to build instead. The captions, in English and Korean, are in
``content/guide.*.json``, under ``pictures`` and the picture's name.
"""

from __future__ import annotations

from typing import Final

from ...board import Board, valid_locations
from ...contract.content import catalog_of
from ...contract.guide import FigureMaker, Picture, check
from ...geometry import INDEX_OF_NAME, TOUCHING_PAIRS
from ...notation import Colour
from ...svg import Arrow, Ghost, Label, Mark, Path, Ring
from .game import GAME
from .positions import POSITIONS
from .score import INNER_POINTS, SCORING_PAIRS, score_masks
from .state import SplinkState

CONTENT: Final = catalog_of(__package__)
"""The game's texts (``content/guide.en.json`` and its translations)."""


def splink_board(text: str) -> Board:
    """A board that can occur in Splink (red and white only, an even number of balls):
    the engine must accept it in a position."""
    board = Board.from_text(text, "RW")
    red, white = 16 - board.count(Colour.RED), 16 - board.count(Colour.WHITE)
    turns = board.occupied.bit_count() // 2
    role = "repulsor" if turns % 2 else "attractor"
    GAME.parse_position(f"{text} {role} turns:{turns} supply:{red},{white}")
    return board


def named(name: str) -> SplinkState:
    """A named position of the spec (the perft file and the vectors use the same)."""
    found = next(p for p in POSITIONS if p.name == name)
    state: SplinkState = GAME.parse_position(found.position)
    return state


def scoring(board: Board) -> list[tuple[int, int]]:
    """The scoring pairs of ``board`` that hold one red and one white ball."""
    return [(a, b) for a, b in SCORING_PAIRS
            if {board.colour_at(a), board.colour_at(b)} == {Colour.RED, Colour.WHITE}]


def _move_a() -> list[Picture]:
    state = named("start")
    check("R1a1+W1c1" in GAME.legal_move_texts(state), "R1a1+W1c1 is legal at the start")
    return [CONTENT.picture("spk-place", GAME.board(state), (
        Ghost(INDEX_OF_NAME["1a1"], Colour.RED), Ghost(INDEX_OF_NAME["1c1"], Colour.WHITE)))]


def _placement_order() -> list[Picture]:
    before = splink_board("RW..,W...,....,...R/...,...,.../..,../.")
    check(valid_locations(before.occupied) >> INDEX_OF_NAME["2b2"] & 1 == 0,
          "2b2 is not yet valid")
    marks: tuple[Mark, ...] = (
        Ghost(INDEX_OF_NAME["1c3"], Colour.RED), Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE),
        Label(INDEX_OF_NAME["1c3"], "1st"), Label(INDEX_OF_NAME["2b2"], "2nd"))
    return [CONTENT.picture("spk-rul-1", before, marks)]


def _remove() -> list[Picture]:
    before = splink_board("RWRW,WRWR,....,...W/R..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a1"]
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a1")
    top = INDEX_OF_NAME["2b2"]
    check(valid_locations(after.occupied) >> top & 1 == 1, "2b2 is free again")
    final = after.place(top, Colour.WHITE)
    return [CONTENT.sequence("spk-remove", (
        (before, (Ring((gone,), "removed"), Arrow(top, gone))),
        (after, (Ring((gone,), "dropped"), Ghost(top, Colour.WHITE))),
        (final, (Ring((top,), "move"),))))]


def _pairs() -> list[Picture]:
    check(len(SCORING_PAIRS) == 60, "60 scoring pairs")
    check(len(TOUCHING_PAIRS) - len(SCORING_PAIRS) == 36, "36 pairs touch an inner point")
    marks: tuple[Mark, ...] = (*(Path(pair, "pair") for pair in SCORING_PAIRS),
                               Ring(INNER_POINTS, "inner"))
    return [CONTENT.picture("spk-pairs", Board(), marks)]


def _score() -> list[Picture]:
    board = splink_board("RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,RW/R")
    pairs = scoring(board)
    value = score_masks(board.masks[Colour.RED], board.masks[Colour.WHITE])
    check(value == len(pairs), "the drawn pairs are the score")
    marks: tuple[Mark, ...] = (*(Path(pair, "pair") for pair in pairs),
                               Ring(INNER_POINTS, "inner"))
    return [CONTENT.picture("spk-score", board, marks, value=value)]


def _no_move() -> list[Picture]:
    state = named("no-move")
    check(GAME.legal_moves(state) == [] and GAME.outcome_json(state)["over"], "no legal move")
    final = GAME.outcome_json(state)["score"]
    return [CONTENT.picture("spk-rul-3", GAME.board(state), final=final)]


FIGURES: Final[dict[str, FigureMaker]] = {
    "SPK-PLACE-1": _move_a,
    "SPK-RUL-1": _placement_order,
    "SPK-RUL-3": _no_move,
    "SPK-REMOVE-1": _remove,
    "SPK-SCORE-1": _pairs,
    "SPK-RUL-9": _score,
    "splink": _pairs,
}
"""Pictures by rule or ruling ID, and of the game's table by the table's name."""
