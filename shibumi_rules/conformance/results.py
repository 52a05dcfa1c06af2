"""What a conformance run found: each divergence (kept once, smallest example per
kind and rule), what each phase did, and the checks per rule."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import ShibumiError

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
}


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

    @property
    def size(self) -> tuple[int, int, str]:
        return (self.balls, len(self.position or ""), self.move or "")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "summary": KINDS.get(self.kind, self.kind),
            "game": self.game, "rules": self.rules, "position": self.position,
            "move": self.move, "expected": self.expected, "actual": self.actual,
            "detail": self.detail, "source": self.source, "occurrences": self.occurrences,
        }


class Recorder:
    """Keeps each divergence once: the same (kind, game, position, move, topic) is
    ignored;
    divergences of the same kind, game and leading (most specific) rule are grouped,
    keeping the smallest example and counting the rest."""

    def __init__(self) -> None:
        self.groups: dict[tuple[str, str, str], Divergence] = {}
        self.total = 0
        """Distinct divergences recorded (every occurrence of every group)."""
        self.observed = 0
        """Divergences seen, counting again those already recorded."""
        self._seen: set[tuple[str, str, str | None, str | None, str]] = set()

    def add(self, item: Divergence) -> bool:
        self.observed += 1
        key = (item.kind, item.game, item.position, item.move, item.topic)
        if key in self._seen:
            return False
        self._seen.add(key)
        self.total += 1
        group = (item.kind, item.game, item.rules[0] if item.rules else item.topic)
        kept = self.groups.get(group)
        if kept is None:
            self.groups[group] = item
        else:
            item.occurrences = kept.occurrences + 1
            if item.size < kept.size:
                self.groups[group] = item
            else:
                kept.occurrences += 1
        return True

    @property
    def divergences(self) -> list[Divergence]:
        return sorted(self.groups.values(),
                      key=lambda d: (d.game, _KIND_ORDER.get(d.kind, 99), d.rules, d.size))

    def __len__(self) -> int:
        return len(self.groups)


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
    """Checks per rule: vectors exercising it (and how many failed), and illegal
    moves sent whose rejection the reference gives with it."""

    vectors: int = 0
    failed: int = 0
    rejections: int = 0


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

    @property
    def conformant(self) -> bool:
        return not len(self.recorder) and self.aborted is None

    @property
    def rate(self) -> float:
        return self.positions / self.elapsed if self.elapsed > 0 else 0.0
