"""Comparing an engine's answer with the reference's exactly as the protocol's schemas
define it: a field the schema makes optional may be left out (it is then not compared,
and where the reference's value carries information the omission is counted as a gap
in what was checked); a position may leave out its options suffix, which the request
already gives; anything else that differs is a divergence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Final

NOT_COMPARED: Final = frozenset({"reason"})
"""Outcome fields never compared: ``reason`` is free text for people."""
UNINFORMATIVE: Final = (None, False)
"""Reference values that an omitted optional field cannot contradict."""


def same_json(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``, ``1`` is not ``"1"``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(same_json, a, b))
    return type(a) is type(b) and a == b if isinstance(a, str) or isinstance(b, str) \
        else a == b


def outcome_difference(expected: Mapping[str, Any], actual: Mapping[str, Any]
                       ) -> tuple[bool, list[str]]:
    """Whether the engine's outcome differs from the reference's in a field it gives,
    and the fields it leaves out where the reference's value says something (a winner,
    a draw, a score)."""
    differs, omitted = False, []
    for key, want in expected.items():
        if key in NOT_COMPARED:
            continue
        got = actual.get(key, _ABSENT)
        if got is _ABSENT:
            if not any(want is u for u in UNINFORMATIVE):
                omitted.append(key)
            continue
        if got is want or (type(got) is type(want) and type(want) in _SCALARS
                           and got == want):
            continue  # the usual case, without the general comparison
        if not same_json(got, want):
            differs = True
    return differs, omitted


_ABSENT: Final = object()
_SCALARS: Final = frozenset({str, int, bool, type(None)})
"""Types whose values of the same type ``same_json`` compares with ``==``."""


def compared_part(outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The part of an outcome that is compared (everything but ``reason``)."""
    return {k: v for k, v in outcome.items() if k not in NOT_COMPARED}


def same_position(actual: str, expected: str) -> bool:
    """The engine's position is the reference's canonical one, or that with some of
    its ``name=value`` option fields left out (the request gives the options)."""
    if actual == expected:
        return True
    got = actual.split(" ")
    rest = iter(expected.split(" "))
    for field in got:
        for want in rest:
            if want == field:
                break
            if "=" not in want:
                return False
        else:
            return False
    return all("=" in want for want in rest)


def duplicates(listed: Iterable[str]) -> list[str]:
    """Moves listed more than once, each once, in order (linear in the list)."""
    counts = Counter(listed)
    return sorted(move for move, n in counts.items() if n > 1)
