"""``shibumi-rules engine`` (serve the reference over the protocol) and
``shibumi-rules conform`` (check an engine against the reference)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..cli import command, one_line
from ..errors import OptionError
from ..game import parse_option_pairs
from ..games import game_names
from ..limits import MAX_TIMEOUT
from . import report
from .client import EngineProcess, split_command
from .harness import Config, Harness, main_module_argv
from .results import UsageError
from .server import ReferenceEngine, available_games


def _configure_engine(p: argparse.ArgumentParser) -> None:
    p.add_argument("--write-spec", action="store_true",
                   help="write the protocol's JSON Schemas and example session to "
                        "spec/protocol instead of serving")
    p.add_argument("--check", action="store_true",
                   help="with --write-spec: only check the files are up to date")
    p.add_argument("--spec-dir", default=None, help="where --write-spec writes")


@command("engine", "serve the reference engine over the engine protocol (stdin/stdout)",
         _configure_engine)
def _engine(args: argparse.Namespace) -> int:
    if args.spec_dir is not None and not (args.write_spec or args.check):
        raise OptionError("--spec-dir says where --write-spec writes; it needs "
                          "--write-spec or --check")
    if args.write_spec or args.check:
        from .spec_files import default_spec_dir, write_spec

        folder = Path(args.spec_dir) if args.spec_dir else default_spec_dir()
        return write_spec(folder, check=args.check)
    return ReferenceEngine().serve()


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value <= MAX_TIMEOUT:  # also refuses inf and nan
        raise argparse.ArgumentTypeError(f"{text!r} must be above 0 and at most "
                                         f"{MAX_TIMEOUT:g} (seconds)")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def _configure_conform(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", metavar="CMD",
                   help="the engine's command line (split like a shell would, never run "
                        "through one); default: the reference engine itself")
    p.add_argument("--game", choices=game_names(), action="append",
                   help="check this game only (repeatable; default: every game both play)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="select a ruling's alternative for the games and perft, and only "
                        "the vectors under it (repeatable)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random games (1)")
    p.add_argument("--games", type=_non_negative, default=6, metavar="N",
                   help="random games per game (6)")
    p.add_argument("--depth", type=_non_negative, metavar="D",
                   help="perft depth (default: 3 for sploof, 2 for splink; 0 skips)")
    p.add_argument("--report", metavar="FILE", help="write the JSON report here")
    p.add_argument("--vectors", metavar="PATH", action="append",
                   help="vector file or folder (default: spec/conformance; "
                        "'none' skips the vectors)")
    p.add_argument("--timeout", type=_positive_float, default=10.0, metavar="SECONDS",
                   help="per-request timeout (10)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _vector_files(given: list[str] | None) -> list[Path] | None:
    if not given:
        return None
    files: list[Path] = []
    for entry in given:
        if entry == "none":
            continue
        path = Path(entry)
        if path.is_dir():
            files.extend(sorted(path.glob("*.jsonl")))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"--vectors {entry}: no such file or folder")
    return files


@command("conform", "check an engine against the reference over the engine protocol",
         _configure_conform)
def _conform(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except UsageError as err:
        print(f"error: {one_line(err.message)}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    try:
        options = parse_option_pairs(args.option)
    except ValueError as err:
        raise UsageError(str(err)) from None
    env = None
    if args.engine is None:
        argv = main_module_argv()
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [root] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    else:
        try:
            argv = split_command(args.engine)
        except ValueError as err:
            raise UsageError(f"--engine {args.engine!r}: {err}") from None
    reference = available_games()
    config = Config(
        games=args.game, options=options, seed=args.seed, random_games=args.games,
        depth=args.depth, vectors=_vector_files(args.vectors), timeout=args.timeout,
        progress=None if args.quiet else sys.stderr,
    )
    process = EngineProcess(argv, timeout=args.timeout, env=env)
    result = Harness(process, config, reference).run()
    print(report.text(result, reference))
    if args.report:
        try:
            report.write_json(result, reference, args.report)
        except OSError as err:
            raise UsageError(f"--report {args.report}: {err.strerror}") from None
    return 0 if result.conformant else 1
