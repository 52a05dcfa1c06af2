"""A game from outside this repository, as the in-process tests install it: the package
of the real distribution ``tests/outside/shibumi-mirror`` (which
``tests/test_outside_distribution.py`` builds and installs into a fresh virtual
environment), copied into a folder that goes on ``sys.path`` (or ``PYTHONPATH``) with
its distribution's metadata, and registered in the entry-point group
``shibumi_rules.games`` as that distribution registers it.

The game, ``mirror``, plays Sploof's rules under its own name, with its own prefix
(``MIR``) and its own spec data (one rule). The copy also holds the broken
definitions the registry's tests register (``BROKEN``): they belong to no real
distribution.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

DISTRIBUTION = Path(__file__).resolve().parent / "outside" / "shibumi-mirror"
PACKAGE = "mirror_game"
NAME = "mirror"
PREFIX = "MIR"
RULES: dict[str, Any] = json.loads((DISTRIBUTION / PACKAGE / "rules.json").read_text(
    encoding="utf-8"))
RULE: str = RULES["rules"][0]["id"]

BROKEN = '''

# -- broken definitions, for the registry's tests (added by tests/outside_game.py) --
from shibumi_rules.spec import GameSource, ScopeEntry

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


def registration() -> str:
    """The distribution's ``entry_points.txt``, from its ``pyproject.toml``."""
    project = tomllib.loads((DISTRIBUTION / "pyproject.toml").read_text(encoding="utf-8"))
    groups = project["project"]["entry-points"]
    return "".join(f"[{group}]\n" + "".join(f"{name} = {value}\n"
                                            for name, value in points.items())
                   for group, points in groups.items())


def install(folder: Path, entry_points: str | None = None) -> Path:
    """Copy the package into ``folder`` (which then goes on the path) and write its
    distribution's metadata; ``entry_points`` replaces the registration."""
    package = folder / PACKAGE
    shutil.copytree(DISTRIBUTION / PACKAGE, package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    init = package / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + BROKEN, encoding="utf-8")
    info = folder / f"{PACKAGE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        registration() if entry_points is None else entry_points,
        encoding="utf-8")
    return folder
