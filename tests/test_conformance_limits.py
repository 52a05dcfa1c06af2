"""The run's limits hold against hostile engines: one deadline (``--budget``) bounds
every wait for the engine and the reference's own counts, ``--depth`` has an upper
limit, stray lines are findings even when the request they came with fails, and a
descendant that leaves the engine's process group (``setsid``) is ended with the run.

Timeouts here are generous upper bounds for a loaded machine, never measurements: each
test fails on what happened (the kind of finding, a process left alive, a run that does
not end), not on how long it took."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main
from tests.test_conformance_harness import (
    DIVERGENT,
    ERROR,
    USAGE,
    _engine,
    _engines_can_import_the_tree,  # noqa: F401 (the autouse fixture, used here too)
    conform,
)
from tests.test_hardening_engines import PATIENCE, ROOT, _all_gone, _argv, _gone, _pids


@pytest.fixture
def helper_pids(tmp_path: Path) -> Iterator[Path]:
    """Where an engine writes its and its helper's process ids; whatever is still
    alive at the end is killed, so a failing test leaves nothing behind."""
    path = tmp_path / "pids"
    yield path
    for pid in _pids(path, wait=False):
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)


def _run_conform(args: list[str], tmp_path: Path) -> tuple[int, dict[str, Any]]:
    """``conform`` in its own process (so that nothing it leaves running outlives the
    test), with a generous upper bound: a run its budget does not stop fails here."""
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "shibumi_rules", "conform", "--quiet", "--report",
         str(report), *args], cwd=ROOT, capture_output=True, timeout=PATIENCE,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    data = json.loads(report.read_text()) if report.exists() else {}
    return done.returncode, data


# -- one deadline for the whole run ------------------------------------------------------

def test_the_budget_bounds_a_wait_for_a_hung_engine_under_a_long_timeout(
        tmp_path: Path) -> None:
    """The engine hangs on perft and --timeout is a minute: the 3 s budget ends the
    wait, as a budget finding, not a timeout."""
    status, data = _run_conform(["--engine", shlex.join(_argv("engine_hang.py")),
                                 "--game", "splink", "--games", "0", "--depth", "1",
                                 "--vectors", "none", "--timeout", "60", "--budget", "3"],
                                tmp_path)
    assert status == ERROR, data
    kinds = [d["kind"] for d in data["divergences"]]
    assert kinds == ["budget"], kinds
    assert "budget" in str(data["aborted"])


def test_the_budget_bounds_the_references_own_count(tmp_path: Path) -> None:
    """perft(7) of Sploof takes the reference (and its engine) far longer than any
    budget: the run stops at its budget all the same."""
    status, data = _run_conform(["--game", "sploof", "--games", "0", "--depth", "7",
                                 "--vectors", "none", "--budget", "3"], tmp_path)
    assert status == ERROR, data
    assert [d["kind"] for d in data["divergences"]] == ["budget"]
    assert "budget" in str(data["aborted"])


@pytest.mark.parametrize("depth", ["65", "1000000"])
def test_the_depth_has_an_upper_limit(depth: str, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["conform", "--depth", depth])
    assert stop.value.code == USAGE
    err = capsys.readouterr().err
    assert "--depth" in err and "at most 64" in err


# -- stray lines are findings even when the request fails -----------------------------

def test_answers_under_a_wrong_id_are_stray_findings_so_the_run_is_divergent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, data, out = conform(["--engine", _engine("engine_same_wrong_id.py"),
                                 "--game", "splink", "--games", "1", "--depth", "0",
                                 "--vectors", "none", "--timeout", "1"], tmp_path, capsys)
    assert status == DIVERGENT, out
    strays = [d for d in data["divergences"] if d["category"] == "protocol"]
    assert strays and all(d["detail"].startswith("unmatched output") for d in strays)
    assert all(d["actual"].startswith('{"id": 0,') for d in strays)
    assert any(d["kind"] == "timeout" for d in data["divergences"])
    assert "result: DIVERGENT" in out


# -- descendants reaped -------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the child subreaper is Linux's; elsewhere the limit is "
                           "documented")
def test_a_helper_that_calls_setsid_does_not_outlive_a_conformant_run(
        helper_pids: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = shlex.join(_argv("engine_setsid_child.py", "--pids", str(helper_pids)))
    status, data, out = conform(["--engine", engine, "--game", "splink", "--games", "1",
                                 "--depth", "1"], tmp_path, capsys)
    assert status == 0 and data["result"] == "CONFORMANT", out
    pids = _pids(helper_pids)
    assert len(pids) == 2
    assert _all_gone(pids)
