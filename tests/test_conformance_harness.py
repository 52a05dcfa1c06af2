"""``shibumi-rules conform`` end to end: the reference engine conforms; each
deliberately wrong engine under tests/engines is caught and its broken rule named; bad
behaviour (crash, hang, garbage, flood) is reported without hanging the run; usage
errors exit with status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main
from shibumi_rules.conformance.attribution import attributor_for
from shibumi_rules.conformance.client import EngineProcess
from shibumi_rules.conformance.harness import Config, Harness
from shibumi_rules.conformance.nodes import Node
from shibumi_rules.conformance.results import Divergence, PhaseStats, Recorder
from shibumi_rules.conformance.server import available_games
from shibumi_rules.conformance.vectors import default_vector_files
from shibumi_rules.games import get_game
from shibumi_rules.games.sploof.rules import SploofState
from shibumi_rules.tables.positions import all_named

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "engines"
NAMED = all_named()
NAMED_POSITIONS = {(p.game, p.name): p for game in NAMED.values() for p in game}


@pytest.fixture(autouse=True)
def _engines_can_import_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine scripts import ``shibumi_rules`` and ``tests.engines``."""
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


def _engine(script: str, *args: str) -> str:
    return " ".join([sys.executable, str(ENGINES / script), *args])


def spec_vectors(path: Path, game: str, rule: str, limit: int = 30) -> Path:
    """A vector file with the spec's vectors of ``game`` that exercise ``rule`` (the
    named positions come first in the spec's files)."""
    lines = []
    for source in default_vector_files():
        for line in source.read_text().splitlines():
            data = json.loads(line)
            if data.get("game") == game and rule in data.get("rules", []) \
                    and "moves" in data:
                lines.append(line)
    assert lines, f"no spec vector exercises {rule}"
    path.write_text("\n".join(lines[:limit]) + "\n")
    return path


def conform(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
            ) -> tuple[int, dict[str, Any], str]:
    report = tmp_path / "report.json"
    status = main(["conform", "--quiet", "--report", str(report), *args])
    out = capsys.readouterr().out
    data = json.loads(report.read_text()) if report.exists() else {}
    return status, data, out


def _rules_of(data: dict[str, Any], kind: str | None = None) -> list[list[str]]:
    return [d["rules"] for d in data["divergences"] if kind is None or d["kind"] == kind]


