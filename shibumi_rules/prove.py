"""``shibumi-rules prove``: establish the rules' claims (``proofs/``): Z3 proofs of the
invariants, exhaustive checks of the engine against the model, and sampled whole games.

The claims live in the top-level ``proofs`` package of a source checkout; it is not
installed with the package. Z3 is an optional dependency (the ``proofs`` extra). So
nothing here imports either until the command runs.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from .contract.commands import Command
from .errors import OptionError
from .fileio import check_writable, write_atomic

CHECKOUT = Path(__file__).resolve().parent.parent
"""Where a source checkout keeps ``proofs/``: beside this package's folder."""
NO_CHECKOUT = ("prove needs a source checkout: the proofs/ folder is not installed with "
               "the package")


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("names", nargs="*", default=[], metavar="NAME",
                   help="claims to establish (default: all; see --list)")
    p.add_argument("--list", action="store_true",
                   help="list the claims with their rule IDs, methods and statements")
    p.add_argument("--json", action="store_true",
                   help="print the JSON report (with each claim's method, cases and time) "
                        "instead of the table")
    p.add_argument("--report", metavar="FILE", help="also write the JSON report to FILE")
    timing = p.add_mutually_exclusive_group()
    timing.add_argument("--timings", action="store_true", default=True,
                        help="include each claim's time in the JSON report (the default)")
    timing.add_argument("--no-timings", dest="timings", action="store_false",
                        help="leave the times out of the JSON report, so that it is the "
                             "same on every run")
    p.add_argument("--details", action="store_true",
                   help="after the table, print each claim's summary and counterexamples")


def find_proofs(checkout: Path | None = None) -> ModuleType | None:
    """The ``proofs`` package: importable as it is, or the ``proofs/`` folder of the
    source checkout (``CHECKOUT`` unless given; it is then put on the path); None when
    there is neither."""
    try:
        return importlib.import_module("proofs")
    except ModuleNotFoundError as err:
        if err.name != "proofs":
            raise
    checkout = CHECKOUT if checkout is None else checkout
    if not (checkout / "proofs" / "__init__.py").is_file():
        return None
    sys.path.insert(0, str(checkout))
    return importlib.import_module("proofs")


def _prove(args: argparse.Namespace) -> int:
    if find_proofs() is None:
        print(f"error: {NO_CHECKOUT}", file=sys.stderr)
        return 2
    if importlib.util.find_spec("z3") is None:
        print("error: prove needs Z3: install the 'proofs' extra "
              "(pip install 'shibumi-rules[proofs]')", file=sys.stderr)
        return 1
    from proofs import report  # lazy: start-up (z3 and the proofs load only here)
    from proofs.theorems import all_theorems  # lazy: start-up

    theorems = all_theorems()
    known = {t.name: t for t in theorems}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        raise OptionError(f"unknown claim {unknown[0]!r} (see prove --list)")
    chosen = [known[n] for n in dict.fromkeys(args.names)] if args.names else theorems
    if args.list:
        for t in chosen:
            print(f"{t.name}  [{' '.join(t.rules)}]  ({t.method})\n    {t.statement}")
        return 0

    def progress(number: int, total: int, entry: report.Entry) -> None:
        print(f"[{number}/{total}] {entry.theorem.name}: {entry.status} "
              f"({entry.method}, {entry.seconds:.2f} s)", file=sys.stderr, flush=True)

    if args.report:
        check_writable(args.report)
    entries = report.run(chosen, progress)
    document = report.to_json(entries, timings=args.timings)
    text = json.dumps(document, indent=2)
    if args.report:
        write_atomic(args.report, text + "\n")
    if args.json:
        print(text)
    else:
        print(report.table(entries))
        if args.details or not document["all_passed"]:
            print()
            print(report.details(entries))
    return 0 if document["all_passed"] else 1


COMMAND = Command("prove", "prove the rules' claims (Z3 proofs, exhaustive checks of the engine, "
                  "sampled games) and report", _configure, _prove)
