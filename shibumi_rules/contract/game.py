"""The interface every game implements (``Game``, as a definition's ``rules()``), so
that the CLI, the spec generator, the conformance harness and ``explain`` treat all
games alike; and the one check of options every game shares.

A game is a stateless object; states are immutable values. Moves are game-specific
hashable values with one canonical text form. Options are ``name=value`` strings whose
allowed values and defaults each game declares; every option selects an alternative of
a numbered ruling in the spec.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..board import Board
from ..errors import IllegalMoveError, NotationError, OptionError
from ..notation import parse_count
from .trace import UNTRACED, Trace, Traced

if TYPE_CHECKING:  # lazy: start-up (only the solver imports the search interface)
    from .search import SearchKernel

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a game accepts. ``values`` lists the allowed values; ``None`` means
    a non-negative integer (or ``none``)."""

    name: str
    default: str
    values: tuple[str, ...] | None
    ruling: str
    summary: str

    def check(self, value: str) -> str:
        if self.values is None:
            digits = value.isascii() and value.isdigit()  # not "²" or "５", which int() refuses
            if value == "none" or (digits and not value.startswith("0")) or value == "0":
                if value != "none":
                    try:
                        parse_count(value, f"option {self.name}")
                    except NotationError as err:
                        raise OptionError(err.message) from None
                return value
            raise OptionError(
                f"option {self.name}={value!r}: expected a non-negative integer or 'none'"
            )
        if value not in self.values:
            raise OptionError(
                f"option {self.name}={value!r}: expected one of {', '.join(self.values)}"
            )
        return value


