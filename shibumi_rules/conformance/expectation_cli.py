"""The options of ``conform`` that hold a run to what is known of the engine:
``--expect FILE`` (its expected divergences, ``expectations``), ``--update-expectations``
(rewrite them from the run), ``--record FILE`` (write the run record, ``record``) and
``--check`` (compare the record instead of writing it).

With ``--expect`` the exit status says whether the run matches its expectations (0) or
not (1), whatever the run's own result, and so does ``--check`` for the record (which
holds the result); ``--record`` alone leaves the run's own status. What was compared
is said on standard error, so the report on standard output stays as ``--format``
makes it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..fileio import check_writable
from . import expectations, record
from .results import RunResult, UsageError

EXIT_HELP = ("; with --expect (or --record FILE --check): 0 when the run matches the "
             "expectations (and the record), 1 when it does not, whatever its result")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = (p.epilog or "") + EXIT_HELP
    p.add_argument("--expect", metavar="FILE",
                   help="compare the run with the engine's expected divergences in FILE: "
                        "exit 0 when it matches them, 1 when a divergence is not expected "
                        "or an expected one no longer happens")
    p.add_argument("--update-expectations", action="store_true",
                   help="with --expect: rewrite FILE from this run instead (the readings "
                        "written there are kept)")
    p.add_argument("--record", metavar="FILE",
                   help="write the run record (what was checked and found, per game, "
                        "without timings) to FILE")
    p.add_argument("--check", action="store_true",
                   help="with --record: compare the run with FILE instead of writing it, "
                        "and exit 1 when they differ")


def check_usage(args: argparse.Namespace) -> None:
    """Refuse, before the run, what cannot be done after it."""
    if args.update_expectations and not args.expect:
        raise UsageError("--update-expectations needs --expect FILE")
    if args.check and not args.record:
        raise UsageError("--check needs --record FILE")
    if args.check and args.update_expectations:
        raise UsageError("--check compares and --update-expectations rewrites: give one")
    if args.expect:
        if args.update_expectations:
            check_writable(args.expect)
        else:
            expectations.load(args.expect)
    if args.record:
        if args.check:
            record.load(args.record)
        else:
            check_writable(args.record)


def finish(args: argparse.Namespace, result: RunResult, reference: dict[str, Any],
           engine: str | None, status: int) -> int:
    """Compare or rewrite what was asked; the exit status."""
    if not args.expect and not args.record:
        return status
    lines: list[str] = []
    expected: dict[str, Any] | None = None
    if args.check:
        status = 0  # the record holds the result: its comparison decides
    if args.expect:
        if args.update_expectations:
            lines += expectations.update(result, args.expect)
            status = 0
        else:
            comparison = expectations.compare(result, expectations.load(args.expect))
            lines += expectations.describe(comparison, args.expect)
            status = 0 if comparison.matches else 1
        expected = expectations.load(args.expect)
    if args.record:
        fresh = record.build(result, reference, engine, expected)
        ok, said = record.write_or_check(args.record, fresh, args.check)
        lines += said
        if not ok:
            status = 1
    for line in lines:
        print(line, file=sys.stderr)
    return status
