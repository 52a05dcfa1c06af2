"""What a game declares to the rest of the program: one ``GameDefinition``.

A game is one package. Its ``__init__`` defines a subclass of ``GameDefinition`` and
exposes an instance as ``DEFINITION``, which the package's distribution registers in
the entry-point group ``shibumi_rules.games`` (``NAME = "PACKAGE:DEFINITION"`` in
``pyproject.toml``); the registry (``shibumi_rules.registry``) reads the group. The
fields are cheap facts; the parts are plain methods that import the game's modules when
called, so listing the games costs almost nothing. A required part is abstract; an
optional one has the default documented with it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ShibumiError

if TYPE_CHECKING:  # lazy: start-up (listing the games imports none of these)
    from ..spec import GameSource
    from .actions import GameActions
    from .attribution import Attributor
    from .commands import Command
    from .explanation import Explainer
    from .files import GeneratedFile
    from .game import Game
    from .guide import FigureMaker, Guide
    from .positions import NamedPosition
    from .tagging import Tagger
    from .vectors import GameEnd, OptionTest, Strategy, VectorPlan


class GameDefinition(ABC):
    """Everything specific to one game, behind one object."""

    name: ClassVar[str]
    """Lowercase name on the command line and in files (``sploof``): the scope of its
    rules in the specification, and the name of its entry point."""
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

    # -- required parts ----------------------------------------------------------------
    @abstractmethod
    def rules(self) -> Game[Any, Any]:
        """The rules, notation and outcome: the game's ``Game`` object."""

    @abstractmethod
    def explainer(self) -> Explainer:
        """What ``explain`` is handed to explain a move or a position of this game."""

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
    def vector_plan(self) -> VectorPlan:
        """How the game's seeded random vectors are drawn."""

    # -- optional parts ----------------------------------------------------------------
    def strategies(self) -> Mapping[str, Strategy]:
        """How random games choose moves, by name (``uniform`` first). Games add
        strategies that seek rare ends; by default the game plays uniformly only."""
        from .vectors import uniform  # lazy: start-up

        return {"uniform": uniform}

    def ends(self) -> tuple[GameEnd, ...]:
        """Every way the game can end that the vectors must reach (none declared by
        default: the outcomes' reasons are then recorded as they come)."""
        return ()

    def end_of(self, state: Any) -> str | None:
        """Which of ``ends`` a finished position is (None while the game goes on); by
        default the outcome's ``reason``."""
        outcome = self.rules().outcome_json(state)
        if not outcome.get("over"):
            return None
        reason = outcome.get("reason")
        return reason if isinstance(reason, str) else "over"

    def rule_conditions(self) -> Mapping[str, OptionTest]:
        """Rules and rulings that a position can exercise only under some options
        (a turn limit only when one is set, say); any other can occur under every
        combination. The vectors are held to cover each one wherever it can occur.
        None by default."""
        return {}

    def extra_vectors(self) -> list[GeneratedFile]:
        """Further conformance files beyond the position vectors (none by default)."""
        return []

    def actions(self) -> GameActions[Any]:
        """The fixed action numbering, seats, returns and counts the learning adapters
        (OpenSpiel, PettingZoo) and the spec's action table read. By default the game
        has none, and asking for it is an error that says so."""
        raise ShibumiError(f"{self.name} has no action numbering yet: give its definition "
                           "an actions() part returning a GameActions")

    def commands(self) -> Mapping[str, Callable[[], Command]]:
        """Further subcommands of the command line for this game: the command's name ->
        a function returning it, called only when the command runs or every command
        is listed (none by default)."""
        return {}

    def guide(self) -> Guide | None:
        """What the site tells players and arbiters about the game: how to play, a
        sample game, the answers to the arbiter's questions (None by default: the site
        then has no how-to-play page for it)."""
        return None

    def figures(self) -> Mapping[str, FigureMaker]:
        """The pictures of the game's formal rules and rulings, by ID, and of its table,
        by the table's name (none by default)."""
        return {}

    def spec_source(self) -> GameSource:
        """What the game tells the specification: its scope entry (name, prefix, title,
        order). A game whose rules are not in this repository's ``spec/`` overrides it
        to bring its own rules and rulings files as well."""
        from ..spec import GameSource, ScopeEntry  # lazy: start-up (spec reads JSON)

        return GameSource(ScopeEntry(self.name, self.prefix, self.title, self.order),
                          type(self).__module__)
