"""``shibumi-rules explain``: answer a rules question about a position, step by step,
each step citing its rule, as text, JSON or an SVG picture."""

from __future__ import annotations

import argparse
import json
import sys

from ..contract.commands import Command, integer
from ..errors import OptionError
from ..fileio import check_writable, write_atomic
from ..registry import game_names, get_definition
from .output import render_report_svg, render_text, report_json
from .report import explain, setup_from, split_moves, stop_line

USAGE_NOTE = """\
how the moves and the question are told apart:
  The moves are played in order from the start position (or from --position); the
  LAST move written without --moves in front of it is the question. --moves takes
  one argument (moves separated by spaces or commas) and may be repeated; further
  moves after it, up to the question, are played too. So
    explain sploof --moves 1c3 1e3 3c3        asks about 3c3 after 1c3 1e3
    explain sploof --moves "1c3 1e3" 3c3      the same
    explain sploof --moves 1c3,1e3 3c3        the same
    explain sploof --moves "1c3 1e3"          no question: the state after 1c3 1e3
    explain sploof --moves 1c3 --moves 1e3    the same

If a move of --moves is illegal, the replay stops there and that move is explained
(exit status 1). An illegal QUESTION is an answer, not an error (exit status 0).

examples:
  shibumi-rules explain sploof --moves "1c3 1e3 1c5 1e5" 2d4
  shibumi-rules explain sploof --position "RRRR,RWWR,...  white stock:2,2 ..." x1a1
  shibumi-rules explain splink R1a1+W1c1 --json
  shibumi-rules explain sploof --moves "..." 1g7 --compare-rulings --svg answer.svg
"""


def _configure(p: argparse.ArgumentParser) -> None:
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = USAGE_NOTE
    p.add_argument("game", choices=game_names())
    p.add_argument("question", nargs="*", default=[], metavar="QUESTION",
                   help="a move (e.g. 3c3, x1a1, R1a1+W1c1): is it legal, and what happens "
                        "if it is played? Without it: the state of the position. Moves "
                        "written before it are played first")
    p.add_argument("--position", help="ask about this position (notation) instead of the start")
    p.add_argument("--moves", action="append", default=[], metavar="M",
                   help="moves to play first: one argument, moves separated by spaces or "
                        "commas (repeatable)")
    p.add_argument("--first", help="who moves first from the start (Sploof: white or black)")
    p.add_argument("--seed", type=integer, help="choose the first player at random, reproducibly")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="answer under this alternative of a ruling (repeatable)")
    p.add_argument("--compare-rulings", action="store_true",
                   help="also show each alternative of every ruling option that changes "
                        "the answer, with the answer it gives")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--svg", metavar="FILE",
                   help="also write the answer as an SVG picture to FILE ('-': print the "
                        "SVG instead of the text)")
    p.add_argument("--no-diagram", action="store_true",
                   help="leave the text diagrams out of the text output")
    p.add_argument("--no-value", action="store_true",
                   help="leave out the value line (who can force a win, as the solver "
                        "proves it within a fixed budget of positions)")


def _moves_and_question(parts: list[str], moves: tuple[str, ...]
                        ) -> tuple[tuple[str, ...], str | None]:
    """Positional moves: all but the last are played after ``--moves``; the last is the
    question (as in ``explain sploof --moves 1c3 1e3 3c3``)."""
    if not parts:
        return moves, None
    return (*moves, *parts[:-1]), parts[-1]


def _explain(args: argparse.Namespace) -> int:
    if args.svg == "-" and args.json:
        raise OptionError("--svg - prints the SVG instead of the text or JSON; it cannot "
                          "be used with --json (write the SVG to a file instead)")
    if args.svg not in (None, "-"):
        check_writable(args.svg)  # before the work, not after it
    definition = get_definition(args.game)
    game = definition.rules()
    given = split_moves(args.moves)
    moves, question = _moves_and_question(args.question, given)
    setup = setup_from(game, args.position, args.first, args.seed, moves, args.option)
    report = explain(game, definition.explainer(), setup, question,
                     compare=args.compare_rulings,
                     actions=None if args.no_value else definition.actions())
    if args.svg is not None:
        svg = render_report_svg(report)
        if args.svg == "-":
            sys.stdout.write(svg)
        else:
            write_atomic(args.svg, svg)
    if args.svg != "-":
        if args.json:
            print(json.dumps(report_json(report), indent=2))
        else:
            sys.stdout.write(render_text(report, diagrams=not args.no_diagram))
    stopped = stop_line(report, len(given))
    if stopped is not None:
        print(stopped, file=sys.stderr)
        return 1
    return 0


COMMAND = Command("explain",
                  "explain a move (legal? what happens?) or a position, citing the rules",
                  _configure, _explain)
