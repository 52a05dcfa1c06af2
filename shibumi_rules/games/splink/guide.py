"""Splink for players and arbiters: the sample game the engine plays for the
how-to-play page and the comments on its moves. The words, in English and Korean, the
answers to the arbiter's questions and the Korean text of the rules and rulings (the
game reached us in Korean as well as English) are in ``content/``; the pictures are the
formal rules' (``figures``).

The sample game is played by the engine, and every answer is checked against
``explain`` (``shibumi_rules.contract.guide`` says how); nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...contract.content import Say, package_source, read_entry_translations
from ...contract.guide import GameRecord, Text
from ...contract.guide_reader import read_guide
from .figures import CONTENT, FIGURES
from .game import GAME, score
from .state import SplinkMove, SplinkState

# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 106
"""The seed of the sample game: one of the shortest games of the sampling players, with
two removals, ending on a complete pyramid."""
SAMPLE_ENDS: Final = "pyramid-complete"
"""The end the sample game reaches (``play --json``'s ``reason``)."""
PLACEMENTS_LOOKED_AT: Final = 8
REMOVALS_LOOKED_AT: Final = 2


def sampling_move(state: SplinkState, rng: random.Random) -> SplinkMove:
    """A move of a hasty player: of a few moves drawn at random (eight placements, two
    removals), the one whose score is best for its role right after the move."""
    moves = GAME.legal_moves(state)
    texts = [GAME.format_move(m) for m in moves]
    place = [m for m, text in zip(moves, texts) if not text.startswith("x")]
    remove = [m for m, text in zip(moves, texts) if text.startswith("x")]
    drawn = (rng.sample(place, min(PLACEMENTS_LOOKED_AT, len(place)))
             + rng.sample(remove, min(REMOVALS_LOOKED_AT, len(remove))))
    sign = 1 if state.role.value == "attractor" else -1
    best: SplinkMove = max(drawn, key=lambda m: sign * score(GAME.play(state, m)))
    return best


def sample_record() -> GameRecord:
    """Two hasty players from the empty board, with ``SAMPLE_SEED``."""
    rng = random.Random(SAMPLE_SEED)
    state: SplinkState = GAME.start(None, None)
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = sampling_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return GameRecord(start, tuple(moves))


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    return CONTENT.compose(lambda say: _comment(say, answer))


def _comment(say: Say, answer: Any) -> str:
    who, move, facts = answer.mover, answer.move, answer.facts
    first, second = move.split("+")
    if first.startswith("x"):
        out = say("comments.remove", who=who, gone=first[1:], colour=second[0],
                  point=second[1:])
        if facts["drops"]:
            out += say("comments.drops", drops=say.join(
                (say("comments.drop", **{"from": d["from"], "to": d["to"]})
                 for d in facts["drops"]), "comments.drop-separator"))
    else:
        out = say("comments.place", who=who, first=first[0], first_point=first[1:],
                  second=second[0], second_point=second[1:])
    points = facts["score"]
    same = points["before"] == points["after"]  # "stays at 3", not "goes from 3 to 3"
    out += say("comments.score-same" if same else "comments.score", before=points["before"],
               after=points["after"])
    outcome = answer.outcome or {}
    return out + say("comments.over" if outcome.get("over") else "comments.end")


GUIDE: Final = read_guide(CONTENT, play=sample_record, comment=comment, ends=SAMPLE_ENDS,
                          figures=FIGURES,
                          values={"seed": SAMPLE_SEED},
                          translations=read_entry_translations(package_source(__package__)))
