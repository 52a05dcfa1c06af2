"""Compare the program installed from a wheel (run outside the repository) with the
program of the checkout: conform must check every shipped vector and the same
positions, explain must show the same answer with the rules' titles, tables --check
must verify the shipped copy of spec/, content --check the content files the games
ship, and prove (and content --write) must say they need a checkout."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def run(command: list[str], *, expect: int = 0) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != expect:
        sys.exit(f"wheel smoke: {' '.join(command)} exited {done.returncode}, expected "
                 f"{expect}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout + done.stderr


def conform(program: str, folder: Path) -> dict[str, object]:
    report = folder / f"{Path(program).parent.parent.name}-conform.json"
    run([program, "conform", "--quiet", "--report", str(report)])
    data: dict[str, object] = json.loads(report.read_text(encoding="utf-8"))
    return data


def shipped_vector_count(program: str) -> int:
    """Vectors listed by the index the installed package ships (position vectors)."""
    code = ("import json; from shibumi_rules.spec import spec_dir; "
            "d = json.loads((spec_dir() / 'conformance' / 'index.json').read_text()); "
            "print(sum(f['vectors'] for f in d['files'] if f['kind'] == 'position'))")
    python = str(Path(program).parent / "python")
    return int(run([python, "-c", code]).strip())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkout", required=True)
    parser.add_argument("--installed", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        mine, theirs = conform(args.installed, folder), conform(args.checkout, folder)
    phases = mine["phases"]
    assert isinstance(phases, dict)
    vectors = sum(p["checks"] for name, p in phases.items() if name.endswith(" vectors"))
    expected = shipped_vector_count(args.installed)
    if vectors == 0 or vectors != expected:
        sys.exit(f"wheel smoke: conform checked {vectors} vectors, the package ships "
                 f"{expected}")
    if mine["positions_checked"] != theirs["positions_checked"] or phases != theirs["phases"]:
        sys.exit("wheel smoke: conform from the wheel checked other positions than from "
                 f"the checkout ({mine['positions_checked']} against "
                 f"{theirs['positions_checked']})")
    question = ["explain", "sploof", "--moves", "1c3 1e3 1c5 1e5", "2d4"]
    installed_answer = run([args.installed, *question])
    if installed_answer != run([args.checkout, *question]):
        sys.exit("wheel smoke: explain from the wheel differs from the checkout")
    cited = installed_answer.split("Rules cited:", 1)[-1].split("\n")
    if not any(re.match(r"^\s+[A-Z]{3}-[A-Z]+-\d+\s+\w", line) for line in cited):
        sys.exit("wheel smoke: explain from the wheel cites rules without their titles")
    run([args.installed, "tables", "--check"])
    repo = Path(__file__).resolve().parents[1]
    shipped = sorted(repo.glob("shibumi_rules/games/*/content/*.json"))
    checked = run([args.installed, "content", "--check"])
    if f"content --check: {len(shipped)} files," not in checked:
        sys.exit(f"wheel smoke: content --check from the wheel should check the "
                 f"{len(shipped)} content files of the games: {checked}")
    python = str(Path(args.installed).parent / "python")
    guides = ("from shibumi_rules.registry import definitions; "
              "print(sum(len(d.guide().answers) for d in definitions() if d.guide()))")
    if run([python, "-c", guides]) != run([str(Path(args.checkout).parent / "python"),
                                           "-c", guides]):
        sys.exit("wheel smoke: the guides read from the wheel differ from the checkout's")
    refusal = run([args.installed, "content", "--write"], expect=1)
    if "source checkout" not in refusal:
        sys.exit(f"wheel smoke: content --write without a checkout should refuse: {refusal}")
    refusal = run([args.installed, "tables"], expect=1)
    if "source checkout" not in refusal:
        sys.exit(f"wheel smoke: tables without --check should refuse: {refusal}")
    refusal = run([args.installed, "prove"], expect=2)
    if refusal.strip() != ("error: prove needs a source checkout: the proofs/ folder is "
                           "not installed with the package"):
        sys.exit(f"wheel smoke: prove from the wheel should say it needs a checkout: {refusal}")
    print(f"wheel smoke: conform checked {vectors} vectors and "
          f"{mine['positions_checked']} positions, as from the checkout; explain, "
          "tables --check, content --check, the tables, content --write and prove "
          "refusals behave")


if __name__ == "__main__":
    main()
