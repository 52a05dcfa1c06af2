"""The import graph of ``shibumi_rules``: no cycle among its modules, counting every
import statement (at the top, inside a function, under ``TYPE_CHECKING``), and every
import that is not at the top says why (``# lazy: start-up``). ``lint-imports`` (CI)
holds the layers; this test holds what it does not see: the cycles within a layer and
the reason of each deferred import."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import shibumi_rules

PACKAGE = Path(shibumi_rules.__file__).resolve().parent
LAZY = "# lazy: start-up"


@dataclass(frozen=True)
class Import:
    """One import statement of a module: the modules of the package it imports."""

    module: str
    line: int
    targets: tuple[str, ...]
    deferred: bool
    """Inside a function or a ``TYPE_CHECKING`` block."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name, with whether it is a package."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    """The longest module of the package that ``name`` is or lies in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom
             ) -> tuple[str, ...]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = module.split(".") if is_package else module.split(".")[:-1]
        if node.level:
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        submodules = [f"{source}.{a.name}" for a in node.names
                      if f"{source}.{a.name}" in MODULES]
        # ``from package import module`` imports the module, not the package's names
        names = submodules if len(submodules) == len(node.names) else [source, *submodules]
    found = {_known(name) for name in names}
    return tuple(sorted(t for t in found if t is not None and t != module))


def _imports() -> Iterator[Import]:
    for module, (path, is_package) in sorted(MODULES.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deferred: set[int] = set()
        for node in ast.walk(tree):
            inside = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or (
                isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))
            if inside:
                deferred.update(id(sub) for sub in ast.walk(node)
                                if isinstance(sub, ast.Import | ast.ImportFrom))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                yield Import(module, node.lineno, _targets(module, is_package, node),
                             id(node) in deferred)


IMPORTS = list(_imports())


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules along it, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_no_module_imports_itself_back_through_any_import() -> None:
    edges: dict[str, set[str]] = {}
    for item in IMPORTS:
        edges.setdefault(item.module, set()).update(item.targets)
    assert len(edges) > 50, "the graph is empty: the test reads nothing"
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def test_every_deferred_import_says_it_buys_start_up_time() -> None:
    """A function-local import or a ``TYPE_CHECKING`` block is kept only to keep
    start-up cheap, and says so on its line (or, for a block, on the ``if``)."""
    unexplained = []
    for module, (path, _) in sorted(MODULES.items()):
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) \
                    and LAZY not in lines[node.lineno - 1]:
                unexplained.append(f"{module}:{node.lineno} (TYPE_CHECKING)")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom):
                        said = lines[sub.lineno - 1:(sub.end_lineno or sub.lineno)]
                        if not any(LAZY in line for line in said):
                            unexplained.append(f"{module}:{sub.lineno}")
    assert unexplained == []


def test_the_graph_sees_deferred_and_relative_imports() -> None:
    """The graph holds what the cycle test needs: a definition's lazy parts and the
    package's lazy API are edges too."""
    lazy = {(i.module, t) for i in IMPORTS if i.deferred for t in i.targets}
    assert ("shibumi_rules", "shibumi_rules.api") in lazy
    assert any(m.startswith("shibumi_rules.games.") and t.endswith(".game") for m, t in lazy)
    assert ("shibumi_rules.cli", "shibumi_rules.registry") in {
        (i.module, t) for i in IMPORTS for t in i.targets}
