"""The Proofs page: every theorem of ``proofs/`` with the rules it covers, its statement
and its status, from the proof report (``shibumi-rules prove --json``)."""

from __future__ import annotations

import importlib.util
import json
from typing import Any

from gen_common import ROOT, MissingSourceError, Site, code, esc, fenced, game, run_cli, table
from gen_diagrams import embed, figure

from shibumi_rules.board import Board

PAGE = "proofs.md"
REPORT = ROOT / "proofs" / "report.json"
"""A committed report, when there is one; otherwise the proofs are run for the page."""

STATUS = {"proved": "proved", "counterexample": "**counterexample**",
          "undecided": "**undecided**"}


def _report(site: Site) -> tuple[dict[str, Any], str]:
    """The report and where it comes from."""
    if REPORT.exists():
        report: dict[str, Any] = json.loads(REPORT.read_text(encoding="utf-8"))
        site.asset("proofs/report.json", REPORT.read_bytes())
        return report, "the committed report [proofs/report.json](proofs/report.json)"
    if importlib.util.find_spec("z3") is None:
        raise MissingSourceError("the Proofs page runs the proofs, which need Z3: "
                                 "pip install -e '.[proofs]'")
    run = run_cli(["prove", "--json"])
    if run.status not in (0, 1) or not run.stdout.strip():
        raise RuntimeError(f"shibumi-rules prove --json failed: {run.stderr.strip()}")
    site.asset("proofs/report.json", run.stdout.encode("utf-8"))
    return json.loads(run.stdout), ("`shibumi-rules prove --json`, run when this page was "
                                    "built ([report](proofs/report.json))")


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
    out = [f"**{label}.** {note}\n", fenced(position)]
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
        except ValueError:
            out.append(fenced(str(example.get("diagram", ""))))
            return "\n".join(out)
    out.append(embed(site, PAGE, figure(f"proof-{stem}", f"{label}: {note}", board)))
    return "\n".join(out)


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


def generate(site: Site) -> None:
    report, origin = _report(site)
    theorems = report.get("theorems", [])
    proved = sum(t.get("status") == "proved" for t in theorems)
    out = [
        "# Proofs\n",
        "Tests check the positions they happen to build; a proof covers every position. "
        "The theorems below are stated over every board of the 30-point pyramid that "
        "obeys gravity (and, for the games, every state) and proved with the Z3 solver. "
        "The model they are proved on is written from the rules, independently of the "
        "engine's code, and the test suite checks the engine against the same model on "
        "random reachable positions.\n",
        f"**{proved} of {len(theorems)} theorems proved**, according to {origin}. "
        "A theorem that fails is reported with a counterexample position, and fails the "
        "test suite. Run them with:\n",
        fenced("shibumi-rules prove            # a table: theorem, rules, result, time\n"
               "shibumi-rules prove --list     # the statements\n"
               "shibumi-rules prove --json     # the report this page is made from", "sh"),
        table(["theorem", "rules", "status"], [
            [f"[{esc(t['name'])}](#{t['name']})", _ids(t.get("rules", [])),
             STATUS.get(t.get("status", ""), esc(t.get("status")))]
            for t in theorems
        ]),
    ]
    for t in theorems:
        name = t["name"]
        out.append(f"## {esc(name)} {{#{name}}}\n")
        out.append(esc(t.get("statement", "")) + "\n")
        out.append(f"**Rules:** {_ids(t.get('rules', []))}. **Status:** "
                   f"{STATUS.get(t.get('status', ''), esc(t.get('status')))}: "
                   f"{esc(t.get('summary', ''))}.\n")
        out.append(_facts(site, name, t.get("facts") or {}))
        if t.get("counterexample"):
            out.append(_position(site, name, "Counterexample", t["counterexample"]))
    site.page(PAGE, "\n".join(out))
