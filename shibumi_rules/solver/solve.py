"""A position's value under perfect play of both sides, the moves that keep it and how
long the game lasts, or "not solved" with what was searched.

The position is searched to its exact score (``search.Search``: the value, and the
length of the game when the winner hurries and the loser holds out), then every legal
move is tested against that score (a null-window search each), so the answer names all
the best moves (the fastest win, the slowest loss), and the line both sides then
play. A search that runs out of its node budget or its time, meets the depth limit or
is interrupted answers "not solved" with its figures: never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..contract.actions import GameActions
from ..contract.game import Game
from ..contract.search import SearchKernel
from .plain import kernel_of
from .search import NotSolved, Search, Stats, plies_of, value_of

LINE_LENGTH: Final = 8
"""Plies of the principal line an answer shows at most."""
ANSWER_BUDGET: Final = 5000
"""The nodes ``explain`` and the arbiter give the solver: a count, so that an answer is
the same on every machine (about 0.2 s of the plain rules on one core)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer of ``solve``. ``value`` is the return of the player to move
    (``mover``) under perfect play, ``plies`` the length of the rest of the game when
    the winner hurries and the loser holds out; ``best`` the moves that keep the value
    at its best (as fast a win, as slow a loss), ``line`` a game both sides play
    perfectly. When ``solved`` is false, ``reason``
    says why and ``stats`` what was searched."""

    solved: bool
    mover: str
    seats: tuple[str, ...]
    win_loss: bool
    stats: Stats
    reason: str | None = None
    value: float | None = None
    plies: int | None = None
    over: bool = False
    best: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    budget: int | None = None
    """The node budget the search was given (None: no limit)."""

    def returns(self) -> dict[str, float] | None:
        """Each seat's return under perfect play."""
        if self.value is None:
            return None
        mover = self.seats.index(self.mover)
        return {seat: (self.value if i == mover else -self.value) + 0.0
                for i, seat in enumerate(self.seats)}

    def winner(self) -> str | None:
        if self.value is None or self.value == 0:
            return None
        if self.value > 0:
            return self.mover
        return next(s for s in self.seats if s != self.mover)

    def to_json(self) -> dict[str, Any]:
        return {"solved": self.solved, "reason": self.reason, "to_move": self.mover,
                "value": self.value, "returns": self.returns(), "winner": self.winner(),
                "plies": self.plies, "over": self.over, "best_moves": list(self.best),
                "line": list(self.line),
                "search": self.stats.to_json()}

    def summary(self) -> str:
        """One line: who can force what, and how, or why it is not solved."""
        if not self.solved:
            s = self.stats
            return (f"not solved: {self.reason} ({s.nodes:,} positions searched, "
                    f"{s.entries:,} in the table)")
        assert self.value is not None and self.plies is not None
        if self.over:
            return "the game is over"
        line = ", then ".join((*self.line[:1], " ".join(self.line[1:]))) \
            if len(self.line) > 1 else (self.line[0] if self.line else "")
        if not self.win_loss:
            return (f"{self.mover} to move: the value is {_number(self.value)} for "
                    f"{self.mover} with best play ({_plies(self.plies)}: {line})")
        if self.value > 0:
            turns = (self.plies + 1) // 2
            return (f"{self.mover.capitalize()} can force a win in {turns} "
                    f"({_plies(self.plies)}: {line})")
        if self.value < 0:
            winner = self.winner()
            return (f"every move loses: {winner} can force a win "
                    f"({_plies(self.plies)} at the longest: {line})")
        return f"a draw with best play ({line})"


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _plies(plies: int) -> str:
    return f"{plies} ply" if plies == 1 else f"{plies} plies"


Progress = Callable[[Search], None]


def solve(game: Game[Any, Any], actions: GameActions[Any], state: Any,
          budget: int | None = None, depth: int | None = None,
          progress: Progress | None = None,
          kernel: SearchKernel[Any, Any, Any] | None = None,
          seconds: float | None = None) -> Solution:
    """Solve ``state`` exhaustively within ``budget`` nodes, ``depth`` plies and
    ``seconds`` of wall-clock time. ``kernel`` defaults to the game's own
    (``plain.kernel_of``)."""
    kernel = kernel if kernel is not None else kernel_of(game, actions)
    search = Search(kernel, budget, depth, progress, seconds,
                    max(abs(u) for u in actions.utility))
    root = kernel.node(state)
    seats = tuple(actions.seats)
    mover = seats[kernel.mover(root)]
    win_loss = tuple(actions.utility) == (-1.0, 1.0)

    def unsolved(reason: str) -> Solution:
        return Solution(False, mover, seats, win_loss, search.stats(), reason=reason,
                        budget=budget)

    end = kernel.end_value(root)
    if end is not None:
        return Solution(True, mover, seats, win_loss, search.stats(), value=end, plies=0,
                        over=True, budget=budget)
    if depth is None and kernel.moves_left(root) is None:
        return unsolved("the game may go on for ever under these options; "
                        "give a depth limit")
    try:
        top = search.score(root)
        value = float(value_of(top))
        best = tuple(game.format_move(move) for move, child in kernel.children(root)
                     if search.child_score(root, child, top - 1, top) >= top)
    except NotSolved as stop:
        return unsolved(stop.reason)
    except KeyboardInterrupt:
        return unsolved("interrupted")
    order = {text: i for i, text in enumerate(game.legal_move_texts(state))}
    return Solution(True, mover, seats, win_loss, search.stats(), value=value,
                    plies=plies_of(top), best=tuple(sorted(best, key=order.__getitem__)),
                    line=_line(game, search, root, top), budget=budget)


def _line(game: Game[Any, Any], search: Search, node: Any, score: int) -> tuple[str, ...]:
    """The best play below ``node``: at each step the first move (in the kernel's
    order) of the node's exact score, for as many plies as ``LINE_LENGTH`` and the
    budget allow."""
    kernel = search.kernel
    out: list[str] = []
    try:
        while len(out) < LINE_LENGTH and kernel.end_value(node) is None:
            for move, child in kernel.children(node):
                if search.child_score(node, child) == score:
                    out.append(game.format_move(move))
                    if kernel.mover(child) != kernel.mover(node):
                        score = -score
                    score += (score > 0) - (score < 0)  # counted from the child
                    node = child
                    break
            else:
                break
    except (NotSolved, KeyboardInterrupt):
        pass
    return tuple(out)
