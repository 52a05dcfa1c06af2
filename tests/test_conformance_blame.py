"""The harness sends only what an engine declares, blames the rule that is broken, and
counts what it does: an engine letting only White begin a Spline game gets no
Black-started position and conforms; a successor the reference cannot parse is blamed
on the rule its parse error names and the notation fields that differ; a game played
with its colours swapped is blamed on the first-player ruling at every ply; each
distinct perft root is searched once; refused vectors are counted; perft's nodes per
second are reported apart from positions per second; and the small usage faults
(``--vectors none``, a stray ``--option``, ``--help``'s depths, the timeout message)."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from shibumi_rules.cli import main
from shibumi_rules.conformance import blame
from shibumi_rules.conformance.nodes import Node
from shibumi_rules.errors import PositionError
from shibumi_rules.registry import definitions, get_definition, get_game
from tests.test_conformance_harness import (
    CONFORMANT,
    DIVERGENT,
    ERROR,
    INCONCLUSIVE,
    USAGE,
    _engine,
    _engines_can_import_the_tree,  # noqa: F401 (the autouse fixture, used here too)
    conform,
    spec_vectors,
)

SPLINE = ["--game", "spline"]


# -- fault 1: a declared first player is respected, positions judged by their turn ---

@pytest.mark.parametrize("declaration", ["white", "none"])
def test_a_spline_engine_letting_only_white_begin_gets_no_black_game_and_conforms(
        declaration: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Spline's named positions carry no ``first``: the position's counts and player
    to move say who began, so the Black-started ones (``start-black`` among them) are
    skipped, as vectors and as perft roots."""
    args = [] if declaration == "white" else ["--no-first"]
    status, data, out = conform(["--engine", _engine("spline_white_first_only.py", *args),
                                 *SPLINE, "--games", "2", "--depth", "2"], tmp_path, capsys)
    assert data["divergences"] == [], out
    assert status == CONFORMANT, out
    skipped = sum(n for c in data["combinations"] for why, n in c["vectors_skipped"].items()
                  if "black starts" in why)
    assert skipped >= 1
    assert data["phases"]["spline vectors"]["skipped"] == skipped
    assert data["phases"]["spline perft"]["checks"] > 0


def test_the_first_mover_of_a_spline_position_is_read_from_its_counts() -> None:
    game = get_game("spline")
    cases = {"....,....,....,..../...,...,.../..,../. white": "white",
             "....,....,....,..../...,...,.../..,../. black": "black",
             "W...,....,....,..../...,...,.../..,../. black": "white",
             "B...,....,....,..../...,...,.../..,../. white": "black",
             "WB..,....,....,..../...,...,.../..,../. black": "black"}
    for text, first in cases.items():
        assert game.first_mover(game.parse_position(text)) == first, text
    assert get_game("splink").first_mover(get_game("splink").start()) is None


# -- fault 2: a misparsed position is blamed by its parse error and its fields --------

def test_a_wrong_player_to_move_is_blamed_on_the_turn_rule_not_placement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("spline_turn_not_passed.py"), *SPLINE,
                                 "--games", "1", "--depth", "1"], tmp_path, capsys)
    assert status == DIVERGENT, out
    successors = [d for d in data["divergences"] if d["kind"] == "successor"]
    assert len(successors) > 50
    for item in successors:
        assert "SPL-PLACE-1" not in item["rules"] and "SHB-PLACE-1" not in item["rules"]
        assert "SPL-TURN-1" in item["rules"], item
        assert item["expected"].split()[0] == item["actual"].split()[0]
    leading = collections.Counter(d["rules"][0] for d in successors)
    assert leading.most_common(1)[0][0] == "SPL-TURN-1"
    assert "led by SPL-TURN-1" in out


def test_misparsed_blames_the_error_rule_then_each_differing_field() -> None:
    definition = get_definition("spline")
    game = definition.rules()
    state = game.start()
    node = Node(game, state, None, {}, "white", ())
    expected = "W...,....,....,..../...,...,.../..,../. black"
    actual = "W...,....,....,..../...,...,.../..,../. white"
    error = PositionError("black is to move, not white", "SPL-TURN-1")
    found = blame.misparsed(definition.attributor(), node, "1a1", expected, actual, error)
    assert found.rules == ["SPL-TURN-1"] and found.fields == ["turn"]
    board = "WW..,....,....,..../...,...,.../..,../. black"
    found = blame.misparsed(definition.attributor(), node, "1a1", expected, board,
                            PositionError("counts", None))
    assert found.fields == ["board"] and found.rules[0] == "SPL-PLACE-1"


# -- fault 3: a colour swap is the first-player ruling at any ply ---------------------

