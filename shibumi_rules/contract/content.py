"""Content as data: the words of the how-to-play pages, the arbiter's answers, the
captions and every translation, read from JSON files with the standard library.

A content folder (a game's ``content/``, the site's ``docs/content/``) holds, for a
document NAME:

- ``NAME.en.json``, the English: the texts and the facts they go with (where a picture
  stands on a page; the position, move and verdict of an arbiter's answer). Every string
  in it is a text except the facts of list items (``FACTS``); a text is found by its
  path (``lead``, ``sections.aim.blocks.0``, ``answers.cannot-move.text``): keys of
  objects, and in a list the ``key`` (or ``question``) of an item, else its index.
- ``NAME.LANG.json``, its translation into LANG: under ``texts``, the path of each
  translated English text, with the translation (``text``), ``source``, the fingerprint
  of the English it translates, and ``target``, the fingerprint of the translation when
  ``source`` was recorded.
- ``rules.LANG.json``: the translation of the game's rules and rulings, by ID, whose
  English is in ``spec/`` (there ``source`` is ``entry_fingerprint`` of the entry).

A translation whose ``source`` no longer matches its English is out of date: it is left
out, so the English shows until it is updated, and ``shibumi-rules content --check``
names it. ``shibumi-rules content --write`` records the fingerprints of the translations
that are new or were edited since they were recorded (``target`` no longer matches).

A text that the program fills in (a comment on a move, a caption with a count) is a
template. ``{point}`` is a value; ``{who:players}`` looks the value up in the document's
``words.players``, in the same language; ``{to|A/B}`` adds the Korean particle A after a
final consonant and B after a vowel (``contract.korean``); the two combine
(``{who:players|A/B}``); ``{{`` and ``}}`` are braces.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Final

from ..board import Board
from ..errors import ShibumiError
from ..svg import Mark
from .guide import LANGUAGES, EntryText, Picture, Text, View
from .korean import particle

ENGLISH: Final = LANGUAGES[0]
FOLDER: Final = "content"
"""The folder of a game's package that holds its content."""
FACTS: Final = frozenset({"key", "question", "picture", "figure", "position", "move",
                          "legal", "rule", "rules", "reason"})
"""Keys whose values are facts, not texts to translate, in an object that is an item of
a list (a section's ``key``, an answer's ``position``); anywhere else a key names a
text."""
ENTRY_FIELDS: Final = ("title", "statement", "notes", "question", "rationale")
"""The texts of a translated rule or ruling (besides its ``alternatives``)."""

_FIELD = re.compile(r"\{\{|\}\}|\{(\w+)(?::([\w-]+))?(?:\|([^{}|/]*)/([^{}|/]*))?\}")


class ContentError(ShibumiError):
    """A content file is missing, is not valid JSON, or does not have the expected
    shape; the message names the file and the place in it."""


def fingerprint(*english: str | tuple[str, ...] | None) -> str:
    """A short hash of the texts a translation translates (or of the translation)."""
    digest = hashlib.sha256()
    for part in english:
        items = part if isinstance(part, tuple) else (part or "",)
        for item in items:
            digest.update(item.encode("utf-8") + b"\0")
        digest.update(b"\1")
    return digest.hexdigest()[:12]


def entry_fingerprint(entry: Any) -> str:
    """The fingerprint of the English texts of a spec rule or ruling that a translation
    of it translates."""
    if entry.kind == "rule":
        return fingerprint(entry.title, entry.statement, entry.notes)
    return fingerprint(entry.title, entry.question, entry.decision, entry.rationale,
                       tuple(a.summary for a in entry.alternatives))


def entry_target(entry: EntryText) -> str:
    """The fingerprint of a translated rule or ruling itself (its ``target``)."""
    return fingerprint(entry.title, entry.statement, entry.notes, entry.question,
                       entry.rationale, entry.alternatives)


# -- files -------------------------------------------------------------------------------

