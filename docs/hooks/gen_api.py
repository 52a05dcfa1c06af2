"""The Python API reference, read from the engine's docstrings with ``inspect`` (and
``ast`` for the docstrings of module constants), so it documents the code as it is."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import inspect
import io
import itertools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from gen_common import Site, code, esc, fenced, front_matter, games, relative

PAGE = "reference/api.md"
DEMOTED = 0.2
"""Search weight of the page: code names, below the rules an everyday word means."""

MODULES = (
    ("shibumi_rules", "The package: the names most programs need."),
    ("shibumi_rules.api", "The Python API: play and explain any registered game."),
    ("shibumi_rules.geometry", "The pyramid's points and every relation between them."),
    ("shibumi_rules.board", "Board mechanics shared by the games."),
    ("shibumi_rules.notation", "Point names and the board field."),
    ("shibumi_rules.contract", "The contract between a game and the rest of the program."),
    ("shibumi_rules.contract.definition", "What a game declares: its GameDefinition."),
    ("shibumi_rules.contract.game", "The interface every game implements."),
    ("shibumi_rules.contract.explanation", "What a game's explanation is made of."),
    ("shibumi_rules.contract.vectors", "How a game's conformance vectors are drawn."),
    ("shibumi_rules.contract.positions", "A game's named positions."),
    ("shibumi_rules.contract.files", "The files a game writes under spec/."),
    ("shibumi_rules.contract.actions", "A game as learning libraries see it."),
    ("shibumi_rules.contract.attribution", "The rules behind a conformance divergence."),
    ("shibumi_rules.contract.tagging", "The rules a conformance vector exercises."),
    ("shibumi_rules.contract.trace", "The checks, effects and outcome verdicts of a move."),
    ("shibumi_rules.contract.search", "What a game gives the solver for a fast search."),
    ("shibumi_rules.contract.mechanics", "Explanations of the mechanics every game shares."),
    ("shibumi_rules.contract.commands", "A subcommand a game adds to the command line."),
    ("shibumi_rules.contract.guide", "What a game tells players and arbiters."),
    ("shibumi_rules.contract.content", "A game's texts and translations, read from data."),
    ("shibumi_rules.contract.guide_reader", "A game's guide, read from its content."),
    ("shibumi_rules.contract.korean", "Korean particles after words the engine chooses."),
    ("shibumi_rules.registry", "The registry of games."),
    ("shibumi_rules.spec", "The specification as data."),
    ("shibumi_rules.diagram", "Plain-text diagrams."),
    ("shibumi_rules.svg", "SVG diagrams."),
    ("shibumi_rules.errors", "The exceptions raised on bad input."),
)


EXAMPLE = """\
import shibumi_rules

game = shibumi_rules.get_game("{name}")
state = game.start()
for move in {moves!r}:
    state = game.play(state, move)
print(game.rules.format_position(state))
print(game.legal_moves(state)[:10])
print(game.outcome(state))
print(game.explain(state, {ask!r}).text(diagrams=False))
"""


def modules() -> tuple[tuple[str, str], ...]:
    """The modules the page documents: the core's, then each registered game's ``Game``
    module, in the registry's order."""
    return MODULES + tuple((type(d.rules()).__module__, f"{d.title}.") for d in games())


def example() -> str:
    """The page's example for the first registered game: two moves from its start (the
    first legal move each time), written out as the engine names them."""
    definition = games()[0]
    game = definition.rules()
    state = game.start()
    moves = []
    for _ in range(2):
        move = game.legal_moves(state)[0]
        moves.append(game.format_move(move))
        state = game.play(state, move)
    return EXAMPLE.format(name=definition.name, moves=moves,
                          ask=game.legal_move_texts(state)[0])


CONTRACT_PAGE = "architecture.md"
"""The page whose ``<!-- generated: contract-types -->`` lists the contract."""


def contract_types() -> str:
    """A table of every name ``shibumi_rules.contract`` exports: its module and the
    first sentence of its docstring, each linked to its entry on this page, read from
    the package's ``__all__`` so that the list cannot go stale."""
    import importlib

    import shibumi_rules.contract as contract

    rows = []
    for name in contract.__all__:
        value = getattr(contract, name)
        module_name = contract._MODULE_OF[name]
        module = importlib.import_module(f"{contract.__name__}.{module_name}")
        doc = _constant_docs(module).get(name) or _doc(value)  # an alias's own first
        first = doc.split("\n\n")[0].replace("\n", " ").split(". ")[0].rstrip(".")
        if not first:
            raise ValueError(f"shibumi_rules.contract.{name} has no docstring")
        link = f"{relative(CONTRACT_PAGE, PAGE)}#{module.__name__}.{name}"
        cell = first.replace("|", "\\|")
        rows.append(f"| [{code(name)}]({link}) | {code(module_name)} | {cell}. |")
    return "| name | module | what it is |\n|---|---|---|\n" + "\n".join(rows) + "\n"


def _run_example(text: str) -> str:
    """Run the example of the page and return what it prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(text, "api-example", "exec"), {"__name__": "api_example"})
    return out.getvalue()


def generate(site: Site) -> None:
    import importlib

    site.snippet("contract-types", contract_types())
    text = example()
    out = [
        front_matter(boost=DEMOTED),
        "# Python API\n",
        "The engine is a Python package with no dependencies beyond the standard library. "
        "`shibumi_rules.get_game(name)` gives any registered game: its start, legal "
        "moves, moves played, outcome and the arbiter's explanation, the same answers "
        "the command line gives. This reference is read from its docstrings when the "
        "site is built.\n",
        fenced(text, "python"),
        "prints (run when this page was built):\n",
        fenced(_run_example(text)),
    ]
    toc = []
    sections = []
    for name, summary in modules():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            site.warnings.append(f"{PAGE}: module {name} not found")
            continue
        toc.append(f"| [{code(name)}](#{name}) | {esc(summary)} |")
        sections.append(_module(module))
    out.append("| module | contents |\n|---|---|")
    out += toc
    out.append("")
    out += sections
    site.page(PAGE, "\n".join(out))


def _doc(obj: Any) -> str:
    doc = inspect.getdoc(obj)
    return (doc or "").strip()


def _constant_docs(module: ModuleType) -> dict[str, str]:
    """Docstrings written as a string literal right after a module-level assignment."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body
    for node, after in itertools.pairwise(body):
        if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            continue
        target: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        elif isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name):
            docs[target.id] = inspect.cleandoc(after.value.value)
    return docs


