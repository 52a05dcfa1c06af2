"""A game from outside this repository, as a test installs it: a package and its
distribution's metadata in a folder that goes on ``sys.path`` (or ``PYTHONPATH``).

The game, ``mirror``, plays Sploof's rules under its own name, with its own prefix
(``MIR``) and its own spec data (one rule), registered in the entry-point group
``shibumi_rules.games`` the way any other distribution registers a game.
"""

from __future__ import annotations

import json
from pathlib import Path

PACKAGE = "mirror_game"
NAME = "mirror"
PREFIX = "MIR"
RULE = f"{PREFIX}-NAME-1"

INIT = f'''"""Mirror: Sploof's rules under another name, registered from outside."""

from pathlib import Path

from shibumi_rules.games.sploof import SploofDefinition
from shibumi_rules.games.sploof.game import Sploof
from shibumi_rules.spec import GameSource, ScopeEntry

HERE = Path(__file__).resolve().parent


class MirrorGame(Sploof):
    name = "{NAME}"


GAME = MirrorGame()


class MirrorDefinition(SploofDefinition):
    name = "{NAME}"
    title = "Mirror"
    prefix = "{PREFIX}"
    order = 90
    summary = "Sploof under another name, registered from outside the repository"

    def rules(self):
        return GAME

    def commands(self):
        return {{}}

    def spec_source(self):
        return GameSource(ScopeEntry(self.name, self.prefix, self.title, self.order),
                          __name__, rules=HERE / "rules.json")


DEFINITION = MirrorDefinition()
WRONG_NAME = MirrorDefinition()
NOT_A_DEFINITION = object()


class _TakesSploofsPrefix(MirrorDefinition):
    prefix = "SPF"


SAME_PREFIX = _TakesSploofsPrefix()


class _SystemPrefix(MirrorDefinition):
    prefix = "SHB"


SYSTEM_PREFIX = _SystemPrefix()


class _NoSpecData(MirrorDefinition):
    def spec_source(self):
        return GameSource(ScopeEntry(self.name, self.prefix, self.title, self.order),
                          __name__)


NO_SPEC_DATA = _NoSpecData()
'''

RULES = {
    "rules": [{
        "id": RULE, "scope": NAME, "title": "Mirror is Sploof",
        "statement": "Mirror is played exactly as Sploof, under another name.",
        "sources": [{"title": "The test that installs it", "says": "what the statement says"}],
        "implemented_by": [{"module": PACKAGE, "function": "MirrorGame"}],
        "rulings": [], "notes": None,
    }],
}


def install(folder: Path, entry_points: str | None = None) -> Path:
    """Write the package and its distribution's metadata into ``folder`` (which then
    goes on the path); ``entry_points`` replaces the registration."""
    package = folder / PACKAGE
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(INIT, encoding="utf-8")
    (package / "rules.json").write_text(json.dumps(RULES), encoding="utf-8")
    info = folder / f"{PACKAGE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        entry_points if entry_points is not None
        else f"[shibumi_rules.games]\n{NAME} = {PACKAGE}:DEFINITION\n", encoding="utf-8")
    return folder
