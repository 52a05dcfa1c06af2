"""Titles of rule and ruling IDs, from the specification (``shibumi_rules.spec``)."""

from __future__ import annotations

from functools import cache

from ..errors import ShibumiError


@cache
def _titles() -> dict[str, str]:
    from .. import spec  # lazy: start-up (an answer read as data needs no titles)

    try:
        return {entry.id: entry.title for entry in spec.current()}
    except ShibumiError:  # spec/ missing or broken: explanations still cite the IDs
        return {}


def rule_title(rule_id: str) -> str | None:
    """The spec's title of a rule or ruling, None when the spec does not define it."""
    return _titles().get(rule_id)
