"""Output that cannot be written, and text that cannot be shown: a full disk or a
reader that went away ends any command with one line and status 1 (never a
traceback, never 0); ``conform --report`` is written before standard output, and a
report that could not be written never leaves a passing status; under every locale
(the C/POSIX one included) text that the terminal cannot encode and control characters
from a record reach it escaped, and outside text quoted back is cut short."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.conformance import report
from shibumi_rules.fileio import WriteError
from shibumi_rules.limits import MAX_QUOTED
from tests.test_cli_errors import one_error_line, run

ROOT = Path(__file__).resolve().parents[1]
ONE_COMBINATION = ("conform", "--quiet", "--game", "sploof", "--games", "1", "--depth", "1",
                   "--option", "supply=unlimited", "--option", "simultaneous=mover",
                   "--option", "stuck=lose", "--option", "blocking=two",
                   "--option", "lines_checked=both")
"""A conform run of the reference that passes in a few seconds."""


def _command(*args: str, stdout: Any, env: dict[str, str] | None = None,
             stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shibumi_rules", *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=600, cwd=ROOT,
                          env=env, input=stdin)


def _closed_pipe() -> int:
    """The write end of a pipe whose reader is already gone."""
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.mark.parametrize("args", [("moves", "sploof"), ("perft", "sploof", "2", "--divide"),
                                  ("explain", "sploof", "1c3", "--json"), ("geometry",)])
def test_a_full_disk_or_a_gone_reader_is_one_line_and_status_1(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = _command(*args, stdout=full)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == \
        "error: cannot write the output: No space left on device"
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    pipe = _closed_pipe()
    try:
        done = _command(*args, stdout=pipe)
    finally:
        os.close(pipe)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == \
        "error: cannot write the output: the reader closed it"
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


@pytest.mark.parametrize("broken", ["full", "pipe"])
def test_conform_writes_its_report_before_stdout_and_fails_without_stdout(
        tmp_path: Path, broken: str) -> None:
    target = tmp_path / "report.json"
    args = (*ONE_COMBINATION, "--report", str(target))
    if broken == "full":
        with open("/dev/full", "w") as full:
            done = _command(*args, stdout=full)
    else:
        pipe = _closed_pipe()
        try:
            done = _command(*args, stdout=pipe)
        finally:
            os.close(pipe)
    assert done.returncode == 1, done.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["result"] == "CONFORMANT"
    assert "Traceback" not in done.stderr


def test_a_report_that_cannot_be_written_never_exits_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(path: str, text: str) -> None:
        raise WriteError(f"cannot write {path!r}: No space left on device")

    monkeypatch.setattr(report, "write", refuse)
    code, out, err = run(capsys, *ONE_COMBINATION, "--report", str(tmp_path / "r.json"))
    assert "result: CONFORMANT" in out
    assert code == 4 and "error: --report: cannot write" in err


# -- the C/POSIX locale, control characters, long quotes -----------------------------

def _c_locale() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8"))}
    return {**env, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0",
            "PYTHONPATH": str(ROOT)}


def _record(capsys: pytest.CaptureFixture[str], **players: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "match", "splink", "--seed", "3", "--json")
    assert code == 0
    record: dict[str, Any] = json.loads(out)
    old = record["players"]
    new = [players.get("one", old[0]), players.get("two", old[1])]
    record["players"] = new
    summary = record["result"]["summary"]
    for before, after in zip(old, new, strict=True):
        summary = summary.replace(f"({before})", f"({after})", 1)
    record["result"]["summary"] = summary
    return record


HOSTILE_NAME = "\ud800 \x1b[2J\x1b[31m\x07\r\u202eevil"


@pytest.mark.parametrize("locale", ["C", "default"])
def test_a_replayed_record_shows_its_names_escaped_under_every_locale(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], locale: str) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(_record(capsys, one=HOSTILE_NAME)), encoding="utf-8")
    env = _c_locale() if locale == "C" else {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "shibumi_rules", "match", "splink",
                           "--replay", str(path), "--brief"], capture_output=True,
                          timeout=600, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii", "replace")
    assert "\\ud800 \\x1b[2J\\x1b[31m\\x07\\r\\u202eevil" in out
    assert not set(done.stdout) & {0x1b, 0x07, 0x0d}
    assert "result:" in out


def test_a_vector_id_that_is_not_text_is_reported_under_the_c_locale(tmp_path: Path) -> None:
    line = (ROOT / "spec" / "conformance" / "sploof.jsonl").read_text(
        encoding="utf-8").splitlines()[0]
    vector = json.loads(line)
    vector["id"] = "\ud800\x1b[31m"
    path = tmp_path / "v.jsonl"
    path.write_text(json.dumps(vector) + "\n", encoding="utf-8")
    target = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "shibumi_rules", *ONE_COMBINATION,
                           "--vectors", str(path), "--report", str(target)],
                          capture_output=True, timeout=600, cwd=ROOT, env=_c_locale())
    assert b"Traceback" not in done.stderr
    assert done.returncode in (0, 3), done.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["result"]


def test_a_huge_name_is_quoted_short_in_errors_and_in_a_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "n" * 2_000_000
    record = _record(capsys, two=name)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "match", "splink", "--replay", str(path), "--brief")
    assert code == 0 and max(len(line) for line in out.splitlines()) < 3 * MAX_QUOTED
    record["games"][0]["moves"][0] = name  # a move that is no move, quoted back
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "match", "splink", "--replay", str(path), "--brief")
    line = one_error_line(code, err)
    assert len(line) < 2 * MAX_QUOTED and "characters left out" in line