def canonical(document: Any) -> str:
    """A document as ``content --write`` writes it (and ``--check`` expects it)."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def read_json(file: Traversable, label: str) -> Any:
    """The JSON document of ``file``; ``label`` names it in errors."""
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{label}: content file not found") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ContentError(f"{label}: cannot read: {err}") from None
    except json.JSONDecodeError as err:
        raise ContentError(f"{label}: not valid JSON: {err.msg} at line {err.lineno} "
                           f"column {err.colno}") from None


@dataclass(frozen=True, slots=True)
class Source:
    """A content folder and the name it goes by in messages (``docs/content``,
    ``shibumi_rules/games/sploof/content``)."""

    folder: Traversable
    label: str

    def file(self, name: str) -> Traversable:
        return self.folder / name

    def where(self, name: str) -> str:
        return f"{self.label}/{name}"

    def has(self, name: str) -> bool:
        return self.file(name).is_file()

    def read(self, name: str) -> Any:
        return read_json(self.file(name), self.where(name))


def package_source(package: str) -> Source:
    """The content folder of a package (a game's), found by ``importlib.resources`` so
    that it reads the same from a checkout, a wheel or the browser."""
    return Source(resources.files(package) / FOLDER,
                  package.replace(".", "/") + "/" + FOLDER)


def english_name(name: str) -> str:
    return f"{name}.{ENGLISH}.json"


def translation_name(name: str, lang: str) -> str:
    return f"{name}.{lang}.json"


# -- the texts of a document -------------------------------------------------------------

def text_paths(document: Any, where: str = "", item: bool = False
               ) -> Iterator[tuple[str, str]]:
    """Every text of an English document with its path, in document order (``item``:
    the document is an item of a list, whose facts are no texts)."""
    if isinstance(document, str):
        yield where, document
    elif isinstance(document, dict):
        for key, value in document.items():
            if not (item and key in FACTS):
                yield from text_paths(value, _join(where, key))
    elif isinstance(document, list):
        seen: set[str] = set()
        for index, entry in enumerate(document):
            step = _step(entry, index)
            if step in seen:
                raise ContentError(f"{where}: two items are called {step!r}")
            seen.add(step)
            yield from text_paths(entry, _join(where, step), isinstance(entry, dict))


def _step(entry: Any, index: int) -> str:
    """The name of a list item in a path: its ``key`` or ``question``, else its index."""
    if isinstance(entry, dict):
        return str(entry.get("key", entry.get("question", index)))
    return str(index)


def _join(where: str, key: str) -> str:
    if "." in key:
        raise ContentError(f"{where or 'top level'}: key {key!r} has a dot (paths are "
                           "written with dots)")
    return f"{where}.{key}" if where else key


@dataclass(frozen=True, slots=True)
class Unit:
    """One translated text: the translation and the fingerprints recorded for it."""

    text: str
    source: str | None
    target: str | None


def read_units(source: Source, name: str) -> dict[str, Unit]:
    """The translated texts of a translation file, by path."""
    data = source.read(name)
    where = source.where(name)
    texts = data.get("texts") if isinstance(data, dict) else None
    if not isinstance(texts, dict):
        raise ContentError(f"{where}: expected an object with 'texts'")
    out = {}
    for path, unit in texts.items():
        if not isinstance(unit, dict) or not isinstance(unit.get("text"), str):
            raise ContentError(f"{where}: {path}: expected an object with 'text'")
        out[path] = Unit(unit["text"], _optional_str(unit, "source", where, path),
                         _optional_str(unit, "target", where, path))
    return out


def _optional_str(data: Mapping[str, Any], key: str, where: str, path: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise ContentError(f"{where}: {path}: {key} must be a string")
    return value


def placeholders(template: str) -> set[tuple[str, str]]:
    """The values and word groups a template names (``{who:players}`` gives
    ``("who", "players")``)."""
    return {(m.group(1), m.group(2) or "") for m in _FIELD.finditer(template)
            if m.group(1)}


class Untranslated(LookupError):
    """A template or word has no current translation in the language asked for."""


class Catalog:
    """The texts of one document in every language: the English, and each translation
    that is up to date with it."""

    def __init__(self, where: str, document: Mapping[str, Any],
                 translations: Mapping[str, Mapping[str, Unit]]) -> None:
        if not isinstance(document, dict):
            raise ContentError(f"{where}: expected a JSON object at the top level")
        self.where = where
        self.document = document
        self.english = dict(text_paths(document))
        self._texts: dict[str, dict[str, str]] = {ENGLISH: self.english}
        stale = []
        for lang, units in translations.items():
            current = self._texts.setdefault(lang, {})
            for path, unit in units.items():
                english = self.english.get(path)
                if english is None:
                    continue  # a text that is gone: content --check names it
                if unit.source == fingerprint(english):
                    current[path] = unit.text
                else:
                    stale.append(f"{lang}:{path}")
        self.stale = tuple(stale)

    def in_lang(self, lang: str, path: str) -> str | None:
        """The text at ``path`` in ``lang``, if it is written (and up to date)."""
        return self._texts.get(lang, {}).get(path)

    def english_text(self, path: str) -> str:
        """The English text at ``path``; an error naming the path when there is none."""
        text = self.english.get(path)
        if text is None:
            raise ContentError(f"{self.where}: no text at {path}")
        return text

    def text(self, path: str) -> Text:
        """The text at ``path``, in English and, when translated, in Korean."""
        return Text(self.english_text(path), self.in_lang("ko", path))

    def optional(self, path: str) -> Text | None:
        """The text at ``path``, or None when the document has none there."""
        return self.text(path) if path in self.english else None

    def fill(self, path: str, **values: object) -> Text:
        """The template at ``path`` filled in, in every language it is written in."""
        return self.compose(lambda say: say(path, **values))

    def compose(self, build: Callable[[Say], str]) -> Text:
        """A text put together by ``build`` from the document's templates and words: the
        English, and the Korean when every template and word it used is translated."""
        english = build(Say(self, ENGLISH))
        try:
            korean: str | None = build(Say(self, "ko"))
        except Untranslated:
            korean = None
        return Text(english, korean)

    def get(self, path: str) -> Any:
        """The value at ``path`` of the English document (texts and facts alike)."""
        value: Any = self.document
        for step in path.split("."):
            if isinstance(value, list):
                value = next((entry for index, entry in enumerate(value)
                              if _step(entry, index) == step), None)
            elif isinstance(value, dict):
                value = value.get(step)
            else:
                value = None
            if value is None:
                raise ContentError(f"{self.where}: nothing at {path}")
        return value

    def picture(self, name: str, board: Board, marks: tuple[Mark, ...] = (), *,
                text: str | None = None, **values: object) -> Picture:
        """A picture of one board, captioned by ``pictures.NAME.caption`` (or, with
        ``text``, by ``pictures.TEXT.caption``), filled in with ``values``."""
        return self.sequence(name, ((board, marks),), text=text, **values)

    def sequence(self, name: str, views: Sequence[tuple[Board, tuple[Mark, ...]]], *,
                 text: str | None = None, **values: object) -> Picture:
        """A picture of several boards; the caption of view I, where the document
        gives one, is ``pictures.NAME.views.I``."""
        key = f"pictures.{text or name}"
        out = []
        for number, (board, marks) in enumerate(views):
            caption = f"{key}.views.{number}"
            out.append(View(board, marks, self.fill(caption, **values)
                            if caption in self.english else None))
        return Picture(name, self.fill(f"{key}.caption", **values), tuple(out))


class Say:
    """Fills a catalog's templates in one language (what ``Catalog.compose`` hands its
    builder)."""

    def __init__(self, catalog: Catalog, lang: str) -> None:
        self.catalog = catalog
        self.lang = lang

    def _template(self, path: str) -> str:
        self.catalog.english_text(path)
        found = self.catalog.in_lang(self.lang, path)
        if found is None:
            raise Untranslated(path)
        return found

    def word(self, group: str, value: object) -> str:
        """The word for ``value`` in the document's ``words.GROUP``."""
        return self._template(f"words.{group}.{value}")

    def join(self, items: Iterable[str], separator: str) -> str:
        """``items`` joined by the template at ``separator`` (``, ``, `` and ``)."""
        return self._template(separator).join(items)

    def __call__(self, path: str, **values: object) -> str:
        """The template at ``path`` with its fields filled in."""
        template = self._template(path)

        def field(match: re.Match[str]) -> str:
            whole = match.group(0)
            if whole in ("{{", "}}"):
                return whole[0]
            name, group, consonant, vowel = match.groups()
            if name not in values:
                raise ContentError(f"{self.catalog.where}: {path} ({self.lang}) names "
                                   f"{{{name}}}, which is not given")
            text = self.word(group, values[name]) if group else str(values[name])
            if consonant is not None and vowel is not None:
                text = particle(text, consonant, vowel)
            return text

        return _FIELD.sub(field, template)


