"""One registered game, set up for a learning library: options resolved so that every
game ends, legal moves as action numbers, moves played by number, observations as flat
lists of floats, and returns.

Both adapters (``shibumi_rules.openspiel``, ``shibumi_rules.pettingzoo``) are thin
layers over this module, which uses only the standard library; it asks the game
(``Game``) and its learning view (``GameActions``) for everything and decides no rule.

Observation layout (``shape`` is ``(planes, 4, 4)``, flattened row by row):

- for each colour of ``GameActions.colours``, one plane per level 1-4: 1 where a ball
  of that colour stands, at (row, column) of the point on its level (level 1 fills the
  4x4 plane, level 2 its first 3x3 cells, level 3 2x2, level 4 the first cell);
- one plane per seat, all ones for the seat to move (all zeros once the game is over);
- one plane per count of ``GameActions.counts``, filled with ``Count.fraction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .contract.actions import GameActions
from .contract.definition import GameDefinition
from .contract.game import Game
from .errors import IllegalMoveError, OptionError, PositionError
from .geometry import COORDS, LEVELS, SIDE

CELLS: Final = SIDE * SIDE
"""Cells of one observation plane (4 x 4)."""


@dataclass(frozen=True)
class LearningGame:
    """A game under fixed options and first player, as the adapters play it."""

    name: str
    options: Mapping[str, str]
    """Every option of the game, resolved (the game's defaults, then the adapter's)."""
    first: str | None
    game: Game[Any, Any] = field(repr=False)
    actions: GameActions[Any] = field(repr=False)
    texts: tuple[str, ...] = field(repr=False)
    index: Mapping[str, int] = field(repr=False)
    max_length: int
    """The longest game in moves: ``moves_left_bound`` of the start position."""

    @classmethod
    def of(cls, definition: GameDefinition, options: Mapping[str, str] | None = None,
           first: str | None = None) -> LearningGame:
        """The game ``definition`` declares, with ``options`` over the adapters'
        defaults. OptionError for an unknown option or first player, or for options
        under which a game can go on for ever."""
        name = definition.name
        game, actions = definition.rules(), definition.actions()
        resolved = game.resolve_options({**actions.adapter_defaults, **(options or {})})
        game.choose_first(first, None)
        start = game.start(resolved, first)
        bound = actions.moves_left_bound(start)
        if bound is None:
            given = " ".join(f"{k}={v}" for k, v in sorted(resolved.items()))
            raise OptionError(f"{name} with {given} can go on for ever; a learning library "
                              "needs a longest game: "
                              f"{actions.length_reason}")
        texts = actions.texts()
        return cls(name, resolved, first, game, actions, texts,
                   {text: number for number, text in enumerate(texts)}, bound)

    # -- states ------------------------------------------------------------------
    def start(self, first: str | None = None) -> Any:
        """The start position, with ``first`` (or this game's first player) to move."""
        return self.game.start(self.options, first if first is not None else self.first)

    def parse(self, text: str) -> Any:
        """A position in the game's notation, under exactly this game's options and
        within its longest game (PositionError otherwise)."""
        state = self.game.parse_position(text)
        same = self.game.with_options(state, self.options)
        if self.game.format_position(same) != self.game.format_position(state):
            raise PositionError(f"position {text!r} is not played under this game's "
                                f"options ({options_text(self.options)})")
        left = self.actions.moves_left_bound(state)
        if left is None or left > self.max_length:
            raise PositionError(f"position {text!r} may last {left} more moves, more "
                                f"than this game's longest game ({self.max_length})")
        return state

    def position(self, state: Any) -> str:
        """The position in the game's notation (``parse`` reads it back)."""
        return self.game.format_position(state)

    def is_over(self, state: Any) -> bool:
        return self.game.is_over(state)

    def seat_to_move(self, state: Any) -> int:
        return self.actions.seat_to_move(state)

    # -- actions -----------------------------------------------------------------
    def legal_actions(self, state: Any) -> list[int]:
        """The numbers of the legal moves, in increasing order (empty once over)."""
        numbers = []
        for move in self.game.legal_moves(state):
            text = self.game.format_move(move)
            number = self.index.get(text)
            if number is None:
                raise RuntimeError(f"{self.name}: the legal move {text} has no action "
                                   "number; the numbering in its actions module misses it")
            numbers.append(number)
        return sorted(numbers)

    def action_text(self, number: int) -> str:
        """The move text of an action number (OptionError when out of range)."""
        if not 0 <= number < len(self.texts):
            raise OptionError(f"action {number}: expected 0 to {len(self.texts) - 1}")
        return self.texts[number]

    def play(self, state: Any, number: int) -> Any:
        """The state after the move numbered ``number``; IllegalMoveError, with the rule
        it breaks, when that move is not legal here."""
        text = self.action_text(int(number))
        try:
            return self.game.play_text(state, text)
        except IllegalMoveError as err:
            raise IllegalMoveError(f"action {number} ({text}): {err.message}",
                                   err.rule_id, err.verdict) from None

    # -- exact play ------------------------------------------------------------------
    def exact_action(self, state: Any, budget: int | None = None) -> int | None:
        """The action number of a best move under perfect play (the solver's first best
        move in the game's order: the fastest win, the slowest loss, else the best
        draw or score), or None when the solver does not finish within ``budget``
        positions: never a guess."""
        from .solver.solve import solve  # lazy: start-up

        answer = solve(self.game, self.actions, state, budget=budget)
        if not answer.solved or not answer.best:
            return None
        return self.index[answer.best[0]]

    # -- what a player sees and gets -----------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.actions.seats

    @property
    def shape(self) -> tuple[int, int, int]:
        """(planes, 4, 4) of the observation."""
        return (len(self.plane_names()), SIDE, SIDE)

    def plane_names(self) -> list[str]:
        """What each observation plane holds, in order (``white level 1``, ...)."""
        balls = [f"{colour.label} level {level + 1}" for colour in self.actions.colours
                 for level in range(LEVELS)]
        seats = [f"{seat} to move" for seat in self.seats]
        counts = [count.name for count in self.actions.counts(self.start())]
        return [*balls, *seats, *counts]

    def observation(self, state: Any) -> list[float]:
        """The observation as a flat list (layout in the module's docstring)."""
        board = self.game.board(state)
        out: list[float] = []
        for colour in self.actions.colours:
            mask = board.masks[colour]
            planes = [[0.0] * CELLS for _ in range(LEVELS)]
            for point, coord in enumerate(COORDS):
                if mask >> point & 1:
                    planes[coord.level][coord.row * SIDE + coord.col] = 1.0
            for plane in planes:
                out.extend(plane)
        over = self.is_over(state)
        to_move = -1 if over else self.seat_to_move(state)
        for seat in range(len(self.seats)):
            out.extend([1.0 if seat == to_move else 0.0] * CELLS)
        for count in self.actions.counts(state):
            out.extend([count.fraction] * CELLS)
        return out

    def returns(self, state: Any) -> tuple[float, ...]:
        """Each seat's return: the game's result once over, zeros before."""
        if not self.is_over(state):
            return (0.0,) * len(self.seats)
        return self.actions.returns(state)

    def describe(self, state: Any) -> str:
        """The game's text diagram with who is to move, counts and outcome."""
        return self.game.describe(state)


def options_text(options: Mapping[str, str]) -> str:
    """``name=value`` pairs sorted by name, for messages."""
    return " ".join(f"{k}={v}" for k, v in sorted(options.items())) or "no options"
