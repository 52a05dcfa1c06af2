"""Drive an engine as a subprocess over the protocol, and survive whatever it does.

The command is split with ``shlex`` and run directly, never through a shell. Reads
are non-blocking and bounded: stdout and stderr are drained together (so a chatty
stderr cannot deadlock the engine), every request has a deadline, lines that are not
JSON are counted and skipped, an over-long line or a flood of output ends the request,
and a process that exits or hangs is killed and started again on the next request.

The engine runs in its own process group, and every way the engine ends (a crash, the
end of its input, a timeout, ``stop``, the interpreter's exit, SIGTERM or SIGHUP of
this program) kills the whole group and reaps the engine, so a process the engine
started cannot outlive the run; the engine's exit is noticed even while such a process
keeps its output open. A descendant that leaves the group (``setsid()``) is found too
on Linux: this program becomes a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), so
such an orphan becomes its child, and every child that carries the engine's mark in its
environment (``ENGINE_MARK``) is killed and reaped with the engine. Elsewhere, or for a
descendant that clears its environment, only the group is killed (the documented
limit). Every wait is bounded by the request's timeout and by ``deadline``, the run's
own end (a failure of kind ``budget``). Text an engine sends is made printable before
anything can show it: control characters and lone surrogates arrive as backslash
escapes.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import itertools
import math
import os
import re
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, Final

from ..errors import one_line
from ..json_input import JSONLimitError, load_json
from ..limits import MAX_OUTPUT, MAX_STRAY_LINES, MAX_TIMEOUT, STDERR_TAIL
from ..limits import MAX_RESPONSE_LINE as MAX_LINE
from .protocol import Message, ProtocolError, encode, sniff_id, validate_response

__all__ = ["MAX_LINE", "MAX_OUTPUT", "MAX_STRAY_LINES", "STDERR_TAIL", "EngineFailure",
           "EngineProcess", "Exchange", "Pending", "Stray", "split_command"]

_POLL: Final = 0.1
"""Seconds between checks that the engine itself is still running while waiting."""


class EngineFailure(Exception):
    """The engine did not answer a request: it crashed, hung, flooded its output, or
    could not be started. ``kind`` is one of ``start``, ``crash``, ``timeout``,
    ``flood``, ``budget`` (the run's deadline came first). ``exchange`` holds what was
    read for the request before it failed (its stray lines are findings too)."""

    def __init__(self, kind: str, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.stderr = stderr
        self.exchange: Exchange | None = None


@dataclass
class Stray:
    """Output that was not the awaited response: a garbage line, a line of JSON that
    is not a response to this request, or an over-long line."""

    kind: str
    excerpt: str


@dataclass
class Exchange:
    """One request, its response, and anything odd the engine printed meanwhile."""

    request: Message
    response: Message | None = None
    strays: list[Stray] = field(default_factory=list)
    """The first few stray outputs (``stray_count`` counts them all)."""
    stray_count: int = 0
    invalid: str | None = None
    """Why the response breaks the protocol (None when it is valid)."""


@dataclass
class Pending:
    """A request written to the engine whose response is still to be read."""

    exchange: Exchange
    deadline: float


def main_module_argv() -> list[str]:
    """The command that serves the reference engine: this Python, this package."""
    return [sys.executable, "-m", "shibumi_rules", "engine"]


def main_module_env() -> dict[str, str]:
    """The environment for ``main_module_argv``: this package's folder first on the
    import path, so that the subprocess serves this copy of the engine even when
    another one is installed."""
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [root] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return env


def split_command(command: str) -> list[str]:
    """The argument vector of an engine command line (shell syntax, no shell)."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("empty engine command")
    return argv


class EngineProcess:
    """One engine subprocess, restarted on demand after a failure."""

    def __init__(self, argv: Sequence[str], timeout: float = 10.0,
                 cwd: str | None = None, env: dict[str, str] | None = None,
                 validate: Callable[[Any, str], Any] = validate_response) -> None:
        if not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
            raise ValueError(f"timeout {timeout:g}: expected more than 0 and at most "
                             f"{MAX_TIMEOUT:g} seconds")
        self.argv = list(argv)
        self.validate = validate
        """Checks a response against the protocol (ProtocolError when it breaks it)."""
        self.timeout = timeout
        self.deadline = math.inf
        """When the run ends (``time.monotonic``): no wait goes past it."""
        self.cwd = cwd
        self.env = env
        self.mark = f"{os.getpid()}.{next(_MARKS)}"
        """The value of ``ENGINE_MARK`` in the environment of this engine's processes."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self._out = bytearray()
        self._discarding = False
        self._stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._selector: selectors.BaseSelector | None = None
        self._next_id = 0
        self._received = 0

    # -- life cycle --------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.proc is not None and not _exited(self.proc)

    def start(self) -> None:
        self.stop()
        _install_cleanup()
        _become_subreaper()
        env = dict(os.environ if self.env is None else self.env)
        env[ENGINE_MARK] = self.mark
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.cwd, env=env, bufsize=0,
                start_new_session=True,
            )
        except OSError as err:
            self.proc = None
            raise EngineFailure("start", f"cannot start {self.argv[0]!r}: "
                                         f"{_start_problem(self.argv[0], err)}") from None
        _LIVE.add(self.proc)
        _MARK_OF[self.proc.pid] = self.mark
        self.starts += 1
        self._out.clear()
        self._discarding = False
        self._stderr.clear()
        self._stderr_size = 0
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            os.set_blocking(stream.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.proc.stdout, selectors.EVENT_READ, "out")
        self._selector.register(self.proc.stderr, selectors.EVENT_READ, "err")

    def stop(self) -> None:
        """Close the engine's input, give it a moment to exit, then end its whole
        process group (the engine is killed if it has not exited)."""
        proc = self._detach()
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass
        _wait_exit(proc, 0.5)
        _end(proc)

    def _detach(self) -> subprocess.Popen[bytes] | None:
        """Forget the current process (returned, still to be ended)."""
        proc, self.proc = self.proc, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        return proc

    def stderr_tail(self) -> str:
        """The last of what the engine wrote on stderr, up to STDERR_TAIL characters,
        with what waits in the pipe now: an answer is read as soon as it is there, so
        stderr written just before it may not have been read yet."""
        self._drain_stderr_now()
        return b"".join(self._stderr).decode("utf-8", "replace")[-STDERR_TAIL:]

    def _drain_stderr_now(self) -> None:
        """Read stderr until it has nothing more for now (or ends)."""
        if self.proc is None or self.proc.stderr is None or self._selector is None:
            return
        try:
            self._selector.get_key(self.proc.stderr)
        except KeyError:  # already at its end
            return
        while True:
            try:
                chunk = os.read(self.proc.stderr.fileno(), 1 << 16)
            except (OSError, ValueError):  # nothing more for now, or the pipe is closed
                return
            if not chunk:
                self._selector.unregister(self.proc.stderr)
                return
            self._keep_stderr(chunk)

    def _keep_stderr(self, chunk: bytes) -> None:
        """Add a chunk of stderr, dropping the oldest beyond STDERR_TAIL."""
        self._stderr.append(chunk)
        self._stderr_size += len(chunk)
        while self._stderr_size > STDERR_TAIL and len(self._stderr) > 1:
            self._stderr_size -= len(self._stderr.popleft())

    def _fail(self, kind: str, message: str) -> EngineFailure:
        tail = self.stderr_tail()
        proc = self._detach()
        if proc is not None:
            _end(proc)
        return EngineFailure(kind, message, tail)

    # -- one request ---------------------------------------------------------------
    def request(self, message: Message) -> Exchange:
        """Send one request and wait for the line with its id. Raises EngineFailure
        when the engine dies, times out or floods; the next request restarts it."""
        return self.receive(self.send(message))

    def send(self, message: Message) -> Pending:
        """Write one request (starting the engine if needed); ``receive`` reads its
        response. The caller may work meanwhile: the engine answers in parallel."""
        if not self.running:
            self.start()
        message = dict(message)
        if "id" not in message:
            self._next_id += 1
            message["id"] = self._next_id
        pending = Pending(Exchange(message),
                          min(time.monotonic() + self.timeout, self.deadline))
        self._received = 0
        self._write(encode(message), pending.deadline)
        return pending

    def receive(self, pending: Pending) -> Exchange:
        """Wait for the response to a request sent with ``send``; a failure carries
        what was read meanwhile (``EngineFailure.exchange``)."""
        try:
            return self._receive(pending)
        except EngineFailure as err:
            err.exchange = pending.exchange
            raise

    def _receive(self, pending: Pending) -> Exchange:
        exchange, deadline = pending.exchange, pending.deadline
        message = exchange.request
        while True:
            line = self._read_line(deadline)
            if exchange.stray_count > MAX_STRAY_LINES:
                raise self._fail("flood", f"the engine printed over {MAX_STRAY_LINES} "
                                          "lines that are not the response")
            if line is _TOO_LONG:
                _add_stray(exchange, "long-line", f"a line over {MAX_LINE >> 20} MiB")
                continue
            try:
                text = line.decode("utf-8").strip()
            except UnicodeDecodeError as err:  # refused, like a lone surrogate
                text = line.decode("utf-8", "replace").strip()
                if sniff_id(text) != message["id"]:
                    _add_stray(exchange, "garbage", one_line(text[:120]))
                    continue
                exchange.response = {"id": message["id"]}
                exchange.invalid = (f"response refused: not UTF-8 text (byte {err.start}: "
                                    f"{err.reason})")
                return exchange
            if not text:
                continue
            try:
                decoded: Any = load_json(text)
            except JSONLimitError as err:
                if sniff_id(text) != message["id"]:
                    _add_stray(exchange, "garbage", one_line(text[:120]))
                    continue
                exchange.response = {"id": message["id"]}
                exchange.invalid = f"response refused: {err}"
                return exchange
            except (ValueError, RecursionError):
                _add_stray(exchange, "garbage", one_line(text[:120]))
                continue
            if not isinstance(decoded, dict) or decoded.get("id") != message["id"]:
                _add_stray(exchange, "unmatched", one_line(text[:120]))
                continue
            hidden = _may_hide_text(line)
            try:
                # text that may hide escapes or surrogates is checked in full here: it
                # is made printable below, after which no check could see it
                (validate_response if hidden else self.validate)(decoded, message["type"])
            except ProtocolError as err:
                exchange.invalid = str(err)
            exchange.response = _printable(decoded) if hidden else decoded
            return exchange

    def _write(self, data: bytes, deadline: float) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        assert self._selector is not None
        stdin = self.proc.stdin
        view = memoryview(data)
        if not _exited(self.proc) and time.monotonic() < deadline:
            # the usual case: the pipe takes the whole request at once, no waiting
            try:
                view = view[os.write(stdin.fileno(), view):]
            except BrokenPipeError:
                raise self._crashed() from None
            except BlockingIOError:
                pass
            if not view:
                return
        self._selector.register(stdin, selectors.EVENT_WRITE, "in")
        try:
            while view:
                if _exited(self.proc):
                    raise self._crashed()
                for key, _ in self._wait(deadline):
                    if key.data == "in":
                        try:
                            written = os.write(stdin.fileno(), view)
                        except BrokenPipeError:
                            raise self._crashed() from None
                        except BlockingIOError:
                            continue
                        view = view[written:]
                    else:
                        self._drain(key.data)
        finally:
            if self._selector is not None:
                self._selector.unregister(stdin)

    def _wait(self, deadline: float) -> list[tuple[selectors.SelectorKey, int]]:
        assert self._selector is not None
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise self._timed_out()
        events = self._selector.select(min(remaining, _POLL))
        if not events and time.monotonic() >= deadline:
            raise self._timed_out()
        return events

    def _timed_out(self) -> EngineFailure:
        if time.monotonic() >= self.deadline:
            return self._fail("budget", "the run's time was spent while waiting for the "
                                        "engine")
        return self._fail("timeout", f"no response within {self.timeout:g} s (raise "
                                     "--timeout for a slower engine)")

    def _drain(self, which: str) -> bool:
        """Read what is available on stdout (``out``) or stderr (``err``); False at the
        end of stdout."""
        assert self.proc is not None and self.proc.stdout and self.proc.stderr
        stream = self.proc.stdout if which == "out" else self.proc.stderr
        try:
            chunk = os.read(stream.fileno(), 1 << 16)
        except BlockingIOError:
            return True
        if which == "err":
            if chunk:
                self._keep_stderr(chunk)
            else:
                assert self._selector is not None
                self._selector.unregister(self.proc.stderr)
            return True
        if not chunk:
            return False
        self._received += len(chunk)
        self._out += chunk
        return True

    def _read_line(self, deadline: float) -> bytes:
        """The next complete stdout line (without the newline), or ``_TOO_LONG``."""
        while True:
            newline = self._out.find(b"\n")
            if newline >= 0:
                line = bytes(self._out[:newline])
                del self._out[:newline + 1]
                if self._discarding or len(line) > MAX_LINE:
                    self._discarding = False
                    return _TOO_LONG
                return line
            if len(self._out) > MAX_LINE:
                self._out.clear()
                self._discarding = True
            if self._received > MAX_OUTPUT:
                raise self._fail("flood", f"the engine printed over {MAX_OUTPUT >> 20} MiB "
                                          "without the response")
            if time.monotonic() < deadline and self._read_waiting():
                continue  # what the engine had written already, read without waiting
            assert self.proc is not None
            if _exited(self.proc):
                # all the engine wrote is in the pipe now; a process it left behind
                # may hold the pipe open, so its end is not waited for
                if self._drain_available() and b"\n" in self._out:
                    continue
                raise self._crashed()
            for key, _ in self._wait(deadline):
                if not self._drain(key.data):
                    raise self._crashed()

    def _read_waiting(self) -> bool:
        """Read what stdout holds now, if anything (True when something was read)."""
        assert self.proc is not None and self.proc.stdout is not None
        try:
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
        except BlockingIOError:
            return False
        if not chunk:
            raise self._crashed()
        self._received += len(chunk)
        self._out += chunk
        return True

    def _drain_available(self) -> bool:
        """Read stdout until nothing more is there now (or a flood); False at its end."""
        while self._received <= MAX_OUTPUT:
            before = self._received
            if not self._drain("out"):
                return False
            if self._received == before:
                return True
        return True

    def _crashed(self) -> EngineFailure:
        assert self.proc is not None
        proc = self.proc
        exited = _wait_exit(proc, 1.0)
        tail = self.stderr_tail()  # with what the engine said on stderr before it died
        self._detach()
        _end(proc)
        status = proc.returncode if exited else None
        how = (f"exited with status {status}" if status is not None and status >= 0
               else f"was killed by signal {-status}" if status is not None
               else "closed its output")
        return EngineFailure("crash", f"the engine {how}", tail)


_TOO_LONG: Final = b"\x00too long\x00"
_KEEP_STRAYS: Final = 5


# -- the engine's process group ---------------------------------------------------

_LIVE: set[subprocess.Popen[bytes]] = set()
"""Engines started and not yet ended, for the exit and signal handlers."""
_CLEANUP_INSTALLED = False


def _exited(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the engine has exited, without reaping it: until it is reaped its
    process id stays taken, so killing its group cannot hit an unrelated process."""
    if proc.returncode is not None:
        return True
    try:
        state = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return state is not None


def _wait_exit(proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for the engine to exit (not reaping it)."""
    deadline = time.monotonic() + timeout
    while not _exited(proc):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the engine's process group: the engine and whatever it started."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        if proc.returncode is None:
            with contextlib.suppress(OSError):
                proc.kill()


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Kill the engine's group, reap the engine and close its pipes, then kill and
    reap the descendants that left the group and came to this process."""
    _kill_group(proc)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream:
            with contextlib.suppress(OSError):
                stream.close()
    _LIVE.discard(proc)
    mark = _MARK_OF.pop(proc.pid, None)
    if mark is not None:
        _reap_marked({mark})


def _kill_all() -> None:
    for proc in list(_LIVE):
        _kill_group(proc)
    _reap_marked(set(_MARK_OF.values()))


ENGINE_MARK: Final = "SHIBUMI_RULES_ENGINE"
"""The environment variable marking an engine's processes, and all they start."""
_MARKS = itertools.count(1)
_MARK_OF: dict[int, str] = {}
"""Engine process id -> its mark, until the engine is ended."""
_PR_SET_CHILD_SUBREAPER: Final = 36
_SUBREAPER: list[bool] = []
"""Whether this process is a child subreaper (decided once)."""


def _become_subreaper() -> bool:
    """Once, on Linux: make this process the reaper of its descendants' orphans, so
    that an engine's descendant that left its group (``setsid``) is still found."""
    if not _SUBREAPER:
        done = False
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(None, use_errno=True)
                done = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
            except (OSError, AttributeError):
                done = False
        _SUBREAPER.append(done)
    return _SUBREAPER[0]


def _reap_marked(marks: set[str]) -> None:
    """Kill and reap this process's children that carry one of ``marks``, until none
    is left (killing one may hand this process its children in turn)."""
    if not marks or not _SUBREAPER or not _SUBREAPER[0]:
        return
    wanted = {f"{ENGINE_MARK}={mark}".encode() for mark in marks}
    for _ in range(100):
        found = [pid for pid in _children() if wanted & _environment(pid)]
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in found:
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)


def _children() -> list[int]:
    """The process ids whose parent is this process (from ``/proc``)."""
    me, out = os.getpid(), []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 1 and fields[1] == str(me).encode():
            out.append(int(entry))
    return out


def _environment(pid: int) -> set[bytes]:
    """The ``NAME=value`` entries of a process's environment (empty when unreadable)."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            return set(environ.read().split(b"\0"))
    except OSError:
        return set()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP: kill every engine group, then leave with the conventional
    status (128 + the signal's number) through the normal clean-up path."""
    _kill_all()
    raise SystemExit(128 + signum)


def _install_cleanup() -> None:
    """Once: kill leftover engine groups at exit, and on SIGTERM and SIGHUP (where
    their handlers are still the default ones and this is the main thread)."""
    global _CLEANUP_INSTALLED
    if _CLEANUP_INSTALLED:
        return
    _CLEANUP_INSTALLED = True
    atexit.register(_kill_all)
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) == signal.SIG_DFL:
            signal.signal(number, _on_signal)


