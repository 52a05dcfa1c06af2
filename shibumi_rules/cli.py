"""The ``shibumi-rules`` command: one subcommand per job.

Every subcommand turns bad input into one line on stderr and a non-zero exit status;
no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .board import Board
from .contract.commands import Command, check_depth, integer
from .contract.definition import GameDefinition
from .contract.game import Game, parse_option_pairs
from .diagram import render
from .errors import ShibumiError, error_line, one_line
from .limits import MAX_PERFT_DEPTH
from .registry import definitions, game_names, get_game
from .version import __version__


def terminal_columns() -> int:
    """The width ``shutil.get_terminal_size()`` gives: ``COLUMNS`` when it is a positive
    number, else the width of the terminal on standard output, else 80; without
    importing ``shutil``, which brings its compression modules into every command."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        return (os.get_terminal_size(stdout.fileno()).columns or 80) if stdout else 80
    except (AttributeError, ValueError, OSError):
        return 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout at the terminal's width (``terminal_columns``). argparse
    makes a formatter for every argument it adds, so its own way of finding the width
    (importing ``shutil``) would cost every command's start-up."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit status 2),
    laid out by ``HelpFormatter`` unless told otherwise."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def first_player_help() -> str:
    """What ``--first`` takes in each game, from the games' definitions."""
    return "; ".join(f"{d.title}: {d.first_help}" for d in definitions())


def print_json(value: object) -> None:
    """``value`` as JSON on one line. The json module is imported here, when a command
    prints JSON, not by every command at start-up."""
    import json  # lazy: start-up

    print(json.dumps(value))


# -- show and geometry -------------------------------------------------------------

def _configure_show(p: argparse.ArgumentParser) -> None:
    first = definitions()[0].title
    p.add_argument("board", nargs="?", default=None,
                   help=f"board field of position notation (default: the {first} setup), "
                        "or with --game a whole position (default: the game's start)")
    p.add_argument("--game", choices=game_names(),
                   help="read the argument as a whole position of this game")


def _show(args: argparse.Namespace) -> int:
    if args.game:
        game = get_game(args.game)
        state = game.start() if args.board is None else game.parse_position(args.board)
        print(game.describe(state))
    else:
        if args.board is None:
            game = definitions()[0].rules()
            board = game.board(game.start())
        else:
            board = Board.from_text(args.board)
        print(render(board))
    return 0


def _side(text: str) -> int:
    """A pyramid side for ``--size``: a whole number from 2 to 9."""
    from .geometry import MAX_SIDE, MIN_SIDE  # lazy: start-up

    if not text.isdigit() or not MIN_SIDE <= int(text) <= MAX_SIDE:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a side from {MIN_SIDE} to {MAX_SIDE}")
    return int(text)


def _configure_geometry(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", type=_side, default=None, metavar="N",
                   help="holes per side of the pyramid, 2 to 9 (default: 4, the Shibumi "
                        "set)")
    p.add_argument("--diagram", action="store_true",
                   help="print the empty pyramid's diagram (top view and levels) instead "
                        "of the tables")
    p.add_argument("--svg", metavar="FILE",
                   help="also write the empty pyramid's picture, with its point names, "
                        "to FILE")


def _geometry(args: argparse.Namespace) -> int:
    from . import geometry_report  # lazy: start-up
    from .geometry import pyramid  # lazy: start-up

    geo = None if args.size is None else pyramid(args.size)
    if args.svg:
        from .fileio import check_writable, write_atomic  # lazy: start-up
        from .svg import render_empty  # lazy: start-up

        check_writable(args.svg)
        write_atomic(args.svg, render_empty(geo))
    if args.diagram:
        from .diagram import render_empty as diagram  # lazy: start-up

        print(diagram(geo))
    else:
        print(geometry_report.text(geo))
    return 0


# -- moves, play, perft ------------------------------------------------------------

def add_game_arguments(p: argparse.ArgumentParser, with_moves: bool = True,
                       before_moves: Callable[[argparse.ArgumentParser], None] | None = None
                       ) -> None:
    """The arguments shared by moves, play and perft (a contract: keep them exact);
    ``before_moves`` adds positionals that come between GAME and the moves."""
    p.add_argument("game", choices=game_names(), help="the game")
    if before_moves is not None:
        before_moves(p)
    if with_moves:
        p.add_argument("moves", nargs="*", default=[], metavar="MOVE",
                       help="moves to play first, in order (options may come before, "
                            "between or after them)")
    p.add_argument("--position", metavar="P",
                   help="start from this position (notation) instead of the start")
    p.add_argument("--first", metavar="PLAYER",
                   help=f"who moves first from the start ({first_player_help()})")
    p.add_argument("--seed", type=integer, metavar="N",
                   help="instead of --first, draw the first player at random, reproducibly")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="select a ruling's alternative (repeatable)")


