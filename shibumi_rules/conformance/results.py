"""What a conformance run found, and the one result it ends with.

Every divergence is kept (``Recorder``), each in one category: a **rule** divergence
(the engine's answer differs from the reference's), a **protocol** finding (a message
or an output that breaks the protocol, never blamed on a rule), or an engine
**failure** (a crash, a hang, a flood, the run's time budget spent). A rule divergence
at a position where a ruling the engine declares it deviates from is decided is a
**deviation**. Per game and combination of options, ``Combination`` records what was
checked, so that the result never claims more than that.

The result (``RunResult.result``), with its exit status:

- ``CONFORMANT`` (0): every check agreed, and everything the engine declares and the
  user selected was checked with vectors covering all they hold for it;
- ``DIVERGENT`` (1): a rule divergence, a declared deviation that changes an answer, or
  a protocol finding;
- ``INCONCLUSIVE`` (3): nothing diverged, but too little was checked to say more (the
  reasons say what was missing);
- ``ERROR`` (4): the engine failed (crashed, hung, flooded, ran out of time) or the
  harness did, and nothing diverged.

A usage error (a bad command line, unreadable or rejected vectors) stops before the run
with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import ShibumiError

CONFORMANT: Final = "CONFORMANT"
DIVERGENT: Final = "DIVERGENT"
INCONCLUSIVE: Final = "INCONCLUSIVE"
ERROR: Final = "ERROR"
EXIT_STATUS: Final = {CONFORMANT: 0, DIVERGENT: 1, INCONCLUSIVE: 3, ERROR: 4}
"""The exit status of each result; 2 is a usage error."""
USAGE_STATUS: Final = 2

KINDS: Final = {
    "extra-move": "the engine allows a move the reference rejects",
    "missing-move": "the engine does not allow a legal move",
    "successor": "wrong position after a move",
    "outcome": "wrong outcome",
    "rejection": "an illegal move rejected with the wrong error kind",
    "error": "the engine answered with an error where the reference answers",
    "perft": "perft counts differ",
    "protocol": "the engine broke the protocol",
    "crash": "the engine crashed",
    "timeout": "the engine did not answer in time",
    "flood": "the engine flooded its output",
    "budget": "the run's time budget was spent",
    "engine-error": "the engine reported an internal error",
}
FAILURE_KINDS: Final = frozenset({"crash", "timeout", "flood", "budget", "start",
                                  "engine-error"})
RULE: Final = "rule"
PROTOCOL: Final = "protocol"
FAILURE: Final = "failure"
MAX_KEPT: Final = 50_000
"""Distinct divergences kept in full; beyond that they are only counted."""


class UsageError(ShibumiError):
    """The run cannot start as asked (exit status 2)."""


@dataclass
class Divergence:
    """One disagreement, with everything needed to reproduce it."""

    kind: str
    game: str
    position: str | None
    move: str | None
    expected: Any
    actual: Any
    rules: list[str]
    source: str
    detail: str = ""
    balls: int = 0
    occurrences: int = 1
    topic: str = ""
    """What groups divergences that name no rule (a kind of protocol breach)."""
    deviation: str | None = None
    """The ruling the engine declares it deviates from, when this divergence is one."""
    options: dict[str, str] = field(default_factory=dict)

    @property
    def category(self) -> str:
        if self.kind in FAILURE_KINDS:
            return FAILURE
        if self.kind == "protocol":
            return PROTOCOL
        return RULE

    @property
    def size(self) -> tuple[int, int, str]:
        return (self.balls, len(self.position or ""), self.move or "")

    @property
    def key(self) -> tuple[str, str, str | None, str | None, str]:
        return (self.kind, self.game, self.position, self.move, self.topic)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "category": self.category,
            "summary": KINDS.get(self.kind, self.kind),
            "game": self.game, "options": self.options, "rules": self.rules,
            "deviation": self.deviation, "position": self.position,
            "move": self.move, "expected": self.expected, "actual": self.actual,
            "detail": self.detail, "source": self.source, "occurrences": self.occurrences,
        }


class Recorder:
    """Keeps every distinct divergence once (the same kind, game, position, move and
    topic seen again only counts another occurrence), in the order found."""

    def __init__(self) -> None:
        self.items: list[Divergence] = []
        self.total = 0
        """Distinct divergences recorded (beyond ``MAX_KEPT`` only counted)."""
        self.observed = 0
        """Divergences seen, counting again those already recorded."""
        self._seen: dict[tuple[str, str, str | None, str | None, str], Divergence] = {}

    def add(self, item: Divergence) -> bool:
        """Record ``item``; False when the same divergence was recorded before."""
        self.observed += 1
        kept = self._seen.get(item.key)
        if kept is not None:
            kept.occurrences += 1
            return False
        self.total += 1
        if len(self.items) < MAX_KEPT:
            self._seen[item.key] = item
            self.items.append(item)
        return True

    def of(self, category: str) -> list[Divergence]:
        return [d for d in self.items if d.category == category]

    @property
    def divergences(self) -> list[Divergence]:
        """Every kept divergence, by game, kind, rules and size."""
        return sorted(self.items,
                      key=lambda d: (d.game, _KIND_ORDER.get(d.kind, 99), d.rules, d.size))

    @property
    def dropped(self) -> int:
        return self.total - len(self.items)

    def __len__(self) -> int:
        return len(self.items)


_KIND_ORDER: Final = {kind: i for i, kind in enumerate(KINDS)}


@dataclass
class PhaseStats:
    """What one phase did: checks made, positions compared, and checks skipped."""

    checks: int = 0
    positions: int = 0
    divergences: int = 0
    skipped: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass
class RuleTally:
    """Checks per rule: vectors exercising it (and how many of them showed a
    divergence that implicates it), and illegal moves sent whose rejection the
    reference gives with it."""

    vectors: int = 0
    failed: int = 0
    rejections: int = 0


@dataclass
class Combination:
    """One game under one combination of options: whether the engine declares it,
    and what was checked under it (vectors, perft, random games) against what the
    vectors hold for it."""

    game: str
    options: dict[str, str]
    declared: bool = True
    why_not: str = ""
    """Why the combination is not checked (when not declared)."""
    selected: bool = False
    """The user named its options: it must then be checked."""
    vectors: int = 0
    """Vectors under these options that apply to the engine."""
    vectors_checked: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    """Vectors not sent, by reason."""
    perft: int = 0
    random_games: int = 0
    positions: int = 0
    divergences: int = 0
    available: set[str] = field(default_factory=set)
    """Rule, ruling and end IDs the applicable vectors exercise."""
    covered: set[str] = field(default_factory=set)
    """Those the vectors checked exercise."""
    gaps: dict[str, int] = field(default_factory=dict)
    """What could not be compared, by what (outcome fields, positions not given)."""
    no_vectors: str = ""
    """Why there were no vectors at all, when the run was given none."""

    @property
    def label(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.options.items()) or "(no options)"

    @property
    def missing(self) -> list[str]:
        return sorted(self.available - self.covered)

    def problems(self) -> list[str]:
        """Why what was checked under this combination is not enough (empty when it
        is)."""
        if not self.declared:
            return [f"{self.game} {self.label}: {self.why_not}"] if self.selected else []
        out = []
        where = f"{self.game} {self.label}"
        if not self.vectors:
            why = "; ".join(f"{n} {reason}" for reason, n in self.skipped.items())
            out.append(f"{where}: no conformance vector could be checked"
                       + f" ({why or self.no_vectors or 'none under these options'})")
        elif self.missing:
            out.append(f"{where}: not checked: {', '.join(self.missing)} "
                       f"({self.vectors - self.vectors_checked} of {self.vectors} vectors "
                       "not answered)")
        for what, count in self.gaps.items():
            out.append(f"{where}: {what} ({count} time(s))")
        return out


@dataclass
class RunResult:
    engine_argv: list[str]
    identity: dict[str, Any]
    games: list[str]
    phases: dict[str, PhaseStats]
    recorder: Recorder
    rules: dict[str, RuleTally]
    positions: int
    elapsed: float
    aborted: str | None
    restarts: int
    config: dict[str, Any]
    combinations: list[Combination] = field(default_factory=list)
    end_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per game, how the random games ended."""
    deviations: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per game, the rulings the engine declares it deviates from, with its reading."""
    notes: list[str] = field(default_factory=list)
    """What the engine declares that the run cannot check, and similar remarks."""
    unchecked: list[str] = field(default_factory=list)
    """Reasons the run is inconclusive that belong to no combination."""
    harness_errors: list[str] = field(default_factory=list)
    reference: dict[str, Any] = field(default_factory=dict)
    """The reference: its version, spec version and the vectors' content hash."""
    perft_nodes: int = 0
    """Leaves the engine counted in the perft requests it answered."""
    perft_positions: int = 0
    """Of ``positions``, those checked by the perft phases."""
    perft_seconds: float = 0.0
    """Of ``elapsed``, the time spent in the perft phases."""

    @property
    def inconclusive(self) -> list[str]:
        """Everything that keeps the run from a conclusive result."""
        out = list(self.unchecked)
        for combination in self.combinations:
            out += combination.problems()
        return out

    @property
    def result(self) -> str:
        if self.recorder.of(RULE) or self.recorder.of(PROTOCOL):
            return DIVERGENT
        if self.recorder.of(FAILURE) or self.aborted or self.harness_errors:
            return ERROR
        if self.inconclusive:
            return INCONCLUSIVE
        return CONFORMANT

    @property
    def exit_status(self) -> int:
        return EXIT_STATUS[self.result]

    @property
    def conformant(self) -> bool:
        return self.result == CONFORMANT

    @property
    def rate(self) -> float:
        """Positions checked per second outside perft (whose work is its nodes, so
        that the figure does not depend on ``--depth``)."""
        seconds = self.elapsed - self.perft_seconds
        positions = self.positions - self.perft_positions
        return positions / seconds if seconds > 0 else 0.0

    @property
    def node_rate(self) -> float:
        """Perft leaves counted per second of the perft phases."""
        return self.perft_nodes / self.perft_seconds if self.perft_seconds > 0 else 0.0
