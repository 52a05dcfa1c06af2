"""OpenSpiel's MCTS bot against a uniform random bot on every registered game.

Needs the ``rl`` extra. Each pairing plays two games from the start, the MCTS bot once
in each seat; it wins the pairing when its returns add up to more than zero (a line
game: it won more games than it lost; Splink: as attractor it scored more than the
random bot did as attractor against it, as in a duel). It prints one line per game:

    python benchmarks/rl_mcts.py --games 20 --simulations 50

With ``--plot FILE.svg`` it also plays each game at 2, 4, 8, ... up to
``--simulations`` simulations per move (one simulation would leave the search's root
unexpanded) and draws the win rate against the simulations (the figure of
docs/rl.md is made so, see there for the exact command). ``--option NAME=VALUE``
(repeatable) sets an option of every game that has it, such as ``max_turns=40``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from shibumi_rules.contract.game import parse_option_pairs
from shibumi_rules.fileio import write_atomic
from shibumi_rules.openspiel import PREFIX, parameter_specification
from shibumi_rules.registry import definitions


@dataclass(frozen=True)
class Result:
    """Pairings won, drawn and lost by the MCTS bot, and its mean return per game."""

    won: int
    drawn: int
    lost: int
    mean_return: float

    @property
    def rate(self) -> float:
        """Win rate, a drawn pairing counting half."""
        total = self.won + self.drawn + self.lost
        return (self.won + 0.5 * self.drawn) / total


def load(name: str, options: dict[str, str]) -> pyspiel.Game:
    """The game with the options it has among ``options``."""
    spec = parameter_specification(name)
    params = {k: type(spec[k])(v) for k, v in options.items() if k in spec}
    inner = ",".join(f"{k}={v}" for k, v in sorted(params.items()))
    return pyspiel.load_game(f"{PREFIX}{name}({inner})" if inner else PREFIX + name)


def play(game: pyspiel.Game, simulations: int, pairings: int, seed: int) -> Result:
    """``pairings`` pairings of MCTS (random rollouts, UCT constant scaled to the
    returns) against the uniform random bot."""
    rng = np.random.RandomState(seed)
    scale = max(abs(game.min_utility()), abs(game.max_utility()))
    won = drawn = lost = 0
    total = 0.0
    for _ in range(pairings):
        pairing = 0.0
        for seat in range(2):
            evaluator = mcts.RandomRolloutEvaluator(1, rng)
            search = mcts.MCTSBot(game, 2.0 * scale, simulations, evaluator,
                                  random_state=rng)
            bots = [UniformRandomBot(1 - seat, rng), search]
            if seat == 0:
                bots = [search, UniformRandomBot(1, rng)]
            returns = evaluate_bots(game.new_initial_state(), bots, rng)
            pairing += returns[seat]
        total += pairing
        if pairing > 0:
            won += 1
        elif pairing == 0:
            drawn += 1
        else:
            lost += 1
    return Result(won, drawn, lost, total / (2 * pairings))


def plot_svg(series: dict[str, list[tuple[int, float]]], title: str) -> str:
    """A line chart of win rate (0-1) against simulations (log scale), one line per
    game, as a standalone SVG."""
    width, height, left, right, top, bottom = 640, 400, 60, 150, 40, 50
    xs = sorted({x for points in series.values() for x, _ in points})
    span = max(1, len(xs) - 1)

    def px(x: int) -> float:
        return left + (width - left - right) * xs.index(x) / span

    def py(y: float) -> float:
        return top + (height - top - bottom) * (1 - y)

    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2:.0f}" y="22" text-anchor="middle" font-size="14">'
           f'{title}</text>']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = py(tick)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                   f'{tick:.0%}</text>')
    for x in xs:
        out.append(f'<text x="{px(x):.1f}" y="{height - bottom + 18}" '
                   f'text-anchor="middle">{x}</text>')
    out.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 10}" '
               'text-anchor="middle">MCTS simulations per move</text>')
    out.append(f'<text x="16" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + height - bottom) / 2:.0f})">'
               'pairings won (a draw counts half)</text>')
    for i, (name, points) in enumerate(series.items()):
        colour = colours[i % len(colours)]
        path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                   'stroke-width="2"/>')
        for x, y in points:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{colour}"/>')
        ly = top + 20 * i + 10
        out.append(f'<line x1="{width - right + 12}" y1="{ly}" x2="{width - right + 32}" '
                   f'y2="{ly}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{width - right + 38}" y="{ly + 4}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="pairings per game (20)")
    parser.add_argument("--simulations", type=int, default=50,
                        help="MCTS simulations per move (50)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option for every game that has it; repeatable")
    parser.add_argument("--plot", type=Path, metavar="FILE.svg",
                        help="also play 2, 4, 8, ... --simulations and draw the win rate")
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 2:
        parser.error("--games must be at least 1 and --simulations at least 2")
    try:
        options = parse_option_pairs(args.option)
    except ValueError as err:
        parser.error(str(err))
    series: dict[str, list[tuple[int, float]]] = {}
    for definition in definitions():
        game = load(definition.name, options)
        began = time.perf_counter()
        result = play(game, args.simulations, args.games, args.seed)
        elapsed = time.perf_counter() - began
        print(f"{game.get_type().short_name}: MCTS({args.simulations}) against uniform "
              f"random won {result.won}, drew {result.drawn}, lost {result.lost} of "
              f"{args.games} pairings (win rate {result.rate:.0%}, a draw counting half); "
              f"mean return per game {result.mean_return:+.2f}; {elapsed:.1f} s [{game}]",
              flush=True)
        if args.plot:
            steps = [2 ** k for k in range(1, args.simulations.bit_length())]
            series[definition.name] = [(s, play(game, s, args.games, args.seed).rate)
                                   for s in steps]
    if args.plot:
        title = (f"MCTS against uniform random: {args.games} pairings per point, seed "
                 f"{args.seed}")
        write_atomic(args.plot, plot_svg(series, title))
        print(f"wrote {args.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