def _annotation(value: Any) -> str:
    if value is inspect.Parameter.empty:
        return ""
    if isinstance(value, str):
        return value
    return inspect.formatannotation(value)


def _signature(func: Callable[..., Any]) -> str:
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return "(...)"
    parts = []
    seen_kw_only = False
    for param in sig.parameters.values():
        if param.name in ("self", "cls"):
            continue
        text = param.name
        if param.kind is param.VAR_POSITIONAL:
            text = "*" + text
            seen_kw_only = True
        elif param.kind is param.VAR_KEYWORD:
            text = "**" + text
        elif param.kind is param.KEYWORD_ONLY and not seen_kw_only:
            parts.append("*")
            seen_kw_only = True
        ann = _annotation(param.annotation)
        if ann:
            text += f": {ann}"
        if param.default is not param.empty:
            text += (" = " if ann else "=") + repr(param.default)
        parts.append(text)
    result = f"({', '.join(parts)})"
    ret = _annotation(sig.return_annotation)
    return result + (f" -> {ret}" if ret else "")


def _defined_here(module: ModuleType, obj: Any) -> bool:
    return getattr(obj, "__module__", None) == module.__name__


def _public(name: str) -> bool:
    return not name.startswith("_")


def _members(module: ModuleType) -> list[tuple[str, str, Any]]:
    """The documented members of a module, in definition order, as (name, kind, value)
    with kind ``class``, ``function`` or ``constant``."""
    constants = _constant_docs(module)
    out: list[tuple[str, str, Any]] = []
    for member_name, value in vars(module).items():
        if not _public(member_name):
            continue
        if inspect.isclass(value) and _defined_here(module, value):
            out.append((member_name, "class", value))
        elif inspect.isfunction(inspect.unwrap(value)) and _defined_here(module, value):
            # a function, or one wrapped by functools.cache (registry.definitions)
            out.append((member_name, "function", inspect.unwrap(value)))
        elif member_name in constants:
            out.append((member_name, "constant", value))
    return out


def anchor_for(module_name: str, name: str) -> str | None:
    """The anchor of ``module_name.name`` on the API page (a method links to its class),
    or None when the page does not document it."""
    import importlib

    if module_name not in dict(modules()):
        return None
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return None
    head = name.split(".")[0]
    documented = {member for member, _, _ in _members(module)}
    return f"{module_name}.{head}" if head in documented else None


def _module(module: ModuleType) -> str:
    name = module.__name__
    out = [f"## {name} {{#{name}}}\n", _doc(module) + "\n"]
    exported = getattr(module, "__all__", None)
    if exported is not None:
        out.append("Exports: " + ", ".join(code(n) for n in exported) + ".\n")
    constants = _constant_docs(module)
    for member_name, kind, value in _members(module):
        qual = f"{name}.{member_name}"
        if kind == "class":
            out.append(_class(qual, value))
        elif kind == "function":
            out.append(f"### {member_name} {{#{qual}}}\n")
            out.append(fenced(f"{member_name}{_signature(value)}", "python"))
            out.append(_doc(value) + "\n")
        else:
            out.append(f"### {member_name} {{#{qual}}}\n")
            out.append(fenced(f"{member_name}: {_value_summary(value)}", "python"))
            out.append(constants[member_name] + "\n")
    return "\n".join(out)


def _value_summary(value: Any) -> str:
    if isinstance(value, type):
        return f"type = {value.__name__}"
    if isinstance(value, (int, str, float)):
        return f"{type(value).__name__} = {value!r}"
    if isinstance(value, (tuple, list, dict, range)):
        return f"{type(value).__name__} of {len(value)}"
    return type(value).__name__


def _class(qual: str, cls: type) -> str:
    short = qual.rsplit(".", 1)[1]
    bases = [b.__name__ for b in cls.__bases__ if b is not object]
    header = f"class {short}" + (f"({', '.join(bases)})" if bases else "")
    out = [f"### {short} {{#{qual}}}\n", fenced(header, "python"), _doc(cls) + "\n"]
    if dataclasses.is_dataclass(cls):
        fields = [f"{code(f.name + ': ' + _annotation(f.type))}" for f in dataclasses.fields(cls)]
        out.append("Fields: " + ", ".join(fields) + ".\n")
    rows = []
    for attr, value in vars(cls).items():
        if not _public(attr):
            continue
        if isinstance(value, property):
            rows.append((attr, "property", "", _doc(value)))
        elif isinstance(value, (staticmethod, classmethod)):
            func = value.__func__
            rows.append((attr, type(value).__name__, _signature(func), _doc(func)))
        elif inspect.isfunction(value):
            rows.append((attr, "method", _signature(value), _doc(value)))
    if rows:
        items = []
        for attr, kind, sig, doc in rows:
            first = doc.split("\n\n")[0].replace("\n", " ") if doc else ""
            label = code(attr + sig) if sig else code(attr)
            items.append(f"- {label} <small>{kind}</small>" + (f": {first}" if first else ""))
        out.append("\n".join(items) + "\n")
    return "\n".join(out)
