"""Expected divergences of a known implementation, in the spirit of web-platform-tests'
expectation files: a run of ``conform`` is compared with what a file says the engine
is known to do, and fails when a divergence appears that is not expected or an expected
one no longer happens.

A file lists one entry per group of divergences, a group being what the reports group
by: the game, the category (a rule divergence, a declared deviation, a protocol finding,
an engine failure), the leading rule (or, naming none, the kind and topic) and the kind.
Each entry carries the implementation's reading in a sentence, how many times the run
saw it and its smallest example. Only the groups are compared, with the result, the
engine's name and version and the run's settings; counts and examples say what was
seen. ``--update-expectations`` rewrites the file from a run, keeping each reading a
person wrote for a group that is still there.

Nothing here knows an implementation by name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..fileio import write_atomic
from ..json_input import JSONLimitError, load_json
from .results import ERROR, FAILURE, KINDS, Divergence, RunResult, UsageError

FORMAT: Final = 1
"""The version of the expectations file's layout."""
COMPARED_CONFIG: Final = ("games", "options", "seed", "random_games", "depth")
"""The settings of a run that its expectations hold for (the engine's answers depend
on nothing else the command line sets, but for the vectors, whose index is recorded)."""
DEVIATION: Final = "deviation"

Key = tuple[str, str, str, str]
"""(game, category, rule or topic, kind)."""


def category(item: Divergence) -> str:
    """A rule divergence inside a declared deviation is its own category."""
    return DEVIATION if item.deviation is not None else item.category


def head(item: Divergence) -> str:
    """What the reports group a divergence by: its leading rule, or its kind and
    topic."""
    if item.rules:
        return item.rules[0]
    return f"{item.kind}: {item.topic}" if item.topic else item.kind


def key(item: Divergence) -> Key:
    return (item.game, category(item), head(item), item.kind)


def entry_key(entry: dict[str, Any]) -> Key:
    return (str(entry["game"]), str(entry["category"]), str(entry["rule"]),
            str(entry["kind"]))


def example(item: Divergence) -> dict[str, Any]:
    """A divergence as an example: enough to find it again and to see it."""
    return {"source": item.source, "options": item.options, "position": item.position,
            "move": item.move, "expected": item.expected, "actual": item.actual,
            "detail": item.detail}


def groups(result: RunResult) -> dict[Key, list[Divergence]]:
    """The run's divergences by group, each group smallest first."""
    out: dict[Key, list[Divergence]] = {}
    for item in result.recorder.items:
        out.setdefault(key(item), []).append(item)
    return {k: sorted(v, key=lambda d: (d.size, d.source)) for k, v in sorted(out.items())}


def _reading(items: Sequence[Divergence], result: RunResult,
             kept: dict[Key, str]) -> str:
    first = items[0]
    if key(first) in kept:
        return kept[key(first)]
    if first.deviation is not None:
        declared = result.deviations.get(first.game, {}).get(first.deviation)
        if declared:
            return declared
    summary = KINDS.get(first.kind, first.kind)
    return f"{summary}: {first.detail}" if first.detail else summary


def settings(result: RunResult) -> dict[str, Any]:
    return {name: result.config.get(name) for name in COMPARED_CONFIG}


def build(result: RunResult, previous: dict[str, Any] | None = None) -> dict[str, Any]:
    """The expectations a run shows; readings of ``previous`` are kept."""
    kept = {entry_key(e): str(e.get("reading", "")) for e in (previous or {})
            .get("expected", []) if isinstance(e, dict) and _well_formed(e)}
    identity = result.identity
    expected = []
    for (game, cat, rule, kind), items in groups(result).items():
        expected.append({
            "game": game, "category": cat, "rule": rule, "kind": kind,
            "reading": _reading(items, result, kept),
            "count": sum(d.occurrences for d in items),
            "example": example(items[0]),
        })
    return {
        "format": FORMAT,
        "about": "Known divergences of this implementation: shibumi-rules conform "
                 "--expect FILE fails when a run shows one that is not listed here or no "
                 "longer shows one that is; --update-expectations rewrites this file "
                 "from a run (each reading is kept while its group is seen).",
        "engine": {"name": identity.get("name"), "version": identity.get("version")},
        "settings": settings(result),
        "vectors_content_hash": result.reference.get("vectors_content_hash"),
        "result": result.result,
        "expected": expected,
    }


