"""What a game tells the people who play it and the people who judge it.

A game's ``guide`` module (``shibumi_rules/games/<game>/guide.py``) gives the site a
``Guide``: the aim, the set-up, a turn and the end in plain words, each idea with a
picture; a sample game that the engine plays when the site is built; its answers to the
questions players argue about, each tied to a real position that ``explain`` answers;
everyday words for its rules; and translations. Its ``figures`` module gives the
pictures of the formal rules; the game's definition hands both over
(``GameDefinition.guide``, ``GameDefinition.figures``). The words are data: they live
in the game's ``content/`` folder and are read by ``shibumi_rules.contract.content``;
the modules keep what runs (the players of the sample game, the builders of the comments
and pictures, the checks against the engine). The site renders a guide and decides no
rule: every picture is checked against the engine when it is built, every sample game is
played by the engine, and every answer is checked against ``explain``.

Texts are given in English and, where translated, in Korean (``Text``); the point names
and rule IDs inside them are the same in both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..board import Board
from ..svg import Mark

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
    """A translation of one rule or ruling of the spec. ``source`` is the fingerprint
    (``content.entry_fingerprint``) of the English entry it translates: when the English
    changes, the translation is out of date and the English is shown instead."""

    source: str
    title: str
    statement: str = ""
    """A rule's statement, or a ruling's decision."""
    notes: str = ""
    question: str = ""
    rationale: str = ""
    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Guide:
    """Everything a game says to its players and arbiters (see the module docstring)."""

    sections: tuple[Section, ...]
    sample: SampleGame
    answers: tuple[Answer, ...]
    lead: Text
    """The first paragraph of the how-to-play page."""
    title: Text | None = None
    """The game's name in each language (the definition's ``title`` where not given)."""
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
    position_labels: Mapping[str, Text] = field(default_factory=dict)
    """A short label for each counter field of the position (``stock``), a template
    whose ``{0}``, ``{1}`` ... are the field's counts, written under the pictures of the
    sample game so that each shows what the board does not (the stocks, the supply)."""
    stale: tuple[str, ...] = ()
    """The texts whose translation is out of date (``LANG:path``): the English changed
    since they were translated, so the English shows until they are updated."""


FigureMaker = Callable[[], list[Picture]]
"""Draws the pictures of one rule, ruling or table, checking them against the engine."""
