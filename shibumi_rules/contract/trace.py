"""One trace of the rules: the verdicts a game consulted to judge a move or a
position, in order, and the effects the move applied.

A game decides each rule in one function that returns a ``Verdict`` carrying the
rule's ID. A ``Trace`` only collects those verdicts (and the effect records, which are
verdicts of fact: ``holds`` None), so that every consumer reads the rules behind a
move from one place instead of keeping lists of rule IDs of its own: conformance
attribution (``contract.attribution``), vector tagging and ``explain``'s steps all
render traces.

Tracing is opt-in: ``Game.play`` and ``Game.outcome_json`` stay untraced (perft and
playouts run through them), and ``Game.play_traced`` / ``Game.outcome_traced`` give
the same state and outcome with their trace (a Hypothesis test holds them to the
untraced calls over random games).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..verdict import Verdict, cited, first_failure

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Trace:
    """The rules behind one move or one judgement of a position.

    ``checks`` are the conditions consulted, in the order the rules apply, ending at
    the first that fails (a legal move passes them all); ``effects`` are what the move
    did (the ball taken from a stock, each drop of the chain, the red ball returned,
    the lines made or lost...), in the order they happened; ``outcome`` are the
    verdicts that decide how the game stands afterwards. ``traced`` is False for a
    game that does not trace: its empty trace is no evidence of anything."""

    checks: tuple[Verdict, ...] = ()
    effects: tuple[Verdict, ...] = ()
    outcome: tuple[Verdict, ...] = ()
    traced: bool = True

    @property
    def failure(self) -> Verdict | None:
        """The failing check (the rule an illegal move breaks), None when legal."""
        return first_failure(self.checks)

    @property
    def legal(self) -> bool:
        return self.failure is None

    @property
    def verdicts(self) -> tuple[Verdict, ...]:
        """Every verdict of the trace, in order: checks, effects, outcome."""
        return self.checks + self.effects + self.outcome

    def rule_ids(self, part: str | None = None) -> list[str]:
        """Every rule the trace (or one ``part`` of it: ``checks``, ``effects`` or
        ``outcome``) names, each once, in order: each verdict's rule, then the rules
        it depends on."""
        verdicts = self.verdicts if part is None else getattr(self, part)
        return cited(verdicts)

    def effects_with(self, key: str) -> tuple[Verdict, ...]:
        """The effects whose evidence records ``key`` (for instance ``stock`` or
        ``supply``): the effects that changed that part of the position."""
        return tuple(v for v in self.effects if key in v.evidence)


UNTRACED = Trace(traced=False)
"""The trace of a game that does not trace: no verdict, and marked so."""


@dataclass(frozen=True, slots=True)
class Traced(Generic[S]):
    """A move played with its trace: the state after it (None when the move is
    illegal, and then ``trace.failure`` is the rule it breaks)."""

    state: S | None
    trace: Trace


def trace_of(checks: Iterable[Verdict], effects: Iterable[Verdict] = (),
             outcome: Iterable[Verdict] = ()) -> Trace:
    """A trace from the verdicts of a game's functions, in order."""
    return Trace(tuple(checks), tuple(effects), tuple(outcome))


def changed(field: str, before: Any, after: Any) -> dict[str, Any]:
    """The evidence of an effect on one part of the position: ``{field: {before,
    after}}`` (JSON-ready when the values are)."""
    return {field: {"before": before, "after": after}}
