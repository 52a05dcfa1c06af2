"""The pictures of Splink's rules and rulings on the documentation site, in English and
Korean.

Each picture is a position chosen to show one rule, with marks computed by the engine
(placements, drops, scoring pairs), and checks that the engine agrees with what the
caption says: if the rules or the engine change so that a picture would lie, the site
fails to build instead.
"""

from __future__ import annotations

from typing import Final

from ...board import Board, valid_locations
from ...geometry import INDEX_OF_NAME, TOUCHING_PAIRS
from ...guide import FigureMaker, Picture, Text, View, check, picture
from ...notation import Colour
from ...svg import Arrow, Ghost, Label, Mark, Path, Ring
from .game import GAME
from .positions import POSITIONS
from .score import INNER_POINTS, SCORING_PAIRS, score_masks
from .state import SplinkState


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
    return [picture("spk-place", Text(
        "The first move of a game: the attractor places a red ball and a white ball, here "
        "R1a1+W1c1.",
        "게임의 첫 수: 어트랙터가 빨간 공 하나와 흰 공 하나를 놓습니다. 여기서는 "
        "R1a1+W1c1입니다."),
        GAME.board(state),
        (Ghost(INDEX_OF_NAME["1a1"], Colour.RED), Ghost(INDEX_OF_NAME["1c1"], Colour.WHITE)))]


def _placement_order() -> list[Picture]:
    before = splink_board("RW..,W...,....,...R/...,...,.../..,../.")
    check(valid_locations(before.occupied) >> INDEX_OF_NAME["2b2"] & 1 == 0,
          "2b2 is not yet valid")
    marks: tuple[Mark, ...] = (
        Ghost(INDEX_OF_NAME["1c3"], Colour.RED), Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE),
        Label(INDEX_OF_NAME["1c3"], "1st"), Label(INDEX_OF_NAME["2b2"], "2nd"))
    return [picture("spk-rul-1", Text(
        "A move of type (a) may put its second ball on a platform that its first ball "
        "completed: red on 1c3 completes the block under 2b2, and white then goes on 2b2 "
        "(written R1c3+W2b2).",
        "(a) 수에서는 두 번째 공을 첫 번째 공이 완성한 받침 위에 올릴 수 있습니다. 1c3에 "
        "놓은 빨간 공이 2b2 아래의 네 공을 채우고, 이어서 흰 공이 2b2에 올라갑니다"
        "(R1c3+W2b2로 씁니다)."), before, marks)]


def _remove() -> list[Picture]:
    before = splink_board("RWRW,WRWR,....,...W/R..,...,.../..,../.")
    gone = INDEX_OF_NAME["1a1"]
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(INDEX_OF_NAME["2b2"], gone)],
          "2b2 drops into 1a1")
    top = INDEX_OF_NAME["2b2"]
    check(valid_locations(after.occupied) >> top & 1 == 1, "2b2 is free again")
    final = after.place(top, Colour.WHITE)
    return [Picture("spk-remove", Text(
        "Move (b), written x1a1+W2b2: the red ball at 1a1 holds up exactly one ball, so it "
        "may be removed; the red ball at 2b2 drops into 1a1. A white ball is then placed, "
        "here on the point the chain left empty.",
        "(b) 수, x1a1+W2b2: 1a1의 빨간 공은 정확히 공 하나를 떠받치고 있으므로 빼낼 수 "
        "있고, 2b2의 빨간 공이 1a1로 떨어집니다. 그다음 흰 공을 하나 놓는데, 여기서는 "
        "떨어지면서 비게 된 자리에 놓았습니다."), (
        View(before, (Ring((gone,), "removed"), Arrow(top, gone)), Text("before", "빼기 전")),
        View(after, (Ring((gone,), "dropped"), Ghost(top, Colour.WHITE)),
             Text("after the removal: a white ball is placed",
                  "빼낸 뒤: 흰 공을 하나 놓습니다")),
        View(final, (Ring((top,), "move"),), Text("after the move", "수를 마친 뒤"))))]


def _pairs() -> list[Picture]:
    check(len(SCORING_PAIRS) == 60, "60 scoring pairs")
    check(len(TOUCHING_PAIRS) - len(SCORING_PAIRS) == 36, "36 pairs touch an inner point")
    marks: tuple[Mark, ...] = (*(Path(pair, "pair") for pair in SCORING_PAIRS),
                               Ring(INNER_POINTS, "inner"))
    return [picture("spk-pairs", Text(
        "The 60 pairs that can score, drawn between the centres of touching points. The "
        "five inner points (ringed) are hidden once the pyramid is complete and take part "
        "in no pair.",
        "점수가 날 수 있는 60쌍을 서로 닿는 자리의 중심끼리 이어 그렸습니다. 고리로 표시한 "
        "안쪽 다섯 자리는 피라미드가 완성되면 가려지므로 어떤 쌍에도 들지 않습니다."),
        Board(), marks)]


def _score() -> list[Picture]:
    board = splink_board("RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,RW/R")
    pairs = scoring(board)
    value = score_masks(board.masks[Colour.RED], board.masks[Colour.WHITE])
    check(value == len(pairs), "the drawn pairs are the score")
    marks: tuple[Mark, ...] = (*(Path(pair, "pair") for pair in pairs),
                               Ring(INNER_POINTS, "inner"))
    return [picture("spk-score", Text(
        f"A complete pyramid worth {value} points to the attractor: each drawn pair is a "
        "red and a white ball that touch, neither on an inner point.",
        f"어트랙터에게 {value}점인 완성된 피라미드: 선으로 이은 쌍마다 서로 닿은 빨간 공과 "
        "흰 공이며, 어느 쪽도 안쪽 자리에 있지 않습니다."), board, marks)]


def _no_move() -> list[Picture]:
    state = named("no-move")
    check(GAME.legal_moves(state) == [] and GAME.outcome_json(state)["over"], "no legal move")
    final = GAME.outcome_json(state)["score"]
    return [picture("spk-rul-3", Text(
        "No move is possible: no red ball is left in the supply for a move of type (a), "
        "and no ball holds up exactly one ball. The game ends here with the score as it "
        f"stands: {final}.",
        "둘 수 있는 수가 없습니다. (a) 수에 쓸 빨간 공이 공급처에 남아 있지 않고, 정확히 "
        "공 하나만 떠받치는 공도 없습니다. 게임은 여기서 끝나고 지금 점수 그대로 "
        f"{final}점입니다."), GAME.board(state))]


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
