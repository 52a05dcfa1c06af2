"""The normative specification as data: the rules, rulings and clarifications of
``spec/`` and the differences of the translated rule texts, read at run time with the
standard library.

``spec/rules.json`` and ``spec/rulings.json`` are the one place where a rule or ruling
ID is defined; ``explain``, the generated tables and the docs look titles and texts up
here instead of repeating them. ``spec/games.json`` lists the scopes: the Shibumi
system and each game, with the prefix of its IDs. ``spec/translations.json`` records how
each translation of a game's rules differs from the original, and which reading is
adopted. The files are validated against their JSON Schemas in the tests; this loader
checks only what it needs to build its values, and reports a broken or missing file in
one line.

The specification knows no game package: the game registry tells it which games it
loaded (``add_source``), and a game from outside this repository brings its own scope
entry, rules and rulings that way. Nothing is read until a value is asked for, so
registering a game costs no start-up time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from . import spec_sources
from .errors import ShibumiError

Scope = str
"""``shibumi`` for the system's rules, else the name of the game a rule belongs to."""
RulingKind = Literal["ruling", "clarification"]
"""``ruling``: the text is open and the alternatives are real choices; ``clarification``:
the text settles the question, and the rationale is the argument that settles it."""
RULING_KINDS: Final[tuple[RulingKind, ...]] = ("ruling", "clarification")
Kind = Literal["rule", "ruling", "clarification"]

SYSTEM_PREFIX: Final = spec_sources.SYSTEM_PREFIX
"""The ID prefix of the Shibumi system's own rules; each game has its own
(``spec/games.json``)."""
SYSTEM_SCOPE: Final = "shibumi"
"""The scope of the Shibumi system's own rules."""

ID_PATTERN: Final = re.compile(r"\b[A-Z]{3}-[A-Z]+-\d+\b")
"""Matches a rule or ruling ID anywhere in a text (``SHB-DROP-1``, ``SPK-RUL-10``)."""
RULING_PATTERN: Final = re.compile(r"^[A-Z]{3}-RUL-\d+$")


class SpecError(ShibumiError):
    """The specification files are missing or malformed, or an ID is unknown."""


@dataclass(frozen=True, slots=True)
class ScopeEntry:
    """One scope of the specification: the Shibumi system or a game (an entry of
    ``spec/games.json``)."""

    scope: Scope
    prefix: str
    """The prefix of the scope's rule and ruling IDs (``SPF``)."""
    title: str
    order: int
    """Where the scope stands in every listing (lowest first)."""


@dataclass(frozen=True, slots=True)
class GameSource:
    """What a game package tells the specification about itself: the scope it claims,
    the package (named in every error about it) and, for a game from outside this
    repository, its own rules and rulings, in files shaped like ``spec/rules.json`` and
    ``spec/rulings.json`` (a ``rules`` or ``rulings`` list). A game without such files
    must be a scope of ``spec/games.json``, with the same prefix, title and order."""

    entry: ScopeEntry
    package: str
    rules: Path | None = None
    rulings: Path | None = None

    @property
    def brings_data(self) -> bool:
        return self.rules is not None or self.rulings is not None


def add_source(source: GameSource) -> None:
    """Tell the specification about a game (the registry tells it about every game it
    loads, through ``spec_sources``). Nothing is read or checked here; the source is
    checked against ``spec/games.json`` when the scopes are next read (``scopes``)."""
    spec_sources.add_provider(lambda: (source,))


def sources() -> tuple[GameSource, ...]:
    """The games the specification was told about, in the order told (one per scope:
    a later source of the same scope replaces an earlier one)."""
    return _game_sources(spec_sources.generation())


@lru_cache(maxsize=1)
def _game_sources(generation: tuple[int, ...]) -> tuple[GameSource, ...]:
    found: dict[Scope, GameSource] = {}
    for provider in spec_sources.providers():
        for source in provider():
            if not isinstance(source, GameSource):
                raise SpecError(f"a game source must be a spec.GameSource, not "
                                f"{type(source).__name__}")
            found[source.entry.scope] = source
    return tuple(found.values())


