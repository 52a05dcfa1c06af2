"""``shibumi-rules prove``: run the Z3 proofs of the rules' invariants (``proofs/``).

Z3 is an optional dependency (the ``proofs`` extra), so nothing here imports it, or the
``proofs`` package, until the command runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys

from .cli import command
from .errors import OptionError, ShibumiError
from .fileio import check_writable, write_atomic


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("names", nargs="*", default=[], metavar="NAME",
                   help="theorems to prove (default: all; see --list)")
    p.add_argument("--list", action="store_true",
                   help="list the theorems with their rule IDs and statements")
    p.add_argument("--json", action="store_true",
                   help="print the JSON report instead of the table")
    p.add_argument("--report", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--timings", action="store_true",
                   help="include each theorem's time in the JSON report")
    p.add_argument("--details", action="store_true",
                   help="after the table, print each theorem's summary and counterexamples")


def _import_proofs() -> None:
    """Make the proofs importable: they live in the ``proofs/`` folder of a source
    checkout and are not installed with the package."""
    if importlib.util.find_spec("proofs") is not None:
        return
    from .spec import source_checkout

    root = source_checkout()
    if root is None or not (root / "proofs" / "theorems.py").is_file():
        raise ShibumiError("prove needs a source checkout: the proofs/ folder is not "
                           "installed with the package")
    sys.path.insert(0, str(root))


@command("prove", "prove the rules' invariants with Z3 and report", _configure)
def _prove(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("z3") is None:
        print("error: prove needs Z3: install the 'proofs' extra "
              "(pip install 'shibumi-rules[proofs]')", file=sys.stderr)
        return 1
    _import_proofs()
    from proofs import report
    from proofs.theorems import all_theorems

    theorems = all_theorems()
    known = {t.name: t for t in theorems}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        raise OptionError(f"unknown theorem {unknown[0]!r} (see prove --list)")
    chosen = [known[n] for n in dict.fromkeys(args.names)] if args.names else theorems
    if args.list:
        for t in chosen:
            print(f"{t.name}  [{' '.join(t.rules)}]\n    {t.statement}")
        return 0

    def progress(number: int, total: int, entry: report.Entry) -> None:
        print(f"[{number}/{total}] {entry.theorem.name}: {entry.status} "
              f"({entry.seconds:.2f} s)", file=sys.stderr, flush=True)

    if args.report:
        check_writable(args.report)
    entries = report.run(chosen, progress)
    document = report.to_json(entries, timings=args.timings)
    if args.report:
        write_atomic(args.report, json.dumps(document, indent=2) + "\n")
    if args.json:
        print(json.dumps(document, indent=2))
    else:
        print(report.table(entries))
        if args.details or not document["all_proved"]:
            print()
            print(report.details(entries))
    return 0 if document["all_proved"] else 1
