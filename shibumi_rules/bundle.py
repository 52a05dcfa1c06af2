"""What a game hands the rest of the program: one ``GameBundle``.

A game is one package under ``shibumi_rules/games/``. Its ``__init__`` defines a
subclass of ``GameBundle`` and exposes an instance as ``BUNDLE``; the registry
(``shibumi_rules.games``) finds it. The CLI, ``tables``, ``explain``, ``conform``,
``bench`` and the documentation iterate the registry and ask the bundle; none of them
knows a game by name. Class attributes are cheap facts; the methods import the game's
modules only when called, so listing the games costs almost nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import argparse

    from .actions import GameActions
    from .conformance.attribution import Attributor
    from .explain.report import Analyst
    from .game import Game
    from .guide import FigureMaker, Guide
    from .tables.output import GeneratedFile
    from .tables.positions import NamedPosition
    from .tables.vectors import RandomGames, Tagger

CommandConfigure = Callable[["argparse.ArgumentParser"], None]


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

    @abstractmethod
    def game(self) -> Game[Any, Any]:
        """The rules, notation and outcome."""

    @abstractmethod
    def analyst(self) -> Analyst:
        """What ``explain`` asks to explain a move or a position of this game."""

    @abstractmethod
    def attributor(self) -> Attributor:
        """What ``conform`` asks to name the rules behind a divergence."""

    @abstractmethod
    def tagger(self) -> Tagger:
        """Which rule IDs a conformance vector of this game exercises."""

    @abstractmethod
    def tables(self) -> list[GeneratedFile]:
        """The game's rule tables under ``spec/tables/`` (JSON and CSV)."""

    @abstractmethod
    def named_positions(self) -> tuple[NamedPosition, ...]:
        """Hand-built positions for the perft file and the vectors."""

    @abstractmethod
    def random_games(self) -> RandomGames:
        """How the game's seeded random vectors are drawn."""

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
        """The module ``name`` of the game's package, or None when it has none."""
        package = type(self).__module__
        try:
            return import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise
            return None
