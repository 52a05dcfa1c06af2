"""The conformance report: a text summary for people and a JSON document for CI.

Both list each divergence once (the smallest example of its kind and rules, with how
often it occurred), with the position in notation and as a diagram, the move, what the
reference expects and what the engine did, and the rule and ruling IDs involved; and a
table per rule: vectors that exercise it, how many failed, divergences naming it.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from ..errors import ShibumiError
from ..game import Game
from .results import KINDS, Divergence, RuleTally, RunResult

AnyGame = Game[Any, Any]


def _rule_order(rule: str) -> tuple[str, int]:
    """SHB, SPF, SPK; then by name with the number compared as a number."""
    prefix, _, number = rule.rpartition("-")
    return (prefix, int(number) if number.isdigit() else 0)


def rule_rows(result: RunResult) -> list[tuple[str, int, int, int, int]]:
    """(rule, vectors exercising it, vectors failed, illegal moves sent whose rejection
    it gives, divergences naming it), by rule."""
    divergences: dict[str, int] = {}
    for item in result.recorder.divergences:
        for rule in item.rules:
            divergences[rule] = divergences.get(rule, 0) + item.occurrences
    rows = []
    for rule in sorted(set(result.rules) | set(divergences), key=_rule_order):
        tally = result.rules.get(rule, RuleTally())
        rows.append((rule, tally.vectors, tally.failed, tally.rejections,
                     divergences.get(rule, 0)))
    return rows


def diagram(reference: dict[str, AnyGame], item: Divergence) -> str | None:
    """The reference's diagram of the divergence's position."""
    game = reference.get(item.game)
    if game is None or item.position is None:
        return None
    try:
        return game.describe(game.parse_position(item.position))
    except ShibumiError:
        return None


def to_json(result: RunResult, reference: dict[str, AnyGame]) -> dict[str, Any]:
    identity = result.identity
    return {
        "conformant": result.conformant,
        "engine": {"command": result.engine_argv, "name": identity.get("name"),
                   "version": identity.get("version"),
                   "features": identity.get("features", []),
                   "restarts": result.restarts},
        "config": result.config,
        "games": result.games,
        "aborted": result.aborted,
        "positions_checked": result.positions,
        "elapsed_seconds": round(result.elapsed, 3),
        "positions_per_second": round(result.rate, 1),
        "phases": {name: {"checks": s.checks, "positions": s.positions,
                          "divergences": s.divergences, "skipped": s.skipped,
                          "notes": s.notes}
                   for name, s in result.phases.items()},
        "rules": [{"rule": rule, "vectors": vectors, "vectors_failed": failed,
                   "illegal_moves": rejections, "divergences": count}
                  for rule, vectors, failed, rejections, count in rule_rows(result)],
        "divergences": [
            {**item.to_json(), "diagram": diagram(reference, item)}
            for item in result.recorder.divergences
        ],
    }


def write_json(result: RunResult, reference: dict[str, AnyGame], path: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(to_json(result, reference), handle, indent=2)
        handle.write("\n")


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def _indent(text: str, prefix: str = "      ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def text(result: RunResult, reference: dict[str, AnyGame]) -> str:
    identity = result.identity
    out = []
    name = identity.get("name") or "engine"
    out.append(f"conformance of {name} {identity.get('version', '')} "
               f"({shlex.join(result.engine_argv)})".replace("  ", " "))
    c = result.config
    out.append(f"games: {', '.join(result.games) or '-'}; seed {c['seed']}; "
               f"{c['random_games']} random games per game; "
               f"features: {', '.join(identity.get('features', [])) or '-'}")
    out.append("")
    out.append(f"{'check':<24} {'checks':>7} {'positions':>10} {'divergences':>12}  notes")
    for phase, stats in result.phases.items():
        notes = "; ".join(stats.notes + ([f"{stats.skipped} skipped"] if stats.skipped
                                         else []))
        out.append(f"{phase:<24} {stats.checks:>7} {stats.positions:>10} "
                   f"{stats.divergences:>12}  {notes}")
    rows = rule_rows(result)
    if rows:
        out.append("")
        out.append(f"{'rule':<16} {'vectors':>8} {'failed':>7} {'illegal moves':>14} "
                   f"{'divergences':>12}")
        for rule, vectors, failed, rejections, count in rows:
            mark = "  <-" if failed or count else ""
            out.append(f"{rule:<16} {vectors:>8} {failed:>7} {rejections:>14} "
                       f"{count:>12}{mark}")
    items = result.recorder.divergences
    if items:
        out.append("")
        out.append(f"divergences ({len(items)} distinct, {result.recorder.total} in all):")
        for number, item in enumerate(items, 1):
            out.append(_divergence_text(number, item, reference))
    out.append("")
    if result.aborted:
        out.append(f"run stopped early: {result.aborted}")
    if result.restarts:
        out.append(f"the engine was restarted {result.restarts} time(s)")
    failing = sorted({rule for item in items for rule in item.rules})
    if result.conformant:
        out.append("result: CONFORMANT (no divergence from the reference)")
    elif not items and result.aborted:
        out.append("result: NOT CONFORMANT: the run stopped early (see above)")
    else:
        rules = f" involving {', '.join(failing)}" if failing else ""
        out.append(f"result: NOT CONFORMANT: {len(items)} distinct divergence(s){rules}")
    out.append(f"checked {result.positions} positions in {result.elapsed:.1f} s: "
               f"{result.rate:,.0f} positions/s")
    return "\n".join(out)


def _divergence_text(number: int, item: Divergence,
                     reference: dict[str, AnyGame]) -> str:
    rules = ", ".join(item.rules) or "no rule (engine behaviour)"
    times = f" (x{item.occurrences})" if item.occurrences > 1 else ""
    lines = [f"{number:>3}. {item.game}: {KINDS.get(item.kind, item.kind)} "
             f"[{rules}]{times}",
             f"     where:    {item.source}"]
    if item.position is not None:
        lines.append(f"     position: {item.position}")
    if item.move is not None:
        lines.append(f"     move:     {item.move}")
    lines.append(f"     expected: {_value(item.expected)}")
    lines.append(f"     actual:   {_value(item.actual)}")
    if item.detail:
        lines.append(f"     detail:   {item.detail}")
    picture = diagram(reference, item)
    if picture:
        lines.append(_indent(picture))
    return "\n".join(lines)
