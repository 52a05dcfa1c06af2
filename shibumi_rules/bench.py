"""``shibumi-rules bench``: how fast the engine is, as figures (never timed unit tests).

For each game: perft from the start at the depths its definition reports (``bench_depths``),
the same count split by first move (``divide``), random playouts through the public API
(games and positions per second), the solver from the start for a number of positions
(positions per second, the transposition table's size and hit rate), and the start-up
of a command (``moves GAME`` in a new process, its bytecode compiled beforehand)
against a bare ``python -c pass``. Every
figure gives CPU time beside wall-clock time: on a loaded machine the wall clock says
more about the load than about the code, so ratios are taken on CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from .contract.commands import Command, check_depth, integer
from .contract.definition import GameDefinition
from .errors import OptionError
from .limits import MAX_PERFT_DEPTH
from .playouts import playouts
from .registry import definitions, game_names, get_definition

T = TypeVar("T")


def _configure(p: argparse.ArgumentParser) -> None:
    depths = "; ".join(f"{d.name} {' and '.join(map(str, d.bench_depths))}"
                       for d in definitions())
    p.add_argument("games", nargs="*", default=[], metavar="GAME",
                   help=f"games to measure (default: all of {', '.join(game_names())})")
    p.add_argument("--depth", type=integer, action="append", metavar="D",
                   help=f"perft depth, 0 to {MAX_PERFT_DEPTH} (repeatable; default: the "
                        f"reported depths: {depths})")
    p.add_argument("--playouts", type=float, default=1.0, metavar="SECONDS",
                   help="CPU seconds of random playouts per game (default 1; 0 skips)")
    p.add_argument("--startup", type=integer, default=3, metavar="RUNS",
                   help="runs of the start-up measurement, median taken (default 3; "
                        "0 skips)")
    p.add_argument("--solve", type=integer, default=20000, metavar="NODES",
                   help="positions the solver searches from the start, for its rate and "
                        "its transposition table's size and hit rate (default 20000; 0 "
                        "skips)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")


def _timed(work: Callable[[], T]) -> tuple[T, float, float]:
    """The result of ``work`` with the wall-clock and CPU seconds it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def _rate(count: float, seconds: float) -> float:
    return round(count / seconds, 1) if seconds > 0 else float("inf")


def _child_cpu(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) a child process spends running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _startup(name: str, runs: int) -> dict[str, Any]:
    """Median CPU of ``moves NAME`` in a new process against ``python -c pass``, run in
    turns. Both read their bytecode from a temporary cache that one run of each fills
    first, as an installed package's is: the figure is what a user waits for, not the
    compiler, whether or not the checkout holds bytecode and whatever
    PYTHONDONTWRITEBYTECODE says."""
    bare = [sys.executable, "-c", "pass"]
    command = [sys.executable, "-m", "shibumi_rules", "moves", name]
    with tempfile.TemporaryDirectory() as cache:
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for argv in (bare, command):
            _child_cpu(argv, env)  # compiles into the cache
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        times = [(_child_cpu(bare, env), _child_cpu(command, env)) for _ in range(runs)]
    bare_cpu = statistics.median(t for t, _ in times)
    command_cpu = statistics.median(t for _, t in times)
    return {"runs": runs, "command": f"moves {name}", "cpu_seconds": round(command_cpu, 4),
            "python_cpu_seconds": round(bare_cpu, 4),
            "ratio": round(command_cpu / bare_cpu, 2) if bare_cpu > 0 else None}


def _solver(definition: GameDefinition, nodes: int) -> dict[str, Any]:
    """The solver from the start for ``nodes`` positions (its own kernel, the game's
    fast one where it has one): positions per CPU second and the table's figures."""
    from .solver.plain import kernel_of  # lazy: start-up
    from .solver.search import NotSolved, Search  # lazy: start-up

    game, actions = definition.rules(), definition.actions()
    kernel = kernel_of(game, actions)
    # where the game's defaults let it go on for ever, the learning adapters' options
    start = kernel.node(game.start(game.resolve_options(actions.adapter_defaults)))
    search = Search(kernel, budget=nodes)

    def run() -> bool:
        try:
            search.score(start)
        except NotSolved:
            return False
        return True

    solved, wall, cpu = _timed(run)
    stats = search.stats()
    return {"nodes": min(stats.nodes, nodes), "solved": solved,
            "kernel": type(kernel).__name__, "wall_seconds": round(wall, 4),
            "cpu_seconds": round(cpu, 4),
            "nodes_per_cpu_second": _rate(min(stats.nodes, nodes), cpu),
            "table_entries": stats.entries, "table_probes": stats.probes,
            "table_hits": stats.hits, "hit_rate": round(stats.hit_rate, 4)}