def state_from_args(args: argparse.Namespace) -> tuple[Game[Any, Any], Any]:
    """The game and the position the shared arguments describe, moves not yet played."""
    game = get_game(args.game)
    options = parse_option_pairs(args.option)
    if args.position is not None:
        if args.first is not None or args.seed is not None:
            raise ShibumiError("--first and --seed choose the start position; "
                               "they cannot be used with --position")
        state = game.parse_position(args.position)
        if options:
            state = game.with_options(state, options)
    else:
        state = game.start(options, game.choose_first(args.first, args.seed))
    return game, state


def _configure_moves(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--json", action="store_true",
                   help='print one object {"position": P, "moves": [...]}')


def _moves(args: argparse.Namespace) -> int:
    game, state = state_from_args(args)
    state = game.replay(state, args.moves)
    moves = game.legal_move_texts(state)
    if args.json:
        print_json({"position": game.format_position(state), "moves": moves})
    else:
        for move in moves:
            print(move)
    return 0


def _configure_play(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--json", action="store_true",
                   help='print one object {"position": P, "outcome": {...}}')


def _play(args: argparse.Namespace) -> int:
    game, state = state_from_args(args)
    state = game.replay(state, args.moves)
    if args.json:
        print_json({"position": game.format_position(state),
                    "outcome": game.outcome_json(state)})
    else:
        print(game.format_position(state))
        print(game.describe(state))
    return 0


def _configure_perft(p: argparse.ArgumentParser) -> None:
    def depth(q: argparse.ArgumentParser) -> None:
        q.add_argument("depth", type=integer, metavar="DEPTH",
                       help=f"plies to count (0 to {MAX_PERFT_DEPTH})")

    add_game_arguments(p, before_moves=depth)
    p.add_argument("--json", action="store_true",
                   help="print the position, depth, divide counts and total as JSON")
    p.add_argument("--divide", action="store_true",
                   help="first print MOVE COUNT for each legal first move")


def _perft(args: argparse.Namespace) -> int:
    check_depth(args.depth)
    game, state = state_from_args(args)
    state = game.replay(state, args.moves)
    began = time.perf_counter()
    rows: list[tuple[str, int]] = []
    if args.divide and args.depth >= 1:
        rows = game.divide(state, args.depth)
        total = sum(n for _, n in rows)
    else:
        total = game.perft(state, args.depth)
    elapsed = time.perf_counter() - began
    if args.json:
        print_json({"position": game.format_position(state), "depth": args.depth,
                    "divide": dict(rows) if args.divide and args.depth >= 1 else None,
                    "total": total})
    else:
        for move, count in rows:
            print(f"{move} {count}")
    rate = total / elapsed if elapsed > 0 else float("inf")
    print(f"perft({args.depth}) = {total} in {elapsed:.3f} s, {rate:,.0f} leaves/s",
          file=sys.stderr)
    if not args.json:
        print(total)
    return 0


# -- the commands ----------------------------------------------------------------------

def _nothing(p: argparse.ArgumentParser) -> None:
    """No arguments."""


BUILT_IN: tuple[Command, ...] = (
    Command("show", "render a board (or a game position) as a diagram", _configure_show,
            _show),
    Command("geometry", "print the geometry tables of the pyramid (of any side with --size)",
            _configure_geometry, _geometry),
    Command("moves", "list the legal moves after the given moves", _configure_moves,
            _moves),
    Command("play", "play moves and print the position, its diagram and the outcome",
            _configure_play, _play),
    Command("perft", "count the leaves of the legal-move tree", _configure_perft, _perft),
)
"""The commands of this module, always loaded."""


def _bench() -> Command:
    from .bench import COMMAND  # lazy: start-up

    return COMMAND


def _tables() -> Command:
    from .tables.cli import COMMAND  # lazy: start-up

    return COMMAND


def _prove() -> Command:
    from .prove import COMMAND  # lazy: start-up

    return COMMAND


def _engine() -> Command:
    from .conformance.engine_cli import COMMAND  # lazy: start-up

    return COMMAND


def _conform() -> Command:
    from .conformance.cli import COMMAND  # lazy: start-up

    return COMMAND


