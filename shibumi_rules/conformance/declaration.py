"""What an engine declares in its reply to ``identify``, read for the run: the games it
plays, and for each the option values it supports with its defaults, who may move
first, and the rulings it declares it deviates from. The run sends only what is
declared, and checks every game x combination of options that the engine declares and
the user selects (``plan``).

An option the engine does not declare is taken as supported at the reference's
default only; a missing ``first`` list as the reference's default first player only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import spec
from ..contract.game import Game
from ..errors import ShibumiError
from .results import Combination

AnyGame = Game[Any, Any]


@dataclass
class Declared:
    """One game as the engine declares it."""

    game: AnyGame
    values: dict[str, tuple[str, ...] | None]
    """Per reference option, the values the engine supports (None: any the reference
    accepts)."""
    defaults: dict[str, str]
    """Per reference option, the engine's default (the reference's when the engine's
    is not one the reference knows)."""
    first: tuple[str | None, ...]
    """Who the engine lets move first ((None,) when the game fixes it)."""
    deviations: dict[str, str] = field(default_factory=dict)
    """Ruling ID -> the engine's own reading of it."""
    unknown: list[str] = field(default_factory=list)
    """Declared ``option=value`` pairs the reference does not define."""
    notes: list[str] = field(default_factory=list)

    def undeclared(self, options: Mapping[str, str]) -> list[str]:
        """The ``option=value`` pairs of ``options`` the engine does not declare."""
        out = []
        for key, value in options.items():
            allowed = self.values.get(key, ())
            if allowed is not None and value not in allowed:
                out.append(f"{key}={value}")
        return out

    def accepts_first(self, first: str | None) -> bool:
        return first is None or first in self.first

    def deviation_of(self, rules: Sequence[str]) -> str | None:
        """The declared deviation among ``rules`` (the most specific first)."""
        return next((rule for rule in rules if rule in self.deviations), None)


def declared_game(game: AnyGame, info: Mapping[str, Any]) -> Declared:
    """Read one ``games`` entry of the identify reply against the reference game."""
    name = game.name
    declared_options = info.get("options", {})
    values: dict[str, tuple[str, ...] | None] = {}
    defaults: dict[str, str] = {}
    unknown: list[str] = []
    notes: list[str] = []
    for option in game.options:
        entry = declared_options.get(option.name)
        if entry is None:
            values[option.name] = (option.default,)
            defaults[option.name] = option.default
            continue
        default = entry.get("default", option.default)
        listed = entry.get("values")
        if listed is None:
            values[option.name] = None
        else:
            known = []
            for value in listed:
                if _known(option, value):
                    known.append(value)
                else:
                    unknown.append(f"{option.name}={value}")
            values[option.name] = tuple(known)
        if _known(option, default):
            defaults[option.name] = default
        else:
            defaults[option.name] = option.default
            notes.append(f"{name}: the engine's default {option.name}={default} is not a "
                         f"value the reference defines; {option.default} is used")
    extra = sorted(set(declared_options) - {o.name for o in game.options})
    if extra:
        notes.append(f"{name}: the engine declares options the reference does not have "
                     f"({', '.join(extra)}); they are never sent, so the engine's defaults "
                     "apply")
    first = _first(game, info.get("first"), notes)
    deviations = _deviations(game, info.get("deviations", []), notes)
    return Declared(game, values, defaults, first, deviations, unknown, notes)


def _known(option: Any, value: str) -> bool:
    try:
        option.check(value)
    except ShibumiError:
        return False
    return True


def _first(game: AnyGame, listed: Any, notes: list[str]) -> tuple[str | None, ...]:
    if not game.first_choices:
        return (None,)
    if listed is None:
        return (game.first_choices[0],)
    known = tuple(f for f in game.first_choices if f in listed)
    strange = [f for f in listed if f not in game.first_choices]
    if strange:
        notes.append(f"{game.name}: the engine lets {', '.join(map(str, strange))} move "
                     "first, which the reference does not know")
    return known


def _deviations(game: AnyGame, listed: Any, notes: list[str]) -> dict[str, str]:
    current = spec.current()
    out = {}
    for item in listed or []:
        ruling, reading = item.get("ruling"), item.get("reading", "")
        if ruling in current and current.kind(ruling) == "ruling" \
                and current.entry(ruling).scope == game.name:
            out[ruling] = reading
        else:
            notes.append(f"{game.name}: the engine declares a deviation from {ruling!r}, "
                         f"which is not a ruling of {game.name}; ignored")
    return out


def plan(declared: Declared, selected: Mapping[str, str],
         present: Sequence[Mapping[str, str]]) -> list[Combination]:
    """The combinations of options to check for one game: the engine's defaults (with
    the user's selection) first, then every combination the vectors are under that the
    selection allows. Each is marked declared or not; one left out because the engine
    does not declare a value the user selected must still be checked."""
    default = {**declared.defaults, **selected}
    combos: list[dict[str, str]] = [default]
    for options in present:
        if all(options.get(k) == v for k, v in selected.items()) \
                and dict(options) not in combos:
            combos.append(dict(options))
    out = []
    for options in combos:
        missing = declared.undeclared(options)
        combination = Combination(declared.game.name, options, declared=not missing)
        if missing:
            combination.why_not = f"the engine does not declare {', '.join(missing)}"
            combination.selected = any(pair.split("=", 1)[0] in selected
                                       for pair in missing)
        out.append(combination)
    return out


def unknown_values_problems(declared: Declared, selected: Mapping[str, str]) -> list[str]:
    """Declared option values the reference cannot check, unless the engine declares a
    deviation from their ruling or the user selected another value of the option."""
    out = []
    for pair in declared.unknown:
        option = pair.split("=", 1)[0]
        ruling = next((o.ruling for o in declared.game.options if o.name == option), None)
        if option in selected or ruling in declared.deviations:
            continue
        out.append(f"{declared.game.name}: the engine declares {pair}, which the reference "
                   f"does not define (declare a deviation from {ruling}, or select another "
                   f"--option {option}=...)")
    return out
