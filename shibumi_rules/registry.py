"""The registry of games: every game, built in or installed from another distribution,
is a ``GameDefinition`` registered in the entry-point group ``shibumi_rules.games``
(``pyproject.toml``: ``NAME = "PACKAGE:DEFINITION"``, the game's name and where its
definition is).

Only the entry points of the program read the registry (the command line and its
commands, the engine server, the browser's arbiter, the Python API, the learning
adapters' constructors by name, the docs hooks); every other tool is handed the
definitions or games it works on.

Listing the games imports only each game package's ``__init__`` (its ``DEFINITION``,
cheap facts); a game's rules are imported the first time a part is asked for. The
entry points are read by a small scanner of the ``entry_points.txt`` files on
``sys.path`` (``registrations``): ``importlib.metadata`` finds the same ones (a test
holds the two equal) but costs every command about 30 ms of start-up. A broken
registration is one ``RegistryError`` naming the game's package and distribution.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from . import spec_sources
from .contract.definition import GameDefinition
from .contract.game import Game
from .errors import OptionError, ShibumiError

if TYPE_CHECKING:  # lazy: start-up (the specification is read only when a command needs it)
    from .spec import GameSource

GROUP: Final = "shibumi_rules.games"
"""The entry-point group every game is registered in."""
_INFO_SUFFIXES: Final = (".dist-info", ".egg-info")
_SEPARATORS: Final = str.maketrans("-.", "__")


class RegistryError(ShibumiError):
    """A game is registered in a way that cannot work (the message names its package)."""


class Registration:
    """One line ``name = value`` of the group in a distribution's ``entry_points.txt``.
    (A plain class, not a dataclass: this module is read at every start-up.)"""

    __slots__ = ("distribution", "name", "value")

    def __init__(self, name: str, value: str, distribution: str) -> None:
        self.name = name
        self.value = value
        """``module:attribute`` of the game's definition."""
        self.distribution = distribution
        """The distribution that declares it, as its metadata folder names it."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Registration) and (self.name, self.value, self.distribution) \
            == (other.name, other.value, other.distribution)

    def __hash__(self) -> int:
        return hash((self.name, self.value, self.distribution))

    def __repr__(self) -> str:
        return f"Registration({self.name!r}, {self.value!r}, {self.distribution!r})"

    @property
    def where(self) -> str:
        """The registration, as errors quote it."""
        return f"entry point {self.name} = {self.value} of the distribution {self.distribution}"


def _normalized(name: str) -> str:
    """A distribution name compared as ``importlib.metadata`` compares them (PEP 503,
    dashes as underscores): runs of ``-``, ``_`` and ``.`` are one ``_``."""
    normal = name.translate(_SEPARATORS).lower()
    while "__" in normal:
        normal = normal.replace("__", "_")
    return normal


def _dotted(text: str) -> bool:
    """Whether ``text`` is a dotted name (``pkg.module``, ``DEFINITION``)."""
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def registrations(paths: Iterable[str] | None = None) -> tuple[Registration, ...]:
    """Every registration of the group on ``paths`` (default ``sys.path``), in the order
    ``importlib.metadata.entry_points(group=GROUP)`` gives them: each folder in turn,
    the first distribution of a name winning over later ones. Reads only the
    ``*.dist-info`` and ``*.egg-info`` folders' ``entry_points.txt`` (a deliberate fast
    path of ``importlib.metadata``; tests/test_registry.py holds the two equal)."""
    seen: set[str] = set()
    found: list[Registration] = []
    for root in sys.path if paths is None else paths:
        if not isinstance(root, str):
            continue
        try:
            children = os.listdir(root or ".")
        except OSError:
            continue
        infos: dict[str, list[str]] = {}
        for child in children:
            if child.lower().endswith(_INFO_SUFFIXES):
                stem = child.lower().rpartition(".")[0].partition("-")[0]
                infos.setdefault(_normalized(stem), []).append(child)
        for child in (c for group in infos.values() for c in group):
            if not child.endswith(_INFO_SUFFIXES):
                continue  # importlib would read the name from the metadata: not here
            distribution = child.rpartition(".")[0].partition("-")[0]
            if _normalized(distribution) in seen:
                continue
            seen.add(_normalized(distribution))
            found += _read_entry_points(os.path.join(root, child), distribution)
    return tuple(found)


def _read_entry_points(folder: str, distribution: str) -> list[Registration]:
    try:
        with open(os.path.join(folder, "entry_points.txt"), "rb") as stream:
            data = stream.read()
    except OSError:
        return []
    if GROUP.encode() not in data:
        return []
    return parse_entry_points(data.decode("utf-8", "replace"), distribution)


def parse_entry_points(text: str, distribution: str) -> list[Registration]:
    """The group's lines of one ``entry_points.txt``, read as ``importlib.metadata``
    reads them (blank lines and ``#`` comments skipped; a line without ``=`` is not an
    entry point)."""
    out: list[Registration] = []
    section = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
            continue
        if section != GROUP or "=" not in line:
            continue
        name, _, value = line.partition("=")
        out.append(Registration(name.strip(), value.strip(), distribution))
    return out


def load(found: Sequence[Registration]) -> tuple[GameDefinition, ...]:
    """The definitions the registrations name, in the games' order; a RegistryError
    for the first registration that cannot work: a value that is not
    ``module:attribute``, a package that cannot be imported, an object that is not a
    ``GameDefinition``, a definition whose name is not its entry point's, a name or
    prefix registered twice, or a prefix that is malformed or the system's."""
    names: dict[str, Registration] = {}
    for registration in found:
        if registration.name in names:
            first = names[registration.name]
            raise RegistryError(f"two games are registered as {registration.name!r}: "
                                f"{first.where}, and {registration.where}")
        names[registration.name] = registration
    loaded = [(r, _definition(r)) for r in found]
    prefixes: dict[str, Registration] = {}
    for registration, definition in loaded:
        prefix = definition.prefix
        if not (isinstance(prefix, str) and len(prefix) == 3 and prefix.isascii()
                and prefix.isalpha() and prefix.isupper()):
            raise RegistryError(f"game package {_package(registration)}: prefix "
                                f"{definition.prefix!r} is not three capital letters "
                                f"({registration.where})")
        if definition.prefix == spec_sources.SYSTEM_PREFIX:
            raise RegistryError(f"game package {_package(registration)}: prefix "
                                f"{spec_sources.SYSTEM_PREFIX} is the Shibumi system's "
                                f"({registration.where})")
        if definition.prefix in prefixes:
            first = prefixes[definition.prefix]
            raise RegistryError(f"two games take the prefix {definition.prefix}: "
                                f"{_package(first)} ({first.where}) and "
                                f"{_package(registration)} ({registration.where})")
        prefixes[definition.prefix] = registration
    return tuple(sorted((d for _, d in loaded), key=lambda d: (d.order, d.name)))


