"""What a theorem is: a name, the rules it covers, a statement in plain words, and a
function that proves it or returns a counterexample."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .solver import Outcome


@dataclass(frozen=True, slots=True)
class Theorem:
    name: str
    rules: tuple[str, ...]
    statement: str
    prove: Callable[[], Outcome]


def theorem(registry: list[Theorem], name: str, rules: tuple[str, ...], statement: str
            ) -> Callable[[Callable[[], Outcome]], Callable[[], Outcome]]:
    """Register the decorated proof function as a theorem in ``registry``."""
    def wrap(prove: Callable[[], Outcome]) -> Callable[[], Outcome]:
        registry.append(Theorem(name, rules, " ".join(statement.split()), prove))
        return prove
    return wrap