def _well_formed(entry: dict[str, Any]) -> bool:
    return all(isinstance(entry.get(k), str) for k in ("game", "category", "rule", "kind"))


def load(path: str) -> dict[str, Any]:
    """An expectations file; anything wrong with it is a usage error."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise UsageError(f"--expect {path}: {err.strerror or err}") from None
    try:
        data = load_json(text)
    except (ValueError, JSONLimitError) as err:
        raise UsageError(f"--expect {path}: not JSON: {err}") from None
    entries = data.get("expected") if isinstance(data, dict) else None
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or not isinstance(entries, list) \
            or not all(isinstance(e, dict) and _well_formed(e) for e in entries):
        raise UsageError(f"--expect {path}: not an expectations file of format {FORMAT} "
                         "(rewrite it with --update-expectations)")
    return data


@dataclass
class Comparison:
    """How a run differs from its expectations (nothing, when it matches)."""

    unexpected: list[tuple[Key, list[Divergence]]]
    unseen: list[dict[str, Any]]
    other: list[str]
    """Differences of result, engine or settings."""
    seen: int

    @property
    def matches(self) -> bool:
        return not (self.unexpected or self.unseen or self.other)


def compare(result: RunResult, expected: dict[str, Any]) -> Comparison:
    found = groups(result)
    listed = {entry_key(e): e for e in expected["expected"]}
    other = []
    engine = expected.get("engine", {})
    identity = result.identity
    for field in ("name", "version"):
        if engine.get(field) != identity.get(field):
            other.append(f"the engine's {field} is {identity.get(field)!r}, the "
                         f"expectations are for {engine.get(field)!r}")
    recorded = expected.get("settings", {})
    for name, value in settings(result).items():
        if recorded.get(name) != value:
            other.append(f"this run's {name} is {json.dumps(value)}, the expectations "
                         f"were recorded with {json.dumps(recorded.get(name))}")
    if expected.get("result") != result.result:
        other.append(f"the run ended {result.result}, the expectations say "
                     f"{expected.get('result')}")
    unexpected = [(k, items) for k, items in found.items() if k not in listed]
    unseen = [e for k, e in listed.items() if k not in found]
    return Comparison(unexpected, unseen, other, len(listed) - len(unseen))


def describe(comparison: Comparison, path: str) -> list[str]:
    """What a comparison found, in lines for the terminal."""
    if comparison.matches:
        return [f"expectations ({path}): the run matches them: {comparison.seen} expected "
                "group(s) of divergences seen, none unexpected"]
    out = [f"expectations ({path}): the run does not match them:"]
    out += [f"  - {line}" for line in comparison.other]
    for (game, cat, rule, kind), items in comparison.unexpected:
        first = items[0]
        where = f" at {first.position}" if first.position else ""
        move = f" move {first.move}" if first.move else ""
        out.append(f"  - unexpected: {game} {rule} ({cat}, {kind}), "
                   f"{sum(d.occurrences for d in items)} time(s), first {first.source}"
                   f"{where}{move}")
    for entry in comparison.unseen:
        out.append(f"  - expected but not seen: {entry['game']} {entry['rule']} "
                   f"({entry['category']}, {entry['kind']}): {entry.get('reading', '')}")
    out.append("  (if the change is intended, rewrite them from this run with "
               "--update-expectations)")
    return out


def update(result: RunResult, path: str) -> list[str]:
    """Rewrite the expectations file from a run (readings kept); a run that failed
    records nothing, since a failure is never expected."""
    if result.result == ERROR or result.recorder.of(FAILURE):
        raise UsageError(f"--update-expectations: the run ended {result.result} (an "
                         "engine or harness failure), which no expectation may record; "
                         f"{path} is left as it was")
    previous = None
    if Path(path).is_file():
        try:
            previous = load(path)
        except UsageError:
            previous = None
    data = build(result, previous)
    write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return [f"expectations ({path}): rewritten from this run: "
            f"{len(data['expected'])} group(s) of divergences, result {result.result}"]
