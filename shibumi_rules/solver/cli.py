"""``shibumi-rules solve``: the value of a position under perfect play, and the
certificates of solved games (``--write-certificate``, ``--check``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..contract.commands import Command, decimal, integer
from ..contract.game import parse_option_pairs
from ..errors import OptionError, ShibumiError
from ..registry import game_names, get_definition
from .certificate import build_strategy, certificate_document, check_certificate, dumps
from .plain import kernel_of
from .search import NotSolved, Search
from .solutions import certificate_path, proves, read_certificate, write_certificate
from .solve import solve


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=game_names(), help="the game")
    p.add_argument("moves", nargs="*", default=[], metavar="MOVE",
                   help="moves to play first, in order")
    p.add_argument("--position", metavar="P", help="solve this position (notation)")
    p.add_argument("--first", metavar="PLAYER", help="who moves first from the start")
    p.add_argument("--seed", type=integer, metavar="N",
                   help="instead of --first, draw the first player at random, reproducibly; "
                        "with --dataset, the seed of its random games (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="select a ruling's alternative (repeatable)")
    p.add_argument("--depth", type=integer, metavar="N",
                   help="search no game longer than N plies (needed where the game may go "
                        "on for ever)")
    p.add_argument("--nodes", type=integer, metavar="N",
                   help="stop after N positions searched (a budget that gives the same "
                        "answer on every machine)")
    p.add_argument("--time", type=decimal, metavar="S",
                   help="stop after S seconds of wall-clock time")
    p.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument("--check", action="store_true",
                   help="replay the game's certificate (spec/solutions/GAME.json) against "
                        "every reply with the plain rules, without the solver")
    p.add_argument("--dataset", metavar="FILE",
                   help="write exact values of positions of seeded random games as JSON "
                        "Lines to FILE (position, value, plies, best moves), for learning "
                        "libraries; only positions solved within --nodes are kept")
    p.add_argument("--count", type=integer, default=1000, metavar="N",
                   help="positions of --dataset (default 1000)")
    p.add_argument("--write-certificate", action="store_true",
                   help="solve the start and write its winning strategy as the game's "
                        "certificate")


def _positive(name: str, value: float | None) -> None:
    if value is not None and value <= 0:
        raise OptionError(f"{name} {value}: expected a positive number")


def _state(game: Any, args: argparse.Namespace) -> Any:
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
    return game.replay(state, args.moves)


def _progress(quiet: bool) -> Any:
    if quiet:
        return None

    def report(search: Search) -> None:
        s = search.stats()
        print(f"solve: {s.nodes:,} positions, {s.rate:,.0f}/s, table {s.entries:,} "
              f"(hits {s.hit_rate:.0%}), {s.seconds:.0f} s", file=sys.stderr, flush=True)

    return report


def _check(args: argparse.Namespace) -> int:
    definition = get_definition(args.game)
    found = read_certificate(args.game)
    if found is None:
        raise ShibumiError(f"{args.game} has no certificate ({certificate_path(args.game)})")
    document, size = found
    report = check_certificate(definition.rules(), definition.actions(), document)
    if args.json:
        print(json.dumps({"game": args.game, "holds": True, "winner": document["winner"],
                          "position": document.get("position"), "bytes": size,
                          "answers": report.answers,
                          "winner_positions": report.winner_positions,
                          "loser_positions": report.loser_positions,
                          "longest": report.longest}))
    else:
        print(report.summary(args.game, document["winner"]))
    return 0


def _dataset(args: argparse.Namespace) -> int:
    from ..fileio import check_writable, write_atomic  # lazy: start-up
    from .dataset import dataset_text, rows  # lazy: start-up

    if args.count <= 0:
        raise OptionError(f"--count {args.count}: expected a positive number")
    check_writable(args.dataset)
    definition = get_definition(args.game)
    seed = args.seed if args.seed is not None else 1
    text = dataset_text(rows(definition.rules(), definition.actions(), args.count, seed,
                             args.nodes or 20000))
    write_atomic(args.dataset, text)
    print(f"{args.dataset}: {text.count(chr(10)):,} solved positions of {args.game} "
          f"(seed {seed})")
    return 0


def _write(args: argparse.Namespace, game: Any, actions: Any, state: Any) -> int:
    if args.moves or args.position is not None:
        raise OptionError("--write-certificate solves the start; give no moves or --position")
    search = Search(kernel_of(game, actions), args.nodes, args.depth, _progress(args.quiet),
                    args.time)
    try:
        won, strategy, longest = build_strategy(
            game, search, state, None if args.quiet else
            lambda n: print(f"solve: {n:,} answers", file=sys.stderr, flush=True))
    except NotSolved as stop:
        raise ShibumiError(f"not solved: {stop.reason}") from None
    document = certificate_document(game, actions, state, won, strategy, longest, search)
    path = write_certificate(game.name, dumps(document))
    print(f"{path}: {actions.seats[won]} wins; {len(strategy):,} answers, the longest "
          f"game {longest} plies")
    return 0


def _solve(args: argparse.Namespace) -> int:
    _positive("--nodes", args.nodes)
    _positive("--time", args.time)
    if args.depth is not None and args.depth < 0:
        raise OptionError(f"--depth {args.depth}: expected a non-negative integer")
    if args.check:
        return _check(args)
    if args.dataset is not None:
        return _dataset(args)
    definition = get_definition(args.game)
    game, actions = definition.rules(), definition.actions()
    state = _state(game, args)
    if args.write_certificate:
        return _write(args, game, actions, state)
    found = read_certificate(args.game)
    if found is not None and proves(game, found[0], state):
        return _from_certificate(args, game, state, *found)
    answer = solve(game, actions, state, args.nodes, args.depth, _progress(args.quiet),
                   seconds=args.time)
    if args.json:
        print(json.dumps({"position": game.format_position(state), **answer.to_json()}))
    else:
        print(answer.summary())
    return 0


def _from_certificate(args: argparse.Namespace, game: Any, state: Any,
                      document: dict[str, Any], size: int) -> int:
    """The value of a certificate's start, read from it (``--check`` replays it)."""
    winner = document.get("winner")
    seats = get_definition(args.game).actions().seats
    mover = seats[get_definition(args.game).actions().seat_to_move(state)]
    value = 1.0 if winner == mover else -1.0
    path = certificate_path(args.game)
    if args.json:
        print(json.dumps({
            "position": game.format_position(state), "solved": True, "to_move": mover,
            "value": value, "winner": winner, "plies": None,
            "certificate": {"file": f"spec/solutions/{path.name}", "bytes": size,
                            "answers": document.get("positions"),
                            "longest": document.get("longest"),
                            "search": document.get("search")}}))
    else:
        lead = (f"{mover.capitalize()} can force a win" if value > 0 else
                f"every move loses: {winner} can force a win")
        print(f"{lead} (the certificate spec/solutions/{path.name}: "
              f"{document.get('positions'):,} answers, {size:,} bytes, games of at most "
              f"{document.get('longest')} plies; solve --check replays it)")
    return 0


COMMAND = Command("solve", "the value of a position under perfect play (who can force a "
                  "win, with which moves, how fast), and the certificates of solved games",
                  _configure, _solve)
