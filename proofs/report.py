"""Run claims and report on them: a text table for people, a JSON document for the
documentation site and other tools.

The JSON document (``format: shibumi-proofs/2``) lists every claim (under
``theorems``) with its name, rule IDs, statement, ``method`` (``z3``, ``exhaustive`` or
``sampling``), ``cases`` (how many cases an exhaustive claim enumerated or a sampling
claim drew; null for a Z3 proof), status (``proved``; ``sampled`` for a sampling claim
that found no difference; ``counterexample`` or ``undecided``), a one-line summary, the
counterexample (position, diagram, note) when there is one, ``facts`` (values and
witnesses a claim computes) and ``seconds``. ``all_passed`` says whether every claim
chosen passed. Without timings the report is the same on every run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .solver import Outcome
from .theorem import METHODS, Theorem

FORMAT = "shibumi-proofs/2"


@dataclass(frozen=True, slots=True)
class Entry:
    theorem: Theorem
    outcome: Outcome
    seconds: float

    @property
    def status(self) -> str:
        if self.outcome.proved:
            return "sampled" if self.theorem.method == "sampling" else "proved"
        return "counterexample" if self.outcome.counterexample else "undecided"

    @property
    def method(self) -> str:
        """The method with its count, for people: "exhaustive: 141,120 cases"."""
        name, cases = METHODS[self.theorem.method], self.outcome.cases
        if cases is None:
            return name
        unit = "examples" if self.theorem.method == "sampling" else "cases"
        return f"{name}: {cases:,} {unit}"


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
    """A plain-text table: name, rule IDs, method with its count, result, time."""
    rows = [("claim", "rules", "method", "result", "time")]
    for e in entries:
        rows.append((e.theorem.name, " ".join(e.theorem.rules), e.method, e.status,
                     f"{e.seconds:.2f} s"))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = []
    for i, row in enumerate(rows):
        cells = [cell.ljust(width) for cell, width in zip(row[:4], widths, strict=False)]
        lines.append("  ".join([*cells, row[4].rjust(widths[4])]))
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    total = sum(e.seconds for e in entries)
    lines.append(f"{summary_line(entries)} in {total:.2f} s")
    return "\n".join(lines)


def summary_line(entries: list[Entry]) -> str:
    """How many claims passed, by method: "30 of 30 passed (22 proved with Z3, ...)"."""
    passed = [e for e in entries if e.outcome.proved]
    parts = []
    for key, label in (("z3", "proved with Z3"), ("exhaustive", "checked exhaustively"),
                       ("sampling", "sampled")):
        n = sum(e.theorem.method == key for e in passed)
        if n:
            parts.append(f"{n} {label}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{len(passed)} of {len(entries)} passed{detail}"


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


def to_json(entries: list[Entry], timings: bool = True) -> dict[str, Any]:
    """The machine-readable report (without ``seconds`` when ``timings`` is off)."""
    items = []
    for e in entries:
        example = e.outcome.counterexample
        item: dict[str, Any] = {
            "name": e.theorem.name,
            "rules": list(e.theorem.rules),
            "statement": e.theorem.statement,
            "method": e.theorem.method,
            "cases": e.outcome.cases,
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
        "all_passed": all(e.outcome.proved for e in entries),
        "theorems": items,
    }
