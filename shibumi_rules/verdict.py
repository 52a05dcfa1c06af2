"""Verdicts: how the engine says what a rule decided.

Every function of the engine that decides a rule returns a ``Verdict``: the rule's ID,
whether its condition holds (or ``None`` for a statement of fact), one plain sentence,
and the evidence (the points, counts or chain it looked at). ``explain`` prints
verdicts, conformance attribution cites them, vector tagging collects their IDs: none
of them decides a rule again. ``EndReason`` and ``Outcome`` are the one shape every
game's end of game takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one rule says here.

    ``holds`` is True for a condition that is met, False for the condition that fails
    (a move breaking it is illegal), None for a statement of fact. ``also`` names
    further rules and rulings the verdict depends on; ``evidence`` holds what the
    verdict was read from, as JSON-ready values (point names, counts, lists)."""

    rule: str
    text: str
    holds: bool | None = None
    also: tuple[str, ...] = ()
    evidence: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The verdict's rule first, then the rules it depends on."""
        return (self.rule, *self.also)

    @property
    def fails(self) -> bool:
        return self.holds is False


def first_failure(verdicts: Iterable[Verdict]) -> Verdict | None:
    """The first verdict whose condition fails, or None when all hold."""
    return next((v for v in verdicts if v.holds is False), None)


def cited(verdicts: Iterable[Verdict]) -> list[str]:
    """Every rule ID the verdicts name, each once, in order."""
    seen: list[str] = []
    for verdict in verdicts:
        for rule in verdict.rule_ids:
            if rule not in seen:
                seen.append(rule)
    return seen


Winner = Literal["mover", "to-move"]
"""Who wins an end: the player who made the last move, or the player to move."""


class _Values(dict[str, Any]):
    """The values a sentence template is filled with; a callable value is called
    when the template first names it (so a sentence works out only what it says)."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if callable(value):
            value = value()
            self[key] = value
        return value


@dataclass(frozen=True, slots=True)
class EndReason:
    """One way a game can end, as one object: everything the program says or decides
    about that end is read from here, never from a switch over reason strings.

    ``key`` is the stable string of ``play --json``'s ``reason``; ``rule`` the rule (or
    ruling) that decides it; ``meaning`` the sentence of the reasons table; ``also``
    the further rules it depends on (the rules a vector ending so exercises).
    ``winner`` says who wins (``mover``, ``to-move``; None for a draw, or for a game
    that scores instead), ``draw`` whether the game is drawn; ``cited`` the rules the
    end's outcome line cites after ``rule``, and ``cited_if_stock`` those it cites
    only when the player to move holds balls (a ruling, not the text, decides then);
    ``decided`` the rules the verdict deciding the end depends on besides those;
    ``no_move`` marks an end for lack of a legal move, as opposed to an end on the
    board. ``texts`` are the end's sentences as templates (``str.format`` fields
    filled by the game: ``sentence``, ``decision``, ``consequence``...)."""

    key: str
    rule: str
    meaning: str
    also: tuple[str, ...] = ()
    winner: Winner | None = None
    draw: bool = False
    cited: tuple[str, ...] = ()
    cited_if_stock: tuple[str, ...] = ()
    decided: tuple[str, ...] = ()
    no_move: bool = False
    texts: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (self.rule, *self.also)

    def say(self, name: str, values: Mapping[str, Any]) -> str:
        """The end's sentence ``name`` filled with ``values`` (a callable value is
        worked out only when the sentence needs it)."""
        return self.texts[name].format_map(_Values(values))

    def cites(self, has_stock: bool) -> tuple[str, ...]:
        """The rules the outcome line cites: the end's rule, then ``cited`` (and
        ``cited_if_stock`` when the player to move holds balls)."""
        return (self.rule, *self.cited, *(self.cited_if_stock if has_stock else ()))


def reason_table(*reasons: EndReason) -> dict[str, EndReason]:
    """A game's end reasons by key, refusing a key given twice."""
    table: dict[str, EndReason] = {}
    for reason in reasons:
        if reason.key in table:
            raise ValueError(f"end reason {reason.key!r} is defined twice")
        table[reason.key] = reason
    return table
