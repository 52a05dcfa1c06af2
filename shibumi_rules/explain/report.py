"""From a question to a report: build the position (a position, or the start plus
moves, stopping at the first illegal one), answer the question with the game's
explainer, and optionally answer it again under every alternative of each ruling.

Every way in asks here: the command line (``explain``), the browser's arbiter
(``shibumi_rules.web``), the Python API (``shibumi_rules.api``) and the site's
generators. Each is handed the game and its explainer (a definition's ``rules()`` and
``explainer()``); nothing here looks a game up by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..contract.actions import GameActions
from ..contract.explanation import Answer, AnswerPicture, Explainer, MoveAnswer, Step
from ..contract.game import Game, parse_option_pairs
from ..display import shown
from ..errors import IllegalMoveError, NotationError, ShibumiError
from .model import Report, RulingAnswer, Stop

MAX_MOVE_QUOTE = 80
"""Characters of a question that is no move quoted in its answer."""

if TYPE_CHECKING:  # lazy: start-up
    from ..solver.solve import Solution


@dataclass(frozen=True, slots=True)
class Setup:
    """How the position is given: a position text (or the start position with a first
    player), the moves played from it, and option overrides."""

    position: str | None = None
    first: str | None = None
    moves: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)


def setup_from(game: Game[Any, Any], position: str | None, first: str | None,
               seed: int | None, moves: tuple[str, ...], options: Sequence[str]) -> Setup:
    """The setup of a question, every argument checked as ``explain`` checks it (the
    command line and the browser's arbiter both build their setups here)."""
    if position is not None and (first is not None or seed is not None):
        raise ShibumiError("--first and --seed choose the start position; they cannot be "
                           "used with --position")
    first_player = None if position is not None else game.choose_first(first, seed)
    return Setup(position, first_player, moves, parse_option_pairs(options))


def stop_line(report: Report, given: int | None = None) -> str | None:
    """The error line printed after the explanation when a move played before the
    question is illegal (None when the moves were all played). ``given`` is how many of
    the moves came with ``--moves`` (all of them when None); the others were written
    before the question."""
    if report.stop is None:
        return None
    rule = getattr(report.answer, "rule", None)
    number, move = report.stop.number, report.stop.move
    where = (f"move {number} {move!r} of --moves" if given is None or number <= given
             else f"move {number} {move!r} (played before the question)")
    return f"error: {where} is illegal [{rule}]; the explanation above is about it"


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


def _answer(game: Game[Any, Any], explainer: Explainer, state: Any, question: str | None,
            stop: Stop | None) -> Answer:
    if stop is not None:
        return explainer.explain_move(game, state, stop.move)
    if question is not None:
        try:
            return explainer.explain_move(game, state, question)
        except NotationError as err:
            return not_a_move(game, explainer, state, question, err)
    return explainer.explain_position(game, state)


def not_a_move(game: Game[Any, Any], explainer: Explainer, state: Any, question: str,
               err: NotationError) -> MoveAnswer:
    """The answer to a question that is no move of the game (two red balls in Splink,
    a removal without its placement, a single ball, any other text): illegal, citing
    the rule the notation names or else the game's rule that says what a move is
    (``Game.move_rule``). A player may type anything; only a position that cannot be
    read is an error."""
    rule = err.rule_id or game.move_rule
    mover = explainer.explain_position(game, state).turn or ""
    asked = shown(question, MAX_MOVE_QUOTE)
    why = err.message.removeprefix(f"bad move {question!r}: ")
    step = Step(rule, f"{asked} is not a move of the game: {shown(why)}", False)
    picture = AnswerPicture(game.board(state), (),
                            f"{mover} plays {asked}: not a move [{rule}]".strip())
    return MoveAnswer(asked, mover, False, rule, (step,), pictures=(picture,))


def explain(game: Game[Any, Any], explainer: Explainer, setup: Setup,
            question: str | None = None, compare: bool = False,
            actions: GameActions[Any] | None = None) -> Report:
    """Answer ``question`` (a move text, or None for the state of the position) with the
    game's ``explainer``; with the game's ``actions``, add the solver's value of the
    position the answer ends in (``value_of``)."""
    state = start_state(game, setup, setup.options)
    state, history, stop = replay(game, state, setup.moves)
    answer = _answer(game, explainer, state, question, stop)
    options = explainer.options_of(state)
    rulings = _compare(game, explainer, setup, question, answer, stop, options, state) \
        if compare else ()
    value = value_of(game, actions, state, answer) if actions is not None and stop is None \
        else None
    return Report(game.name, game.format_position(state), options, history, question,
                  answer, stop, rulings, compare, value)


def value_of(game: Game[Any, Any], actions: GameActions[Any], state: Any, answer: Answer
             ) -> Solution | None:
    """The solver's answer within its fixed node budget for the position after a legal
    move (else the position asked about); None once the game is over there."""
    from ..solver.solve import ANSWER_BUDGET, solve  # lazy: start-up

    if isinstance(answer, MoveAnswer) and answer.legal and answer.position_after:
        state = game.parse_position(answer.position_after)
    if game.is_over(state):
        return None
    return solve(game, actions, state, budget=ANSWER_BUDGET)


def _compare(game: Game[Any, Any], explainer: Explainer, setup: Setup, question: str | None,
             base: Answer, base_stop: Stop | None, options: Mapping[str, str], state: Any
             ) -> tuple[RulingAnswer, ...]:
    """Every alternative of every option whose answer differs from ``base``."""
    out: list[RulingAnswer] = []
    for spec in game.options:
        current = options.get(spec.name, spec.default)
        for value in explainer.alternatives(spec, current, state, question):
            overrides = {**setup.options, spec.name: value}
            try:
                alt_state = start_state(game, setup, overrides)
                alt_state, _, stop = replay(game, alt_state, setup.moves)
                answer = _answer(game, explainer, alt_state, question, stop)
            except ShibumiError as err:
                out.append(RulingAnswer(spec.name, value, spec.ruling, None, None, str(err)))
                continue
            if answer.summary() != base.summary() or stop != base_stop:
                out.append(RulingAnswer(spec.name, value, spec.ruling, answer, stop))
    return tuple(out)
