"""``shibumi-rules engine``: serve the reference engine over the protocol.

Apart from ``conform``'s module, so that an engine starting up (once per conformance
run, and in every third-party harness) imports the server and the games, not the
harness and its reports."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..contract.commands import Command
from ..errors import OptionError


def _configure_engine(p: argparse.ArgumentParser) -> None:
    p.add_argument("--write-spec", action="store_true",
                   help="write the protocol's JSON Schemas and example session to "
                        "spec/protocol instead of serving")
    p.add_argument("--check", action="store_true",
                   help="with --write-spec: only check the files are up to date")
    p.add_argument("--spec-dir", default=None, help="where --write-spec writes")


def _engine(args: argparse.Namespace) -> int:
    if args.spec_dir is not None and not (args.write_spec or args.check):
        raise OptionError("--spec-dir says where --write-spec writes; it needs "
                          "--write-spec or --check")
    if args.write_spec or args.check:
        from .spec_files import default_spec_dir, write_spec  # lazy: start-up

        folder = Path(args.spec_dir) if args.spec_dir else default_spec_dir()
        return write_spec(folder, check=args.check)
    from .server import ReferenceEngine  # lazy: start-up

    return ReferenceEngine().serve()


COMMAND = Command("engine",
                  "serve the reference engine over the engine protocol (stdin/stdout)",
                  _configure_engine, _engine)