def _package(registration: Registration) -> str:
    return registration.value.partition(":")[0].strip()


def _definition(registration: Registration) -> GameDefinition:
    """The object a registration names, checked."""
    package, _, attribute = (part.strip() for part in registration.value.partition(":"))
    if not (_dotted(package) and _dotted(attribute)):
        raise RegistryError(f"game {registration.name!r}: expected module:attribute, got "
                            f"{registration.value!r} ({registration.where})")
    try:
        found: Any = import_module(package)
    except Exception as err:  # any failure of a game's import is that game's
        raise RegistryError(f"game package {package} cannot be imported: "
                            f"{type(err).__name__}: {err} ({registration.where})") from err
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise RegistryError(f"game package {package} has no {attribute} "
                                f"({registration.where})")
        found = getattr(found, part)
    if not isinstance(found, GameDefinition):
        raise RegistryError(f"game package {package}: {attribute} is a "
                            f"{type(found).__name__}, not a GameDefinition "
                            f"({registration.where})")
    if found.name != registration.name:
        raise RegistryError(f"game package {package} defines the game {found.name!r}, but "
                            f"is registered as {registration.name!r} ({registration.where})")
    return found


@cache
def definitions() -> tuple[GameDefinition, ...]:
    """Every registered game's definition, in the games' declared order. The
    specification is told about each (``spec.add_source``, read when it is next asked
    for its scopes, which checks the games' prefixes against ``spec/games.json``)."""
    found = registrations()
    loaded = load(found)
    if not loaded:
        raise RegistryError(f"no game is registered in the entry-point group {GROUP}: "
                            "install the package (pip install -e .) so that its games "
                            "are registered")
    by_name = {r.name: r for r in found}
    spec_sources.add_provider(
        lambda: spec_sources_of([(by_name[d.name], d) for d in loaded]))
    return loaded


def spec_sources_of(loaded: Iterable[tuple[Registration, GameDefinition]]
                    ) -> tuple[GameSource, ...]:
    """What each game tells the specification (its ``spec_source()``), with the package
    its registration names, so that an error about it names that package."""
    return tuple(replace(d.spec_source(), package=_package(r)) for r, d in loaded)


def game_names() -> tuple[str, ...]:
    """The names of the registered games, in order."""
    return tuple(d.name for d in definitions())


def get_definition(name: str) -> GameDefinition:
    """The definition of the game called ``name``; an OptionError lists the known
    games."""
    for definition in definitions():
        if definition.name == name:
            return definition
    raise OptionError(f"unknown game {name!r} (known: {', '.join(game_names())})")


def get_game(name: str) -> Game[Any, Any]:
    """The rules of the game called ``name``."""
    return get_definition(name).rules()
