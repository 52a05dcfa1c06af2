"""What a game hands the rest of the program: one ``GameBundle``.

A game is one package under ``shibumi_rules/games/``. Its ``__init__`` defines a
subclass of ``GameBundle`` and exposes an instance as ``BUNDLE``; the registry
(``shibumi_rules.games``) finds it. The CLI, ``tables``, ``explain``, ``conform``,
``bench`` and the documentation iterate the registry and ask the bundle; none of them
knows a game by name. Class attributes are cheap facts; the methods import the game's
modules only when called, so listing the games costs almost nothing.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import argparse
    import random

    from .actions import GameActions
    from .conformance.attribution import Attributor
    from .contract.guide import FigureMaker, Guide
    from .explain.report import Analyst
    from .game import Game
    from .tables.output import GeneratedFile
    from .tables.positions import NamedPosition
    from .tables.vectors import RandomGames, Tagger

CommandConfigure = Callable[["argparse.ArgumentParser"], None]

Strategy = Callable[[Any, list[Any], "random.Random"], Any]
"""How a random game chooses a move: (state, its legal moves (never empty), the
game's random generator) -> one of the moves. Deterministic for a given generator."""

OptionTest = Callable[[Mapping[str, str]], bool]
"""Whether something can happen under a combination of option values (all given)."""


def always(options: Mapping[str, str]) -> bool:
    """Possible under every combination of options."""
    return True


def uniform(state: Any, moves: list[Any], rng: random.Random) -> Any:
    """Every legal move equally likely: the plain random game."""
    return rng.choice(moves)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """One way a game can end, as the conformance vectors must reach it: finer than
    the outcome's ``reason`` where the same reason has different causes (no legal
    move because the pyramid is complete, or because the supply ran out).
    ``possible`` says under which options a position can end this way; ``seeker``
    names the strategy most likely to reach it."""

    key: str
    summary: str
    possible: OptionTest = always
    seeker: str = "uniform"


class GameBundle(ABC):
    """Everything specific to one game, behind one object."""

    name: ClassVar[str]
    """Lowercase name on the command line and in files (``sploof``)."""
    title: ClassVar[str]
    """Name for people (``Sploof``)."""
    prefix: ClassVar[str]
    """Prefix of the game's rule and ruling IDs (``SPF``); ``SHB`` is the system's."""
    order: ClassVar[int]
    """Where the game stands in every listing (lowest first)."""
    summary: ClassVar[str]
    """One sentence saying what the game is, for listings and the docs."""
    bench_depths: ClassVar[tuple[int, ...]]
    """The perft depths ``bench`` reports by default."""
    conform_depth: ClassVar[int]
    """The perft depth ``conform`` descends to by default."""
    first_help: ClassVar[str] = ""
    """How ``--first`` reads for this game (empty when the game fixes the first player)."""

    def game(self) -> Game[Any, Any]:
        """The rules, notation and outcome: ``GAME`` of the package's ``game`` module."""
        game: Game[Any, Any] = self._part("game", "GAME")
        return game

    def analyst(self) -> Analyst:
        """What ``explain`` asks to explain a move or a position of this game:
        ``ANALYST`` of the package's ``explain`` module."""
        analyst: Analyst = self._part("explain", "ANALYST")
        return analyst

    def attributor(self) -> Attributor:
        """What ``conform`` asks to name the rules behind a divergence: ``ATTRIBUTOR`` of
        the package's ``attribution`` module."""
        attributor: Attributor = self._part("attribution", "ATTRIBUTOR")
        return attributor

    def tagger(self) -> Tagger:
        """Which rule IDs a conformance vector of this game exercises: ``vector_tags`` of
        the package's ``tagging`` module."""
        tagger: Tagger = self._part("tagging", "vector_tags")
        return tagger

    def tables(self) -> list[GeneratedFile]:
        """The game's rule tables under ``spec/tables/`` (JSON and CSV): what ``tables()``
        of the package's ``tables`` module returns."""
        files: list[GeneratedFile] = self._part("tables", "tables")()
        return files

    def named_positions(self) -> tuple[NamedPosition, ...]:
        """Hand-built positions for the perft file and the vectors: ``POSITIONS`` of the
        package's ``positions`` module."""
        positions: tuple[NamedPosition, ...] = self._part("positions", "POSITIONS")
        return positions

    def _part(self, module: str, name: str) -> Any:
        """``name`` of the game package's module ``module``, which every game has (the
        architecture page's checklist): a missing one is a programming error."""
        found = getattr(self._own_module(module), name, None)
        if found is None:
            raise RuntimeError(f"game package {type(self).__module__} lacks {module}.{name}")
        return found

    @abstractmethod
    def random_games(self) -> RandomGames:
        """How the game's seeded random vectors are drawn."""

    def strategies(self) -> Mapping[str, Strategy]:
        """How random games choose moves, by name (``uniform`` first). Games add
        strategies that seek rare ends; the default plays uniformly only."""
        return {"uniform": uniform}

    def ends(self) -> tuple[GameEnd, ...]:
        """Every way the game can end that the vectors must reach (none declared by
        default: the outcomes' reasons are then recorded as they come)."""
        return ()

    def end_of(self, state: Any) -> str | None:
        """Which of ``ends`` a finished position is (None while the game goes on); by
        default the outcome's ``reason``."""
        outcome = self.game().outcome_json(state)
        if not outcome.get("over"):
            return None
        reason = outcome.get("reason")
        return reason if isinstance(reason, str) else "over"

    def rule_conditions(self) -> Mapping[str, OptionTest]:
        """Rules and rulings that a position can exercise only under some options
        (a turn limit only when one is set, say); any other can occur under every
        combination. The vectors are held to cover each one wherever it can occur."""
        return {}

    def extra_vectors(self) -> list[GeneratedFile]:
        """Further conformance files beyond the position vectors (none by default)."""
        return []

    def actions(self) -> GameActions[Any]:
        """The fixed action numbering, seats, returns and counts the learning adapters
        (OpenSpiel, PettingZoo) and the spec's action table read: the ``ACTIONS`` object
        of the game's ``actions`` module. A game without one is refused by name."""
        from .errors import ShibumiError

        actions: GameActions[Any] | None = getattr(self._own_module("actions"), "ACTIONS",
                                                   None)
        if actions is None:
            raise ShibumiError(f"{self.name} has no action numbering yet: give its package "
                               "an actions module defining ACTIONS")
        return actions

    def commands(self) -> dict[str, str]:
        """Further CLI commands of this game: command name -> the module that registers
        it, imported only when the command runs (none by default)."""
        return {}

    def guide(self) -> Guide | None:
        """What the site tells players and arbiters about the game: how to play, a sample
        game, the answers to the arbiter's questions. By default the ``GUIDE`` of the
        package's ``guide`` module, or None while the game has none."""
        guide: Guide | None = getattr(self._own_module("guide"), "GUIDE", None)
        return guide

    def figures(self) -> Mapping[str, FigureMaker]:
        """The pictures of the game's formal rules and rulings, by ID, and of its table,
        by the table's name. By default the ``FIGURES`` of the package's ``figures``
        module, or none."""
        figures: Mapping[str, FigureMaker] = getattr(self._own_module("figures"), "FIGURES",
                                                     {})
        return figures

    def _own_module(self, name: str) -> Any:
        """The module ``name`` of the game's package, or None when it has none. The
        package is the first class of the bundle's lineage defined in a package's
        ``__init__`` (a bundle derived elsewhere, as in a test, keeps its game's)."""
        package = next((c.__module__ for c in type(self).__mro__
                        if hasattr(sys.modules.get(c.__module__), "__path__")),
                       type(self).__module__)
        try:
            return import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise
            return None
