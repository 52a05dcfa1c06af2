"""Every write is atomic and never follows a symbolic link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shibumi_rules.fileio import WriteError, check_writable, write_atomic


def test_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_symbolic_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    (tmp_path / "inside").mkdir()
    link = tmp_path / "inside" / "table.json"
    link.symlink_to(outside)
    with pytest.raises(WriteError, match="symbolic link"):
        write_atomic(link, "overwrite")
    assert outside.read_text() == "keep"
    with pytest.raises(WriteError, match="symbolic link"):
        check_writable(link)


def test_an_unwritable_place_is_found_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="does not exist"):
        check_writable(tmp_path / "missing" / "report.json")
    with pytest.raises(WriteError, match="folder"):
        check_writable(tmp_path)


def test_the_mode_of_an_existing_file_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "script.sh"
    target.write_text("#!/bin/sh\n")
    target.chmod(0o755)
    write_atomic(target, b"#!/bin/sh\necho hi\n")
    assert target.stat().st_mode & 0o777 == 0o755


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path) -> None:
    """A rename would replace the FIFO with a regular file (as it would replace
    /dev/null when run as root); writing into it could block for ever."""
    import stat

    fifo = tmp_path / "report.json"
    os.mkfifo(fifo)
    with pytest.raises(WriteError, match="FIFO"):
        write_atomic(fifo, "text")
    with pytest.raises(WriteError, match="FIFO"):
        check_writable(fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["report.json"], "no temporary file is left"


def test_a_device_is_refused_before_any_work() -> None:
    """Only checked, never written: on a build without the fix the write would
    replace the device node."""
    with pytest.raises(WriteError, match="a device, not a regular file"):
        check_writable(os.devnull)
