"""What a game tells the people who play it and the people who judge it.

A game's ``guide`` module (``shibumi_rules/games/<game>/guide.py``) describes the game in
plain words for the documentation site: the aim, the set-up, a turn and the end, each
idea with a picture; a sample game that the engine plays when the site is built; its
answers to the questions players argue about, each tied to a real position that
``explain`` answers; everyday words for its rules; and translations. Its ``figures``
module gives the pictures of the formal rules. The bundle hands both over
(``GameDefinition.guide``, ``GameDefinition.figures``); the site renders them and decides no
rule: every picture is checked against the engine when it is built, every sample game
is played by the engine, and every answer is checked against ``explain``.

Texts are given in English and, where written, in Korean (``Text``); the point names and
rule IDs inside them are the same in both.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .board import Board
from .svg import Mark

LANGUAGES: Final = ("en", "ko")
"""The languages of the site, the first one the default."""


@dataclass(frozen=True, slots=True)
class Text:
    """A text in English and, when it has been translated, in Korean."""

    en: str
    ko: str | None = None

    def get(self, lang: str) -> str:
        """The text in ``lang``; English where there is no translation."""
        if lang == "ko" and self.ko is not None:
            return self.ko
        return self.en

    def has(self, lang: str) -> bool:
        """Whether the text is written in ``lang``."""
        return lang == "en" or (lang == "ko" and self.ko is not None)


@dataclass(frozen=True, slots=True)
class View:
    """One board of a picture, with its marks and a short caption."""

    board: Board
    marks: tuple[Mark, ...] = ()
    caption: Text | None = None


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture: one or more boards (before and after a move, for instance)."""

    name: str
    """File name stem, unique on the site (``diagrams/NAME.svg``)."""
    caption: Text
    views: tuple[View, ...]


class PictureError(AssertionError):
    """A picture no longer shows what its caption says (the site then fails to build)."""


def check(condition: bool, what: str) -> None:
    """Hold a picture to its caption: raise PictureError naming ``what`` when the engine
    no longer agrees."""
    if not condition:
        raise PictureError(f"diagram check failed: {what}")


def picture(name: str, caption: Text, board: Board, marks: tuple[Mark, ...] = ()
            ) -> Picture:
    """A picture of one board."""
    return Picture(name, caption, (View(board, marks),))


Block = Text | Picture
"""A paragraph of a guide section, or a picture."""


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the how-to-play page (the aim, the set-up, a turn, the end)."""

    key: str
    """Anchor of the section on the page (the same in every language)."""
    title: Text
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as the engine played it: where it started and the moves, as text."""

    start: str
    """The start position, in position notation."""
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SampleGame:
    """The short game shown move by move on the how-to-play page. ``play`` has the
    engine play it (so it is always a real game under the current rules); ``comment``
    says in one line what a move did, read from ``explain``'s answer to that move;
    ``ends`` is the end reason (``play --json``'s ``reason``) the game must reach."""

    intro: Text
    play: Callable[[], GameRecord]
    comment: Callable[[Any], Text]
    """From the ``explain`` MoveAnswer of a move (legal), the line shown under it."""
    ends: str
    close: Text
    """What the end of the game shows, said after the last move."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question players argue about, in plain words."""

    key: str
    """Anchor of the question on the arbiter's page (the same in every language)."""
    text: Text


COMMON_QUESTIONS: Final = (
    Question("remove-holding-ball", Text(
        "Can I remove a ball that holds another one up?",
        "다른 공을 떠받치고 있는 공을 빼낼 수 있나요?")),
    Question("what-drops", Text(
        "When a ball is taken away, what drops, and where to?",
        "공을 빼내면 어떤 공이 어디로 떨어지나요?")),
    Question("hidden-ball-line", Text(
        "Does a line through a hidden ball count?",
        "가려진 공을 지나는 줄도 인정되나요?")),
    Question("row-under-bridge", Text(
        "Is a row with a bridge of balls over it still a line?",
        "위에 공이 다리처럼 걸쳐 있는 줄도 줄로 인정되나요?")),
    Question("both-lines", Text(
        "What if one move gives both players a line?",
        "한 수로 두 사람 모두 줄이 생기면 어떻게 되나요?")),
    Question("cannot-move", Text(
        "What if I cannot make any move?",
        "둘 수 있는 수가 하나도 없으면 어떻게 되나요?")),
    Question("pair-rests-on-first", Text(
        "May the second ball of a move rest on the first one?",
        "한 수에서 두 번째 공을 첫 번째 공 위에 올려도 되나요?")),
)
"""The questions every game answers on the arbiter's page, in this order. A game adds
questions of its own in its guide (``Guide.questions``)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A game's answer to one question: a short plain answer, the rules behind it, and
    the real position ``explain`` is asked about to show it. ``legal``, ``rule`` and
    ``reason`` are what ``explain`` must find there (the site fails to build if it finds
    otherwise). Without a position, the question does not arise in the game and the
    answer says why."""

    question: str
    """The key of the question answered."""
    text: Text
    rules: tuple[str, ...]
    position: str | None = None
    move: str | None = None
    """The move asked about; None asks about the position itself."""
    legal: bool | None = None
    rule: str | None = None
    """The rule an illegal move breaks."""
    reason: str | None = None
    """The end reason (``play --json``'s ``reason``) after the move, or in the position."""


