"""Requests in flight: the harness sends the next requests before it reads the
answers to earlier ones, so that the engine works while the harness computes.

The protocol answers requests in the order they come, so answers are read in the order
the requests were sent (``receive`` reads, and keeps, every earlier answer first). A
request waiting behind others gets its full timeout from the moment the harness starts
waiting for it, never less than it would have had alone. When the engine fails and is
started again, requests sent to the old process are sent again, in order, behind any
already sent to the new one.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from .protocol import Message
from .session import Session, Ticket, Where


@dataclass
class Sent:
    """A request sent and, once read, its answer (None when the engine failed)."""

    request: Message
    where: Where
    ticket: Ticket
    generation: int
    """Which start of the engine process the request was sent to."""
    done: bool = False
    answer: Message | None = None


class Pipeline:
    """The requests sent and not yet read, oldest first."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.queue: deque[Sent] = deque()

    def send(self, request: Message, where: Where) -> Sent:
        sent = Sent(request, where, self.session.submit(request, where),
                    self.session.process.starts)
        self.queue.append(sent)
        return sent

    def receive(self, sent: Sent) -> Message | None:
        """The answer to ``sent``, reading every earlier answer first. A request sent
        to an engine process that has failed since is sent again to the new one, behind
        the requests already sent there (their answers come first)."""
        while not sent.done:
            head = self.queue.popleft()
            if self._stale(head):
                head.ticket = self.session.submit(head.request, head.where)
                head.generation = self.session.process.starts
                self.queue.append(head)
                continue
            head.answer = self._read(head)
            head.done = True
        return sent.answer

    def _stale(self, sent: Sent) -> bool:
        process = self.session.process
        return sent.ticket.failure is None and (sent.generation != process.starts
                                                or process.proc is None)

    def _read(self, sent: Sent) -> Message | None:
        pending = sent.ticket.pending
        if pending is not None:
            pending.deadline = max(pending.deadline,
                                   time.monotonic() + self.session.process.timeout)
        return self.session.collect(sent.ticket)
