"""``shibumi-rules conform`` end to end: the reference engine conforms; each
deliberately wrong engine under tests/engines is caught and its broken rule named, one
per alternative of each ruling with an option; what an engine declares is honoured
(first players, option values, optional fields, deviations); a run that checked too
little is INCONCLUSIVE, a failing engine an ERROR, each with its exit status; bad
behaviour (crash, hang, garbage, flood, duplicate moves) is reported without hanging
the run; usage errors exit with status 2.

Nothing here depends on how fast the machine is: an engine gets ``START_TIMEOUT`` (30 s)
to start whatever ``--timeout`` says, and the tests that need a timeout use engines that
never answer."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main
from shibumi_rules.conformance import harness as harness_module
from shibumi_rules.conformance.client import EngineProcess
from shibumi_rules.conformance.harness import Config, Harness
from shibumi_rules.conformance.nodes import Node
from shibumi_rules.conformance.results import Divergence, PhaseStats, Recorder
from shibumi_rules.conformance.shapes import ResponseCheck, response_ok
from shibumi_rules.conformance.vectors import default_vector_files
from shibumi_rules.games.sploof.rules import SploofState
from shibumi_rules.registry import definitions, get_definition, get_game

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "engines"
NAMED = {d.name: d.named_positions() for d in definitions()}
REFERENCE = {d.name: d for d in definitions()}
NAMED_POSITIONS = {(p.game, p.name): p for game in NAMED.values() for p in game}
CONFORMANT, DIVERGENT, USAGE, INCONCLUSIVE, ERROR = 0, 1, 2, 3, 4


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


def _of(data: dict[str, Any], category: str) -> list[dict[str, Any]]:
    return [d for d in data["divergences"] if d["category"] == category]


# -- the reference -------------------------------------------------------------------

@pytest.mark.slow
def test_the_reference_engine_conforms_on_every_combination(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every combination of options the vectors hold is checked, with every vector
    answered and everything they exercise covered."""
    status, data, out = conform(["--games", "1", "--depth", "1"], tmp_path, capsys)
    assert status == CONFORMANT, out
    assert data["result"] == "CONFORMANT" and data["conformant"] is True
    assert data["divergences"] == [] and data["inconclusive"] == []
    games = list(NAMED)
    assert data["games"] == games and {"sploof", "splink", "spline"} <= set(games)
    vectors = [json.loads(line) for f in default_vector_files()
               for line in f.read_text().splitlines()]
    vectors = [v for v in vectors if "moves" in v]
    combos = {(c["game"], json.dumps(c["options"], sort_keys=True)): c
              for c in data["combinations"]}
    assert {(v["game"], json.dumps(v["options"], sort_keys=True)) for v in vectors} \
        <= combos.keys()
    for combo in data["combinations"]:
        assert combo["declared"] and combo["vectors"] == combo["vectors_checked"] > 0
        assert combo["missing"] == [] and combo["perft_roots"] >= 1
        assert combo["random_games"] == 1 and combo["positions"] > 0
    assert sum(c["vectors_checked"] for c in data["combinations"]) == len(vectors)
    assert all(sum(data["end_counts"][g].values()) == sum(
        1 for c in data["combinations"] if c["game"] == g) for g in data["games"])
    assert {r["rule"] for r in data["rules"]} >= {"SPF-RUL-4", "SPK-RUL-1", "SPL-RUL-2"}
    assert data["positions_checked"] > 1000 and data["positions_per_second"] > 0
    assert "result: CONFORMANT" in out and "positions/s" in out
    assert "per combination of options" in out and "random games ended" in out