def merge_scopes(listed: Sequence[ScopeEntry], games: Iterable[GameSource]
                 ) -> tuple[ScopeEntry, ...]:
    """The scopes of ``spec/games.json`` (``listed``) with those the games bring, in
    order. A SpecError names the package of a game whose scope is unknown to the
    specification although it brings no spec data, whose entry disagrees with the
    listed one, or whose prefix belongs to another scope."""
    by_scope = {entry.scope: entry for entry in listed}
    merged = dict(by_scope)
    for source in games:
        entry, package = source.entry, source.package
        known = by_scope.get(entry.scope)
        if known is None and not source.brings_data:
            raise SpecError(f"game package {package}: {entry.scope!r} (prefix "
                            f"{entry.prefix}) is not a scope of the specification "
                            "(spec/games.json) and the package brings no spec data")
        if known is not None and known != entry:
            raise SpecError(f"game package {package}: {entry.scope!r} is declared as "
                            f"{_said(entry)}, but spec/games.json lists {_said(known)}")
        owner = next((s for s in merged.values()
                      if s.prefix == entry.prefix and s.scope != entry.scope), None)
        if owner is not None:
            raise SpecError(f"game package {package}: prefix {entry.prefix} of "
                            f"{entry.scope!r} is the prefix of {owner.scope!r}")
        merged[entry.scope] = entry
    return tuple(sorted(merged.values(), key=lambda e: (e.order, e.scope)))


def _said(entry: ScopeEntry) -> str:
    return f"prefix {entry.prefix}, title {entry.title!r}, order {entry.order}"


def listed_scopes(directory: Path | None = None) -> tuple[ScopeEntry, ...]:
    """The scopes ``spec/games.json`` lists, in its order (SpecError when it is missing
    or malformed)."""
    directory = directory if directory is not None else spec_dir()
    doc = _read(directory / "games.json")
    entries = []
    for i, item in enumerate(_Reader(doc, "games.json").items("scopes")):
        r = _Reader(item, f"games.json scope {i + 1}")
        order = r.obj.get("order")
        if not isinstance(order, int) or isinstance(order, bool):
            raise SpecError(f"{r.where}: 'order' must be an integer")
        entries.append(ScopeEntry(r.text("scope"), r.text("prefix"), r.text("title"), order))
    if not any(e.scope == SYSTEM_SCOPE and e.prefix == SYSTEM_PREFIX for e in entries):
        raise SpecError(f"games.json: the system scope {SYSTEM_SCOPE} ({SYSTEM_PREFIX}) is "
                        "missing")
    for key in ("scope", "prefix"):
        values = [getattr(e, key) for e in entries]
        if len(set(values)) != len(values):
            raise SpecError(f"games.json: a {key} is listed twice")
    return tuple(entries)


def scopes() -> tuple[ScopeEntry, ...]:
    """Every scope: those of ``spec/games.json`` and those of the games registered from
    outside this repository, in order (the system first)."""
    return _scopes(spec_sources.generation())


@lru_cache(maxsize=1)
def _scopes(generation: tuple[int, ...]) -> tuple[ScopeEntry, ...]:
    return merge_scopes(listed_scopes(), sources())


def game_scopes() -> tuple[ScopeEntry, ...]:
    """The scopes of the games (every scope but the system's), in order."""
    return tuple(e for e in scopes() if e.scope != SYSTEM_SCOPE)


def scope_of_prefix() -> dict[str, Scope]:
    """The ID prefix of each scope: the Shibumi system, then each game."""
    return {e.prefix: e.scope for e in scopes()}


@dataclass(frozen=True, slots=True)
class Source:
    """A published source and, briefly, what it says."""

    title: str
    says: str


@dataclass(frozen=True, slots=True)
class CodeRef:
    """A function, method, class or lookup table of the engine that implements a rule."""

    module: str
    function: str

    @property
    def qualified(self) -> str:
        return f"{self.module}.{self.function}"


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule: a statement in plain words, where it comes from, and the code
    that implements it."""

    id: str
    scope: Scope
    title: str
    statement: str
    sources: tuple[Source, ...]
    implemented_by: tuple[CodeRef, ...]
    rulings: tuple[str, ...]
    notes: str | None

    kind: Kind = "rule"


@dataclass(frozen=True, slots=True)
class OptionRef:
    """The game option that selects among a ruling's alternatives."""

    name: str
    default: str


@dataclass(frozen=True, slots=True)
class Alternative:
    """One possible answer to a ruling's question. ``option_value`` selects it when an
    option exists (``N`` stands for any integer); ``cli`` names command-line flags."""

    summary: str
    option_value: str | None
    adopted: bool
    cli: str | None


@dataclass(frozen=True, slots=True)
class CheckedCode:
    """One place in another implementation's code that shows what it does."""

    file: str
    function: str


