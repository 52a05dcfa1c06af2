"""``shibumi-rules bench``: perft figures (time and leaves per second) for each game.

Speed is measured here, never in timed unit tests. The default depths are the ones the
project reports: Sploof perft(5) and perft(6), Splink perft(3) and perft(4).
"""

from __future__ import annotations

import argparse
import time

from .cli import MAX_DEPTH, check_depth, command
from .games import GAME_NAMES, get_game

DEFAULT_DEPTHS = {"sploof": (5, 6), "splink": (3, 4)}
_DEPTHS_TEXT = "; ".join(f"{name} {' and '.join(map(str, depths))}"
                         for name, depths in DEFAULT_DEPTHS.items())


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("games", nargs="*", default=[], metavar="GAME",
                   help=f"games to measure (default: all of {', '.join(GAME_NAMES)})")
    p.add_argument("--depth", type=int, action="append", metavar="D",
                   help=f"perft depth, 0 to {MAX_DEPTH} (repeatable; default: the "
                        f"reported depths: {_DEPTHS_TEXT})")


@command("bench", "measure perft speed from the start position", _configure)
def _bench(args: argparse.Namespace) -> int:
    games = [get_game(name) for name in args.games or GAME_NAMES]  # all named, or stop
    for depth in args.depth or ():
        check_depth(depth, "--depth")
    for game in games:
        name = game.name
        state = game.start()
        for depth in args.depth or DEFAULT_DEPTHS.get(name, (3,)):
            began = time.perf_counter()
            leaves = game.perft(state, depth)
            elapsed = time.perf_counter() - began
            rate = leaves / elapsed if elapsed > 0 else float("inf")
            print(f"{name} perft({depth}) = {leaves:,}  {elapsed:8.3f} s  {rate:14,.0f} leaves/s",
                  flush=True)
    return 0
