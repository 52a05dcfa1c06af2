"""The engine as the harness sees it: the subprocess, its identity and features, and
its failures. Every request goes through ``Session``; a crash, hang, flood or protocol
breach becomes a recorded divergence, and too many failures in a row stop the run."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from ..errors import one_line
from .client import EngineFailure, EngineProcess, Exchange, Pending, Stray
from .nodes import Node
from .protocol import FEATURES, PROTOCOL_VERSION, Message
from .results import KINDS, Divergence, Recorder, UsageError

MAX_CONSECUTIVE_FAILURES: Final = 3
MAX_FAILURES: Final = 25


class GiveUp(Exception):
    """Too many engine failures: stop checking."""


class OutOfTime(Exception):
    """The run's deadline came while waiting for the engine: stop checking."""

    def __init__(self, where: Where) -> None:
        super().__init__(where.source)
        self.where = where


class Session:
    """The engine process plus what the harness knows about it: its identity, and the
    failures so far. Every request goes through ``call``."""

    def __init__(self, process: EngineProcess, recorder: Recorder,
                 start_timeout: float = 0.0) -> None:
        self.process = process
        self.recorder = recorder
        self.start_timeout = start_timeout
        """Seconds the engine may take to start and identify, every time it starts
        (at least the request timeout)."""
        self.identity: dict[str, Any] = {}
        self.features: set[str] = set()
        self.consecutive = 0
        self.failures = 0
        self._request_id = 0

    def open(self) -> None:
        """Start the engine and read its identify reply (UsageError when the command
        cannot start; GiveUp when the engine cannot identify itself)."""
        try:
            self._start()
        except EngineFailure as err:
            if err.kind == "start":
                raise UsageError(err.message) from None
            if err.kind == "budget":
                raise OutOfTime(Where("", None, None, "the identify request")) from None
            raise GiveUp(f"the engine failed on identify: {err.message}"
                          + _stderr_note(err.stderr)) from None

    def _start(self) -> None:
        process = self.process
        process.start()
        timeout = process.timeout
        process.timeout = max(timeout, self.start_timeout)
        try:
            exchange = process.request({"id": self._next_id(), "type": "identify",
                                        "protocol": PROTOCOL_VERSION})
        except EngineFailure as err:
            if err.exchange is not None:
                self._strays(err.exchange, None, "identify")
            raise
        finally:
            process.timeout = timeout
        self._strays(exchange, None, "identify")
        reply = exchange.response
        if reply is None or exchange.invalid or not reply.get("ok"):
            why = exchange.invalid or json.dumps(reply)[:200]
            raise EngineFailure("crash", f"bad identify reply: {why}")
        self.identity = reply
        self.features = {f for f in reply.get("features", []) if f in FEATURES}
        if not self.features & {"notation", "startpos"}:
            raise EngineFailure("crash", "the engine reads no position form "
                                         "(features must include notation or startpos)")

    def _next_id(self) -> int:
        self._request_id += 1
        return self._request_id

    def call(self, request: Message, where: Where) -> Message | None:
        """The engine's response (success or error) or None when it failed; failures
        and protocol breaches are recorded at ``where``."""
        return self.collect(self.submit(request, where))

    def submit(self, request: Message, where: Where) -> Ticket:
        """Send a request now; ``collect`` reads the answer (the engine works on it
        in the meantime)."""
        ticket = Ticket(where, request["type"])
        try:
            if not self.process.running:
                self._start()
            ticket.pending = self.process.send({"id": self._next_id(), **request})
        except EngineFailure as err:
            ticket.failure = err
        return ticket

    def collect(self, ticket: Ticket) -> Message | None:
        where = ticket.where
        try:
            if ticket.failure is not None:
                raise ticket.failure
            assert ticket.pending is not None
            exchange = self.process.receive(ticket.pending)
        except EngineFailure as err:
            if err.exchange is not None:  # what it printed before failing is evidence
                self._strays(err.exchange, where, ticket.kind)
            if err.kind == "budget":
                raise OutOfTime(where) from None
            self._failed(err, where)
            return None
        self.consecutive = 0
        self._strays(exchange, where, ticket.kind)
        if exchange.invalid is not None:
            self.recorder.add(where.divergence(
                "protocol", f"a valid {ticket.kind} response",
                json.dumps(exchange.response)[:300], [], detail=exchange.invalid,
                topic="invalid response"))
            return None
        return exchange.response

    def _strays(self, exchange: Exchange, where: Where | None, kind: str) -> None:
        kinds: dict[str, Stray] = {}
        for stray in exchange.strays:
            kinds.setdefault(stray.kind, stray)
        for stray in kinds.values():
            place = where or Where("", None, None, f"{kind} request")
            self.recorder.add(place.divergence(
                "protocol", "only the response line", stray.excerpt, [],
                detail=f"{stray.kind} output while answering {kind} "
                       f"({exchange.stray_count} stray line(s))", topic=stray.kind))

    def _failed(self, err: EngineFailure, where: Where) -> None:
        self.failures += 1
        self.consecutive += 1
        self.recorder.add(where.divergence(
            err.kind if err.kind in KINDS else "crash", "a response", err.message, [],
            detail=err.message + _stderr_note(err.stderr)))
        if self.consecutive >= MAX_CONSECUTIVE_FAILURES or self.failures >= MAX_FAILURES:
            raise GiveUp(f"stopped after {self.failures} engine failures "
                          f"({self.consecutive} in a row); last: {err.message}"
                          + _stderr_note(err.stderr))

    def close(self) -> None:
        self.process.stop()


@dataclass
class Ticket:
    """A request on its way: where it was asked, and its pending answer or the
    failure met while sending it."""

    where: Where
    kind: str
    pending: Pending | None = None
    failure: EngineFailure | None = None


def _stderr_note(stderr: str) -> str:
    """The last lines of an engine's stderr, escaped (it may print anything)."""
    tail = [one_line(line) for line in stderr.strip().splitlines()[-3:]]
    return f"; engine stderr ends: {' | '.join(tail)}" if tail else ""


@dataclass
class Where:
    """Where a check happens, for recording divergences."""

    game: str
    node: Node | None
    move: str | None
    source: str

    def divergence(self, kind: str, expected: Any, actual: Any, rules: list[str],
                   detail: str = "", move: str | None = None, topic: str = ""
                   ) -> Divergence:
        node = self.node
        return Divergence(
            kind, self.game, node.notation if node else None, move or self.move, expected,
            actual, rules, self.source, detail,
            node.game.board(node.state).occupied.bit_count() if node else 0,
            topic=topic)
