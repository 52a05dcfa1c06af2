"""Writing files safely: every file the program writes goes through ``write_atomic``.

The text is written to a new temporary file in the target's own directory, flushed to
disk, and renamed over the target, so a reader (or a run killed half-way) sees the old
file or the new one, never a partial one. A symbolic link at the target is refused,
not followed: a link planted in a generated folder must not redirect a write outside
it. Anything else that is not a regular file (a device such as ``/dev/null``, a FIFO,
a socket) is refused too: a rename would replace the node itself (run as root,
``/dev/null`` would become a regular file), and writing into it in place could block
for ever (a FIFO nobody reads) or lose the text (a device). ``check_writable`` lets a
command refuse a bad output path before long work.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from .errors import ShibumiError


class WriteError(ShibumiError):
    """A file could not be written where it was asked for."""


def _refuse_link(path: Path) -> None:
    """Refuse a target that exists and is not a regular file: a symbolic link (never
    followed), a folder, a device, a FIFO or a socket (never renamed over)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return  # nothing there yet (or unreachable: the write itself will say so)
    if stat.S_ISLNK(mode):
        raise WriteError(f"cannot write {str(path)!r}: it is a symbolic link, which is "
                         "not followed (remove it first)")
    if stat.S_ISDIR(mode):
        raise WriteError(f"cannot write {str(path)!r}: it is a folder")
    if not stat.S_ISREG(mode):
        raise WriteError(f"cannot write {str(path)!r}: it is {_kind(mode)}, not a regular "
                         "file (files are written to a temporary file and renamed, which "
                         "would replace it)")


def _kind(mode: int) -> str:
    """What a special file is, in words."""
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def check_writable(path: str | os.PathLike[str]) -> Path:
    """The path, after checking that a file could be written there now: its folder
    exists and is writable, and the path, if it exists, is a regular file (not a folder,
    a symbolic link, a device or a FIFO)."""
    target = Path(path)
    _refuse_link(target)
    folder = target.parent
    if not folder.is_dir():
        raise WriteError(f"cannot write {str(target)!r}: the folder {str(folder)!r} "
                         "does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteError(f"cannot write {str(target)!r}: the folder is not writable")
    return target


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text is encoded as UTF-8 with ``\\n`` line ends) to ``path``
    through a temporary file in the same folder and a rename."""
    target = Path(path)
    _refuse_link(target)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise WriteError(f"cannot write {str(target)!r}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        mode = target.stat().st_mode & 0o7777 if target.exists() else _default_mode()
        os.chmod(temp, mode)
        _refuse_link(target)  # again: something may have appeared there meanwhile
        os.replace(temp, target)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise WriteError(f"cannot write {str(target)!r}: {err.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _default_mode() -> int:
    """The mode a newly created file gets under the current umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
