"""The Proofs page: every claim of ``proofs/`` with the rules it covers, its statement,
how it is established (Z3 proof, exhaustive enumeration with its number of cases, or
sampling with its number of examples) and its status, from the report of
``shibumi-rules prove --json``.

The report's timings are dropped before anything is written, so the page and the
report published beside it depend only on the source tree and the Z3 version. Running
every claim takes a while, so the report is kept in a cache outside the repository,
keyed by a hash of those: the second build of an unchanged tree (CI's build, then the
docs test; each rebuild of ``mkdocs serve``) reuses it instead of running everything
again.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from gen_common import ROOT, MissingSourceError, Site, code, esc, fenced, game, run_cli, table
from gen_diagrams import embed, figure

from shibumi_rules.board import Board

PAGE = "proofs.md"
REPORT = ROOT / "proofs" / "report.json"
"""A committed report, when there is one; otherwise the proofs are run for the page."""

STATUS = {"proved": "proved", "sampled": "no difference found",
          "counterexample": "**counterexample**", "undecided": "**undecided**"}
METHODS = {"z3": "Z3 proof", "exhaustive": "exhaustive enumeration", "sampling": "sampling"}


def without_timings(report: dict[str, Any]) -> dict[str, Any]:
    """The report with every time left out (they depend on the machine)."""
    out = {k: v for k, v in report.items() if k != "seconds"}
    out["theorems"] = [{k: v for k, v in t.items() if k != "seconds"}
                       for t in report.get("theorems", [])]
    return out


def method(claim: dict[str, Any]) -> str:
    """How a claim is established, with its count: "exhaustive enumeration, 141,120
    cases"."""
    key = claim.get("method")
    if key not in METHODS:
        return "not stated"
    cases = claim.get("cases")
    if not isinstance(cases, int):
        return METHODS[key]
    unit = "examples" if key == "sampling" else "cases"
    return f"{METHODS[key]}, {cases:,} {unit}"


def _report(site: Site) -> tuple[dict[str, Any], str]:
    """The report and where it comes from."""
    if REPORT.exists():
        report = without_timings(json.loads(REPORT.read_text(encoding="utf-8")))
        site.asset("proofs/report.json", (json.dumps(report, indent=2) + "\n").encode("utf-8"))
        return report, "the committed report [proofs/report.json](proofs/report.json)"
    if importlib.util.find_spec("z3") is None:
        raise MissingSourceError("the Proofs page runs the proofs, which need Z3: "
                                 "pip install -e '.[proofs]'")
    cached = cache_file()
    text = _read_cache(cached)
    if text is None:
        run = run_cli(["prove", "--json"])
        if run.status not in (0, 1) or not run.stdout.strip():
            raise RuntimeError(f"shibumi-rules prove --json failed: {run.stderr.strip()}")
        text = json.dumps(without_timings(json.loads(run.stdout)), indent=2) + "\n"
        _write_cache(cached, text)
    site.asset("proofs/report.json", text.encode("utf-8"))
    return json.loads(text), ("`shibumi-rules prove --json`, run on the source tree this "
                              "page was built from ([report](proofs/report.json))")


CACHE_ENV = "SHIBUMI_DOCS_CACHE"
"""Overrides the cache folder (default: ``shibumi-rules-docs`` in the temporary folder)."""
CACHE_INPUTS = ("proofs", "shibumi_rules")
"""The folders whose Python files the proof report can depend on."""


def cache_key(root: Path = ROOT) -> str:
    """SHA-256 of every Python file the proofs can import (path and bytes) and of the
    Z3 version: equal keys give byte-identical reports."""
    digest = hashlib.sha256()
    for folder in CACHE_INPUTS:
        for path in sorted((root / folder).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes() + b"\0")
    try:
        digest.update(importlib.metadata.version("z3-solver").encode("utf-8"))
    except importlib.metadata.PackageNotFoundError:
        digest.update(b"z3 version unknown")
    return digest.hexdigest()


def cache_file(root: Path = ROOT) -> Path:
    folder = Path(os.environ.get(CACHE_ENV) or Path(tempfile.gettempdir()) / "shibumi-rules-docs")
    return folder / f"proof-report-{cache_key(root)[:32]}.json"


def _read_cache(path: Path) -> str | None:
    """The cached report, or None when there is none or it is unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
        json.loads(text)
    except (OSError, ValueError):
        return None
    return text


def _write_cache(path: Path, text: str) -> None:
    """Store the report atomically; a cache that cannot be written is only slower."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass


