"""A rule ID is written in the code once: in the module whose function decides the
rule (the verdict it returns carries the ID, and every other module reads it from the
verdict, the trace or the end object).

The test reads every string literal of ``shibumi_rules/`` (docstrings aside: they say
which rule a function implements, as ``spec/rules.json``'s ``implemented_by`` does)
and finds the rule-ID literals, by the prefixes of ``spec/games.json``. Left out, as
the issue allows: the spec and content data (not Python), each game's table of
figures keyed by rule (``games/*/figures.py``) and the tests.

An ID written in more than one module fails, unless ``rule_id_ledger.json`` lists
that ID with exactly those modules: the duplicates still to be removed when this test
was written. The ledger may only shrink: an entry that no longer matches (a module
that lost its literal, an ID that is now in one module) fails too, so that whoever
removes a duplicate also removes its entry, and nobody adds one.
"""

from __future__ import annotations

import ast
import json
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shibumi_rules"
LEDGER = Path(__file__).with_name("rule_id_ledger.json")


def _pattern() -> re.Pattern[str]:
    scopes = json.loads((ROOT / "spec" / "games.json").read_text(encoding="utf-8"))["scopes"]
    prefixes = "|".join(re.escape(scope["prefix"]) for scope in scopes)
    return re.compile(rf"\b(?:{prefixes})-[A-Z]+-\d+\b")


def _excluded(path: Path) -> bool:
    """A game's table of figures keyed by rule."""
    parts = path.relative_to(PACKAGE).parts
    return len(parts) == 3 and parts[0] == "games" and parts[2] == "figures.py"


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, nodes):
            for statement in node.body:
                if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                        and isinstance(statement.value.value, str)):
                    found.add(id(statement.value))  # a docstring, or a string after a name
    return found


def literal_ids(source: str, pattern: re.Pattern[str]) -> set[str]:
    """The rule IDs in the string literals of ``source`` (f-strings' parts included),
    docstrings and comments aside."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return {rule for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip for rule in pattern.findall(node.value)}


def modules_by_id() -> dict[str, list[str]]:
    pattern = _pattern()
    where: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        if _excluded(path):
            continue
        module = path.relative_to(ROOT).as_posix()
        for rule in literal_ids(path.read_text(encoding="utf-8"), pattern):
            where[rule].add(module)
    return {rule: sorted(modules) for rule, modules in sorted(where.items())}


def test_no_rule_id_literal_in_two_modules_beyond_the_ledger() -> None:
    ledger: dict[str, list[str]] = json.loads(LEDGER.read_text(encoding="utf-8"))["duplicates"]
    found = {rule: modules for rule, modules in modules_by_id().items() if len(modules) > 1}
    new = {rule: modules for rule, modules in found.items() if ledger.get(rule) != modules
           and not set(modules) <= set(ledger.get(rule, []))}
    assert not new, ("rule-ID literals written in more than one module (read the ID from "
                     f"the verdict, the trace or the end object instead): {new}")
    stale = {rule: modules for rule, modules in ledger.items() if found.get(rule) != modules}
    assert not stale, ("rule_id_ledger.json lists duplicates that are gone or smaller: "
                       f"write what is left ({ {r: found.get(r, []) for r in stale} })")


def test_the_finder_reads_literals_not_docstrings() -> None:
    pattern = _pattern()
    source = ('"""Implements SPF-TURN-1."""\n'
              'def f(x):\n    """Implements SPF-PLACE-1."""\n'
              '    return ("SPF-REMOVE-1", f"{x} [SPK-RUL-12]")  # SPL-WIN-1\n')
    assert literal_ids(source, pattern) == {"SPF-REMOVE-1", "SPK-RUL-12"}
    assert not literal_ids('x = "SPF-TURN-10x"\ny = "XSPF-TURN-1"\n', pattern)