# -- reading a game's content ------------------------------------------------------------

def read_catalog(source: Source, name: str) -> Catalog:
    """The document NAME of a content folder, with every translation of it there."""
    document = source.read(english_name(name))
    translations = {lang: read_units(source, translation_name(name, lang))
                    for lang in LANGUAGES[1:] if source.has(translation_name(name, lang))}
    return Catalog(source.where(english_name(name)), document, translations)


@cache
def catalog_of(package: str, name: str = "guide") -> Catalog:
    """The document NAME of a package's content folder (read once)."""
    return read_catalog(package_source(package), name)


def read_entry_translations(source: Source) -> dict[str, dict[str, EntryText]]:
    """The translations of a game's rules and rulings (``rules.LANG.json``): language,
    then ID. Whether each is up to date is decided against the spec where it is shown."""
    out = {}
    for lang in LANGUAGES[1:]:
        name = translation_name("rules", lang)
        if source.has(name):
            out[lang] = read_entries(source, name)
    return out


def read_entries(source: Source, name: str) -> dict[str, EntryText]:
    """The translated entries of one ``rules.LANG.json``, by ID."""
    data = source.read(name)
    where = source.where(name)
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise ContentError(f"{where}: expected an object with 'entries'")
    out = {}
    for entry_id, entry in entries.items():
        if not isinstance(entry, dict):
            raise ContentError(f"{where}: {entry_id}: expected an object")
        texts = {}
        for key in ENTRY_FIELDS:
            value = entry.get(key, "")
            if not isinstance(value, str):
                raise ContentError(f"{where}: {entry_id}: {key} must be a string")
            texts[key] = value
        alternatives = entry.get("alternatives", [])
        if not (isinstance(alternatives, list)
                and all(isinstance(a, str) for a in alternatives)):
            raise ContentError(f"{where}: {entry_id}: alternatives must be a list of texts")
        source_print = _optional_str(entry, "source", where, entry_id)
        if not texts["title"]:
            raise ContentError(f"{where}: {entry_id}: no title")
        out[entry_id] = EntryText(source_print or "", texts["title"], texts["statement"],
                                  texts["notes"], texts["question"], texts["rationale"],
                                  tuple(alternatives))
    return out
