"""Pieces every game's table shares: its options with their rulings, its end reasons,
and point names. Each game's package builds its own table from these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..game import Game, OptionSpec
from ..geometry import NAMES, Point
from ..verdict import EndReason


def options_table(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The game's options: name, default, values, ruling and summary."""
    return [_option(o) for o in game.options]


def _option(o: OptionSpec) -> dict[str, Any]:
    return {"name": o.name, "default": o.default,
            "values": list(o.values) if o.values is not None else ["none", "N"],
            "ruling": o.ruling, "summary": o.summary}


def reasons_table(reasons: Iterable[EndReason]) -> list[dict[str, Any]]:
    """The game's end reasons: the ``reason`` string, its rule and its meaning."""
    return [{"reason": r.key, "rule": r.rule, "meaning": r.meaning} for r in reasons]


def names(points: Iterable[Point]) -> list[str]:
    """Point names, in the order given."""
    return [NAMES[p] for p in points]
