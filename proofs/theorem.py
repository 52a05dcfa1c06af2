"""What a claim is: a name, the rules it covers, a statement in plain words, how it is
established, and a function that establishes it or returns a counterexample.

Three methods, so that a reader can tell a proof from a sample:

- ``z3``: Z3 shows that no position refutes the statement (or computes the object the
  statement is about);
- ``exhaustive``: every case of a finite space is enumerated and checked (the outcome
  says how many);
- ``sampling``: seeded random cases are checked (the outcome says how many); it finds
  differences, it cannot show there are none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .solver import Outcome

METHODS: Final = {
    "z3": "Z3 proof",
    "exhaustive": "exhaustive enumeration",
    "sampling": "sampling",
}
"""Each method's key (as in the JSON report) and its name for people."""


@dataclass(frozen=True, slots=True)
class Theorem:
    """One claim. ``slow`` claims are left to ``prove`` (CI) and not run by the test
    suite, which runs every other one."""

    name: str
    rules: tuple[str, ...]
    statement: str
    prove: Callable[[], Outcome]
    method: str = "z3"
    slow: bool = False


def theorem(registry: list[Theorem], name: str, rules: tuple[str, ...], statement: str,
            method: str = "z3", slow: bool = False
            ) -> Callable[[Callable[[], Outcome]], Callable[[], Outcome]]:
    """Register the decorated function as a claim in ``registry``."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}")

    def wrap(prove: Callable[[], Outcome]) -> Callable[[], Outcome]:
        registry.append(Theorem(name, rules, " ".join(statement.split()), prove, method,
                                slow))
        return prove
    return wrap
