"""Sploof for players and arbiters: the pictures of the how-to-play page, the sample game
the engine plays for it and the comments on its moves. The words, in English and
Korean, and the answers to the arbiter's questions are in ``content/guide.*.json``.

Every picture is checked against the engine when it is drawn, the sample game is played
by the engine, and every answer is checked against ``explain``
(``shibumi_rules.contract.guide`` says how); nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...board import Board, pinned, valid_locations
from ...contract.content import Say, package_source, read_entry_translations
from ...contract.guide import GameRecord, Picture, Text, check
from ...contract.guide_reader import read_guide
from ...geometry import CROSSING, INDEX_OF_NAME, points_of
from ...notation import Colour
from ...svg import Arrow, Ghost, Path, Ring
from .figures import CONTENT, line_names, line_points, named, pts, sploof_board
from .game import GAME
from .rules import START_BOARD, SploofMove, SploofState

# -- pictures ---------------------------------------------------------------------------

def _aim_row() -> Picture:
    board = sploof_board("WWWW,RBBR,R..R,RRRR/...,...,.../..,../.")
    check(line_names(board, Colour.WHITE) == ["a1-g1"], "White holds the row a1-g1")
    return CONTENT.picture("play-sploof-row", board, (Path(line_points("a1-g1"), "line"),))


def _aim_zigzag() -> Picture:
    board = sploof_board("WRRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../.")
    check("a1-d4" in line_names(board, Colour.WHITE), "White holds the diagonal a1-d4")
    return CONTENT.picture("play-sploof-zigzag", board, (Path(line_points("a1-d4"), "line"),))


def _setup() -> Picture:
    return CONTENT.picture("play-sploof-setup", Board.from_text(START_BOARD))


def _place() -> Picture:
    board = sploof_board("RRRR,RWBR,RBWR,RRRR/...,...,.../..,../.")
    valid = valid_locations(board.occupied)
    check(points_of(valid) == list(range(16, 25)), "every level-2 point is free")
    return CONTENT.picture("play-sploof-place", board, (
        Ring(tuple(points_of(valid)), "candidate"), Ghost(INDEX_OF_NAME["2d4"], Colour.WHITE)))


def _remove() -> Picture:
    before = sploof_board("RRRR,RW.R,R..R,RRRR/B..,...,.../..,../.")
    gone, top = INDEX_OF_NAME["1a1"], INDEX_OF_NAME["2b2"]
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(top, gone)], "2b2 drops into 1a1")
    return CONTENT.sequence("play-sploof-remove", (
        (before, (Ring((gone,), "removed"), Arrow(top, gone))),
        (after, (Ring((gone,), "dropped"),))))


def _pinned() -> Picture:
    board = sploof_board("RRRR,RWBR,R..R,RRRR/WB.,...,.../..,../.")
    pins = pinned(board.occupied) & board.masks[Colour.RED]
    check(points_of(pins) == list(pts("1c1")), "1c1 is the only pinned red ball")
    return CONTENT.picture("play-sploof-pinned", board, (
        Ring(pts("1c1"), "pinned"), Ring(pts("2b2 2d2"), "supported"),
        Ring(pts("1a1"), "focus")))


def _opponent_line() -> Picture:
    before = sploof_board("RRRR,RBBB,R.WR,RRRR/B..,...,.../..,../.")
    gone, top = INDEX_OF_NAME["1a3"], INDEX_OF_NAME["2b2"]
    after, _ = before.remove(gone)
    check(line_names(after, Colour.BLACK) == ["a3-g3"] and not line_names(after, Colour.WHITE),
          "x1a3 gives Black, and only Black, a line")
    return CONTENT.sequence("play-sploof-gift", (
        (before, (Ring((gone,), "removed"), Arrow(top, gone))),
        (after, (Ring((gone,), "dropped"), Path(line_points("a3-g3"), "opponent-line")))))


def _bridge() -> Picture:
    board = sploof_board("RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../.")
    link = pts("1c3 1e3")
    check(line_names(board, Colour.WHITE) == [], "the bridged row is no line")
    return CONTENT.picture("play-sploof-bridge", board, (
        Path(line_points("a3-g3"), "broken"), Path(link, "crossed"),
        Ring(CROSSING[(link[0], link[1])], "crossing")))


def _stuck() -> Picture:
    state = named("no-move")
    board = GAME.board(state)
    reds = tuple(points_of(board.masks[Colour.RED]))
    check(GAME.legal_moves(state) == [] and all(pinned(board.occupied) >> p & 1 for p in reds),
          "White has no ball in stock and every red ball is pinned")
    return CONTENT.picture("play-sploof-stuck", board, (Ring(reds, "pinned"),))


PICTURES: Final = (_aim_row, _aim_zigzag, _setup, _place, _remove, _pinned, _opponent_line,
                   _bridge, _stuck)
"""The pictures of the how-to-play page; ``content/guide.en.json`` places them."""


# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 20
"""The seed of the sample game: a short game whose last move is a removal whose falling
ball completes the mover's line."""
SAMPLE_ENDS: Final = "line"
"""The end the sample game reaches (``play --json``'s ``reason``): a line."""


def _wins(state: SploofState, mover: str) -> bool:
    outcome = GAME.outcome_json(state)
    return bool(outcome["over"]) and outcome.get("winner") == mover


def careful_move(state: SploofState, rng: random.Random) -> SploofMove:
    """A move of a careful beginner: a move that wins at once if there is one; else a
    move after which the opponent cannot win at once; else any move, at random."""
    mover = state.turn.label
    moves = GAME.legal_moves(state)
    winning, safe = [], []
    for move in moves:
        after = GAME.play(state, move)
        if _wins(after, mover):
            winning.append(move)
        elif not GAME.is_over(after) and not any(
                _wins(GAME.play(after, reply), after.turn.label)
                for reply in GAME.legal_moves(after)):
            safe.append(move)
    chosen: SploofMove = rng.choice(winning or safe or moves)
    return chosen


def sample_record() -> GameRecord:
    """Two careful beginners from the start, White first, with ``SAMPLE_SEED``."""
    rng = random.Random(SAMPLE_SEED)
    state: SploofState = GAME.start(None, "white")
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = careful_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return GameRecord(start, tuple(moves))


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    return CONTENT.compose(lambda say: _comment(say, answer))


def _comment(say: Say, answer: Any) -> str:
    who, move, facts = answer.mover, answer.move, answer.facts
    if move.startswith("x"):
        out = say("comments.remove", who=who, point=move[1:])
        if facts["drops"]:
            out += say("comments.drops", drops=say.join(
                (say("comments.drop", **{"from": d["from"], "to": d["to"]})
                 for d in facts["drops"]), "comments.drop-separator"))
    else:
        out = say("comments.place", who=who, move=move, level=move[0])
    if facts["lines_made"]:
        out += say("comments.lines", lines=say.join(
            (say("comments.line", colour=m["colour"], line=m["line"])
             for m in facts["lines_made"]), "comments.line-separator"))
    outcome = answer.outcome or {}
    if outcome.get("over") and outcome.get("winner"):
        return out + say("comments.win", winner=outcome["winner"])
    return out + say("comments.end")


GUIDE: Final = read_guide(CONTENT, play=sample_record, comment=comment, ends=SAMPLE_ENDS,
                          pictures=PICTURES,
                          values={"seed": SAMPLE_SEED},
                          translations=read_entry_translations(package_source(__package__)))
