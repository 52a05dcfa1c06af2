"""Spline for players and arbiters: the pictures of the how-to-play page, the sample
game the engine plays for it and the comments on its moves. The words, in English and
Korean, the answers to the arbiter's questions and the Korean text of the rules and
rulings are in ``content/``.

Every picture is checked against the engine when it is drawn, the sample game is played
by the engine and must end with the line this module names, and every answer is checked
against ``explain`` (``shibumi_rules.contract.guide`` says how); nothing here decides a
rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...board import valid_locations
from ...contract.content import Say, package_source, read_entry_translations
from ...contract.guide import GameRecord, Picture, Text, check
from ...contract.guide_reader import read_guide
from ...geometry import INDEX_OF_NAME, points_of
from ...notation import EMPTY_BOARD, Colour
from ...svg import Ghost, Path, Ring
from .figures import CONTENT, FIGURES, line_names, line_path, spline_state
from .game import GAME
from .lines import LINE_BY_NAME
from .rules import SplineMove, SplineState, outcome

# -- pictures ---------------------------------------------------------------------------

ZIGZAG: Final = "WB..,BWB.,.BB.,W..W/W..,...,.../..,../. white"
"""White may place 2d4, after which 1a1, 2b2, 1c3 and 2d4 look like a diagonal from
above; but they lie on two levels, so they are no line."""


def _aim_row() -> Picture:
    board = spline_state("WWWW,BBB.,....,..../...,...,.../..,../. black").board
    check(line_names(board, Colour.WHITE) == ["1a1-1g1"], "White holds the row 1a1-1g1")
    return CONTENT.picture("play-spline-row", board, (line_path("1a1-1g1"),))


def _setup() -> Picture:
    state = spline_state(f"{EMPTY_BOARD} white")
    free = points_of(valid_locations(state.board.occupied))
    check(free == list(range(16)), "at the start the 16 holes are the valid locations")
    return CONTENT.picture("play-spline-setup", state.board, (Ring(tuple(free), "candidate"),))


def _place() -> Picture:
    state = spline_state("WB..,BW..,....,..../...,...,.../..,../. white")
    free = points_of(valid_locations(state.board.occupied))
    check(INDEX_OF_NAME["2b2"] in free and INDEX_OF_NAME["2d2"] not in free,
          "2b2 is a valid location and 2d2 is not")
    return CONTENT.picture("play-spline-place", state.board, (
        Ring(tuple(free), "candidate"), Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE)))


def _not_a_line() -> Picture:
    state = GAME.play_text(spline_state(ZIGZAG), "2d4")
    check(line_names(state.board, Colour.WHITE) == [] and not outcome(state).over,
          "1a1, 2b2, 1c3 and 2d4 are no line and the game goes on")
    return CONTENT.picture("play-spline-zigzag", state.board, (
        Path(tuple(INDEX_OF_NAME[n] for n in ("1a1", "2b2", "1c3", "2d4")), "broken"),))


def _level_two() -> Picture:
    state = spline_state("BW.B,WBW.,.WBB,B.BW/W..,.W.,.../..,../. white")
    won = GAME.play_text(state, "2f6")
    check(line_names(won.board, Colour.WHITE) == ["2b2-2f6"], "2f6 makes 2b2-2f6")
    check(LINE_BY_NAME["2b2-2f6"].kind == "diagonal", "2b2-2f6 is a diagonal")
    return CONTENT.picture("play-spline-level-2", won.board, (
        line_path("2b2-2f6"), Ring((INDEX_OF_NAME["2f6"],), "move")))


PICTURES: Final = (_aim_row, _level_two, _setup, _place, _not_a_line)
"""The pictures of the how-to-play page; ``content/guide.en.json`` places them (with
pictures of the formal rules, ``figures``)."""


# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 41
"""The seed of the sample game: 21 moves, won on level 2 with a diagonal."""
SAMPLE_ENDS: Final = "line"
"""The end the sample game reaches (``play --json``'s ``reason``)."""
SAMPLE_LINE: Final = "2f2-2b6"
SAMPLE_WINNER: Final = Colour.WHITE
"""How the sample game ends: White's diagonal of level 2. ``sample_record`` holds the
game to it, so the site fails to build if the game drifts."""


def _wins(state: SplineState, mover: Colour) -> bool:
    result = outcome(state)
    return result.over and result.winner == mover


def careful_move(state: SplineState, rng: random.Random) -> SplineMove:
    """A move of a careful beginner: a move that wins at once if there is one; else a
    move after which the opponent cannot win at once; else any move, at random."""
    mover = state.turn
    moves = GAME.legal_moves(state)
    winning, safe = [], []
    for move in moves:
        after = GAME.play(state, move)
        if _wins(after, mover):
            winning.append(move)
        elif not any(_wins(GAME.play(after, reply), after.turn)
                     for reply in GAME.legal_moves(after)):
            safe.append(move)
    chosen: SplineMove = rng.choice(winning or safe or moves)
    return chosen


def sample_record() -> GameRecord:
    """Two careful beginners from the start, White first, with ``SAMPLE_SEED``; raises
    PictureError unless the game ends with ``SAMPLE_WINNER`` holding ``SAMPLE_LINE``."""
    rng = random.Random(SAMPLE_SEED)
    state: SplineState = GAME.start(None, "white")
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = careful_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    result = outcome(state)
    check(result.winner == SAMPLE_WINNER
          and [line.name for line in result.lines] == [SAMPLE_LINE],
          f"the sample game ends with {SAMPLE_WINNER.label}'s line {SAMPLE_LINE}")
    return GameRecord(start, tuple(moves))


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    return CONTENT.compose(lambda say: _comment(say, answer))


def _comment(say: Say, answer: Any) -> str:
    who, move, facts = answer.mover, answer.move, answer.facts
    out = say("comments.place", who=who, placed=facts["placed"][who], move=move,
              level=move[0])
    if facts["lines_made"]:
        out += say("comments.lines", lines=say.join(
            (say("comments.line", kind=m["kind"], line=m["line"], level=m["level"])
             for m in facts["lines_made"]), "comments.line-separator"))
    result = answer.outcome or {}
    if result.get("over") and result.get("winner"):
        return out + say("comments.win", winner=result["winner"])
    return out + say("comments.end")


GUIDE: Final = read_guide(CONTENT, play=sample_record, comment=comment, ends=SAMPLE_ENDS,
                          pictures=PICTURES,
                          figures=FIGURES,
                          values={"seed": SAMPLE_SEED, "winner": SAMPLE_WINNER.label,
                                  "line": SAMPLE_LINE},
                          translations=read_entry_translations(package_source(__package__)))
