"""``shibumi-rules conform``: check an engine against the reference (the engine
command is ``engine_cli``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Final

from ..contract.commands import Command, decimal, integer
from ..contract.game import parse_option_pairs
from ..errors import ShibumiError, one_line
from ..fileio import WriteError, check_writable
from ..limits import MAX_PERFT_DEPTH, MAX_TIMEOUT
from ..registry import definitions, game_names
from . import expectation_cli, report
from .client import EngineProcess, main_module_argv, main_module_env, split_command
from .harness import BUDGET, START_TIMEOUT, Config, Harness
from .results import ERROR, EXIT_STATUS, USAGE_STATUS, RunResult, UsageError
from .server import available_games
from .shapes import ResponseCheck
from .vectors import default_vector_dir, folder_files


def _seconds(text: str, zero: bool) -> float:
    """A finite number of seconds, above 0 (or 0 itself when ``zero`` allows it)."""
    bounds = (f"above 0 and at most {MAX_TIMEOUT:g} (seconds)"
              + (", or 0 for no limit" if zero else ""))
    try:
        value = decimal(text)  # refuses inf, nan, signs and exponents
    except argparse.ArgumentTypeError as err:
        raise argparse.ArgumentTypeError(f"{err}: it must be {bounds}") from None
    if not (0 < value <= MAX_TIMEOUT or (zero and value == 0)):
        raise argparse.ArgumentTypeError(f"{text!r} must be {bounds}")
    return value


def _positive_float(text: str) -> float:
    return _seconds(text, zero=False)


def _budget(text: str) -> float:
    return _seconds(text, zero=True)


def _non_negative(text: str) -> int:
    value = integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def _depth(text: str) -> int:
    """A perft depth: 0 (skip) up to perft's own limit; the run's --budget bounds the
    time either way."""
    value = _non_negative(text)
    if value > MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(f"{text!r} must be at most {MAX_PERFT_DEPTH} "
                                         "(the limit of perft)")
    return value


EXIT_HELP = ("exit status: 0 CONFORMANT (every check agreed and covered what the engine "
             "declares), 1 DIVERGENT (a rule divergence, a declared deviation that changes "
             "an answer, or a protocol finding), 2 usage error (nothing was run), "
             "3 INCONCLUSIVE (nothing diverged but too little was checked: the report "
             "says what), 4 ERROR (the engine or the harness failed)")


def _configure_conform(p: argparse.ArgumentParser) -> None:
    p.epilog = EXIT_HELP
    p.add_argument("--engine", metavar="CMD",
                   help="the engine's command line (split like a shell would, never run "
                        "through one); default: the reference engine itself")
    p.add_argument("--game", choices=game_names(), action="append",
                   help="check this game only (repeatable; default: every game the engine "
                        "plays)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="check only the combinations of options with this value "
                        "(repeatable); default: every combination the engine declares")
    p.add_argument("--seed", type=integer, default=1, help="seed of the random games (1)")
    p.add_argument("--games", type=_non_negative, default=1, metavar="N",
                   help="random games per combination of options (1)")
    p.add_argument("--depth", type=_depth, metavar="D",
                   help="perft depth (default: each game's own, "
                        + ", ".join(f"{d.conform_depth} for {d.name}"
                                    for d in definitions())
                        + f"; 0 skips; at most {MAX_PERFT_DEPTH}, and the run's "
                          "--budget bounds the time either way)")
    p.add_argument("--format", choices=report.FORMATS, default="text",
                   help="the report on standard output: text (default), json, or "
                        "markdown to publish")
    p.add_argument("--examples", type=_non_negative, default=report.EXAMPLES, metavar="N",
                   help=f"examples shown per rule in the text and Markdown reports "
                        f"({report.EXAMPLES}; the JSON report lists every divergence)")
    p.add_argument("--report", metavar="FILE",
                   help="also write the JSON report here (checked before the run)")
    p.add_argument("--vectors", metavar="PATH", action="append",
                   help="vector file or folder (default: spec/conformance; "
                        "'none' skips the vectors)")
    p.add_argument("--timeout", type=_positive_float, default=10.0, metavar="SECONDS",
                   help="per-request timeout (10); starting the engine and answering "
                        f"identify may take up to {START_TIMEOUT:g} seconds")
    p.add_argument("--budget", type=_budget, default=BUDGET, metavar="SECONDS",
                   help=f"time limit of the whole run ({BUDGET:g}; 0: none), bounding "
                        "every wait for the engine and the reference's own counts; a run "
                        "that reaches it stops and ends in ERROR")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    expectation_cli.add_arguments(p)


def _vector_files(given: list[str] | None) -> list[Path] | None:
    if not given:
        return None
    files: list[Path] = []
    for entry in given:
        if entry == "none":
            continue
        path = Path(entry)
        if path.is_dir():
            files.extend(folder_files(path))
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"--vectors {entry}: no such file or folder")
    return files


def _conform(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (UsageError, WriteError) as err:
        print(f"error: {one_line(err.message)}", file=sys.stderr)
        return USAGE_STATUS


def _run(args: argparse.Namespace) -> int:
    try:
        options = parse_option_pairs(args.option)
    except ValueError as err:
        raise UsageError(str(err)) from None
    registered = {d.name: d for d in definitions()}
    reference = available_games(registered.values())
    _check_options(options, args.game or list(reference), reference)
    if args.report:
        check_writable(args.report)
    expectation_cli.check_usage(args)
    files = _vector_files(args.vectors)
    if files is None:
        folder = default_vector_dir()
        files = folder_files(folder) if folder.is_dir() else None
    env = None
    named: str | None
    if args.engine is None:
        argv = main_module_argv()
        env = main_module_env()
        named = None
    else:
        try:
            argv = split_command(args.engine)
        except ValueError as err:
            raise UsageError(f"--engine {args.engine!r}: {err}") from None
        named = args.engine
    config = Config(
        games=args.game, options=options, seed=args.seed, random_games=args.games,
        depth=args.depth, vectors=files, timeout=args.timeout,
        progress=None if args.quiet else sys.stderr, budget=args.budget or None,
    )
    process = EngineProcess(argv, timeout=args.timeout, env=env, validate=ResponseCheck())
    result = Harness(process, config, {name: registered[name] for name in reference}).run()
    # The files first, standard output last: a reader of stdout that goes away (or a
    # full disk) cannot cost the report file, and ends the command with status 1.
    written = _write_report(args.report, result, reference)
    status = expectation_cli.finish(args, result, reference, named, result.exit_status)
    if args.format == "json":
        print(report.json_text(result, reference), end="")
    elif args.format == "markdown":
        print(report.markdown(result, reference, args.examples, named), end="")
    else:
        print(report.text(result, reference, args.examples))
    return status if written or status else REPORT_FAILED


REPORT_FAILED: Final = EXIT_STATUS[ERROR]
"""The status of a run whose --report could not be written although it passed: never
0, since what was asked for is missing."""


def _write_report(path: str | None, result: RunResult, reference: dict[str, Any]) -> bool:
    """Write the JSON report to ``path`` (when asked for); whether that worked. A
    failure is one line on stderr: the run's own result still stands, and the exit
    status says that the file is missing."""
    if not path:
        return True
    try:
        report.write(path, report.json_text(result, reference))
    except (OSError, WriteError) as err:
        message = err.message if isinstance(err, WriteError) else str(err)
        print(f"error: --report: {one_line(message)}", file=sys.stderr)
        return False
    return True


def _check_options(options: dict[str, str], names: list[str],
                   reference: dict[str, Any]) -> None:
    """Every ``--option`` is an option of one of the games checked, with a value the
    reference accepts (a usage error otherwise)."""
    used: set[str] = set()
    for name in names:
        game = reference[name]
        known = {spec.name for spec in game.options}
        mine = {k: v for k, v in options.items() if k in known}
        try:
            game.resolve_options(mine)
        except ShibumiError as err:
            raise UsageError(str(err)) from None
        used |= mine.keys()
    unknown = sorted(options.keys() - used)
    if unknown:
        raise UsageError(f"unknown option {unknown[0]!r} for {', '.join(names)}")


COMMAND = Command("conform", "check an engine against the reference over the engine protocol",
                  _configure_conform, _conform)
