"""Every game with learning actions passes the learning libraries' own random tests
under the adapters' default options: OpenSpiel's ``random_sim_test`` (random playouts
checking clones, serialisation, legal action masks, observations and returns) and
PettingZoo's ``api_test``. Each is skipped when the ``rl`` extra is not installed, and
for a game whose definition has no ``actions()`` part. ``tests/test_rl_openspiel.py``
and ``tests/test_rl_pettingzoo.py`` run them under every option combination."""

from __future__ import annotations

import importlib
import warnings
from types import ModuleType

import pytest

from shibumi_rules.errors import ShibumiError

from .selection import GAMES, definition

PETTINGZOO_WARNINGS = (
    # PettingZoo warns about every dict observation with an action mask, except for the
    # names of its own environments.
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
)


def _needs_actions(name: str) -> None:
    try:
        definition(name).actions()
    except ShibumiError as err:
        pytest.skip(f"{name} has no learning actions: {err}")


def _adapter(library: str, module: str) -> ModuleType:
    pytest.importorskip(library, reason=f"needs the rl extra ({library})")
    return importlib.import_module(module)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test(name: str) -> None:
    _needs_actions(name)
    adapter = _adapter("pyspiel", "shibumi_rules.openspiel")
    import pyspiel

    assert f"shibumi_{name}" in adapter.GAMES
    pyspiel.random_sim_test(pyspiel.load_game(f"shibumi_{name}"), 5, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    _needs_actions(name)
    adapter = _adapter("pettingzoo", "shibumi_rules.pettingzoo")
    from pettingzoo.test import api_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(adapter.env(game=name), num_cycles=100)
    assert {str(w.message) for w in caught} <= set(PETTINGZOO_WARNINGS)