# -- text from the engine ------------------------------------------------------------

_HIDDEN: Final = re.compile(rb"\\|[^\x20-\x7e]")
"""What a response line needs for a decoded string to hold an unprintable character:
an escape or a byte outside printable ASCII."""


def _may_hide_text(line: bytes) -> bool:
    return _HIDDEN.search(line) is not None


def _printable(value: Any) -> Any:
    """``value`` with every string (and object key) made printable by ``one_line``:
    a control character, an ANSI escape or a lone surrogate becomes a backslash escape.
    Printable strings are unchanged, so comparisons with the reference still hold."""
    if isinstance(value, str):
        return value if value.isprintable() else one_line(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {_printable(key): _printable(item) for key, item in value.items()}
    return value


def _add_stray(exchange: Exchange, kind: str, excerpt: str) -> None:
    exchange.stray_count += 1
    if len(exchange.strays) < _KEEP_STRAYS:
        exchange.strays.append(Stray(kind, excerpt))


def _start_problem(program: str, err: OSError) -> str:
    """Why a program did not start, with the usual fix when it is not a program."""
    if os.path.isdir(program):
        return "it is a folder, not a program"
    if isinstance(err, PermissionError) and os.path.isfile(program):
        return ("permission denied: the file is not executable (make it executable, or "
                "name its interpreter first, e.g. 'python3 engine.py')")
    return str(err.strerror or err)
