"""Run theorems and report on them: a text table for people, a JSON document for the
documentation site and other tools.

The JSON document (``format: shibumi-proofs/1``) lists every theorem with its name, rule
IDs, statement, status (``proved``, ``counterexample`` or ``undecided``), a one-line
summary, the counterexample (position, diagram, note) when there is one, and ``facts``
(values and witnesses a theorem computes). Timings are included only on request, so a
report written without them is the same on every run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .solver import Outcome
from .theorem import Theorem

FORMAT = "shibumi-proofs/1"


@dataclass(frozen=True, slots=True)
class Entry:
    theorem: Theorem
    outcome: Outcome
    seconds: float

    @property
    def status(self) -> str:
        if self.outcome.proved:
            return "proved"
        return "counterexample" if self.outcome.counterexample else "undecided"


def run(theorems: Iterable[Theorem], progress: Callable[[int, int, Entry], None] | None = None
        ) -> list[Entry]:
    """Prove each theorem in turn; ``progress`` hears about each one as it finishes."""
    todo = list(theorems)
    entries = []
    for number, item in enumerate(todo, start=1):
        began = time.perf_counter()
        outcome = item.prove()
        entry = Entry(item, outcome, time.perf_counter() - began)
        entries.append(entry)
        if progress is not None:
            progress(number, len(todo), entry)
    return entries


def table(entries: list[Entry]) -> str:
    """A plain-text table: name, rule IDs, result, time."""
    rows = [("theorem", "rules", "result", "time")]
    for e in entries:
        rows.append((e.theorem.name, " ".join(e.theorem.rules), e.status, f"{e.seconds:.2f} s"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for i, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2]),
                 row[3].rjust(widths[3])]
        lines.append("  ".join(cells))
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    total = sum(e.seconds for e in entries)
    proved = sum(e.outcome.proved for e in entries)
    lines.append(f"{proved} of {len(entries)} proved in {total:.2f} s")
    return "\n".join(lines)


def details(entries: list[Entry]) -> str:
    """The summary of each theorem, and every counterexample with its diagram."""
    out = []
    for e in entries:
        out.append(f"{e.theorem.name}: {e.outcome.summary}")
        example = e.outcome.counterexample
        if example is not None:
            out.append(f"  position: {example.position}")
            out.extend("  " + line for line in example.diagram.splitlines())
    return "\n".join(out)


def to_json(entries: list[Entry], timings: bool = False) -> dict[str, Any]:
    """The machine-readable report (timings only when asked for)."""
    items = []
    for e in entries:
        example = e.outcome.counterexample
        item: dict[str, Any] = {
            "name": e.theorem.name,
            "rules": list(e.theorem.rules),
            "statement": e.theorem.statement,
            "status": e.status,
            "summary": e.outcome.summary,
            "counterexample": None if example is None else {
                "position": example.position, "diagram": example.diagram, "note": example.note},
            "facts": dict(e.outcome.facts),
        }
        if timings:
            item["seconds"] = round(e.seconds, 3)
        items.append(item)
    return {
        "format": FORMAT,
        "all_proved": all(e.outcome.proved for e in entries),
        "theorems": items,
    }