@dataclass(frozen=True, slots=True)
class Implementation:
    """What another known implementation does on a ruling's question, and where that
    was checked: the ``version`` read and the ``code`` that shows it, both empty when
    the claim was not checked against code."""

    name: str
    language: str
    does: str
    version: str | None = None
    code: tuple[CheckedCode, ...] = ()

    @property
    def checked(self) -> bool:
        """Whether the claim was checked against the implementation's code."""
        return bool(self.code)


@dataclass(frozen=True, slots=True)
class Ruling:
    """A question the sources raise and its answer: a ruling where the text is open
    (its alternatives are real choices, selected by an option where the engine offers
    one), a clarification where the text settles it (the rationale says how, the other
    alternatives are readings it rules out, and there is no option)."""

    id: str
    kind: RulingKind
    scope: Scope
    title: str
    question: str
    decision: str
    rationale: str
    rules: tuple[str, ...]
    option: OptionRef | None
    alternatives: tuple[Alternative, ...]
    implementations: tuple[Implementation, ...]
    implementations_note: str | None
    implemented_by: tuple[CodeRef, ...]

    @property
    def adopted(self) -> Alternative:
        """The alternative the reference engine follows by default."""
        return next(a for a in self.alternatives if a.adopted)

    @property
    def selectable(self) -> tuple[Alternative, ...]:
        """The alternatives an option value selects."""
        return tuple(a for a in self.alternatives if a.option_value is not None)


@dataclass(frozen=True, slots=True)
class Evidence:
    """Words of a translation that show it was made from the original."""

    translated: str
    literal: str
    shows: str


