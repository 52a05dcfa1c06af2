"""The conformance report: text for people, JSON for CI, Markdown to publish.

All three say what was checked (per game and combination of options: vectors, perft
roots, random games, positions, and which rules, rulings and ends the vectors covered),
the result and why, and every finding: the JSON lists every divergence; the text and the
Markdown group rule divergences by rule, with counts and the first examples (smallest
first), and list protocol findings, engine failures, declared deviations (with the
positions where each changes the answer) and harness errors apart. The table per rule
counts a divergence only under the rules its attribution implicates.

The Markdown report holds no timing, so two runs with the same engine, seed and vectors
give the same text.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..contract.game import Game
from ..display import markdown_code, markdown_text
from ..errors import ShibumiError
from ..fileio import write_atomic
from .results import (
    CONFORMANT,
    DIVERGENT,
    ERROR,
    FAILURE,
    INCONCLUSIVE,
    KINDS,
    PROTOCOL,
    RULE,
    Combination,
    Divergence,
    RuleTally,
    RunResult,
)

AnyGame = Game[Any, Any]
EXAMPLES: Final = 3
"""Examples shown per group when ``--examples`` is not given."""
FORMATS: Final = ("text", "json", "markdown")

SUMMARY: Final = {
    CONFORMANT: "every check agreed with the reference, and the vectors covered everything "
                "they hold for what the engine declares",
    DIVERGENT: "the engine's answers differ from the reference's",
    INCONCLUSIVE: "nothing diverged, but too little was checked to conclude",
    ERROR: "the engine or the harness failed",
}


def _rule_order(rule: str) -> tuple[str, int]:
    """SHB, SPF, SPK; then by name with the number compared as a number."""
    prefix, _, number = rule.rpartition("-")
    return (prefix, int(number) if number.isdigit() else 0)


def _rule_divergences(result: RunResult) -> list[Divergence]:
    return [d for d in result.recorder.items if d.category == RULE and d.deviation is None]


def _deviation_divergences(result: RunResult) -> list[Divergence]:
    return [d for d in result.recorder.items if d.deviation is not None]


def rule_rows(result: RunResult) -> list[tuple[str, int, int, int, int]]:
    """(rule, vectors exercising it, of them with a divergence implicating it, illegal
    moves sent whose rejection it gives, divergences implicating it), by rule."""
    divergences: dict[str, int] = {}
    for item in result.recorder.items:
        if item.category != RULE:
            continue
        for rule in item.rules:
            divergences[rule] = divergences.get(rule, 0) + item.occurrences
    rows = []
    for rule in sorted(set(result.rules) | set(divergences), key=_rule_order):
        tally = result.rules.get(rule, RuleTally())
        rows.append((rule, tally.vectors, tally.failed, tally.rejections,
                     divergences.get(rule, 0)))
    return rows


def groups(items: Iterable[Divergence]) -> list[tuple[str, str, list[Divergence]]]:
    """Divergences by game and leading rule (or, naming none, by kind and topic):
    (game, heading, divergences smallest first), most frequent first."""
    grouped: dict[tuple[str, str], list[Divergence]] = {}
    for item in items:
        head = item.rules[0] if item.rules else \
            (f"{item.kind}: {item.topic}" if item.topic else item.kind)
        grouped.setdefault((item.game, head), []).append(item)
    out = [(game, head, sorted(members, key=lambda d: (d.size, d.source)))
           for (game, head), members in grouped.items()]
    out.sort(key=lambda g: (-sum(d.occurrences for d in g[2]), g[0], g[1]))
    return out


def diagram(reference: dict[str, AnyGame], item: Divergence) -> str | None:
    """The reference's diagram of the divergence's position."""
    game = reference.get(item.game)
    if game is None or item.position is None:
        return None
    try:
        return game.describe(game.parse_position(item.position))
    except ShibumiError:
        return None


# -- JSON ---------------------------------------------------------------------------

def _combination_json(combo: Combination) -> dict[str, Any]:
    return {
        "game": combo.game, "options": combo.options, "declared": combo.declared,
        "not_checked_because": combo.why_not or None,
        "vectors": combo.vectors, "vectors_checked": combo.vectors_checked,
        "vectors_skipped": combo.skipped, "perft_roots": combo.perft,
        "random_games": combo.random_games, "positions": combo.positions,
        "divergences": combo.divergences,
        "covered": sorted(i for i in combo.covered if not i.startswith("end:")),
        "ends": sorted(i.removeprefix("end:") for i in combo.covered
                       if i.startswith("end:")),
        "missing": combo.missing, "gaps": combo.gaps,
    }


def to_json(result: RunResult, reference: dict[str, AnyGame]) -> dict[str, Any]:
    identity = result.identity
    items = result.recorder.divergences
    return {
        "result": result.result,
        "exit_status": result.exit_status,
        "summary": SUMMARY[result.result],
        "conformant": result.conformant,
        "inconclusive": result.inconclusive,
        "engine": {"command": result.engine_argv, "name": identity.get("name"),
                   "version": identity.get("version"),
                   "protocol": identity.get("protocol"),
                   "features": identity.get("features", []),
                   "restarts": result.restarts},
        "reference": result.reference,
        "config": result.config,
        "games": result.games,
        "notes": result.notes,
        "deviations_declared": result.deviations,
        "aborted": result.aborted,
        "harness_errors": result.harness_errors,
        "positions_checked": result.positions,
        "elapsed_seconds": round(result.elapsed, 3),
        "positions_per_second": round(result.rate, 1),
        "perft_nodes": result.perft_nodes,
        "perft_nodes_per_second": round(result.node_rate, 1),
        "combinations": [_combination_json(c) for c in result.combinations],
        "end_counts": result.end_counts,
        "phases": {name: {"checks": s.checks, "positions": s.positions,
                          "divergences": s.divergences, "skipped": s.skipped,
                          "notes": s.notes}
                   for name, s in result.phases.items()},
        "rules": [{"rule": rule, "vectors": vectors, "vectors_failed": failed,
                   "illegal_moves": rejections, "divergences": count}
                  for rule, vectors, failed, rejections, count in rule_rows(result)],
        "counts": {"rule": len(_rule_divergences(result)),
                   "deviation": len(_deviation_divergences(result)),
                   "protocol": len(result.recorder.of(PROTOCOL)),
                   "failure": len(result.recorder.of(FAILURE)),
                   "not_listed": result.recorder.dropped},
        "divergences": [{**item.to_json(), "diagram": diagram(reference, item)}
                        for item in items],
    }


def json_text(result: RunResult, reference: dict[str, AnyGame]) -> str:
    return json.dumps(to_json(result, reference), indent=2) + "\n"


def write(path: str, text: str) -> None:
    """Write a report file atomically (never a half-written report)."""
    write_atomic(path, text)


# -- text ---------------------------------------------------------------------------

def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def _indent(text: str, prefix: str = "      ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def _engine_line(result: RunResult) -> str:
    identity = result.identity
    name = identity.get("name") or "engine"
    return (f"{name} {identity.get('version', '')}".strip()
            + f" ({shlex.join(result.engine_argv)})")


def _coverage_cells(combo: Combination) -> tuple[str, str, str]:
    ids = [i for i in combo.available if not i.startswith("end:")]
    ends = [i for i in combo.available if i.startswith("end:")]
    got_ids = len([i for i in ids if i in combo.covered])
    got_ends = len([i for i in ends if i in combo.covered])
    return (f"{combo.vectors_checked}/{combo.vectors}", f"{got_ids}/{len(ids)}",
            f"{got_ends}/{len(ends)}")


def text(result: RunResult, reference: dict[str, AnyGame], examples: int = EXAMPLES) -> str:
    identity = result.identity
    out = [f"conformance of {_engine_line(result)}"]
    c = result.config
    out.append(f"games: {', '.join(result.games) or '-'}; seed {c['seed']}; "
               f"{c['random_games']} random games per combination of options; "
               f"features: {', '.join(identity.get('features', [])) or '-'}")
    for note in result.notes:
        out.append(f"note: {note}")
    out.append("")
    out.append(f"{'check':<24} {'checks':>7} {'positions':>10} {'divergences':>12}  notes")
    for phase, stats in result.phases.items():
        notes = "; ".join(stats.notes + ([f"{stats.skipped} skipped"] if stats.skipped
                                         else []))
        out.append(f"{phase:<24} {stats.checks:>7} {stats.positions:>10} "
                   f"{stats.divergences:>12}  {notes}".rstrip())
    out += _coverage_text(result)
    rows = rule_rows(result)
    if rows:
        out.append("")
        out.append(f"{'rule':<16} {'vectors':>8} {'failed':>7} {'illegal moves':>14} "
                   f"{'divergences':>12}")
        for rule, vectors, failed, rejections, count in rows:
            mark = "  <-" if failed or count else ""
            out.append(f"{rule:<16} {vectors:>8} {failed:>7} {rejections:>14} "
                       f"{count:>12}{mark}")
    out += _findings_text(result, reference, examples)
    out.append("")
    if result.aborted:
        out.append(f"run stopped early: {result.aborted}")
    if result.restarts:
        out.append(f"the engine was restarted {result.restarts} time(s)")
    reasons = result.inconclusive
    if reasons and result.result != CONFORMANT:
        out.append("not enough was checked:")
        out += [f"  - {reason}" for reason in reasons]
    out.append(f"result: {result.result} ({_why(result)})")
    out.append(f"checked {result.positions} positions in {result.elapsed:.1f} s: "
               f"{result.rate:,.0f} positions/s"
               + (f" outside perft; perft: {result.perft_nodes:,} nodes in "
                  f"{result.perft_seconds:.1f} s, {result.node_rate:,.0f} nodes/s"
                  if result.perft_nodes else ""))
    return "\n".join(out)


def _why(result: RunResult) -> str:
    """The result's reason in a few words."""
    verdict = result.result
    if verdict == DIVERGENT:
        parts = []
        rules = _rule_divergences(result)
        if rules:
            failing = sorted({r for d in rules for r in d.rules[:1]}, key=_rule_order)
            parts.append(f"{len(rules)} rule divergence(s)"
                         + (f" led by {', '.join(failing)}" if failing else ""))
        deviations = _deviation_divergences(result)
        if deviations:
            parts.append(f"{len(deviations)} answer(s) changed by declared deviations "
                         f"({', '.join(sorted({d.deviation or '' for d in deviations}))})")
        protocol = result.recorder.of(PROTOCOL)
        if protocol:
            parts.append(f"{len(protocol)} protocol finding(s)")
        return "; ".join(parts)
    if verdict == ERROR:
        failures = result.recorder.of(FAILURE)
        parts = [f"{len(failures)} engine failure(s)"] if failures else []
        if result.aborted:
            parts.append("the run stopped early")
        if result.harness_errors:
            parts.append(f"{len(result.harness_errors)} harness error(s)")
        return "; ".join(parts)
    if verdict == INCONCLUSIVE:
        return f"{len(result.inconclusive)} reason(s) above"
    return SUMMARY[CONFORMANT]


