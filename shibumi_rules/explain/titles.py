"""Titles of rule and ruling IDs, read from the specification when it is available."""

from __future__ import annotations

from functools import cache
from importlib import import_module


@cache
def _titles() -> dict[str, str]:
    try:
        spec = import_module("shibumi_rules.spec")
    except ModuleNotFoundError:
        return {}
    loader = getattr(spec, "titles", None)
    if loader is None:
        return {}
    titles: dict[str, str] = loader()
    return titles


def rule_title(rule_id: str) -> str | None:
    """The spec's title of a rule or ruling, None when unknown."""
    return _titles().get(rule_id)
