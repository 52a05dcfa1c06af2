"""The layout the architecture page promises: a game is one package, registered as an
entry point and found by the registry; nothing outside it is named after a game or
imports it by name; one version; one option check."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest

import shibumi_rules
from shibumi_rules.errors import OptionError
from shibumi_rules.registry import definitions, game_names, get_definition, get_game

PACKAGE = Path(shibumi_rules.__file__).resolve().parent
GAMES = PACKAGE / "games"


def _outside_games() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if GAMES not in p.parents]


def test_every_game_is_a_registered_package() -> None:
    """Each package under games/ is registered in pyproject.toml, by its own name, as
    its package's DEFINITION, and the registry finds exactly those (and any game of
    another distribution)."""
    packages = sorted(p.name for p in GAMES.iterdir()
                      if p.is_dir() and (p / "__init__.py").is_file())
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    registered = project["project"]["entry-points"]["shibumi_rules.games"]
    assert registered == {name: f"shibumi_rules.games.{name}:DEFINITION" for name in packages}
    built_in = [d.name for d in definitions() if type(d).__module__.startswith(
        "shibumi_rules.games.")]
    assert sorted(built_in) == packages
    prefixes = [b.prefix for b in definitions()]
    assert len(set(prefixes)) == len(prefixes)
    assert all(re.fullmatch(r"[A-Z]{3}", p) and p != "SHB" for p in prefixes)
    for definition in definitions():
        assert definition.rules().name == definition.name
        assert get_definition(definition.name) is definition


def test_no_file_outside_the_game_packages_is_named_after_a_game() -> None:
    names = game_names()
    stray = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
             if GAMES not in p.parents and p != GAMES
             and any(name in p.name.lower() for name in names)]
    assert stray == []


def test_no_module_outside_a_game_package_imports_one_by_name() -> None:
    names = "|".join(game_names())
    pattern = re.compile(rf"games\.({names})\b|games import ({names})\b")
    found = [f"{p.relative_to(PACKAGE)}: {m.group(0)}" for p in _outside_games()
             for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_version_has_one_source() -> None:
    assert shibumi_rules.__version__ == importlib.metadata.version("shibumi-rules")


@pytest.mark.parametrize("name", game_names())
def test_a_repeated_or_unknown_option_reads_the_same_in_every_game(name: str) -> None:
    game = get_game(name)
    start = game.format_position(game.start())
    # the canonical form writes every option once; a game without options has none
    option, value = ((game.options[0].name, game.options[0].default) if game.options
                     else ("colour", "blue"))
    once = f" {option}={value}"
    twice = start + once if once in start else start + once + once
    with pytest.raises(OptionError) as repeated:
        game.parse_position(twice)
    assert f"option {option!r} is given twice" in str(repeated.value)
    with pytest.raises(OptionError) as unknown:
        game.start({"colour": "blue"})
    assert str(unknown.value) == (
        f"unknown option 'colour' for {name} (known: "
        f"{', '.join(o.name for o in game.options) or 'none'})")
