"""The benchmark's yardstick plays the same game: ``benchmarks/simple_sploof.py`` and the
reference agree on the legal moves and the outcome along random games, and the generic
playouts count what they play."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.games.sploof.game import GAME
from shibumi_rules.geometry import FILES
from shibumi_rules.playouts import playouts

SIMPLE_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "simple_sploof.py"


def _load_simple() -> ModuleType:
    spec = importlib.util.spec_from_file_location("simple_sploof", SIMPLE_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["simple_sploof"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


simple = _load_simple()


def _name(point: tuple[int, int, int]) -> str:
    level, row, col = point
    return f"{level + 1}{FILES[2 * col + level]}{2 * row + level + 1}"


def _text(move: tuple[str, tuple[int, int, int]]) -> str:
    kind, point = move
    return ("x" if kind == "remove" else "") + _name(point)


def _simple_winner(state: Any) -> str | None:
    found = simple.winner(state)
    return None if found is None else {"W": "white", "B": "black"}[found]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_simple_sploof_agrees_with_the_reference(rng: Any) -> None:
    ours, theirs = GAME.start(), simple.start()
    for _ in range(200):
        expected = GAME.legal_move_texts(ours)
        moves = simple.legal_moves(theirs)
        assert sorted(_text(m) for m in moves) == sorted(expected)
        assert simple.is_over(theirs) == GAME.is_over(ours)
        assert _simple_winner(theirs) == GAME.outcome_json(ours)["winner"]
        if not moves:
            break
        move = rng.choice(moves)
        ours, theirs = GAME.play_text(ours, _text(move)), simple.play(theirs, move)


def test_playouts_count_games_and_positions() -> None:
    stats = playouts(GAME, count=5, seed=1)
    assert stats.games == 5 and stats.finished + stats.cut == 5
    assert stats.positions > 5  # every game plays at least one move
    again = playouts(GAME, count=5, seed=1)
    assert (again.games, again.finished, again.positions) == (
        stats.games, stats.finished, stats.positions)
    assert playouts(simple.GAME, count=5, seed=1).games == 5


def test_playouts_stop_at_the_ply_limit() -> None:
    stats = playouts(GAME, count=3, seed=2, max_plies=1)
    assert stats.games == 3 and stats.finished == 0 and stats.positions == 6


@pytest.mark.parametrize("kwargs", [{}, {"count": 1, "seconds": 1.0}, {"count": -1}])
def test_playouts_want_one_budget(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        playouts(GAME, **kwargs)