@pytest.mark.slow
def test_the_markdown_report_is_deterministic_and_complete(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["conform", "--quiet", "--format", "markdown", "--game", "sploof",
            "--option", "supply=unlimited", "--games", "1", "--depth", "1"]
    texts = []
    for _ in range(2):
        assert main(args) == CONFORMANT
        texts.append(capsys.readouterr().out)
    assert texts[0] == texts[1]
    text = texts[0]
    assert text.startswith("# Conformance report: shibumi-rules reference engine")
    for heading in ("**Result: CONFORMANT**", "## What was checked",
                    "## Divergences by rule", "## Declared deviations"):
        assert heading in text
    assert "simultaneous=draw stuck=lose supply=unlimited`" in text
    assert "positions/s" not in text
    assert "`shibumi-rules engine` (the reference engine" in text


# -- wrong engines: each broken rule named ---------------------------------------------

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
    assert status == DIVERGENT, out
    assert data["result"] == "DIVERGENT" and data["conformant"] is False
    leading = [rules[0] for rules in _rules_of(data) if rules]
    assert rule in leading, out
    failing = [r for r in data["rules"] if r["rule"] == rule]
    assert failing and failing[0]["divergences"] > 0
    item = next(d for d in data["divergences"] if d["rules"] and d["rules"][0] == rule)
    assert item["position"] and item["diagram"] and "top view" in item["diagram"]
    assert item["expected"] != item["actual"]
    assert f"[{rule}" in out
    implicated = {r for d in _of(data, "rule") for r in d["rules"]}
    assert {r["rule"] for r in data["rules"] if r["vectors_failed"]} <= implicated


RULING_ENGINES = [
    # (script, game, option selecting the alternative it gets wrong, ruling)
    ("sploof_unlimited_supply.py", "sploof", "supply=limited", "SPF-RUL-1"),
    ("sploof_counts_unlimited_supply.py", "sploof", "supply=unlimited", "SPF-RUL-1"),
    ("sploof_wrong_tie_break.py", "sploof", "simultaneous=mover", "SPF-RUL-2"),
    ("sploof_draw_goes_to_mover.py", "sploof", "simultaneous=draw", "SPF-RUL-2"),
    ("sploof_no_move_draws.py", "sploof", "supply=unlimited", "SPF-RUL-3"),
    ("splink_turn_limit_late.py", "splink", "max_turns=12", "SPK-RUL-4"),
    ("splink_hidden_turn_limit.py", "splink", "max_turns=none", "SPK-RUL-4"),
    ("splink_ignores_limited_supply.py", "splink", "supply=limited", "SPK-PLACE-1"),
    ("splink_counts_unlimited_supply.py", "splink", "supply=unlimited", "SPK-RUL-5"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("script", "game", "option", "rule"), RULING_ENGINES,
                         ids=[f"{e[0].removesuffix('.py')}-{e[2]}" for e in RULING_ENGINES])
def test_each_alternative_of_a_ruling_is_checked_by_the_shipped_vectors(
        script: str, game: str, option: str, rule: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An engine wrong under one alternative of a ruling is DIVERGENT, naming the rule,
    on the shipped vectors of that alternative alone."""
    status, data, out = conform(["--engine", _engine(script), "--game", game, "--option",
                                 option, "--games", "0", "--depth", "0"], tmp_path, capsys)
    assert status == DIVERGENT, out
    implicated = [r for d in _of(data, "rule") for r in d["rules"]]
    assert rule in implicated, out
    assert all(d["options"][option.split("=")[0]] == option.split("=")[1]
               for d in _of(data, "rule"))


@pytest.mark.slow
def test_black_winning_both_lines_under_the_unlimited_supply_is_caught(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The reference but for one option: under supply=unlimited, both lines win for
    Black. A plain run under supply=unlimited is DIVERGENT on SPF-RUL-2; under
    supply=limited the same engine conforms."""
    engine = _engine("sploof_unlimited_both_lines_to_black.py")
    status, data, out = conform(["--engine", engine, "--option", "supply=unlimited"],
                                tmp_path, capsys)
    assert status == DIVERGENT, out
    rules = _of(data, "rule")
    assert rules and all(d["rules"][0] == "SPF-RUL-2" for d in rules)
    assert {d["options"]["simultaneous"] for d in rules} == {"mover", "draw"}
    assert next(r for r in data["rules"] if r["rule"] == "SPF-RUL-2")["divergences"] >= 2
    assert "result: DIVERGENT" in out and "led by SPF-RUL-2" in out
    status, data, out = conform(["--engine", engine, "--game", "sploof", "--option",
                                 "supply=limited", "--games", "0", "--depth", "0"],
                                tmp_path, capsys)
    assert status == CONFORMANT, out


# -- the declaration honoured ---------------------------------------------------------

@pytest.mark.slow
def test_an_engine_omitting_optional_fields_conforms(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No reason, no null winner, no false draw, no options suffix, no divide, no
    first list: nothing the schemas require, so no divergence of any kind."""
    status, data, out = conform(["--engine", _engine("engine_omits_optional_fields.py"),
                                 "--games", "1", "--depth", "2"], tmp_path, capsys)
    assert data["divergences"] == [], out
    assert status == CONFORMANT, out
    assert data["phases"]["sploof perft"]["checks"] > 0


@pytest.mark.slow
def test_an_engine_letting_only_white_start_is_sent_no_black_first_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_white_first_only.py"),
                                 "--game", "sploof", "--games", "2", "--depth", "1"],
                                tmp_path, capsys)
    assert data["divergences"] == [], out
    assert status == CONFORMANT, out
    skipped = sum(n for c in data["combinations"] for why, n in c["vectors_skipped"].items()
                  if "black starts" in why)
    assert skipped > 0


@pytest.mark.slow
def test_a_declared_deviation_is_reported_with_the_positions_it_changes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = _engine("engine_declares_deviation.py")
    status, data, out = conform(["--engine", engine, "--games", "0", "--depth", "1"],
                                tmp_path, capsys)
    assert status == DIVERGENT, out
    assert data["deviations_declared"] == {"sploof": {"SPF-RUL-2": (
        "when one move gives both players a line, the mover's opponent wins")}}
    assert data["divergences"] and all(d["deviation"] == "SPF-RUL-2"
                                       for d in data["divergences"])
    assert {c["options"]["simultaneous"] for c in data["combinations"]
            if c["declared"]} == {"mover"}
    assert "declared deviations" in out and "changes the answer at" in out
    assert "answer(s) changed by declared deviations (SPF-RUL-2)" in out
    main(["conform", "--quiet", "--engine", engine, "--games", "0", "--depth", "0",
          "--format", "markdown"])
    text = capsys.readouterr().out
    section = text[text.index("## Declared deviations"):]
    assert "SPF-RUL-2 (sploof): when one move gives both players a line" in section
    # the positions it changes are listed: removals that give both players a line
    # (x1a3 in the named position both-lines, x1a1 and x1a7 under blocking=one|none)
    assert re.search(r"\bx1a[137]\b", section), section


# -- saying what was not checked ------------------------------------------------------

def test_a_selected_option_the_engine_does_not_declare_is_inconclusive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_declares_unlimited_only.py"),
                                 "--game", "sploof", "--option", "supply=limited",
                                 "--games", "0", "--depth", "0"], tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert data["positions_checked"] == 0
    assert any("does not declare supply=limited" in r for r in data["inconclusive"])
    assert "result: INCONCLUSIVE" in out


def test_a_run_without_vectors_is_inconclusive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    status, data, out = conform(["--vectors", str(empty), "--games", "0", "--depth", "0"],
                                tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert any("no conformance vector could be checked" in r for r in data["inconclusive"])


def test_an_install_without_the_vectors_is_inconclusive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A wheel does not ship spec/: the run says so and checks what it can."""
    from shibumi_rules.conformance import cli, vectors

    missing = tmp_path / "no-spec" / "conformance"
    monkeypatch.setattr(vectors, "default_vector_dir", lambda: missing)
    monkeypatch.setattr(cli, "default_vector_dir", lambda: missing)
    monkeypatch.setattr(harness_module, "default_vector_dir", lambda: missing)
    monkeypatch.setattr(harness_module, "default_vector_files", lambda: [])
    status, data, out = conform(["--game", "splink", "--games", "1", "--depth", "1"],
                                tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert data["positions_checked"] > 0
    assert any("no conformance vectors found" in note for note in data["notes"])


def test_an_engine_reading_only_moves_is_checked_but_inconclusive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Vectors are positions in notation: an engine that reads none cannot be sent
    them, so the run says the vectors went unchecked."""
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SPF-START-1", limit=3)
    status, data, out = conform(["--engine", _engine("engine_startpos_only.py"),
                                 "--game", "sploof", "--games", "1",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert data["divergences"] == []
    assert data["phases"]["sploof vectors"]["skipped"] == 3
    assert data["phases"]["sploof random games"]["positions"] > 0
    assert any("reads no position notation" in r for r in data["inconclusive"])


def test_a_vector_the_reference_rejects_stops_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = json.loads(default_vector_files()[0].read_text().splitlines()[0])
    line["position"] = "RRRR,R..R,R..R,RRRR/W..,...,.../..,../. white stock:2,2 " \
                       "supply:14,14,4"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    status = main(["conform", "--quiet", "--vectors", str(bad)])
    err = capsys.readouterr().err
    assert status == USAGE and "bad.jsonl:1" in err and "rejects the position" in err


def test_an_altered_vector_folder_stops_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy of spec/conformance whose files differ from its index.json, or lack one
    it lists, is refused before anything is run."""
    import shutil

    folder = tmp_path / "conformance"
    shutil.copytree(default_vector_files()[0].parent, folder)
    altered = sorted(folder.glob("*.jsonl"))[0]
    altered.write_text(altered.read_text().splitlines()[0] + "\n")
    status = main(["conform", "--quiet", "--vectors", str(folder)])
    err = capsys.readouterr().err
    assert status == USAGE and "vectors altered" in err and altered.name in err
    altered.unlink()
    status = main(["conform", "--quiet", "--vectors", str(folder)])
    err = capsys.readouterr().err
    assert status == USAGE and "vectors missing" in err and altered.name in err


@pytest.mark.parametrize("args", [
    ["--engine", "/no/such/engine-binary"],
    ["--engine", ""],
    ["--engine", "'unbalanced"],
    ["--option", "supply=plenty"],
    ["--option", "nonsense"],
    ["--option", "max_turns=-3"],
    ["--game", "sploof", "--option", "max_turns=5"],
    ["--vectors", "/no/such/vectors.jsonl"],
    ["--timeout", "inf"],
    ["--budget", "-1"],
    ["--format", "yaml"],
])
def test_usage_errors_exit_with_status_2(args: list[str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["conform", "--quiet", "--games", "0", "--depth", "0", *args])
    except SystemExit as stop:  # argparse refuses the value itself, in one line too
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    assert status == USAGE
    assert "error: " in captured.err and captured.err.count("\n") == 1


@pytest.mark.parametrize("line", ['{"game": "sploof"', "[1, 2]", '{"game": "sploof"}'])
def test_a_malformed_vector_file_is_a_usage_error(line: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(line + "\n")
    status = main(["conform", "--quiet", "--vectors", str(bad)])
    assert status == USAGE
    assert "bad.jsonl:1" in capsys.readouterr().err


def test_a_game_the_engine_does_not_play_is_inconclusive(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_declares_deviation.py"),
                                 "--game", "splink", "--games", "0", "--depth", "0"],
                                tmp_path, capsys)
    assert status == INCONCLUSIVE, out
    assert data["inconclusive"] == ["splink: the engine does not play it (it plays sploof)"]


def test_an_unwritable_report_path_is_refused_before_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["conform", "--quiet", "--report", str(tmp_path / "no" / "r.json"),
                   "--engine", "/no/such/engine-binary-is-never-started"])
    err = capsys.readouterr().err
    assert status == USAGE and "r.json" in err and "does not exist" in err


# -- engine failures and protocol findings ----------------------------------------------

def test_a_crashing_engine_is_restarted_and_the_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_crash.py"), "--game", "sploof",
                                 "--games", "2", "--depth", "1", "--vectors", "none"],
                                tmp_path, capsys)
    assert status == ERROR, out
    crashes = [d for d in data["divergences"] if d["kind"] == "crash"]
    assert crashes and "status 3" in crashes[0]["actual"]
    assert "cannot handle request" in crashes[0]["detail"]
    assert data["engine"]["restarts"] >= 1 and data["aborted"] is None
    assert "the engine crashed" in out and "restarted" in out
    assert data["positions_checked"] > 100
    assert _of(data, "rule") == []
    # requests in flight when the engine died are sent again to the new process,
    # behind those already sent there: no answer is read out of order
    assert _of(data, "protocol") == []


def test_a_hanging_engine_times_out_and_the_run_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_hang.py"), "--game", "splink",
                                 "--games", "1", "--depth", "1", "--timeout", "1",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == ERROR, out
    assert {d["kind"] for d in data["divergences"]} == {"timeout"}
    assert "did not answer in time" in out
    assert data["aborted"] is None and data["phases"]["splink random games"]["positions"] > 0


def test_an_engine_that_never_answers_stops_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A short --timeout for the requests; starting the engine is not held to it, so a
    slow start on a loaded machine is no failure."""
    status, data, out = conform(["--engine", _engine("engine_hang.py", "--always"),
                                 "--timeout", "0.5", "--vectors", "none"], tmp_path, capsys)
    assert status == ERROR, out
    assert data["aborted"] and "3 in a row" in data["aborted"]
    assert "run stopped early" in out


def test_garbage_output_is_a_protocol_divergence_but_the_answers_are_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_garbage.py"), "--game",
                                 "sploof", "--games", "1", "--depth", "1",
                                 "--vectors", "none"], tmp_path, capsys)
    assert status == DIVERGENT, out
    kinds = {d["kind"] for d in data["divergences"]}
    assert kinds == {"protocol"}
    details = " ".join(d["detail"] for d in data["divergences"])
    assert "garbage" in details and "long-line" in details and "unmatched" in details
    assert "protocol findings" in out and "result: DIVERGENT" in out
    assert data["phases"]["sploof random games"]["positions"] > 0


def test_a_flooding_engine_is_stopped(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_garbage.py", "--flood"),
                                 "--game", "sploof", "--vectors", "none"], tmp_path, capsys)
    assert status == ERROR, out
    assert {d["kind"] for d in data["divergences"]} == {"flood"}
    assert "flooded its output" in out
    assert data["aborted"]


def test_a_run_over_its_time_budget_stops_with_the_failure_recorded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Starting an engine alone takes longer than a millisecond: the first request
    meets a spent budget."""
    status, data, out = conform(["--budget", "0.001", "--game", "sploof"], tmp_path,
                                capsys)
    assert status == ERROR, out
    assert [d["kind"] for d in data["divergences"]] == ["budget"]
    assert "--budget" in data["aborted"] and data["positions_checked"] == 0


class _CountingProcess(EngineProcess):
    """An engine process that counts the requests of each type sent to it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[str, int] = {}

    def send(self, message: dict[str, Any]) -> Any:
        kind = message["type"]
        self.sent[kind] = self.sent.get(kind, 0) + 1
        return super().send(message)


def test_duplicate_moves_are_reported_once_and_each_move_played_once() -> None:
    """An engine that repeats its 16 moves 500 times each (8,000 entries, within the
    protocol's limit on a list): one protocol finding per position, and one play
    request per distinct legal move, not per entry."""
    game = get_game("sploof")
    process = _CountingProcess([sys.executable, str(ENGINES / "engine_duplicate_moves.py")],
                               timeout=30)
    harness = Harness(process, Config(games=["sploof"], random_games=1, depth=0,
                                      illegal_per_node=0, max_plies=3), REFERENCE,
                      vectors=[])
    result = harness.run()
    findings = [d for d in result.recorder.items if d.topic == "duplicate moves"]
    assert findings and all(d.category == "protocol" for d in findings)
    assert all(d.kind == "protocol" for d in result.recorder.items)
    nodes = process.sent["moves"]
    assert nodes >= 4
    start = game.start({}, "white")
    assert process.sent["play"] <= nodes * len(game.legal_moves(start)) * 2
    assert result.result == "DIVERGENT"


def test_sloppy_notation_is_reported_but_the_rules_are_still_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vectors = spec_vectors(tmp_path / "v.jsonl", "splink", "SPK-RUL-1", limit=2)
    status, data, out = conform(["--engine", _engine("engine_sloppy_notation.py"),
                                 "--game", "splink", "--games", "0", "--depth", "0",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == DIVERGENT
    assert {d["kind"] for d in data["divergences"]} == {"protocol"}, out
    details = {d["detail"] for d in data["divergences"]}
    assert details == {"a move not in canonical notation", "legal moves not in canonical order"}
    assert data["positions_checked"] > 100


def test_a_malformed_answer_is_a_protocol_finding_never_a_rule_divergence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Outcomes whose winner is a number: the cheap shape check lets them through,
    the comparison differs, and the full check then finds the broken schema."""
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SPF-WIN-1", limit=5)
    status, data, out = conform(["--engine", _engine("engine_malformed_outcome.py"),
                                 "--game", "sploof", "--games", "0", "--depth", "0",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == DIVERGENT, out
    assert data["divergences"] and _of(data, "rule") == []
    assert all("winner" in d["detail"] for d in _of(data, "protocol"))


def test_an_answer_malformed_only_where_nothing_is_compared_is_found_every_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every answer of this engine breaks the schema in a field no comparison reads: each
    one is a protocol finding (no sample of them, no rule blamed), and none is compared."""
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SPF-WIN-1", limit=12)
    sent = len(vectors.read_text().splitlines())
    status, data, out = conform(["--engine", _engine("engine_negative_score.py"),
                                 "--game", "sploof", "--games", "0", "--depth", "0",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == DIVERGENT, out
    malformed = _of(data, "protocol")
    assert len(malformed) == sent and _of(data, "rule") == []
    assert all("score" in d["detail"] and "below 0" in d["detail"] for d in malformed)
    assert data["positions_checked"] == 0


def test_an_attribution_that_fails_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shibumi_rules.games.sploof.attribution import SploofAttributor

    def broken(*args: Any) -> list[str]:
        raise RuntimeError("no idea")

    monkeypatch.setattr(SploofAttributor, "outcome", broken)
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SPF-RUL-2", limit=4)
    status, data, out = conform(["--engine", _engine("sploof_wrong_tie_break.py"),
                                 "--game", "sploof", "--games", "0", "--depth", "0",
                                 "--vectors", str(vectors)], tmp_path, capsys)
    assert status == DIVERGENT, out
    assert data["harness_errors"] and "RuntimeError: no idea" in data["harness_errors"][0]
    assert any(d["kind"] == "outcome" and d["rules"] == [] for d in data["divergences"])
    assert "harness errors" in out


def test_the_text_report_groups_by_rule_and_shows_the_first_examples(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    vectors = spec_vectors(tmp_path / "v.jsonl", "sploof", "SHB-PIN-1")
    status, data, out = conform(["--engine", _engine("sploof_ignores_pinning.py"),
                                 "--game", "sploof", "--games", "0", "--depth", "0",
                                 "--examples", "1", "--vectors", str(vectors)],
                                tmp_path, capsys)
    assert status == DIVERGENT
    pin = [d for d in _of(data, "rule") if d["rules"][0] == "SHB-PIN-1"]
    assert len(pin) > 1
    assert f"  SHB-PIN-1 (sploof): {sum(d['occurrences'] for d in pin)} (" in out
    assert f"... and {len(pin) - 1} more (all in the JSON report)" in out


# -- pieces ---------------------------------------------------------------------------

def test_the_recorder_keeps_every_divergence_once() -> None:
    recorder = Recorder()

    def item(position: str, balls: int, move: str = "1c3") -> Divergence:
        return Divergence("successor", "sploof", position, move, "a", "b", ["SHB-DROP-1"],
                          "test", balls=balls)

    assert recorder.add(item("big", 20))
    assert not recorder.add(item("big", 20))
    assert recorder.add(item("small", 3))
    assert recorder.add(item("small", 3, move="x1a1"))
    assert [(d.position, d.move, d.occurrences) for d in recorder.items] == [
        ("big", "1c3", 2), ("small", "1c3", 1), ("small", "x1a1", 1)]
    assert recorder.total == 3 and recorder.observed == 4


def test_the_shape_check_takes_valid_answers_and_sends_the_rest_to_the_schema() -> None:
    good = {"id": 1, "ok": True, "type": "expand", "outcome": {"over": False},
            "children": [{"move": "1c3", "position": "P", "outcome": {"over": False}}]}
    error = {"id": 2, "ok": False, "error": {"kind": "illegal-move", "message": "no",
                                             "rule_id": "SHB-PLACE-1"}}
    assert response_ok(good, "expand") and response_ok(error, "play")
    check = ResponseCheck()
    for _ in range(6):
        check(good, "expand")
        check(error, "play")
    assert check.full_checks == 0  # valid on their shape: no schema walk needed
    for broken in ({**good, "extra": 1}, {**good, "children": [{"move": "1c3"}]},
                   {**good, "outcome": {"over": "no"}}, {**good, "ok": False},
                   {**good, "outcome": {"over": False, "score": -1}},
                   {**error, "error": {"kind": "odd", "message": "no"}}):
        assert not response_ok(broken, "expand")
        with pytest.raises(ValueError):
            check(broken, "expand")
    assert check.full_checks == 6
    unusual = {**good, "outcome": {"over": False, "engine_note": "fine"}}
    check(unusual, "expand")  # valid, but only the schema can tell
    assert check.full_checks == 7


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
    harness = Harness(process, Config(), REFERENCE)
    harness.session.open()
    try:
        found = harness.perft_descent(root, 3, get_definition(game.name).attributor(), PhaseStats())
    finally:
        harness.session.close()
    assert found >= 1
    item = harness.recorder.divergences[0]
    assert item.kind == "successor" and item.rules[0] == "SHB-DROP-1"
    assert item.position != root_text and item.move is not None and item.move.startswith("x")
    assert "after" in item.source
    after_black = game.parse_position(item.position or "")
    assert after_black.turn.label == "white"


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
    rules = get_definition(game.name).attributor().outcome(game, after, reference, engine)
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
    harness = Harness(process, Config(), REFERENCE)
    harness.session.open()
    try:
        found = harness.perft_descent(root, 3, get_definition(game.name).attributor(), PhaseStats())
    finally:
        harness.session.close()
    kinds = {item.kind: item for item in harness.recorder.divergences}
    assert found >= len(harness.recorder.divergences) >= 2
    assert "error" in kinds
    extra = kinds["extra-move"]
    assert extra.rules[0] == "SPF-RUL-1" and extra.move is not None
    assert extra.move.startswith("x") and "perft" in extra.source


def _limit_value(limit: Any) -> str:
    """A limit's value as the README writes it."""
    value, unit = limit.value, limit.unit
    if unit == "bytes" and value >= 1 << 20:
        return f"{value >> 20} MiB"
    if unit == "bytes" and value >= 1 << 10:
        return f"{value >> 10} KiB"
    return f"{value:,g} {unit}" if isinstance(value, float) else f"{value:,} {unit}"


def test_the_protocol_readme_shows_the_recorded_session_and_every_message() -> None:
    """spec/protocol/README.md: the example session is the recorded one (the long
    expand answer shortened), every request type, feature and error kind is described,
    and the limits it states are the program's."""
    from shibumi_rules.conformance import client, results, session
    from shibumi_rules.conformance.protocol import ERROR_KINDS, FEATURES, REQUEST_TYPES
    from shibumi_rules.limits import LIMITS

    folder = ROOT / "spec" / "protocol"
    text = (folder / "README.md").read_text(encoding="utf-8")
    block = text.split("## Example session", 1)[1].split("```text\n", 1)[1].split("```")[0]
    shown = [json.loads(line[2:]) for line in block.splitlines()
             if line.startswith(("> ", "< "))]
    recorded = [json.loads(line) for line in
                (folder / "example-session.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(shown) == 2 * len(recorded)
    for number, exchange in enumerate(recorded):
        assert shown[2 * number] == exchange["request"]
        answer = shown[2 * number + 1]
        if "children" in answer:
            assert answer["children"] == exchange["response"]["children"][:2]
            answer = {**answer, "children": exchange["response"]["children"]}
        assert answer == exchange["response"]
    for heading in ("Framing", "Ids", "Requests and responses", "Capabilities and "
                    "declarations", "Options", "Errors", "Timeouts and failures", "Limits",
                    "Versioning", "Example session"):
        assert f"\n## {heading}\n" in text, heading
    for kind in REQUEST_TYPES:
        assert f"\n### {kind}" in text, kind
    for word in (*FEATURES, *ERROR_KINDS, "deviations", "first", "rule_id"):
        assert f"`{word}`" in text, word
    for limit in LIMITS:
        assert f"| `{limit.name}` | {_limit_value(limit)} | {limit.description} |" in text
    for fact in (f"last {client.STDERR_TAIL >> 10} KiB",
                 f"Three failures in a row, or {session.MAX_FAILURES} in all",
                 f"{session.MAX_CONSECUTIVE_FAILURES} in a row, {session.MAX_FAILURES} in all",
                 f"up to {harness_module.START_TIMEOUT:g} seconds",
                 f"{harness_module.BUDGET:g} seconds by default",
                 f"one by one | {harness_module.MAX_EXAMINED_EXTRA} |",
                 f"{results.MAX_KEPT:,}",
                 f"the next {harness_module.PLIES_AHEAD} positions of a random game",
                 f"the next {harness_module.VECTORS_AHEAD} vectors"):
        assert fact in text, fact
    assert session.MAX_CONSECUTIVE_FAILURES == 3  # "Three" above
    for verdict, status in results.EXIT_STATUS.items():
        assert f"| {verdict} | {status} |" in text


def test_the_harness_asks_ahead_of_the_answers_it_reads_and_compares_them_in_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A random game's requests go out up to PLIES_AHEAD positions before their answers
    are read, and a divergence is still found at the position it belongs to."""
    from shibumi_rules.conformance.pipeline import Pipeline

    waiting: list[int] = []
    send = Pipeline.send

    def counting_send(self: Pipeline, request: dict[str, Any], where: Any) -> Any:
        sent = send(self, request, where)
        waiting.append(sum(not item.done for item in self.queue))
        return sent

    monkeypatch.setattr(Pipeline, "send", counting_send)
    status, data, out = conform(["--engine", _engine("sploof_ignores_pinning.py"),
                                 "--game", "sploof", "--option", "blocking=two",
                                 "--option", "stuck=lose", "--option", "supply=limited",
                                 "--option", "simultaneous=mover",
                                 "--option", "lines_checked=both", "--games", "2",
                                 "--depth", "0", "--vectors", "none"], tmp_path, capsys)
    assert max(waiting) > harness_module.PLIES_AHEAD
    pinned = [d for d in _of(data, "rule") if d["rules"][:1] == ["SHB-PIN-1"]]
    assert status == DIVERGENT and pinned, out
    assert pinned == _of(data, "rule")  # an answer read against another position would
    assert _of(data, "protocol") == []  # diverge on everything
    for item in pinned:  # the reference rejects the removal at the very position named
        game = get_game("sploof")
        state = game.parse_position(item["position"])
        assert item["move"] not in game.legal_move_texts(state)


def test_the_plan_checks_what_the_engine_declares_and_the_user_selects() -> None:
    from shibumi_rules.conformance.declaration import (
        declared_game,
        plan,
        unknown_values_problems,
    )

    game = get_game("sploof")
    declared = declared_game(game, {
        "options": {"supply": {"default": "unlimited", "values": ["unlimited", "plenty"]}},
        "first": ["white", "red"],
        "deviations": [{"ruling": "SPK-RUL-4", "reading": "not a Sploof ruling"}]})
    assert declared.first == ("white",)
    assert declared.unknown == ["supply=plenty"]
    assert declared.defaults == {"blocking": "two", "lines_checked": "both",
                                 "simultaneous": "mover", "stuck": "lose",
                                 "supply": "unlimited"}
    assert declared.deviations == {}
    assert any("red" in note for note in declared.notes)
    assert any("SPK-RUL-4" in note for note in declared.notes)
    both = {"blocking": "two", "lines_checked": "both", "stuck": "lose"}
    mover_limited = {**both, "simultaneous": "mover", "supply": "limited"}
    draw_unlimited = {**both, "simultaneous": "draw", "supply": "unlimited"}
    mover_unlimited = {**both, "simultaneous": "mover", "supply": "unlimited"}
    combos = plan(declared, {}, [mover_limited, draw_unlimited, mover_unlimited])
    assert [(c.options, c.declared) for c in combos] == [
        (mover_unlimited, True), (mover_limited, False), (draw_unlimited, False)]
    assert all(c.problems() == [] for c in combos if not c.declared)  # not asked for
    (only,) = plan(declared, {"supply": "limited"}, [mover_limited, draw_unlimited])
    assert not only.declared and only.selected
    assert "does not declare supply=limited" in only.problems()[0]
    assert "supply=plenty" in unknown_values_problems(declared, {})[0]
    assert unknown_values_problems(declared, {"supply": "unlimited"}) == []
