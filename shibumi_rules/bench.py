"""``shibumi-rules bench``: perft figures (time and leaves per second) for each game.

Speed is measured here, never in timed unit tests. The default depths are the ones the
project reports, declared by each game's bundle (``bench_depths``).
"""

from __future__ import annotations

import argparse
import time

from .cli import MAX_DEPTH, check_depth, command
from .games import bundles, game_names, get_bundle


def _configure(p: argparse.ArgumentParser) -> None:
    depths = "; ".join(f"{b.name} {' and '.join(map(str, b.bench_depths))}"
                       for b in bundles())
    p.add_argument("games", nargs="*", default=[], metavar="GAME",
                   help=f"games to measure (default: all of {', '.join(game_names())})")
    p.add_argument("--depth", type=int, action="append", metavar="D",
                   help=f"perft depth, 0 to {MAX_DEPTH} (repeatable; default: the "
                        f"reported depths: {depths})")


@command("bench", "measure perft speed from the start position", _configure)
def _bench(args: argparse.Namespace) -> int:
    chosen = [get_bundle(name) for name in args.games or game_names()]  # all named, or stop
    for depth in args.depth or ():
        check_depth(depth, "--depth")
    for bundle in chosen:
        name, game = bundle.name, bundle.game()
        state = game.start()
        for depth in args.depth or bundle.bench_depths:
            began = time.perf_counter()
            leaves = game.perft(state, depth)
            elapsed = time.perf_counter() - began
            rate = leaves / elapsed if elapsed > 0 else float("inf")
            print(f"{name} perft({depth}) = {leaves:,}  {elapsed:8.3f} s  {rate:14,.0f} leaves/s",
                  flush=True)
    return 0
