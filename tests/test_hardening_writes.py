"""Every file the program writes is replaced atomically and never through a symbolic
link: `tables` (also when killed in the middle of its writes), `explain --svg`,
`engine --write-spec` and `prove --report`; output paths are refused before the work.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from shibumi_rules.conformance.spec_files import write_spec
from shibumi_rules.errors import ShibumiError
from shibumi_rules.fileio import WriteError
from shibumi_rules.registry import definitions
from shibumi_rules.tables.generated import check_folders, generate, stale, write
from tests.test_cli_errors import one_error_line, run

ROOT = Path(__file__).resolve().parents[1]
PATIENCE = 120.0


# -- tables ---------------------------------------------------------------------------------

def test_tables_write_every_file_and_no_temporary(tmp_path: Path) -> None:
    files = generate(definitions(), ("tables",))
    report = write(files, tmp_path)
    assert all(changed for _, changed in report)
    assert stale(files, tmp_path, groups=("tables",)) == []
    assert not list(tmp_path.rglob(".*.tmp"))
    assert not any(changed for _, changed in write(files, tmp_path))


def test_tables_refuse_a_planted_link_and_write_nothing(tmp_path: Path) -> None:
    files = generate(definitions(), ("tables",))
    write(files, tmp_path)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("keep me")
    victim = tmp_path / files[-1].path
    victim.unlink()
    victim.symlink_to(outside)
    first = tmp_path / files[0].path
    first.write_text("old")
    with pytest.raises(WriteError, match="symbolic link"):
        write(files, tmp_path)
    assert outside.read_text() == "keep me"
    assert first.read_text() == "old", "nothing is written when one target is refused"
    assert (files[-1].path, "a symbolic link") in stale(files, tmp_path, groups=("tables",))


def test_tables_refuse_a_linked_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "spec"
    root.mkdir()
    (root / "tables").symlink_to(outside)
    with pytest.raises(WriteError, match="symbolic link"):
        check_folders(("tables",), root)
    with pytest.raises(WriteError, match="symbolic link"):
        write(generate(definitions(), ("tables",)), root)
    assert list(outside.iterdir()) == []


def test_tables_clear_what_a_killed_write_left(tmp_path: Path) -> None:
    files = generate(definitions(), ("tables",))
    write(files, tmp_path)
    table = next(f for f in files if f.path.startswith("tables/"))
    leftover = tmp_path / "tables" / f".{Path(table.path).name}.abc123.tmp"
    leftover.write_text("half")
    assert (leftover.relative_to(tmp_path).as_posix(), "not generated") in stale(
        files, tmp_path, groups=("tables",))
    write(files, tmp_path)
    assert not leftover.exists()


def _copy_of_the_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "shibumi_rules", root / "shibumi_rules", ignore=ignore,
                    symlinks=True)  # spec_data stays the link to ../spec
    shutil.copytree(ROOT / "spec", root / "spec", ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")  # a source checkout
    return root


SLOW_DISK = (
    "import os, sys, time\n"
    "real = os.fsync\n"
    "os.fsync = lambda fd: (time.sleep(0.1), real(fd))[1]\n"
    "from shibumi_rules.cli import main\n"
    "raise SystemExit(main(['tables', '--only', 'tables']))\n"
)
"""``tables`` with each fsync slowed down (a slow disk), so the window of its writes is
wide enough to be hit by a kill."""


@pytest.mark.slow
def test_killing_tables_during_its_writes_leaves_every_file_old_or_new(
        tmp_path: Path) -> None:
    root = _copy_of_the_project(tmp_path)
    folder = root / "spec" / "tables"
    new = {p.name: p.read_bytes() for p in folder.iterdir()}
    env = {**os.environ, "PYTHONPATH": str(root)}
    rng = random.Random(14)
    interrupted = 0
    for signum in [signal.SIGKILL] * 4 + [signal.SIGINT] * 2:
        old = {name: f"old {name} {rng.random()}\n".encode() for name in new}
        for leftover in folder.glob(".*.tmp"):
            leftover.unlink()
        for name, content in old.items():
            (folder / name).write_bytes(content)
        child = subprocess.Popen([sys.executable, "-c", SLOW_DISK], cwd=root, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + PATIENCE
            while not list(folder.glob(".*.tmp")) and child.poll() is None:
                assert time.monotonic() < deadline, "tables never started writing"
                time.sleep(0.002)
            time.sleep(rng.uniform(0, 0.3))
            child.send_signal(signum)
            _, err = child.communicate(timeout=PATIENCE)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        states = {name: ("new" if (folder / name).read_bytes() == new[name] else
                         "old" if (folder / name).read_bytes() == old[name] else "partial")
                  for name in new}
        assert "partial" not in states.values(), states
        assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == \
            sorted(new)
        if signum == signal.SIGINT:
            assert not list(folder.glob(".*.tmp")), "a clean interrupt removes its temp"
            assert b"Traceback" not in err
        interrupted += "old" in states.values()
    assert interrupted, "no kill landed before the last write (the test tested nothing)"
    done = subprocess.run([sys.executable, "-m", "shibumi_rules", "tables", "--check"],
                          cwd=root, env=env, capture_output=True, timeout=PATIENCE)
    assert done.returncode == (1 if "old" in states.values() else 0)  # stale, and says so
    subprocess.run([sys.executable, "-m", "shibumi_rules", "tables", "--only", "tables"],
                   cwd=root, env=env, check=True, capture_output=True, timeout=PATIENCE)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == new


# -- other writers --------------------------------------------------------------------------

def test_explain_svg_is_checked_before_the_work_and_never_through_a_link(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "explain", "sploof", "1c3", "--svg",
                         str(tmp_path / "missing" / "a.svg"))
    assert out == "" and "does not exist" in one_error_line(code, err)
    outside = tmp_path / "outside.svg"
    outside.write_text("keep")
    link = tmp_path / "link.svg"
    link.symlink_to(outside)
    code, out, err = run(capsys, "explain", "sploof", "1c3", "--svg", str(link))
    assert out == "" and "symbolic link" in one_error_line(code, err)
    assert outside.read_text() == "keep"
    target = tmp_path / "answer.svg"
    code, out, _ = run(capsys, "explain", "sploof", "1c3", "--svg", str(target))
    assert code == 0 and target.read_text().startswith("<svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.svg", "link.svg",
                                                          "outside.svg"]


def test_write_spec_never_writes_through_a_link(tmp_path: Path) -> None:
    assert write_spec(tmp_path) == 0
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("keep")
    victim = sorted(tmp_path.iterdir())[0]
    victim.unlink()
    victim.symlink_to(outside)
    with pytest.raises(ShibumiError, match="symbolic link"):
        write_spec(tmp_path)
    assert outside.read_text() == "keep"
    assert not list(tmp_path.glob(".*.tmp"))


def test_prove_refuses_a_linked_report_before_proving(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    pytest.importorskip("z3")
    outside = tmp_path / "outside.json"
    outside.write_text("keep")
    link = tmp_path / "report.json"
    link.symlink_to(outside)
    code, out, err = run(capsys, "prove", "--report", str(link))
    assert out == "" and "symbolic link" in one_error_line(code, err)
    assert "[1/" not in err and outside.read_text() == "keep"
