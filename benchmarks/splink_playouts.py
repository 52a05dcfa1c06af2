"""Random Splink playouts: the reference's public API against ``simple_splink``.

    PYTHONPATH=. python benchmarks/splink_playouts.py [SECONDS] [RUNS]

Each implementation plays random games for SECONDS of CPU time (default 3), RUNS times
(default 3), calling ``is_over``, ``legal_moves`` and ``play`` once per ply as a program
driving the API would; the median rate of each is printed with their ratio. The clock
is the process's CPU time, so the figures hold on a loaded machine.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from simple_splink import GAME as SIMPLE

from shibumi_rules.games import get_game

MAX_PLIES = 1000


def run(game: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Games and positions played within ``seconds`` of CPU time, and the time used."""
    choose = random.Random(seed).choice
    is_over, legal_moves, play = game.is_over, game.legal_moves, game.play
    games = positions = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        state = game.start()
        positions += 1
        for _ in range(MAX_PLIES):
            if is_over(state):
                break
            state = play(state, choose(legal_moves(state)))
            positions += 1
        games += 1
    return games, positions, time.process_time() - began


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rates = {}
    for name, game in (("reference", get_game("splink")), ("simple", SIMPLE)):
        results = sorted((run(game, seconds, seed) for seed in range(runs)),
                         key=lambda r: r[0] / r[2])
        games, positions, cpu = results[runs // 2]
        rates[name] = games / cpu
        print(f"{name:9}  {games / cpu:9,.1f} games/s  {positions / cpu:11,.0f} "
              f"positions/s  (median of {runs}; {games} games in {cpu:.2f} s CPU)")
    print(f"ratio      {rates['reference'] / rates['simple']:.2f}x the simple implementation")


if __name__ == "__main__":
    main()