def measure(definition: GameDefinition, depths: list[int], seconds: float, runs: int,
            solve_nodes: int = 0) -> dict[str, Any]:
    """The figures of one game: perft at ``depths``, divide at the deepest, ``seconds``
    of playouts, the median of ``runs`` start-up measurements and ``solve_nodes`` of
    the solver (0 skips any of the last three)."""
    name = definition.name
    game = definition.rules()
    state = game.start()
    figures: dict[str, Any] = {"game": name, "perft": []}
    for depth in depths:
        leaves, wall, cpu = _timed(partial(game.perft, state, depth))
        figures["perft"].append({"depth": depth, "leaves": leaves,
                                 "wall_seconds": round(wall, 4), "cpu_seconds": round(cpu, 4),
                                 "leaves_per_cpu_second": _rate(leaves, cpu)})
    deepest = max(depths, default=0)
    if deepest >= 1:
        rows, wall, cpu = _timed(lambda: game.divide(state, deepest))
        plain = next(p for p in figures["perft"] if p["depth"] == deepest)
        figures["divide"] = {
            "depth": deepest, "leaves": sum(n for _, n in rows),
            "wall_seconds": round(wall, 4), "cpu_seconds": round(cpu, 4),
            "ratio_to_perft": round(cpu / plain["cpu_seconds"], 2)
            if plain["cpu_seconds"] > 0 else None}
    if seconds > 0:
        stats = playouts(game, seconds=seconds, seed=1)
        figures["playouts"] = stats.to_json()
    if solve_nodes > 0:
        figures["solver"] = _solver(definition, solve_nodes)
    if runs > 0:
        figures["startup"] = _startup(name, runs)
    return figures


def _print(figures: dict[str, Any]) -> None:
    name = figures["game"]
    for p in figures["perft"]:
        print(f"{name} perft({p['depth']}) = {p['leaves']:,}  wall {p['wall_seconds']:.3f} s"
              f"  cpu {p['cpu_seconds']:.3f} s  {p['leaves_per_cpu_second']:,.0f} leaves/"
              "cpu s", flush=True)
    if "divide" in figures:
        d = figures["divide"]
        ratio = d["ratio_to_perft"]
        # perft too fast to time (depth 1): no ratio, rather than "Nonex"
        against = f"{ratio}x the plain perft" if ratio is not None else "perft too fast to compare"
        print(f"{name} divide({d['depth']}) = {d['leaves']:,}  wall {d['wall_seconds']:.3f} s"
              f"  cpu {d['cpu_seconds']:.3f} s  {against}", flush=True)
    if "playouts" in figures:
        p = figures["playouts"]
        print(f"{name} playouts: {p['games']:,} games, {p['positions']:,} positions in "
              f"{p['cpu_seconds']:.2f} cpu s: {p['games_per_second']:,.0f} games/s, "
              f"{p['positions_per_second']:,.0f} positions/s", flush=True)
    if "solver" in figures:
        v = figures["solver"]
        print(f"{name} solver ({v['kernel']}): {v['nodes']:,} positions in "
              f"{v['cpu_seconds']:.2f} cpu s: {v['nodes_per_cpu_second']:,.0f} positions/cpu s,"
              f" table {v['table_entries']:,} entries, {v['hit_rate']:.1%} of "
              f"{v['table_probes']:,} probes hit", flush=True)
    if "startup" in figures:
        s = figures["startup"]
        print(f"{name} start-up: {s['command']} {s['cpu_seconds']:.3f} cpu s, python -c pass "
              f"{s['python_cpu_seconds']:.3f} cpu s: {s['ratio']}x (median of {s['runs']})",
              flush=True)


def _bench(args: argparse.Namespace) -> int:
    chosen = [get_definition(name) for name in args.games or game_names()]  # all known
    for depth in args.depth or ():
        check_depth(depth, "--depth")
    if not 0 <= args.playouts <= 3600:
        raise OptionError(f"--playouts {args.playouts}: expected 0 to 3600 CPU seconds")
    if not 0 <= args.startup <= 100:
        raise OptionError(f"--startup {args.startup}: expected 0 to 100 runs")
    if not 0 <= args.solve <= 10**9:
        raise OptionError(f"--solve {args.solve}: expected 0 to 1000000000 positions")
    results = []
    for definition in chosen:
        depths = list(args.depth or definition.bench_depths)
        figures = measure(definition, depths, args.playouts, args.startup, args.solve)
        results.append(figures)
        if not args.json:
            _print(figures)
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "games": results}, indent=2))
    return 0


COMMAND = Command("bench", "measure perft, divide, playouts, the solver and start-up, with "
                  "CPU time",
                  _configure, _bench)