def parse_option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """Split ``k=v`` strings into a dict, rejecting malformed pairs and a name given
    twice (which of two values was meant cannot be guessed)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = (part.strip() for part in pair.partition("="))
        if not sep or not key or not value:
            raise OptionError(f"bad option {pair!r}: expected NAME=VALUE")
        if key in out:
            raise OptionError(f"option {key!r} is given twice ({key}={out[key]} and "
                              f"{key}={value})")
        out[key] = value
    return out


def resolve_option_values(specs: Iterable[OptionSpec], given: Mapping[str, str],
                          game_name: str, base: Mapping[str, str] | None = None
                          ) -> dict[str, str]:
    """Defaults (or ``base``) overridden by ``given``, every name and value checked:
    the one check of option names and values, wherever options come from (the command
    line, a position, the protocol, a match record)."""
    by_name = {spec.name: spec for spec in specs}
    resolved = dict(base) if base is not None else {s.name: s.default for s in by_name.values()}
    for key, value in given.items():
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option {key!r} for {game_name} (known: {known})")
        resolved[key] = by_name[key].check(value)
    return resolved


def require_depth(depth: int) -> None:
    """Perft depths are counted in plies from zero."""
    if depth < 0:
        raise OptionError(f"depth {depth}: expected a non-negative integer")


class Game(ABC, Generic[S, M]):
    """A Shibumi game: rules, notation and outcome. Subclasses implement the abstract
    methods; perft and move-text helpers come for free."""

    name: str
    """Short lowercase name used on the command line (``sploof``)."""
    move_rule: str
    """The rule that says what a move of the game is (its turn's forms): ``explain``
    cites it when the question is text that is not a move of the game and its notation
    names no more precise rule."""
    options: tuple[OptionSpec, ...] = ()
    first_choices: tuple[str, ...] = ()
    """Names accepted by ``--first``; empty when the game fixes the first player."""

    # -- options -----------------------------------------------------------------
    def resolve_options(self, given: Mapping[str, str], base: Mapping[str, str] | None = None
                        ) -> dict[str, str]:
        """Defaults (or ``base``) overridden by ``given``, every name and value checked."""
        return resolve_option_values(self.options, given, self.name, base)

    def choose_first(self, first: str | None, seed: int | None) -> str | None:
        """The first player from ``--first`` or a reproducible draw from ``--seed``."""
        if first is not None and seed is not None:
            raise OptionError("--first and --seed both choose who moves first; give one")
        if first is not None:
            if first not in self.first_choices:
                if not self.first_choices:
                    raise OptionError(f"{self.name} fixes who moves first; --first is not used")
                raise OptionError(
                    f"--first {first!r}: expected one of {', '.join(self.first_choices)}"
                )
            return first
        if seed is not None:
            if not self.first_choices:
                raise OptionError(f"{self.name} fixes who moves first; --seed is not used")
            import random  # lazy: start-up (only a draw needs the module)

            return random.Random(seed).choice(self.first_choices)
        return None

    def first_mover(self, state: S) -> str | None:
        """Who moved first in the games that reach ``state``, when the position alone
        shows it (one of ``first_choices``); None when it does not, or when the game
        fixes the first player. The conformance run sends a position only to an engine
        that lets that player begin."""
        return None

    # -- the rules ---------------------------------------------------------------
    @abstractmethod
    def start(self, options: Mapping[str, str] | None = None, first: str | None = None) -> S:
        """The start position under the given options (defaults when omitted)."""

    @abstractmethod
    def with_options(self, state: S, options: Mapping[str, str]) -> S:
        """The same position with some options changed (validated)."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move in canonical order; empty when the game is over."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after ``move``; raises IllegalMoveError (with rule ID) if illegal."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended (a terminal node of the move tree)."""

    @abstractmethod
    def outcome_json(self, state: S) -> dict[str, Any]:
        """The ``outcome`` object of ``play --json``."""

    @abstractmethod
    def outcome_text(self, state: S) -> str:
        """One line saying whether the game is over, and how."""

    @abstractmethod
    def board(self, state: S) -> Board:
        """The balls on the pyramid."""

    # -- notation ----------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Parse position notation (NotationError / PositionError on bad input)."""

    @abstractmethod
    def format_position(self, state: S) -> str:
        """Canonical position notation; ``parse_position`` round-trips it exactly."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Parse move notation; raises NotationError if it does not parse."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        """Canonical move notation."""

    @abstractmethod
    def describe(self, state: S) -> str:
        """A diagram of the position with who is to move, stocks/supply and outcome."""

    # -- the trace (opt-in: play and outcome_json stay untraced) ---------------------
    def trace_move(self, state: S, move: M) -> Traced[S]:
        """The move with its trace (``contract.trace``): the checks in the order the
        rules apply, then, for a legal move, its effects and the verdicts on the
        outcome after it; an illegal move gives no state and a trace ending at the
        failing check. A game that does not trace keeps this default: its trace is
        ``UNTRACED`` (no evidence), or the failing verdict alone."""
        try:
            after = self.play(state, move)
        except IllegalMoveError as err:
            checks = (err.verdict,) if err.verdict is not None else ()
            return Traced(None, Trace(checks, traced=False))
        return Traced(after, UNTRACED)

    def play_traced(self, state: S, move: M) -> tuple[S, Trace]:
        """``play`` with its trace: the same state, or the same IllegalMoveError."""
        traced = self.trace_move(state, move)
        if traced.state is None:
            failure = traced.trace.failure
            if failure is None:  # a game whose refusal carries no verdict: play says why
                self.play(state, move)
                raise AssertionError(f"{move} has no successor but play accepts it")
            raise IllegalMoveError.from_verdict(failure)
        return traced.state, traced.trace

    def outcome_traced(self, state: S) -> tuple[dict[str, Any], Trace]:
        """``outcome_json`` with the verdicts that decide it (the trace's
        ``outcome``); ``UNTRACED`` for a game that does not trace."""
        return self.outcome_json(state), UNTRACED

    # -- search ------------------------------------------------------------------
    def search_kernel(self) -> SearchKernel[S, Any, M] | None:
        """The game's fast path for exhaustive search (``contract.search``), or None:
        the solver then searches the plain rules."""
        return None

    # -- derived -----------------------------------------------------------------
    def count_moves(self, state: S) -> int:
        """Number of legal moves (games override with a faster count)."""
        return len(self.legal_moves(state))

    def play_text(self, state: S, text: str) -> S:
        """Parse and play one move given as text."""
        return self.play(state, self.parse_move(state, text))

    def perft(self, state: S, depth: int) -> int:
        """Leaves of the legal-move tree at ``depth``; finished games have no children."""
        require_depth(depth)
        if depth == 0:
            return 1
        if self.is_over(state):
            return 0
        if depth == 1:
            return self.count_moves(state)
        return sum(self.perft(self.play(state, m), depth - 1) for m in self.legal_moves(state))

    def divide(self, state: S, depth: int) -> list[tuple[str, int]]:
        """Perft split by first move: (move text, leaves) in canonical move order."""
        if depth < 1:
            raise OptionError("--divide needs a depth of at least 1")
        return [
            (self.format_move(m), self.perft(self.play(state, m), depth - 1))
            for m in self.legal_moves(state)
        ]

    def legal_move_texts(self, state: S) -> list[str]:
        return [self.format_move(m) for m in self.legal_moves(state)]

    def replay(self, state: S, moves: Iterable[str]) -> S:
        """Play moves given as text; an error names the move's number."""
        for number, text in enumerate(moves, start=1):
            try:
                state = self.play_text(state, text)
            except (NotationError, IllegalMoveError) as err:
                raise type(err)(f"move {number} {text!r}: {err.message}", err.rule_id) from None
        return state