def _explain() -> Command:
    from .explain.cli import COMMAND  # lazy: start-up

    return COMMAND


def _solve() -> Command:
    from .solver.cli import COMMAND  # lazy: start-up

    return COMMAND


def _content() -> Command:
    from .content_check import COMMAND  # lazy: start-up

    return COMMAND


LAZY: dict[str, Callable[[], Command]] = {
    "bench": _bench, "tables": _tables, "prove": _prove, "engine": _engine,
    "conform": _conform, "explain": _explain, "content": _content, "solve": _solve,
}
"""The further commands, each imported only when it runs (or when every command is
listed)."""


def lazy_commands(games: Sequence[GameDefinition]) -> dict[str, Callable[[], Command]]:
    """Every lazily loaded command by name: the program's, then each game's."""
    return {**LAZY, **{name: load for d in games for name, load in d.commands().items()}}


def commands(games: Sequence[GameDefinition]) -> dict[str, Command]:
    """Every command, in the order ``--help`` lists them."""
    out = {c.name: c for c in BUILT_IN}
    for name, load in lazy_commands(games).items():
        out[name] = _checked(name, load())
    return out


def _checked(name: str, found: Command) -> Command:
    if found.name != name:
        raise ShibumiError(f"the command {name!r} loads a command named {found.name!r}")
    return found


def build_parser(only: str | None = None
                 ) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and one parser per subcommand; with ``only``, just that
    subcommand's module is imported and its parser built."""
    if only is None:
        chosen = list(commands(definitions()).values())
    else:
        lazy = lazy_commands(definitions())
        chosen = [c for c in BUILT_IN if c.name == only] or \
            ([_checked(only, lazy[only]())] if only in lazy else [])
    parser = Parser(
        prog="shibumi-rules",
        description="Reference rules engine and specification for Shibumi games.",
        epilog="games: " + ", ".join(game_names())
        + " (every game registered in the shibumi_rules.games entry-point group)",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    subparsers: dict[str, argparse.ArgumentParser] = {}
    for found in chosen:
        p = sub.add_parser(found.name, help=found.help, description=found.help)
        found.configure(p)
        p.set_defaults(handler=found.run, command=found.name)
        subparsers[found.name] = p
    return parser, subparsers


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the command line; options may stand before, between or after the moves."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words and (words[0] in {c.name for c in BUILT_IN}
                  or words[0] in lazy_commands(definitions())):
        _, subparsers = build_parser(only=words[0])
        if words[0] in subparsers:
            return subparsers[words[0]].parse_intermixed_args(words[1:])
    parser, subparsers = build_parser()
    return parser.parse_args(words)


def _escape_unencodable_output() -> None:
    """One output policy under every locale: stdout and stderr write any text, and a
    character the stream's encoding cannot write (an engine path under
    PYTHONIOENCODING=ascii, a lone surrogate such as ``"\\ud800"`` from a record or an
    engine) is written as a backslash escape instead of ending the command with a
    traceback. Under the C/POSIX locale Python's own handler is ``surrogateescape``,
    which still fails on a lone surrogate that no byte stands for, so the handler is
    set whatever it was."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "") != "backslashreplace":
            try:
                reconfigure(errors="backslashreplace")
            except (OSError, ValueError):  # a closed or unusual stream: leave it be
                continue


def _output_failed(err: OSError) -> int:
    """One line for output that could not be written (a full disk, a reader that went
    away), and the status 1: what the command printed is incomplete. Standard output is
    then pointed at /dev/null, so that the interpreter's own flush at exit cannot fail
    again with a traceback."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    reason = ("the reader closed it" if isinstance(err, BrokenPipeError)
              else err.strerror or str(err))
    with contextlib.suppress(OSError, ValueError):
        print(f"error: cannot write the output: {reason}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    _escape_unencodable_output()
    try:
        args = parse_arguments(argv)
        result: int = args.handler(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # here, so that a failed write is seen, not lost at exit
        return result
    except ShibumiError as err:
        print(error_line(err), file=sys.stderr)
        return 1
    except OSError as err:
        if _is_output_error(err):
            return _output_failed(err)
        raise
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _is_output_error(err: OSError) -> bool:
    """Whether ``err`` is a failed write of standard output: a closed pipe, or an error
    the stream itself reports (a full disk, an I/O error) while its buffer holds
    unwritten text."""
    if isinstance(err, BrokenPipeError):
        return True
    return err.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EPIPE)
