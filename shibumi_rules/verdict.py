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
from typing import Any


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


@dataclass(frozen=True, slots=True)
class EndReason:
    """One way a game can end. ``key`` is the stable string of ``play --json``'s
    ``reason``; ``rule`` the rule (or ruling) that decides it; ``also`` further rules
    it depends on."""

    key: str
    rule: str
    meaning: str
    also: tuple[str, ...] = ()

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (self.rule, *self.also)


def reason_table(*reasons: EndReason) -> dict[str, EndReason]:
    """A game's end reasons by key, refusing a key given twice."""
    table: dict[str, EndReason] = {}
    for reason in reasons:
        if reason.key in table:
            raise ValueError(f"end reason {reason.key!r} is defined twice")
        table[reason.key] = reason
    return table