def test_the_reference_engine_conforms(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The default vectors (the spec's) with fewer random games."""
    status, data, out = conform(["--games", "2", "--depth", "2"], tmp_path, capsys)
    assert status == 0, out
    assert data["conformant"] is True and data["divergences"] == []
    games = list(NAMED)
    assert data["games"] == games and {"sploof", "splink", "spline"} <= set(games)
    phases = data["phases"]
    counts = {g: sum(1 for f in default_vector_files() for line in f.read_text().splitlines()
                     if json.loads(line).get("game") == g and "moves" in json.loads(line))
              for g in games}
    for g in games:
        assert phases[f"{g} vectors"]["checks"] == counts[g] > 0
        assert phases[f"{g} random games"]["positions"] > 0
        assert phases[f"{g} perft"]["checks"] == 1 + len(NAMED[g])  # start + named
    assert {r["rule"] for r in data["rules"]} >= {"SPF-RUL-4", "SPK-RUL-1", "SPL-RUL-2"}
    assert data["positions_checked"] > 1000 and data["positions_per_second"] > 0
    assert "result: CONFORMANT" in out and "positions/s" in out


WRONG_ENGINES = [
    ("sploof_ignores_pinning.py", "sploof", "SHB-PIN-1"),
    ("sploof_wrong_drop.py", "sploof", "SHB-DROP-1"),
    ("sploof_no_crossing.py", "sploof", "SHB-CROSS-1"),
    ("sploof_perimeter_crossing.py", "sploof", "SPF-RUL-4"),
    ("sploof_unlimited_supply.py", "sploof", "SPF-RUL-1"),
    ("sploof_wrong_tie_break.py", "sploof", "SPF-RUL-2"),
    ("splink_strict_placement.py", "splink", "SPK-RUL-1"),
    ("splink_wrong_score_pair.py", "splink", "SPK-SCORE-1"),
    ("spline_wrong_line_table.py", "spline", "SPL-LINE-1"),
    ("spline_covered_lines_ignored.py", "spline", "SPL-RUL-2"),
    ("spline_wrong_first_player.py", "spline", "SPL-RUL-4"),
]


@pytest.mark.parametrize(("script", "game", "rule"), WRONG_ENGINES,
                         ids=[e[0].removesuffix(".py") for e in WRONG_ENGINES])
def test_each_wrong_engine_is_caught_and_its_rule_named(
        script: str, game: str, rule: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Run on the spec's vectors for the rule the engine breaks (and one random game),
    the report names that rule first for at least one divergence."""
    vectors = spec_vectors(tmp_path / "v.jsonl", game, rule)
    status, data, out = conform(["--engine", _engine(script), "--game", game,
                                 "--games", "1", "--depth", "1", "--vectors", str(vectors)],
                                tmp_path, capsys)
    assert status == 1, out
    assert data["conformant"] is False
    leading = [rules[0] for rules in _rules_of(data) if rules]
    assert rule in leading, out
    failing = [r for r in data["rules"] if r["rule"] == rule]
    assert failing and failing[0]["divergences"] > 0
    item = next(d for d in data["divergences"] if d["rules"] and d["rules"][0] == rule)
    assert item["position"] and item["diagram"] and "top view" in item["diagram"]
    assert item["expected"] != item["actual"]
    assert f"[{rule}" in out


def test_a_divergence_found_by_perft_is_traced_to_its_position(
        capsys: pytest.CaptureFixture[str]) -> None:
    """From a position where Black can only place, perft(3) differs for the wrong-drop
    engine only below White's removals: the descent must reach a position after a
    Black move and name the removal whose successor is wrong."""
    game = get_game("sploof")
    drop_line = game.parse_position(NAMED_POSITIONS[("sploof", "drop-line")].position)
    top = next(p for p in range(30) if drop_line.board.masks[1] >> p & 1 and p >= 25)
    board = drop_line.board
    masks = list(board.masks)
    masks[1] &= ~(1 << top)
    root_state = SploofState(type(board)((masks[0], masks[1], masks[2])),
                             type(drop_line.turn)(1), (1, 10), (9, 1, drop_line.supply[2]))
    root_text = game.format_position(root_state)
    root = Node(game, game.parse_position(root_text), root_text, root_state.options)
    assert all(not m.remove for m in game.legal_moves(root.state))

    process = EngineProcess([sys.executable, str(ENGINES / "sploof_wrong_drop.py")],
                            timeout=30)
    harness = Harness(process, Config(), available_games())
    harness.session.open()
    try:
        found = harness.perft_descent(root, 3, attributor_for(game), PhaseStats())
    finally:
        harness.session.close()
    assert found >= 1
    item = harness.recorder.divergences[0]
    assert item.kind == "successor" and item.rules[0] == "SHB-DROP-1"
    assert item.position != root_text and item.move is not None and item.move.startswith("x")
    assert "after" in item.source
    after_black = game.parse_position(item.position or "")
    assert after_black.turn.label == "white"


def test_a_crashing_engine_is_restarted_and_the_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_crash.py"), "--game", "sploof",
                                 "--games", "2", "--depth", "1", "--vectors", "none"],
                                tmp_path, capsys)
    assert status == 1
    crashes = [d for d in data["divergences"] if d["kind"] == "crash"]
    assert crashes and "status 3" in crashes[0]["actual"]
    assert "cannot handle request" in crashes[0]["detail"]
    assert data["engine"]["restarts"] >= 1 and data["aborted"] is None
    assert "the engine crashed" in out and "restarted" in out
    assert data["positions_checked"] > 100
    assert _rules_of(data, "successor") == [] and _rules_of(data, "outcome") == []


def test_a_hanging_engine_times_out_and_the_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_hang.py"), "--game", "splink",
                                 "--games", "1", "--depth", "1", "--timeout", "1",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == 1
    assert [d["kind"] for d in data["divergences"]] == ["timeout"]
    assert "did not answer in time" in out
    assert data["aborted"] is None and data["phases"]["splink random games"]["positions"] > 0


def test_an_engine_that_never_answers_stops_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_hang.py", "--always"),
                                 "--timeout", "0.5", "--vectors", "none"], tmp_path, capsys)
    assert status == 1
    assert data["aborted"] and "3 in a row" in data["aborted"]
    assert "run stopped early" in out


def test_garbage_output_is_a_protocol_divergence_but_the_answers_are_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_garbage.py"), "--game",
                                 "sploof", "--games", "1", "--depth", "1",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == 1
    kinds = {d["kind"] for d in data["divergences"]}
    assert kinds == {"protocol"}
    details = " ".join(d["detail"] for d in data["divergences"])
    assert "garbage" in details and "long-line" in details and "unmatched" in details
    assert "broke the protocol" in out and "result: NOT CONFORMANT" in out
    assert data["phases"]["sploof random games"]["positions"] > 0


def test_a_flooding_engine_is_stopped(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_garbage.py", "--flood"),
                                 "--game", "sploof", "--vectors", "none"], tmp_path, capsys)
    assert status == 1
    assert {d["kind"] for d in data["divergences"]} == {"flood"}
    assert "flooded its output" in out
    assert data["aborted"]


def test_an_engine_reading_only_moves_conforms_without_vectors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SPF-START-1", limit=3)
    status, data, out = conform(["--engine", _engine("engine_startpos_only.py"),
                                 "--game", "sploof", "--games", "1",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == 0, out
    assert data["phases"]["sploof vectors"]["skipped"] == 3
    assert data["phases"]["sploof random games"]["positions"] > 0


@pytest.mark.parametrize("args", [
    ["--engine", "/no/such/engine-binary"],
    ["--engine", ""],
    ["--engine", "'unbalanced"],
    ["--option", "supply=plenty"],
    ["--option", "nonsense"],
    ["--option", "max_turns=-3"],
    ["--game", "sploof", "--option", "max_turns=5"],
    ["--vectors", "/no/such/vectors.jsonl"],
])
def test_usage_errors_exit_with_status_2(args: list[str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["conform", "--quiet", "--games", "0", "--depth", "0", *args])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1


@pytest.mark.parametrize("line", ['{"game": "sploof"', "[1, 2]", '{"game": "sploof"}'])
def test_a_malformed_vector_file_is_a_usage_error(line: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(line + "\n")
    status = main(["conform", "--quiet", "--vectors", str(bad)])
    assert status == 2
    assert "bad.jsonl:1" in capsys.readouterr().err


def test_the_recorder_keeps_one_smallest_example_per_kind_and_rule() -> None:
    recorder = Recorder()

    def item(position: str, balls: int, move: str = "1c3") -> Divergence:
        return Divergence("successor", "sploof", position, move, "a", "b", ["SHB-DROP-1"],
                          "test", balls=balls)

    assert recorder.add(item("big", 20))
    assert not recorder.add(item("big", 20))
    assert recorder.add(item("small", 3))
    assert recorder.add(item("middle", 9))
    assert recorder.add(item("small", 3, move="x1a1"))
    (kept,) = recorder.divergences
    assert (kept.position, kept.move, kept.occurrences) == ("small", "1c3", 4)
    assert recorder.total == 4


def test_sloppy_notation_is_reported_but_the_rules_are_still_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vectors = spec_vectors(tmp_path / "v.jsonl", "splink", "SPK-RUL-1", limit=2)
    status, data, out = conform(["--engine", _engine("engine_sloppy_notation.py"),
                                 "--game", "splink", "--games", "0", "--depth", "0",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == 1
    assert {d["kind"] for d in data["divergences"]} == {"protocol"}, out
    details = {d["detail"] for d in data["divergences"]}
    assert details == {"a move not in canonical notation", "legal moves not in canonical order"}
    assert data["positions_checked"] > 100


@pytest.mark.parametrize(("position", "move", "credited", "expected_rules"), [
    # White's rank 3 is crossed by 2d2 and 2d4: an engine that credits it a line
    ("RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../. black stock:2,2 supply:10,10,8", None,
     "white", ["SHB-CROSS-1", "SPF-LINE-1"]),
    # 3c3 hides White's 1c3 (and the links beside it are crossed)
    ("RRRR,WWWW,RBBR,RRRR/BW.,WB.,.../W.,../. black stock:1,1 supply:8,11,6", None,
     "white", ["SHB-CROSS-1", "SPF-LINE-1", "SPF-RUL-7", "SHB-HIDE-1"]),
    # 2d4 completes a zig-zag diagonal: an engine that misses it
    ("WRRR,RWBR,RBBR,RRRR/W..,...,.../..,../. white stock:1,1 supply:12,12,5", "2d4",
     None, ["SPF-RUL-5", "SPF-LINE-2"]),
    # one black ball over a perimeter link of White's rank 1 does not cross it
    ("WWW.,RBBR,R..R,RRRR/BB.,...,.../..,../. white stock:1,1 supply:12,11,8", "1g1",
     None, ["SPF-RUL-4", "SHB-CROSS-1", "SPF-LINE-1"]),
])
def test_a_wrong_sploof_outcome_names_why_the_line_counts_or_not(
        position: str, move: str | None, credited: str | None,
        expected_rules: list[str]) -> None:
    """A line credited that the reference denies leads with the rule that denies it; a
    line missed leads with the ruling that makes it count."""
    game = get_game("sploof")
    state = game.parse_position(position)
    after = game.play(state, game.parse_move(state, move)) if move else state
    reference = game.outcome_json(after)
    engine: dict[str, Any]
    if credited is None:
        assert reference["over"] and reference["winner"] is not None
        engine = {"over": False, "winner": None, "draw": False, "reason": None}
    else:
        assert not reference["over"]
        engine = {"over": True, "winner": credited, "draw": False, "reason": "line"}
    rules = attributor_for(game).outcome(game, after, reference, engine)
    assert rules[:len(expected_rules)] == expected_rules


def test_a_perft_the_engine_cannot_answer_still_finds_the_broken_rule() -> None:
    """The unlimited-supply engine lets White remove a red ball with an empty supply,
    then fails on the negative supply below: no counts to descend by, but the
    position's own moves name SPF-RUL-1."""
    game = get_game("sploof")
    named = NAMED_POSITIONS[("sploof", "supply-empty")]
    state = game.parse_position(named.position)
    root = Node(game, state, game.format_position(state), state.options)
    process = EngineProcess([sys.executable, str(ENGINES / "sploof_unlimited_supply.py")],
                            timeout=30)
    harness = Harness(process, Config(), available_games())
    harness.session.open()
    try:
        found = harness.perft_descent(root, 3, attributor_for(game), PhaseStats())
    finally:
        harness.session.close()
    kinds = {item.kind: item for item in harness.recorder.divergences}
    assert found >= len(harness.recorder.divergences) >= 2
    assert "error" in kinds
    extra = kinds["extra-move"]
    assert extra.rules[0] == "SPF-RUL-1" and extra.move is not None
    assert extra.move.startswith("x") and "perft" in extra.source
