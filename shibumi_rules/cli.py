"""The ``shibumi-rules`` command: one subcommand per job.

Every subcommand turns bad input into one line on stderr and a non-zero exit status;
no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__, geometry_report
from .board import Board
from .diagram import render
from .errors import IllegalMoveError, ShibumiError
from .game import Game, parse_option_pairs
from .games import GAME_NAMES, get_game

SPLOOF_START_BOARD = "RRRR,R..R,R..R,RRRR/...,...,.../..,../."

Handler = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Handler, str]] = {}


def command(name: str, help_text: str,
            configure: Callable[[argparse.ArgumentParser], None] | None = None
            ) -> Callable[[Handler], Handler]:
    """Register a subcommand; other modules add theirs the same way."""
    def wrap(handler: Handler) -> Handler:
        _COMMANDS[name] = (configure or (lambda p: None), handler, help_text)
        return handler
    return wrap


# -- show and geometry -------------------------------------------------------------

def _configure_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("board", nargs="?", default=SPLOOF_START_BOARD,
                   help="board field of position notation (default: the Sploof setup), "
                        "or a whole position with --game")
    p.add_argument("--game", choices=GAME_NAMES,
                   help="read the argument as a whole position of this game")


@command("show", "render a board (or a game position) as a diagram", _configure_show)
def _show(args: argparse.Namespace) -> int:
    if args.game:
        game = get_game(args.game)
        print(game.describe(game.parse_position(args.board)))
    else:
        print(render(Board.from_text(args.board)))
    return 0


@command("geometry", "print the geometry tables of the pyramid")
def _geometry(args: argparse.Namespace) -> int:
    print(geometry_report.text())
    return 0


# -- moves, play, perft ------------------------------------------------------------

def add_game_arguments(p: argparse.ArgumentParser, with_moves: bool = True) -> None:
    """The arguments shared by moves, play and perft (a contract: keep them exact)."""
    p.add_argument("game", choices=GAME_NAMES)
    if with_moves:
        p.add_argument("moves", nargs="*", metavar="MOVE", help="moves to play first")
    p.add_argument("--position", help="start from this position instead of the start")
    p.add_argument("--first", help="who moves first (Sploof: white or black)")
    p.add_argument("--seed", type=int, help="choose the first player at random, reproducibly")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="select a ruling's alternative (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON")


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


@command("moves", "list the legal moves after the given moves", _configure_moves)
def _moves(args: argparse.Namespace) -> int:
    game, state = state_from_args(args)
    state = game.replay(state, args.moves)
    moves = game.legal_move_texts(state)
    if args.json:
        print(json.dumps({"position": game.format_position(state), "moves": moves}))
    else:
        for move in moves:
            print(move)
    return 0


def _configure_play(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)


@command("play", "play moves and print the position, its diagram and the outcome",
         _configure_play)
def _play(args: argparse.Namespace) -> int:
    game, state = state_from_args(args)
    state = game.replay(state, args.moves)
    if args.json:
        print(json.dumps({"position": game.format_position(state),
                          "outcome": game.outcome_json(state)}))
    else:
        print(game.format_position(state))
        print(game.describe(state))
    return 0


def _configure_perft(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("depth", type=int)
    p.add_argument("moves", nargs="*", metavar="MOVE", help="moves to play first")
    p.add_argument("--position")
    p.add_argument("--first")
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append", default=[], metavar="K=V")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--divide", action="store_true", help="print the count below each move")


@command("perft", "count the leaves of the legal-move tree", _configure_perft)
def _perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise ShibumiError(f"depth {args.depth}: expected a non-negative integer")
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
        print(json.dumps({"position": game.format_position(state), "depth": args.depth,
                          "divide": dict(rows) if args.divide else None, "total": total}))
    else:
        for move, count in rows:
            print(f"{move} {count}")
    rate = total / elapsed if elapsed > 0 else float("inf")
    print(f"perft({args.depth}) = {total} in {elapsed:.3f} s, {rate:,.0f} leaves/s",
          file=sys.stderr)
    if not args.json:
        print(total)
    return 0


# -- entry point -------------------------------------------------------------------

def _load_plugins() -> None:
    """Import the modules that register further subcommands (spec, proofs, ...)."""
    from importlib import import_module

    for module in _PLUGIN_MODULES:
        try:
            import_module(module)
        except ModuleNotFoundError as err:
            if not (err.name and (module + ".").startswith(err.name + ".")):
                raise


_PLUGIN_MODULES = (
    "shibumi_rules.bench",  # bench
    "shibumi_rules.games.splink_match",  # match
    "shibumi_rules.tables.cli",  # tables
    "shibumi_rules.prove",  # prove
    "shibumi_rules.conformance.cli",  # engine, conform
    "shibumi_rules.explain.cli",  # explain
)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser and one parser per subcommand."""
    _load_plugins()
    parser = argparse.ArgumentParser(
        prog="shibumi-rules",
        description="Reference rules engine and specification for Shibumi games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    subparsers = {}
    for name, (configure, handler, help_text) in _COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        configure(p)
        p.set_defaults(handler=handler, command=name)
        subparsers[name] = p
    return parser, subparsers


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the command line; options may stand before, between or after the moves."""
    parser, subparsers = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0] in subparsers:
        return subparsers[words[0]].parse_intermixed_args(words[1:])
    return parser.parse_args(words)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    try:
        result: int = args.handler(args)
        return result
    except IllegalMoveError as err:
        print(f"illegal move: {err}", file=sys.stderr)
        return 1
    except ShibumiError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