def _coverage_text(result: RunResult) -> list[str]:
    if not result.combinations:
        return []
    out = ["", "what was checked, per combination of options (checked/available):"]
    width = max(len(f"{c.game} {c.label}") for c in result.combinations)
    out.append(f"{'combination':<{width}} {'vectors':>9} {'rules':>7} {'ends':>5} "
               f"{'perft':>5} {'games':>5} {'positions':>9} {'divergences':>11}")
    for combo in result.combinations:
        name = f"{combo.game} {combo.label}"
        if not combo.declared:
            out.append(f"{name:<{width}} not checked: {combo.why_not}")
            continue
        vectors, ids, ends = _coverage_cells(combo)
        out.append(f"{name:<{width}} {vectors:>9} {ids:>7} {ends:>5} {combo.perft:>5} "
                   f"{combo.random_games:>5} {combo.positions:>9} {combo.divergences:>11}")
    for game, counts in result.end_counts.items():
        if counts:
            ends = ", ".join(f"{end} {n}" for end, n in
                             sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
            out.append(f"{game} random games ended: {ends}")
    return out


def _findings_text(result: RunResult, reference: dict[str, AnyGame],
                   examples: int) -> list[str]:
    out: list[str] = []
    sections = [
        ("rule divergences", _rule_divergences(result)),
        ("protocol findings", result.recorder.of(PROTOCOL)),
        ("engine failures", result.recorder.of(FAILURE)),
    ]
    for title, items in sections:
        if not items:
            continue
        total = sum(d.occurrences for d in items)
        out += ["", f"{title} ({len(items)} distinct, {total} in all), by "
                    f"{'rule' if title.startswith('rule') else 'kind'}:"]
        for game, head, members in groups(items):
            count = sum(d.occurrences for d in members)
            kinds = ", ".join(sorted({KINDS.get(d.kind, d.kind) for d in members}))
            out.append(f"  {head} ({game}): {count} ({kinds})")
            for number, item in enumerate(members[:examples], 1):
                out.append(_divergence_text(number, item, reference))
            if len(members) > examples:
                out.append(f"       ... and {len(members) - examples} more (all in the "
                           "JSON report)")
    deviations = _deviation_divergences(result)
    if result.deviations:
        out += ["", "declared deviations:"]
        for game, declared in result.deviations.items():
            for ruling, reading in declared.items():
                mine = [d for d in deviations if d.game == game and d.deviation == ruling]
                out.append(f"  {ruling} ({game}): the engine's reading: {reading or '-'}")
                out.append(f"    changes the answer at {len(mine)} position(s)"
                           + (":" if mine else " among those checked"))
                for number, item in enumerate(
                        sorted(mine, key=lambda d: d.size)[:examples], 1):
                    out.append(_divergence_text(number, item, reference))
    if result.harness_errors:
        out += ["", f"harness errors ({len(result.harness_errors)}):"]
        out += [f"  - {line}" for line in result.harness_errors[:max(examples, 1) * 3]]
    if result.recorder.dropped:
        out.append(f"({result.recorder.dropped} further distinct divergences were counted "
                   "but not kept)")
    return out


def _divergence_text(number: int, item: Divergence,
                     reference: dict[str, AnyGame]) -> str:
    rules = ", ".join(item.rules) or "no rule (engine behaviour)"
    times = f" (x{item.occurrences})" if item.occurrences > 1 else ""
    lines = [f"{number:>6}. {KINDS.get(item.kind, item.kind)} [{rules}]{times}",
             f"        where:    {item.source}"]
    if item.options:
        lines.append(f"        options:  "
                     f"{' '.join(f'{k}={v}' for k, v in item.options.items())}")
    if item.position is not None:
        lines.append(f"        position: {item.position}")
    if item.move is not None:
        lines.append(f"        move:     {item.move}")
    lines.append(f"        expected: {_value(item.expected)}")
    lines.append(f"        actual:   {_value(item.actual)}")
    if item.detail:
        lines.append(f"        detail:   {item.detail}")
    picture = diagram(reference, item)
    if picture:
        lines.append(_indent(picture, "        "))
    return "\n".join(lines)


# -- Markdown -------------------------------------------------------------------------
#
# Every text in the Markdown report goes through ``_md`` (plain text) or ``_code`` (a
# code span): an engine's strings (its name, version, options, first players,
# deviations, stray lines, error messages, stderr) are published as they are, never as
# markup, whatever HTML, links or backticks they hold (``display.markdown_text``).

def _md(text: Any) -> str:
    """Plain text: it shows as itself and holds no markup, a table cell included."""
    return markdown_text(text)


def _code(text: Any) -> str:
    """A code span that no backtick inside it can end early."""
    return markdown_code(text)


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """A table of cells already made Markdown (``_md``, ``_code`` or numbers)."""
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return out


def markdown(result: RunResult, reference: dict[str, AnyGame], examples: int = EXAMPLES,
             command: str | None = None) -> str:
    """A report to publish. ``command`` is the engine's command line as given to
    ``--engine`` (None for the reference engine, whose command line depends on the
    machine)."""
    identity = result.identity
    name = identity.get("name") or "engine"
    version = identity.get("version") or ""
    out = [f"# Conformance report: {_md(name)} {_md(version)}".rstrip(), ""]
    out.append(f"**Result: {_md(result.result)}**: {_md(SUMMARY[result.result])}.")
    out.append("")
    c = result.config
    ref = result.reference
    selection = ", ".join(f"{k}={v}" for k, v in c["options"].items()) or \
        "every combination the engine declares"
    out += _table(["item", "value"], [
        ["engine", _md(f"{name} {version}".strip())],
        ["command", _code(command) if command is not None else
         "`shibumi-rules engine` (the reference engine, run as a subprocess)"],
        ["protocol", _md(identity.get("protocol", "-"))],
        ["features", _md(", ".join(map(str, identity.get("features", []))) or "-")],
        ["reference", _md(f"shibumi-rules {ref.get('version', '')}, specification "
                          f"{ref.get('spec_version', '')}")],
        ["vectors", _md(f"{ref.get('vectors', 0)} loaded"
                        + (f" (index {ref['vectors_content_hash']})"
                           if ref.get("vectors_content_hash") else ""))],
        ["games", _md(", ".join(result.games) or "-")],
        ["options", _md(selection)],
        ["random games", _md(f"{c['random_games']} per combination, seed {c['seed']}")],
        ["perft depth", _md(c["depth"] if c["depth"] is not None else "each game's default")],
        ["positions checked", f"{result.positions:,}"],
    ])
    if result.notes:
        out += ["", *[f"- {_md(note)}" for note in result.notes]]
    out += ["", "## What was checked", ""]
    if result.combinations:
        out += _table(["game", "options", "vectors", "rules and rulings", "ends",
                       "perft roots", "random games", "positions", "divergences"],
                      [_markdown_row(combo) for combo in result.combinations])
    else:
        out.append("Nothing: no game was checked.")
    for game, counts in result.end_counts.items():
        if counts:
            ends = ", ".join(f"{end} {n}" for end, n in
                             sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
            out += ["", f"Random games of {_md(game)} ended: {_md(ends)}."]
    reasons = result.inconclusive
    if reasons:
        out += ["", "Not enough was checked:", ""]
        out += [f"- {_md(reason)}" for reason in reasons]
    out += ["", "## Divergences by rule", ""]
    rules = _rule_divergences(result)
    if not rules:
        out.append("None.")
    for game, head, members in groups(rules):
        count = sum(d.occurrences for d in members)
        out += [f"### {_md(head)} ({_md(game)}): {count}", ""]
        out += [_markdown_example(item) for item in members[:examples]]
        if len(members) > examples:
            out.append(f"- ... and {len(members) - examples} more")
        out.append("")
    for title, category in (("Protocol findings", PROTOCOL), ("Engine failures", FAILURE)):
        items = result.recorder.of(category)
        if items:
            out += ["", f"## {title}", ""]
            for game, head, members in groups(items):
                count = sum(d.occurrences for d in members)
                out.append(f"- {_md(head)} ({_md(game)}): {count}; for example "
                           f"{_md(members[0].source)}: {_md(_value(members[0].actual))}")
    out += ["", "## Declared deviations", ""]
    if not result.deviations:
        out.append("None declared.")
    deviations = _deviation_divergences(result)
    for game, declared in result.deviations.items():
        for ruling, reading in declared.items():
            mine = sorted((d for d in deviations
                           if d.game == game and d.deviation == ruling), key=lambda d: d.size)
            out.append(f"- {_md(ruling)} ({_md(game)}): {_md(reading) or '-'}; changes the "
                       f"answer at {len(mine)} position(s)"
                       + ("" if mine else " among those checked"))
            out += ["  " + _markdown_example(item) for item in mine[:examples]]
    if result.aborted or result.harness_errors:
        out += ["", "## Run", ""]
        if result.aborted:
            out.append(f"- stopped early: {_md(result.aborted)}")
        out += [f"- harness error: {_md(line)}" for line in result.harness_errors]
    return "\n".join(out).rstrip() + "\n"


def _markdown_row(combo: Combination) -> list[Any]:
    if not combo.declared:
        return [_md(combo.game), _code(combo.label), _md(f"not checked: {combo.why_not}"),
                "", "", "", "", "", ""]
    vectors, ids, ends = _coverage_cells(combo)
    return [_md(combo.game), _code(combo.label), vectors, ids, ends, _md(combo.perft),
            _md(combo.random_games), f"{combo.positions:,}", _md(combo.divergences)]


def _markdown_example(item: Divergence) -> str:
    parts = [f"{_md(KINDS.get(item.kind, item.kind))} [{_md(', '.join(item.rules) or '-')}]"]
    if item.position is not None:
        parts.append(f"at {_code(item.position)}")
    if item.move is not None:
        parts.append(f"move {_code(item.move)}")
    parts.append(f"expected {_code(_value(item.expected))}, "
                 f"engine {_code(_value(item.actual))}")
    return "- " + ", ".join(parts)
