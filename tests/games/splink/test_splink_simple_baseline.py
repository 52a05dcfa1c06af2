"""The independent one-file Splink of ``benchmarks/simple_splink.py``, the yardstick of
the playout benchmark, plays the same game as the reference: the same number of legal
moves and the same end in every position of random games, and the same perft."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

from shibumi_rules.games.splink.game import GAME
from shibumi_rules.games.splink.state import SplinkState

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "simple_splink.py"


def _simple() -> Any:
    spec = importlib.util.spec_from_file_location("simple_splink", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


SIMPLE = _simple()


def _cells(state: SplinkState) -> Any:
    cells = tuple("R" if state.red >> p & 1 else "W" if state.white >> p & 1 else None
                  for p in range(30))
    return SIMPLE.State(cells, state.turns)


def test_the_simple_splink_agrees_with_the_reference_in_random_games() -> None:
    rng = random.Random(7)
    for _ in range(15):
        state = GAME.start()
        while True:
            simple = _cells(state)
            assert len(SIMPLE.GAME.legal_moves(simple)) == GAME.count_moves(state)
            assert SIMPLE.GAME.is_over(simple) == GAME.is_over(state)
            if GAME.is_over(state):
                break
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))


def test_the_simple_splink_counts_the_same_perft() -> None:
    assert SIMPLE.GAME.perft(SIMPLE.GAME.start(), 2) == GAME.perft(GAME.start(), 2) == 43680
