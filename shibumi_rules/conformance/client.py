"""Drive an engine as a subprocess over the protocol, and survive whatever it does.

The command is split with ``shlex`` and run directly, never through a shell. Reads
are non-blocking and bounded: stdout and stderr are drained together (so a chatty
stderr cannot deadlock the engine), every request has a deadline, lines that are not
JSON are counted and skipped, an over-long line or a flood of output ends the request,
and a process that exits or hangs is killed and started again on the next request.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .protocol import Message, ProtocolError, encode, validate_response

MAX_LINE: Final = 8 << 20
"""Longest response line accepted (bytes); longer output is discarded as garbage."""
MAX_OUTPUT: Final = 64 << 20
"""Output (bytes) an engine may produce for one request before it counts as a flood."""
MAX_STRAY_LINES: Final = 10_000
"""Lines that are not the awaited response tolerated within one request."""
STDERR_TAIL: Final = 4096


class EngineFailure(Exception):
    """The engine did not answer a request: it crashed, hung, flooded its output, or
    could not be started. ``kind`` is one of ``start``, ``crash``, ``timeout``,
    ``flood``."""

    def __init__(self, kind: str, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.stderr = stderr


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
        self.argv = list(argv)
        self.validate = validate
        """Checks a response against the protocol (ProtocolError when it breaks it)."""
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
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
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> None:
        self.stop()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self.cwd, env=self.env, bufsize=0,
                start_new_session=True,
            )
        except OSError as err:
            self.proc = None
            raise EngineFailure("start", f"cannot start {self.argv[0]!r}: "
                                         f"{_start_problem(self.argv[0], err)}") from None
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
        """Close the engine's input and end it (killed if it does not exit at once)."""
        proc, self.proc = self.proc, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            self._kill(proc)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes]) -> None:
        """Kill the engine and any process it started (its own session)."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def stderr_tail(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace")[-STDERR_TAIL:]

    def _fail(self, kind: str, message: str) -> EngineFailure:
        tail = self.stderr_tail()
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            self._kill(proc)
        if self._selector is not None:
            self._selector.close()
            self._selector = None
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
        pending = Pending(Exchange(message), time.monotonic() + self.timeout)
        self._received = 0
        self._write(encode(message), pending.deadline)
        return pending

    def receive(self, pending: Pending) -> Exchange:
        """Wait for the response to a request sent with ``send``."""
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
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                decoded: Any = json.loads(text)
            except (ValueError, RecursionError):
                _add_stray(exchange, "garbage", text[:120])
                continue
            if not isinstance(decoded, dict) or decoded.get("id") != message["id"]:
                _add_stray(exchange, "unmatched", text[:120])
                continue
            exchange.response = decoded
            try:
                self.validate(decoded, message["type"])
            except ProtocolError as err:
                exchange.invalid = str(err)
            return exchange

    def _write(self, data: bytes, deadline: float) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        assert self._selector is not None
        stdin = self.proc.stdin
        self._selector.register(stdin, selectors.EVENT_WRITE, "in")
        try:
            view = memoryview(data)
            while view:
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
            raise self._fail("timeout", f"no response within {self.timeout:g} s")
        events = self._selector.select(remaining)
        if not events and time.monotonic() >= deadline:
            raise self._fail("timeout", f"no response within {self.timeout:g} s")
        return events

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
                self._stderr.append(chunk)
                self._stderr_size += len(chunk)
                while self._stderr_size > STDERR_TAIL and len(self._stderr) > 1:
                    self._stderr_size -= len(self._stderr.popleft())
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
            for key, _ in self._wait(deadline):
                if not self._drain(key.data):
                    raise self._crashed()

    def _crashed(self) -> EngineFailure:
        assert self.proc is not None
        try:
            status = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            status = None
        # collect what the engine said on stderr before it died
        if self.proc.stderr is not None:
            try:
                while chunk := os.read(self.proc.stderr.fileno(), 1 << 16):
                    self._stderr.append(chunk)
            except (BlockingIOError, OSError, ValueError):
                pass
        how = (f"exited with status {status}" if status is not None and status >= 0
               else f"was killed by signal {-status}" if status is not None
               else "closed its output")
        return self._fail("crash", f"the engine {how}")


_TOO_LONG: Final = b"\x00too long\x00"
_KEEP_STRAYS: Final = 5


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
