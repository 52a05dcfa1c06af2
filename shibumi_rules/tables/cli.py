"""``shibumi-rules tables``: write the generated files of ``spec/``, or check them."""

from __future__ import annotations

import argparse
import sys
import time

from ..contract.commands import Command
from ..errors import OptionError, ShibumiError
from ..registry import definitions
from ..spec import source_checkout
from .generated import CHECK_BUDGET, GROUPS, check_folders, generate, stale, write


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--check", action="store_true",
                   help="verify that every committed generated file is byte-identical to "
                        "a fresh generation; exit 1 naming the stale files")
    p.add_argument("--full", action="store_true",
                   help=f"with --check, recompute every perft count (by default counts "
                        f"above {CHECK_BUDGET:,} leaves are taken from the committed file)")
    p.add_argument("--only", action="append", choices=GROUPS, metavar="GROUP",
                   help=f"limit to one group ({', '.join(GROUPS)}); repeatable")


def _tables(args: argparse.Namespace) -> int:
    if args.full and not args.check:
        raise OptionError("--full only changes --check (writing always recomputes every "
                          "count); use tables --check --full")
    if not args.check and source_checkout() is None:
        raise ShibumiError("tables writes spec/ of a source checkout; this package is "
                           "installed without one (tables --check verifies the copy it "
                           "ships)")
    groups = tuple(args.only or GROUPS)
    if not args.check:
        check_folders(groups)
    began = time.perf_counter()
    files = generate(definitions(), groups, quick=args.check and not args.full)
    elapsed = time.perf_counter() - began
    if args.check:
        problems = stale(files, groups=groups)
        if problems:
            listed = ", ".join(f"spec/{path} ({why})" for path, why in problems)
            print(f"tables --check: {len(problems)} stale file(s): {listed}; "
                  "run `shibumi-rules tables` to regenerate", file=sys.stderr)
            return 1
        print(f"tables --check: {len(files)} files up to date ({elapsed:.1f} s)")
        return 0
    for path, changed in write(files):
        print(f"{'wrote' if changed else 'unchanged'} spec/{path}")
    print(f"{len(files)} files in {elapsed:.1f} s")
    return 0


COMMAND = Command("tables", "write the rule tables, perft files and conformance vectors of "
                  "spec/ (--check: verify them)", _configure, _tables)