@dataclass(frozen=True, slots=True)
class Rejected:
    """A reading of a translated sentence that is not adopted, and why."""

    reading: str
    why: str


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where a translation says something else than the original: the
    translated sentence verbatim, its literal meaning, what the original says, the
    reading adopted and the readings rejected."""

    id: str
    topic: str
    rules: tuple[str, ...]
    translated: str
    literal: str
    original: str
    adopted: str
    rejected: tuple[Rejected, ...]


@dataclass(frozen=True, slots=True)
class Translation:
    """A published translation of a game's rules and every way it differs from the
    original."""

    id: str
    scope: Scope
    language: str
    title: str
    translates: str
    standing: str
    evidence: tuple[Evidence, ...]
    differences: tuple[Difference, ...]


Entry = Rule | Ruling


@dataclass(frozen=True, slots=True)
class Spec:
    """The whole specification: its version, every rule and ruling by ID in the order
    of the files, and the translations of the rule texts."""

    version: str
    rules: Mapping[str, Rule]
    rulings: Mapping[str, Ruling]
    translations: tuple[Translation, ...] = ()

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self.rules or entry_id in self.rulings

    def __iter__(self) -> Iterator[Entry]:
        yield from self.rules.values()
        yield from self.rulings.values()

    def ids(self) -> tuple[str, ...]:
        """Every rule ID, then every ruling ID."""
        return (*self.rules, *self.rulings)

    def entry(self, entry_id: str) -> Entry:
        """The rule or ruling with this ID; SpecError (with close matches) if unknown."""
        found = self.rules.get(entry_id) or self.rulings.get(entry_id)
        if found is None:
            prefix = entry_id.rsplit("-", 1)[0]
            near = [i for i in self.ids() if i.startswith(prefix)]
            hint = f" (known: {', '.join(near)})" if near else ""
            raise SpecError(f"unknown rule or ruling ID {entry_id!r}{hint}")
        return found

    def title(self, entry_id: str) -> str:
        return self.entry(entry_id).title

    def kind(self, entry_id: str) -> Kind:
        return self.entry(entry_id).kind

    def in_scope(self, scope: Scope) -> list[Entry]:
        """The rules, then the rulings, of the system or of one game."""
        return [e for e in self if e.scope == scope]

    def ruling_for_option(self, scope: Scope, option: str) -> Ruling:
        """The ruling of ``scope`` whose alternatives the option ``option`` selects."""
        for ruling in self.rulings.values():
            if ruling.scope == scope and ruling.option and ruling.option.name == option:
                return ruling
        raise SpecError(f"no {scope} ruling is selected by an option named {option!r}")

    def rulings_of_rule(self, rule_id: str) -> list[Ruling]:
        """The rulings and clarifications that answer a question about ``rule_id``."""
        return [r for r in self.rulings.values() if rule_id in r.rules]

    def translations_of(self, scope: Scope) -> list[Translation]:
        """The translations of the rules of ``scope``."""
        return [t for t in self.translations if t.scope == scope]


def cited_ids(text: str) -> list[str]:
    """The rule and ruling IDs a text mentions, in order of first appearance."""
    return list(dict.fromkeys(ID_PATTERN.findall(text)))


def scope_of(entry_id: str, prefixes: Mapping[str, Scope] | None = None) -> Scope:
    """The scope an ID's prefix names (SpecError for a malformed ID); ``prefixes`` maps
    prefixes to scopes (by default ``scope_of_prefix()``)."""
    if not ID_PATTERN.fullmatch(entry_id):
        raise SpecError(f"malformed rule or ruling ID {entry_id!r}: expected e.g. SHB-DROP-1")
    known = prefixes if prefixes is not None else scope_of_prefix()
    if entry_id[:3] not in known:
        raise SpecError(f"rule or ruling ID {entry_id!r}: no game has the prefix "
                        f"{entry_id[:3]} (known: {', '.join(known)})")
    return known[entry_id[:3]]


# -- loading -------------------------------------------------------------------------

def spec_dir() -> Path:
    """The specification's files: ``spec/`` of the source tree, which the package
    reaches as its ``spec_data`` folder (a link in a checkout, a copy in a wheel), read
    through ``importlib.resources`` so it works wherever the package is installed."""
    folder = Path(str(resources.files("shibumi_rules").joinpath("spec_data")))
    return folder.resolve()


def source_checkout() -> Path | None:
    """The root of the source checkout the package runs from (where ``tables`` may
    write), or None when it is installed from a wheel."""
    package = Path(str(resources.files("shibumi_rules")))
    root = package.resolve().parent
    if (root / "pyproject.toml").is_file() and (root / "spec" / "rules.json").is_file():
        return root
    return None


def _read(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise SpecError(f"specification file not found: {path} (spec/ belongs next to the "
                        f"shibumi_rules package)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SpecError(f"cannot read {path.name}: {err}") from None
    if not isinstance(data, dict):
        raise SpecError(f"{path.name}: expected a JSON object at the top level")
    return data


class _Reader:
    """Typed access to one JSON object, with errors naming the file and entry."""

    def __init__(self, obj: object, where: str) -> None:
        if not isinstance(obj, dict):
            raise SpecError(f"{where}: expected an object")
        self.obj: dict[str, Any] = obj
        self.where = where

    def text(self, key: str) -> str:
        value = self.obj.get(key)
        if not isinstance(value, str) or not value:
            raise SpecError(f"{self.where}: {key!r} must be a non-empty string")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self.obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise SpecError(f"{self.where}: {key!r} must be a string or null")
        return value

    def flag(self, key: str) -> bool:
        value = self.obj.get(key)
        if not isinstance(value, bool):
            raise SpecError(f"{self.where}: {key!r} must be true or false")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.obj.get(key, [])
        if not isinstance(value, list):
            raise SpecError(f"{self.where}: {key!r} must be a list")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        values = self.items(key)
        if not all(isinstance(v, str) for v in values):
            raise SpecError(f"{self.where}: {key!r} must be a list of strings")
        return tuple(values)


def _sources(r: _Reader) -> tuple[Source, ...]:
    out = []
    for i, item in enumerate(r.items("sources")):
        s = _Reader(item, f"{r.where} source {i + 1}")
        out.append(Source(s.text("title"), s.text("says")))
    return tuple(out)


def _code(r: _Reader) -> tuple[CodeRef, ...]:
    out = []
    for i, item in enumerate(r.items("implemented_by")):
        c = _Reader(item, f"{r.where} implemented_by {i + 1}")
        out.append(CodeRef(c.text("module"), c.text("function")))
    return tuple(out)


def _scope(r: _Reader, entry_id: str, prefixes: Mapping[str, Scope]) -> Scope:
    scope = r.text("scope")
    if scope != scope_of(entry_id, prefixes):
        raise SpecError(f"{r.where}: scope {scope!r} does not match the ID's prefix")
    return scope


def _rule(obj: object, where: str, prefixes: Mapping[str, Scope]) -> Rule:
    r = _Reader(obj, where)
    entry_id = r.text("id")
    r.where = f"{where} ({entry_id})"
    return Rule(
        id=entry_id, scope=_scope(r, entry_id, prefixes), title=r.text("title"),
        statement=r.text("statement"), sources=_sources(r), implemented_by=_code(r),
        rulings=r.texts("rulings"), notes=r.optional_text("notes"),
    )


NOT_CHECKED: Final = "not checked"
"""The ``checked_in`` of an implementation entry whose claim was not checked in code."""


def _checked_in(m: _Reader) -> tuple[str | None, tuple[CheckedCode, ...]]:
    """An implementation entry's ``checked_in``: the version read and the code that
    shows the claim, or ``not checked``."""
    value = m.obj.get("checked_in")
    if value == NOT_CHECKED:
        return None, ()
    if not isinstance(value, dict):
        raise SpecError(f"{m.where}: 'checked_in' must be {NOT_CHECKED!r} or an object "
                        "with the version read and the code that shows the claim")
    c = _Reader(value, f"{m.where} checked_in")
    code = []
    for i, item in enumerate(c.items("code")):
        f = _Reader(item, f"{c.where} code {i + 1}")
        code.append(CheckedCode(f.text("file"), f.text("function")))
    if not code:
        raise SpecError(f"{c.where}: 'code' must name at least one file and function")
    return c.text("version"), tuple(code)


def _ruling_kind(r: _Reader) -> RulingKind:
    kind = r.obj.get("kind")
    for known in RULING_KINDS:
        if kind == known:
            return known
    raise SpecError(f"{r.where}: 'kind' must be one of {', '.join(RULING_KINDS)}, "
                    f"not {kind!r}")


def _ruling(obj: object, where: str, prefixes: Mapping[str, Scope]) -> Ruling:
    r = _Reader(obj, where)
    entry_id = r.text("id")
    r.where = f"{where} ({entry_id})"
    kind = _ruling_kind(r)
    option = None
    if r.obj.get("option") is not None:
        if kind == "clarification":
            raise SpecError(f"{r.where}: a clarification has no option (the text settles "
                            "it); make it a ruling or drop the option")
        o = _Reader(r.obj["option"], f"{r.where} option")
        option = OptionRef(o.text("name"), o.text("default"))
    alternatives = []
    for i, item in enumerate(r.items("alternatives")):
        a = _Reader(item, f"{r.where} alternative {i + 1}")
        alternatives.append(Alternative(a.text("summary"), a.optional_text("option_value"),
                                        a.flag("adopted"), a.optional_text("cli")))
    if sum(a.adopted for a in alternatives) != 1:
        raise SpecError(f"{r.where}: exactly one alternative must be adopted")
    implementations = []
    for i, item in enumerate(r.items("implementations")):
        m = _Reader(item, f"{r.where} implementation {i + 1}")
        version, code = _checked_in(m)
        implementations.append(Implementation(m.text("name"), m.text("language"),
                                              m.text("does"), version, code))
    return Ruling(
        id=entry_id, kind=kind, scope=_scope(r, entry_id, prefixes), title=r.text("title"),
        question=r.text("question"), decision=r.text("decision"),
        rationale=r.text("rationale"), rules=r.texts("rules"), option=option,
        alternatives=tuple(alternatives), implementations=tuple(implementations),
        implementations_note=r.optional_text("implementations_note"),
        implemented_by=_code(r),
    )


def _translation(obj: object, where: str, prefixes: Mapping[str, Scope]) -> Translation:
    r = _Reader(obj, where)
    translation_id = r.text("id")
    r.where = f"{where} ({translation_id})"
    evidence = []
    for i, item in enumerate(r.items("evidence")):
        e = _Reader(item, f"{r.where} evidence {i + 1}")
        evidence.append(Evidence(e.text("translated"), e.text("literal"), e.text("shows")))
    differences = []
    for i, item in enumerate(r.items("differences")):
        d = _Reader(item, f"{r.where} difference {i + 1}")
        rejected = []
        for j, rej in enumerate(d.items("rejected")):
            x = _Reader(rej, f"{d.where} rejected {j + 1}")
            rejected.append(Rejected(x.text("reading"), x.text("why")))
        differences.append(Difference(
            id=d.text("id"), topic=d.text("topic"), rules=d.texts("rules"),
            translated=d.text("translated"), literal=d.text("literal"),
            original=d.text("original"), adopted=d.text("adopted"), rejected=tuple(rejected),
        ))
    scope = r.text("scope")
    if scope not in prefixes.values():
        raise SpecError(f"{r.where}: unknown scope {scope!r}")
    return Translation(
        id=translation_id, scope=scope, language=r.text("language"),
        title=r.text("title"), translates=r.text("translates"), standing=r.text("standing"),
        evidence=tuple(evidence), differences=tuple(differences),
    )


def load(directory: Path | None = None, games: Iterable[GameSource] | None = None) -> Spec:
    """Read and check ``rules.json``, ``rulings.json``, ``translations.json`` and
    ``games.json``, then the rules and rulings each game from outside the repository
    brings (``games``, by default ``sources()``); SpecError on any problem."""
    directory = directory if directory is not None else spec_dir()
    games = tuple(games) if games is not None else sources()
    rules_doc = _read(directory / "rules.json")
    rulings_doc = _read(directory / "rulings.json")
    translations_doc = _read(directory / "translations.json")
    games_doc = _read(directory / "games.json")
    version = _Reader(rules_doc, "rules.json").text("spec_version")
    for name, doc in (("rulings.json", rulings_doc), ("translations.json", translations_doc),
                      ("games.json", games_doc)):
        if doc.get("spec_version") != version:
            raise SpecError(f"rules.json and {name} disagree on spec_version")
    prefixes = {e.prefix: e.scope for e in merge_scopes(listed_scopes(directory), games)}
    rule_docs: list[tuple[str, dict[str, Any], GameSource | None]] = [
        ("rules.json", rules_doc, None)]
    ruling_docs: list[tuple[str, dict[str, Any], GameSource | None]] = [
        ("rulings.json", rulings_doc, None)]
    for game in games:
        if game.rules is not None:
            rule_docs.append((game.rules.name, _read(game.rules), game))
        if game.rulings is not None:
            ruling_docs.append((game.rulings.name, _read(game.rulings), game))
    rules: dict[str, Rule] = {}
    for file, doc, source in rule_docs:
        for i, obj in enumerate(_Reader(doc, file).items("rules")):
            rule = _rule(obj, f"{file} rule {i + 1}", prefixes)
            if rule.id in rules or RULING_PATTERN.match(rule.id):
                raise SpecError(f"{file}: {rule.id} is repeated or is a ruling ID")
            _check_own(source, rule.scope, rule.id)
            rules[rule.id] = rule
    rulings: dict[str, Ruling] = {}
    for file, doc, source in ruling_docs:
        for i, obj in enumerate(_Reader(doc, file).items("rulings")):
            ruling = _ruling(obj, f"{file} ruling {i + 1}", prefixes)
            if ruling.id in rulings or ruling.id in rules or \
                    not RULING_PATTERN.match(ruling.id):
                raise SpecError(f"{file}: {ruling.id} is repeated or not a ruling ID")
            _check_own(source, ruling.scope, ruling.id)
            rulings[ruling.id] = ruling
    translations = tuple(
        _translation(obj, f"translations.json translation {i + 1}", prefixes)
        for i, obj in enumerate(_Reader(translations_doc, "translations.json")
                                .items("translations")))
    spec = Spec(version, rules, rulings, translations)
    _check_references(spec)
    return spec


def _check_own(source: GameSource | None, scope: Scope, entry_id: str) -> None:
    """A game from outside the repository defines entries of its own scope only."""
    if source is not None and scope != source.entry.scope:
        raise SpecError(f"game package {source.package}: its spec data defines {entry_id}, "
                        f"which belongs to {scope!r}, not to {source.entry.scope!r}")


def _check_references(spec: Spec) -> None:
    """Every ID an entry or a translation points to must exist."""
    for entry in spec:
        refs = entry.rulings if isinstance(entry, Rule) else entry.rules
        for ref in refs:
            if ref not in spec:
                raise SpecError(f"{entry.id} refers to unknown ID {ref}")
    for translation in spec.translations:
        for difference in translation.differences:
            for ref in difference.rules:
                if ref not in spec:
                    raise SpecError(f"translation {translation.id}, difference "
                                    f"{difference.id}: unknown ID {ref}")


def current() -> Spec:
    """The specification of this source tree (with what the registered games from
    outside it bring), read once (again only when a game is added)."""
    return _current(spec_sources.generation())


@lru_cache(maxsize=1)
def _current(generation: tuple[int, ...]) -> Spec:
    return load()


def forget() -> None:
    """Read the files afresh when next asked (``mkdocs serve`` rebuilding the site)."""
    _current.cache_clear()
    _scopes.cache_clear()
    _game_sources.cache_clear()


def entry(entry_id: str) -> Entry:
    """The rule or ruling with this ID (SpecError if unknown)."""
    return current().entry(entry_id)


def title(entry_id: str) -> str:
    """The title of a rule or ruling (SpecError if unknown)."""
    return current().title(entry_id)


def version() -> str:
    """The version of the specification (``spec_version`` of the files)."""
    return current().version