def _status(theorem: dict[str, Any]) -> str:
    """The status and the report's summary, the status word said once: a summary
    often begins with it ("proved for every board")."""
    status = str(theorem.get("status", ""))
    shown = STATUS.get(status, esc(status))
    summary = esc(theorem.get("summary", ""))
    if not summary:
        return shown
    if status and summary.startswith(status) and shown == status:
        return summary
    return f"{shown}: {summary}"


def _ids(ids: list[str]) -> str:
    from gen_rules import link

    from shibumi_rules import spec

    current = spec.current()
    return ", ".join(link(i, current, PAGE) if i in current else code(i) for i in ids)


def _position(site: Site, stem: str, label: str, example: dict[str, Any]) -> str:
    """A position the report gives (a counterexample or a witness): its note, its
    notation and its diagram."""
    position = str(example.get("position", ""))
    note = esc(example.get("note", ""))
    board = None
    for game_name in ("sploof", "splink"):
        g = game(game_name)
        try:
            board = g.board(g.parse_position(position))
            break
        except ValueError:
            continue
    if board is None:
        try:
            board = Board.from_text(position.split(" ")[0])
        except ValueError:  # no diagram to draw: the note is said here, once
            return "\n".join([f"**{label}.** {note}\n", fenced(position),
                              fenced(str(example.get("diagram", "")))])
    # the note is the caption of the diagram, so the lead only names the position
    return "\n".join([f"**{label}**, in notation and drawn:\n", fenced(position),
                      embed(site, PAGE, figure(f"proof-{stem}", f"{label}: {note}", board))])


def _facts(site: Site, name: str, facts: dict[str, Any]) -> str:
    out = []
    rows = []
    for key, value in facts.items():
        if isinstance(value, dict) and "position" in value:
            out.append(_position(site, f"{name}-{key}", key.replace("_", " ").capitalize(),
                                 value))
        else:
            text = value if isinstance(value, str) else json.dumps(value)
            rows.append([code(key), esc(text)])
    if rows:
        out.insert(0, "**Facts found.**\n\n" + table(["fact", "value"], rows))
    return "\n".join(out)


def _tally(theorems: list[dict[str, Any]]) -> str:
    """How many claims passed, by method."""
    passed = [t for t in theorems if t.get("status") in ("proved", "sampled")]
    parts = []
    for key, label in (("z3", "proved with Z3"), ("exhaustive", "checked exhaustively"),
                       ("sampling", "sampled")):
        n = sum(t.get("method") == key for t in passed)
        if n:
            parts.append(f"{n} {label}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{len(passed)} of {len(theorems)} claims passed{detail}"


def generate(site: Site) -> None:
    report, origin = _report(site)
    theorems = report.get("theorems", [])
    out = [
        "# Proofs\n",
        "Tests check the positions they happen to build; a proof covers every position. "
        "Each claim below says how it is established, so that you can tell a proof from "
        "a sample:\n",
        "- **Z3 proof**: stated over every board of the 30-point pyramid that obeys "
        "gravity (and, for the games, every state) and proved with the Z3 solver, on a "
        "model written from the rules, independently of the engine's code;\n"
        "- **exhaustive enumeration**: the engine is compared with the same model on "
        "every case of a finite space, and the number of cases is given: the board "
        "mechanics on all 141,120 occupancies that obey gravity, each line and each "
        "scoring pair under every colouring of the points it depends on, the fast paths "
        "over the same spaces;\n"
        "- **sampling**: whole games cannot be enumerated, so the engine is compared with "
        "the model on the positions of seeded random games; the number of positions is "
        "given. Sampling finds differences; it cannot show that there are none.\n",
        f"**{_tally(theorems)}**, according to {origin}. A claim that fails is reported "
        "with a counterexample position. Run them with:\n",
        fenced("shibumi-rules prove            # a table: claim, rules, method, result, time\n"
               "shibumi-rules prove --list     # the statements\n"
               "shibumi-rules prove --json     # the report this page is made from", "sh"),
        table(["claim", "rules", "method", "status"], [
            [f"[{esc(t['name'])}](#{t['name']})", _ids(t.get("rules", [])), esc(method(t)),
             STATUS.get(t.get("status", ""), esc(t.get("status")))]
            for t in theorems
        ]),
    ]
    for t in theorems:
        name = t["name"]
        out.append(f"## {esc(name)} {{#{name}}}\n")
        out.append(esc(t.get("statement", "")) + "\n")
        out.append(f"**Rules:** {_ids(t.get('rules', []))}. **Method:** {esc(method(t))}. "
                   f"**Status:** {_status(t)}.\n")
        out.append(_facts(site, name, t.get("facts") or {}))
        if t.get("counterexample"):
            out.append(_position(site, name, "Counterexample", t["counterexample"]))
    site.page(PAGE, "\n".join(out))
