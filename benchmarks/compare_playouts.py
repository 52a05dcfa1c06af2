"""Random playouts: the reference's public API against a simple independent
implementation of the same game (``simple_sploof``, ``simple_splink``).

    PYTHONPATH=. python benchmarks/compare_playouts.py [SECONDS] [RUNS] [GAME]

Each implementation plays random games for SECONDS of CPU time (default 3), RUNS times
(default 3); the median rate of each is printed with their ratio. GAME is sploof
(default) or splink.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from shibumi_rules.playouts import Playable, PlayoutStats, playouts
from shibumi_rules.registry import get_game


def median_run(game: Playable, seconds: float, runs: int) -> PlayoutStats:
    results = [playouts(game, seconds=seconds, seed=run) for run in range(runs)]
    return sorted(results, key=lambda r: r.games_per_second)[runs // 2]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    name = sys.argv[3] if len(sys.argv) > 3 else "sploof"
    simple: Playable = importlib.import_module(f"simple_{name}").GAME
    rates = {}
    for kind, game in (("reference", get_game(name)), ("simple", simple)):
        stats = median_run(game, seconds, runs)
        rates[kind] = stats.games_per_second
        print(f"{kind:9}  {stats.games_per_second:9,.1f} games/s  "
              f"{stats.positions_per_second:11,.0f} positions/s  "
              f"(median of {runs}; {stats.games} games, {stats.positions} positions "
              f"in {stats.cpu_seconds:.2f} s CPU)")
    print(f"ratio      {rates['reference'] / rates['simple']:.2f}x the simple implementation")


if __name__ == "__main__":
    main()