def test_an_engine_ignoring_first_is_blamed_on_the_first_player_ruling_at_every_ply(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine reads the start plus moves and plays every game as if White began:
    the second random game, which Black begins, comes back colour-swapped."""
    status, data, out = conform(["--engine", _engine("spline_ignores_first.py"), *SPLINE,
                                 "--games", "2", "--depth", "1"], tmp_path, capsys)
    assert status == DIVERGENT, out
    rule_items = [d for d in data["divergences"] if d["category"] == "rule"]
    plies = {int(d["source"].rsplit(" ", 1)[1]) for d in rule_items}
    assert len(rule_items) > 20 and max(plies) > 5
    for item in rule_items:
        assert item["rules"][0] == "SPL-RUL-4", item
        assert "black" in item["source"] or "game 2" in item["source"]
        assert "the engine ignores who begins" in item["detail"]
    assert "led by SPL-RUL-4" in out


# -- fault 4: each distinct perft root once -------------------------------------------

def test_each_distinct_perft_root_is_searched_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The declared starts and the named vectors ``start`` and ``start-black`` are the
    same positions: one search each."""
    names = [p.name for p in get_definition("spline").named_positions()]
    assert {"start", "start-black"} <= set(names)
    status, data, out = conform([*SPLINE, "--games", "0", "--depth", "1"], tmp_path, capsys)
    assert status == CONFORMANT, out
    (combo,) = data["combinations"]
    assert combo["perft_roots"] == len(names)
    assert data["phases"]["spline perft"]["checks"] == len(names)


# -- fault 5: refused vectors are counted ---------------------------------------------

def test_a_refused_vector_is_a_check_and_a_divergence_of_its_phase(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Vectors that say White began Black-started positions are sent to the engine
    that lets only White begin, which refuses them: each refusal is a check of the
    vectors phase, and a divergence of it."""
    line = spec_vectors(tmp_path / "v.jsonl", "spline", "SPL-RUL-4")
    line.write_text(line.read_text().replace('"kind":"named"',
                                             '"kind":"named","first":"white"'))
    status, data, out = conform(["--engine", _engine("spline_white_first_only.py"),
                                 *SPLINE, "--games", "0", "--depth", "0",
                                 "--vectors", str(line)], tmp_path, capsys)
    assert status == DIVERGENT, out
    refusals = [d for d in data["divergences"] if d["kind"] == "protocol"]
    assert refusals
    phase = data["phases"]["spline vectors"]
    assert phase["divergences"] >= len(refusals)
    assert phase["checks"] == data["combinations"][0]["vectors"]


# -- fault 6: perft nodes per second apart ---------------------------------------------

def test_perft_nodes_per_second_are_reported_apart_from_positions_per_second(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--game", "splink", "--games", "0", "--depth", "2",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    game = get_game("splink")
    assert data["perft_nodes"] == game.perft(game.start(), 2)
    assert data["perft_nodes_per_second"] > 0
    assert data["positions_per_second"] == 0  # every position checked was perft's
    assert "nodes/s" in out and "positions/s outside perft" in out
    status, data, out = conform(["--game", "splink", "--games", "1", "--depth", "0",
                                 "--vectors", "none"], tmp_path, capsys)
    assert data["perft_nodes"] == 0 and data["positions_per_second"] > 0
    assert "nodes/s" not in out


# -- fault 7: the small ones -----------------------------------------------------------

def test_vectors_none_says_so_in_the_inconclusive_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--vectors", "none", "--game", "splink", "--games", "0",
                                 "--depth", "0"], tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert any("--vectors gave no vector file" in r for r in data["inconclusive"])
    assert not any("none under these options" in r for r in data["inconclusive"])


@pytest.mark.parametrize("games", [["--game", "spline"], []])
def test_an_option_no_checked_game_has_is_a_usage_error(
        games: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--game`` or without it (the engine plays Spline only), ``blocking`` is
    no option of a game checked."""
    report = tmp_path / "report.json"
    status = main(["conform", "--quiet", "--report", str(report), "--engine",
                   _engine("spline_white_first_only.py"), *games, "--option",
                   "blocking=two", "--games", "0", "--depth", "0"])
    err = capsys.readouterr().err
    assert status == USAGE
    assert "blocking" in err and err.startswith("error: ") and err.count("\n") == 1
    assert not report.exists()


def test_conform_help_gives_each_games_default_depth(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["conform", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for definition in definitions():
        assert f"{definition.conform_depth} for {definition.name}" in text


def test_a_timeout_says_to_raise_the_timeout(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_hang.py"), "--game", "splink",
                                 "--games", "0", "--depth", "1", "--timeout", "1",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == ERROR, out
    timeouts = [d for d in data["divergences"] if d["kind"] == "timeout"]
    assert timeouts and all("raise --timeout" in d["actual"] + d["detail"]
                            for d in timeouts)
