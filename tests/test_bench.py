"""``bench`` reports figures that are counts of real work (no timing is asserted)."""

from __future__ import annotations

import json

import pytest

from shibumi_rules.cli import main
from shibumi_rules.registry import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_bench_json_counts_what_it_measured(name: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", name, "--depth", "2", "--playouts", "0.05", "--startup", "1",
                 "--solve", "300", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["games"][0]
    game = get_game(name)
    expected = game.perft(game.start(), 2)
    assert figures["game"] == name
    assert figures["perft"][0]["leaves"] == expected
    assert figures["divide"]["leaves"] == expected
    assert figures["playouts"]["games"] >= 1
    assert figures["playouts"]["positions"] > figures["playouts"]["games"]
    assert figures["startup"]["cpu_seconds"] > 0
    solver = figures["solver"]
    assert solver["nodes"] == 300 and not solver["solved"]
    assert 0 < solver["table_entries"] < 300
    assert 0 <= solver["table_hits"] <= solver["table_probes"]


def test_bench_refuses_a_negative_playout_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--playouts", "-1"]) == 1
    assert "--playouts -1.0: expected 0 to 3600" in capsys.readouterr().err
