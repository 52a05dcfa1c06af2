"""From a question to a report: build the position (a position, or the start plus
moves, stopping at the first illegal one), answer the question with the game's
analyst, and optionally answer it again under every alternative of each ruling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import IllegalMoveError, NotationError, ShibumiError
from ..game import Game, OptionSpec
from .model import Answer, MoveAnswer, PositionAnswer, Report, RulingAnswer, Stop


class Analyst(Protocol):
    """What a game provides to be explained."""

    def explain_move(self, game: Game[Any, Any], state: Any, text: str) -> MoveAnswer:
        """Is the move legal, why, and what happens if it is played."""

    def explain_position(self, game: Game[Any, Any], state: Any) -> PositionAnswer:
        """The state of the position."""

    def options_of(self, state: Any) -> dict[str, str]:
        """The options in force in ``state``."""

    def alternatives(self, spec: OptionSpec, current: str, state: Any,
                     question: str | None) -> list[str]:
        """The values of ``spec`` worth comparing with ``current``."""


def analyst_for(game: Game[Any, Any]) -> Analyst:
    """The analyst of a registered game (its bundle's)."""
    from ..games import get_bundle

    return get_bundle(game.name).analyst()


@dataclass(frozen=True, slots=True)
class Setup:
    """How the position is given: a position text (or the start position with a first
    player), the moves played from it, and option overrides."""

    position: str | None = None
    first: str | None = None
    moves: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)


def split_moves(texts: Sequence[str]) -> tuple[str, ...]:
    """``--moves`` values: each holds one or more moves separated by spaces or commas."""
    return tuple(m for text in texts for m in text.replace(",", " ").split())


def start_state(game: Game[Any, Any], setup: Setup, options: Mapping[str, str]) -> Any:
    """The position before the moves, under ``options`` (overriding the position's)."""
    if setup.position is not None:
        state = game.parse_position(setup.position)
        return game.with_options(state, options) if options else state
    return game.start(options, setup.first)


def replay(game: Game[Any, Any], state: Any, moves: Sequence[str]
           ) -> tuple[Any, tuple[str, ...], Stop | None]:
    """Play ``moves`` until the first illegal one. A malformed move is an error (it
    cannot be explained); an illegal one stops the replay and is returned."""
    played: list[str] = []
    for number, text in enumerate(moves, start=1):
        try:
            move = game.parse_move(state, text)
        except NotationError as err:
            raise NotationError(f"--moves move {number} {text!r}: {err.message}",
                                err.rule_id) from None
        try:
            state = game.play(state, move)
        except IllegalMoveError:
            return state, tuple(played), Stop(number, text)
        played.append(game.format_move(move))
    return state, tuple(played), None


def _answer(game: Game[Any, Any], analyst: Analyst, state: Any, question: str | None,
            stop: Stop | None) -> Answer:
    if stop is not None:
        return analyst.explain_move(game, state, stop.move)
    if question is not None:
        return analyst.explain_move(game, state, question)
    return analyst.explain_position(game, state)


def explain(game: Game[Any, Any], setup: Setup, question: str | None = None,
            compare: bool = False) -> Report:
    """Answer ``question`` (a move text, or None for the state of the position)."""
    analyst = analyst_for(game)
    state = start_state(game, setup, setup.options)
    state, history, stop = replay(game, state, setup.moves)
    answer = _answer(game, analyst, state, question, stop)
    options = analyst.options_of(state)
    rulings = _compare(game, analyst, setup, question, answer, stop, options, state) \
        if compare else ()
    return Report(game.name, game.format_position(state), options, history, question,
                  answer, stop, rulings, compare)


def _compare(game: Game[Any, Any], analyst: Analyst, setup: Setup, question: str | None,
             base: Answer, base_stop: Stop | None, options: Mapping[str, str], state: Any
             ) -> tuple[RulingAnswer, ...]:
    """Every alternative of every option whose answer differs from ``base``."""
    out: list[RulingAnswer] = []
    for spec in game.options:
        current = options.get(spec.name, spec.default)
        for value in analyst.alternatives(spec, current, state, question):
            overrides = {**setup.options, spec.name: value}
            try:
                alt_state = start_state(game, setup, overrides)
                alt_state, _, stop = replay(game, alt_state, setup.moves)
                answer = _answer(game, analyst, alt_state, question, stop)
            except ShibumiError as err:
                out.append(RulingAnswer(spec.name, value, spec.ruling, None, None, str(err)))
                continue
            if answer.summary() != base.summary() or stop != base_stop:
                out.append(RulingAnswer(spec.name, value, spec.ruling, answer, stop))
    return tuple(out)
