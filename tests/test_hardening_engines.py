"""Hostile engines: the harness reaps every process an engine starts, whatever way the
engine ends (crash, end of input, SIGTERM or SIGHUP of conform), reports a crash as a
crash while a leftover process holds the output, shows an engine's text escaped, bounds
a flooded answer, and ends a dripping request at its deadline.

Timeouts here are generous upper bounds for a loaded machine, never measurements: a
test fails on what happened (the kind of failure, a process left alive), not on time.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from shibumi_rules.cli import main
from shibumi_rules.conformance.client import EngineFailure, EngineProcess
from shibumi_rules.limits import MAX_LIST_ITEMS

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "tests" / "engines"
SPLOOF_MOVES = {"type": "moves", "game": "sploof",
                "options": {"simultaneous": "mover", "supply": "limited"},
                "position": {"first": "white", "moves": []}}
PATIENCE = 120.0
"""Seconds to wait for something that normally takes well under one."""


@pytest.fixture(autouse=True)
def _engines_can_import_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))


@pytest.fixture
def pid_file(tmp_path: Path) -> Iterator[Path]:
    """Where an engine writes its and its helper's process ids; whatever is still
    alive at the end is killed, so a failing test leaves nothing behind."""
    path = tmp_path / "pids"
    yield path
    for pid in _pids(path, wait=False):
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)


def _argv(script: str, *args: str) -> list[str]:
    return [sys.executable, str(ENGINES / script), *args]


def _pids(path: Path, wait: bool = True) -> list[int]:
    deadline = time.monotonic() + (PATIENCE if wait else 0)
    while not path.exists():
        if time.monotonic() >= deadline:
            if wait:
                raise AssertionError("the engine never wrote its process ids")
            return []
        time.sleep(0.02)
    return [int(word) for word in path.read_text().split()]


def _gone(pid: int) -> bool:
    """Whether a process has ended (a zombie waiting for a parent counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def _all_gone(pids: list[int]) -> bool:
    """Wait until every process has ended (True), or give up after PATIENCE."""
    deadline = time.monotonic() + PATIENCE
    while not all(_gone(pid) for pid in pids):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
    return True


# -- processes the engine leaves behind ---------------------------------------------------

def test_a_crash_is_a_crash_while_a_helper_holds_the_output(pid_file: Path) -> None:
    process = EngineProcess(_argv("engine_fork_crash.py", "--pids", str(pid_file)),
                            timeout=PATIENCE)
    try:
        assert process.request({"type": "identify"}).response is not None
        engine, helper = _pids(pid_file)
        with pytest.raises(EngineFailure) as caught:
            process.request(SPLOOF_MOVES)
        assert caught.value.kind == "crash", caught.value.message
        assert "status 3" in caught.value.message
        assert "giving up" in caught.value.stderr
        assert not process.running
        assert _all_gone([engine, helper])
    finally:
        process.stop()


def test_an_engine_that_ends_normally_takes_its_helper_along(pid_file: Path) -> None:
    process = EngineProcess(_argv("engine_fork_exit.py", "--pids", str(pid_file)),
                            timeout=PATIENCE)
    try:
        reply = process.request(SPLOOF_MOVES).response
        assert reply is not None and reply["ok"] is True
        pids = _pids(pid_file)
        assert not any(_gone(pid) for pid in pids)
    finally:
        process.stop()
    assert _all_gone(pids)


def test_conform_leaves_no_process_behind(pid_file: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    engine = shlex.join(_argv("engine_fork_exit.py", "--pids", str(pid_file)))
    code = main(["conform", "--engine", engine, "--games", "1", "--depth", "1",
                 "--vectors", "none", "--quiet", "--timeout", "120"])
    assert code == 3, capsys.readouterr().out  # INCONCLUSIVE: no vectors were checked
    assert _all_gone(_pids(pid_file))


def test_conform_reports_a_crashing_engine_and_reaps_every_start(
        pid_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = shlex.join(_argv("engine_fork_crash.py", "--pids", str(pid_file)))
    code = main(["conform", "--engine", engine, "--game", "sploof", "--games", "1",
                 "--depth", "0", "--vectors", "none", "--quiet", "--timeout", "120"])
    out = capsys.readouterr().out
    assert code == 4  # ERROR: the engine failed
    assert "the engine exited with status 3" in out and "no response within" not in out
    assert "\\x1b[31mfatal\\x1b[0m: giving up" in out and "\x1b" not in out
    pids = _pids(pid_file)
    assert len(pids) >= 4  # the engine was restarted, with a helper each time
    assert _all_gone(pids)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_a_signal_to_conform_ends_the_engine_and_its_helper(
        pid_file: Path, signum: int) -> None:
    engine = shlex.join(_argv("engine_fork_exit.py", "--hang", "--pids", str(pid_file)))
    conform = subprocess.Popen(
        [sys.executable, "-m", "shibumi_rules", "conform", "--engine", engine,
         "--games", "1", "--depth", "0", "--vectors", "none", "--timeout", "600",
         "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))  # even under nohup
    try:
        pids = _pids(pid_file)
        conform.send_signal(signum)
        _, err = conform.communicate(timeout=PATIENCE)
    finally:
        if conform.poll() is None:
            conform.kill()
    assert conform.returncode == 128 + signum, err
    assert b"Traceback" not in err
    assert _all_gone(pids)


# -- text that is not text -----------------------------------------------------------------

def _conform_surrogate(capsys: pytest.CaptureFixture[str], where: str, report: Path
                       ) -> tuple[int, str, str]:
    engine = shlex.join(_argv("engine_surrogate.py", "--in", where))
    code = main(["conform", "--engine", engine, "--game", "sploof", "--games", "1",
                 "--depth", "0", "--vectors", "none", "--quiet", "--timeout", "120",
                 "--report", str(report)])
    out, err = capsys.readouterr()
    return code, out, err


def test_an_engine_name_is_shown_escaped(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    code, out, err = _conform_surrogate(capsys, "name", tmp_path / "report.json")
    assert code == 3, out  # INCONCLUSIVE: no vectors were checked
    assert "conformance of evil\\n\\x1b[2J\\x1b[31mengine" in out
    assert "\x1b" not in out + err and out.splitlines()[0].startswith("conformance of")


@pytest.mark.parametrize(("where", "status"), [("name-surrogate", 4), ("answers", 1)])
def test_lone_surrogates_from_an_engine_are_divergences_not_crashes(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str, status: int) -> None:
    """A name that is not text fails identify (ERROR); answers that are not text are
    protocol findings (DIVERGENT)."""
    report = tmp_path / "report.json"
    code, out, err = _conform_surrogate(capsys, where, report)
    assert code == status
    assert "Traceback" not in err
    assert "not Unicode text" in out
    assert "\x1b" not in out
    out.encode("utf-8")  # nothing unencodable reached the output
    assert json.loads(report.read_text(encoding="utf-8"))["conformant"] is False


def test_conform_with_an_ascii_terminal_and_a_non_ascii_engine_path(tmp_path: Path
                                                                     ) -> None:
    folder = tmp_path / "moteur-é"
    folder.mkdir()
    script = folder / "engine.py"
    script.write_text("from shibumi_rules.conformance.server import ReferenceEngine\n"
                      "raise SystemExit(ReferenceEngine().serve())\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "shibumi_rules", "conform", "--engine",
         shlex.join([sys.executable, str(script)]), "--games", "0", "--depth", "0",
         "--vectors", "none", "--quiet", "--timeout", "120"], capture_output=True,
        env=env, timeout=PATIENCE)
    assert done.returncode == 3, done.stderr  # INCONCLUSIVE: no vectors were checked
    assert b"Traceback" not in done.stderr
    assert b"moteur-\\xe9" in done.stdout


# -- floods and trickles --------------------------------------------------------------------

def test_a_flood_of_duplicate_moves_is_an_invalid_answer() -> None:
    process = EngineProcess(_argv("engine_duplicate_flood.py"), timeout=PATIENCE)
    try:
        exchange = process.request(SPLOOF_MOVES)
        assert exchange.invalid is not None
        assert f"over the limit of {MAX_LIST_ITEMS:,}" in exchange.invalid
        assert process.running  # the engine itself is fine; the answer is not
    finally:
        process.stop()


def test_a_small_duplicate_flood_is_read_as_it_is() -> None:
    process = EngineProcess(_argv("engine_duplicate_flood.py", "--count", "3"),
                            timeout=PATIENCE)
    try:
        exchange = process.request(SPLOOF_MOVES)
        assert exchange.invalid is None and exchange.response is not None
        moves = exchange.response["moves"]
        assert moves[-3:] == moves[:1] * 3
    finally:
        process.stop()


@pytest.mark.parametrize("mode", [(), ("--strays",)], ids=["bytes", "stray-lines"])
def test_a_dripping_engine_times_out_at_the_deadline(mode: tuple[str, ...]) -> None:
    process = EngineProcess(_argv("engine_slow_drip.py", *mode), timeout=PATIENCE)
    try:
        assert process.request({"type": "identify"}).response is not None
        process.timeout = 1.0  # the engine is up; now a short deadline
        began = time.monotonic()
        with pytest.raises(EngineFailure) as caught:
            process.request(SPLOOF_MOVES)
        assert caught.value.kind == "timeout"
        assert time.monotonic() - began < PATIENCE  # the drip lasts 600 s
        assert not process.running
    finally:
        process.stop()


def test_a_timeout_that_is_not_a_finite_positive_number_is_refused() -> None:
    for timeout in (0.0, -1.0, float("inf"), float("nan"), 1e10):
        with pytest.raises(ValueError, match="timeout"):
            EngineProcess(["true"], timeout=timeout)
