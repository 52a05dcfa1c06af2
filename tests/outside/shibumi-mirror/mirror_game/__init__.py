"""Mirror: Sploof's rules under another name and prefix, registered from outside
shibumi-rules. It stands for any game another distribution brings: a
``GameDefinition`` (``DEFINITION``, registered in the entry-point group
``shibumi_rules.games`` by this distribution's ``pyproject.toml``) and its own spec data
(``rules.json``: the rules of its prefix, ``MIR``), with no file of shibumi-rules
edited. Each part is declared here; those that Mirror shares with Sploof are handed
on to Sploof's definition, and it has no tables, pages or commands of its own."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shibumi_rules.contract.definition import GameDefinition
from shibumi_rules.games.sploof import DEFINITION as SPLOOF

if TYPE_CHECKING:  # lazy: start-up (the registry imports this module at every start)
    from shibumi_rules.contract.actions import GameActions
    from shibumi_rules.contract.attribution import Attributor
    from shibumi_rules.contract.explanation import Explainer
    from shibumi_rules.contract.files import GeneratedFile
    from shibumi_rules.contract.game import Game
    from shibumi_rules.contract.positions import NamedPosition
    from shibumi_rules.contract.tagging import Tagger
    from shibumi_rules.contract.vectors import GameEnd, OptionTest, Strategy, VectorPlan
    from shibumi_rules.spec import GameSource

HERE = Path(__file__).resolve().parent


class MirrorDefinition(GameDefinition):
    """Mirror as the registry sees it."""

    name = "mirror"
    title = "Mirror"
    prefix = "MIR"
    order = 90
    summary = "Sploof under another name, registered from outside the repository"
    bench_depths = SPLOOF.bench_depths
    conform_depth = SPLOOF.conform_depth
    first_help = SPLOOF.first_help

    def rules(self) -> Game[Any, Any]:
        from .game import GAME  # lazy: start-up

        return GAME

    def explainer(self) -> Explainer:
        return SPLOOF.explainer()

    def attributor(self) -> Attributor:
        return SPLOOF.attributor()

    def tagger(self) -> Tagger:
        return SPLOOF.tagger()

    def tables(self) -> list[GeneratedFile]:
        return []  # its files would go in shibumi-rules' spec/tables, which it leaves alone

    def named_positions(self) -> tuple[NamedPosition, ...]:
        return SPLOOF.named_positions()

    def vector_plan(self) -> VectorPlan:
        return SPLOOF.vector_plan()

    def actions(self) -> GameActions[Any]:
        return SPLOOF.actions()

    def strategies(self) -> Mapping[str, Strategy]:
        return SPLOOF.strategies()

    def ends(self) -> tuple[GameEnd, ...]:
        return SPLOOF.ends()

    def end_of(self, state: Any) -> str | None:
        return SPLOOF.end_of(state)

    def rule_conditions(self) -> Mapping[str, OptionTest]:
        return SPLOOF.rule_conditions()

    def spec_source(self) -> GameSource:
        """Its scope entry and its rules, which shibumi-rules' spec/ does not hold."""
        from shibumi_rules.spec import GameSource, ScopeEntry  # lazy: start-up

        return GameSource(ScopeEntry(self.name, self.prefix, self.title, self.order),
                          __name__, rules=HERE / "rules.json")


DEFINITION = MirrorDefinition()