@dataclass(frozen=True, slots=True)
class EntryText:
    """A translation of one rule or ruling of the spec. ``source`` is the ``fingerprint``
    of the English entry it translates: when the English changes, the translation is
    out of date and the English is shown instead."""

    source: str
    title: str
    statement: str = ""
    """A rule's statement, or a ruling's decision."""
    notes: str = ""
    question: str = ""
    rationale: str = ""
    alternatives: tuple[str, ...] = ()


def fingerprint(*english: str | tuple[str, ...] | None) -> str:
    """A short hash of the English texts an ``EntryText`` translates."""
    digest = hashlib.sha256()
    for part in english:
        items = part if isinstance(part, tuple) else (part or "",)
        for item in items:
            digest.update(item.encode("utf-8") + b"\0")
        digest.update(b"\1")
    return digest.hexdigest()[:12]


def entry_fingerprint(entry: Any) -> str:
    """The fingerprint of the English texts of a spec rule or ruling that an
    ``EntryText`` of it translates."""
    if entry.kind == "rule":
        return fingerprint(entry.title, entry.statement, entry.notes)
    return fingerprint(entry.title, entry.question, entry.decision, entry.rationale,
                       tuple(a.summary for a in entry.alternatives))


@dataclass(frozen=True, slots=True)
class Guide:
    """Everything a game says to its players and arbiters (see the module docstring)."""

    sections: tuple[Section, ...]
    sample: SampleGame
    answers: tuple[Answer, ...]
    lead: Text
    """The first paragraph of the how-to-play page."""
    title: Text | None = None
    """The game's name in each language (the bundle's ``title`` where not given)."""
    questions: tuple[Question, ...] = ()
    """Questions of this game only, answered after the common ones."""
    keywords: Mapping[str, Text] = field(default_factory=dict)
    """Everyday words for rules and rulings, by ID, shown with the entry so that a search
    for them finds it (``zigzag``, ``hold up``)."""
    translations: Mapping[str, Mapping[str, EntryText]] = field(default_factory=dict)
    """Translated rules and rulings of the game: language, then ID."""
    rules_intro: Text | None = None
    """The opening paragraph of the game's formal rules page."""
    position_fields: Mapping[str, Text] = field(default_factory=dict)
    """What each counter field of the game's position notation holds, by its name
    (``stock``, ``supply``), for the notation page."""
    move_notation: Text | None = None
    """How the game's moves are written, in Markdown, for the notation page."""


_DIGIT_FINALS: Final = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                        "7": "ㄹ", "8": "ㄹ", "9": ""}
"""The last sound of each digit read in Korean (영, 일, 이, 삼, ...): none after a vowel."""
_FINALS: Final = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ",
                  "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ",
                  "ㅍ", "ㅎ")


def particle(word: str, after_consonant: str, after_vowel: str) -> str:
    """``word`` with the Korean particle its last sound takes: ``particle("1g3", "으로",
    "로")`` is 1g3으로 (삼), ``particle("2b2", "이", "가")`` is 2b2가 (이). A point name
    is read with its digits in Korean; ``으로`` after ㄹ reads ``로``."""
    last = word[-1] if word else ""
    if "가" <= last <= "힣":
        final = _FINALS[(ord(last) - ord("가")) % 28]
    else:
        final = _DIGIT_FINALS.get(last, "")
    if not final or (final == "ㄹ" and after_consonant == "으로"):
        return word + after_vowel
    return word + after_consonant


FigureMaker = Callable[[], list[Picture]]
"""Draws the pictures of one rule, ruling or table, checking them against the engine."""
