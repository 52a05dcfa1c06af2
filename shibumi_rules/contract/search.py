"""What an exhaustive search asks of a game: its positions as search nodes, their
children, the value of a finished one and a transposition key.

The solver (``shibumi_rules.solver``) searches every game through this interface. A
game that has nothing faster is searched through its plain rules (the solver wraps its
``Game`` and ``GameActions``); a game with a fast path hands one out from
``Game.search_kernel``: positions as bare integers, its symmetries folded into the key,
its own move order (the moves likely to decide first). Such a kernel is a copy of the
rules, so, like every fast path, it is held to the plain rules by an equivalence test.

Values are returns (``GameActions.returns``) of the seat to move at the node: +1 a win,
-1 a loss, 0 a draw, or a score. The games are two-seat and zero-sum, so a child's
value for the parent's mover is the child's value, negated when the child's mover is
the other seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

S = TypeVar("S")
N = TypeVar("N")
M = TypeVar("M", bound=Hashable)


class SearchKernel(ABC, Generic[S, N, M]):
    """A game's positions as the solver walks them. Nodes are values (hashable or not);
    the kernel is stateless."""

    @abstractmethod
    def node(self, state: S) -> N:
        """The search node of a position of the game."""

    @abstractmethod
    def state(self, node: N) -> S:
        """The position of a node (``node`` round-trips it)."""

    @abstractmethod
    def mover(self, node: N) -> int:
        """The seat whose point of view the node's value takes: the seat to move, and in
        a finished game a fixed seat (``GameActions.seat_to_move``)."""

    @abstractmethod
    def end_value(self, node: N) -> float | None:
        """The mover's return when the game is over at ``node``, else None."""

    @abstractmethod
    def children(self, node: N) -> Iterator[tuple[M, N]]:
        """Every legal move and the node it leads to, each exactly once, in any order
        (the order the search should try them: the likely decisive first)."""

    @abstractmethod
    def key(self, node: N) -> Hashable:
        """A transposition key: equal keys only for nodes of the same value for their
        movers (a symmetry of the board, the colours swapped), and of the same
        distance to the end."""

    def win_now(self, node: N) -> bool:
        """Whether the mover has a move that ends the game with the greatest return
        (``GameActions.utility``) for the mover: a shortcut the search takes before it
        looks the node up or expands it. False unless a kernel knows it cheaply."""
        return False

    def moves_left(self, node: N) -> int | None:
        """An upper bound on the plies still to come, or None when the game may go on
        for ever (the solver then needs a depth limit)."""
        return None
