"""``shibumi-rules content``: check the content files (``--check``), or record the
fingerprints of their translations (``--write``).

The content files are every registered game's ``content/`` folder and, in a source
checkout, the site's ``docs/content/`` (``shibumi_rules.contract.content`` describes
them). A translation records the fingerprint of the English it translates (``source``)
and its own (``target``); ``--write`` records both for each translation that is new or
was edited since (its ``target`` no longer matches), keeps the others as they are (a
translation whose English changed stays out of date until it is edited, or accepted with
``--accept``) and writes every file in the form ``--check`` expects. ``--check`` fails
naming each translation whose English changed since it was translated, each edited
translation whose fingerprints were not recorded, each translation of a text that no
longer exists, each translation whose ``{fields}`` differ from its English, and each file
not written as ``--write`` writes it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .contract.commands import Command
from .contract.content import (
    ContentError,
    Source,
    canonical,
    english_name,
    entry_fingerprint,
    entry_target,
    fingerprint,
    package_source,
    placeholders,
    read_entries,
    read_units,
    text_paths,
    translation_name,
)
from .contract.definition import GameDefinition
from .contract.guide import LANGUAGES
from .errors import OptionError
from .fileio import write_atomic
from .registry import definitions
from .spec import SYSTEM_SCOPE, SpecError, current, source_checkout

DOCUMENTS = ("guide", "site")
"""The documents a content folder may hold (a game's ``guide``, the site's ``site``)."""
WORDS = "words"
"""The site's words of its generators, by their English (``words.LANG.json``)."""


@dataclass
class Report:
    """What a pass over the content files found: problems (one line each), files that
    are not written as ``--write`` writes them, and counts of what was checked."""

    problems: list[str] = field(default_factory=list)
    files: int = 0
    texts: int = 0
    written: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    """The translations met, by the name ``--check`` gives them (``--accept`` takes it)."""


SITE = "docs"
"""The scope name of the site's content folder, whose rules file translates the
system's rules."""


def sources(games: Sequence[GameDefinition]) -> Iterator[tuple[str, Source]]:
    """Every content folder: each of ``games``'s (by name), then the site's."""
    for definition in games:
        module = import_module(type(definition.rules()).__module__)
        package = module.__package__ or module.__name__
        found = package_source(package)
        if found.folder.is_dir():
            yield definition.name, found
    root = source_checkout()
    if root is not None and (root / "docs" / "content").is_dir():
        yield SITE, Source(root / "docs" / "content", "docs/content")


def run(folders: Iterable[tuple[str, Source]], write: bool = False,
        accept: Iterable[str] = ()) -> Report:
    """Check (or, with ``write``, record and rewrite) the content files of ``folders``
    (scope, folder: a game's name or ``docs``); ``accept`` names translations whose
    fingerprints ``write`` records although they were not edited."""
    report = Report()
    accept = set(accept)
    if accept and not write:
        raise OptionError("--accept goes with --write")
    for scope, source in folders:
        for name in DOCUMENTS:
            if source.has(english_name(name)):
                _document(scope, source, name, write, accept, report)
        for lang in LANGUAGES[1:]:
            if source.has(translation_name("rules", lang)):
                _rules(scope, source, lang, write, accept, report)
            if source.has(translation_name(WORDS, lang)):
                _words(source, lang, write, report)
    unknown = accept - report.seen
    if unknown:
        raise OptionError(f"--accept: no such translation: {', '.join(sorted(unknown))}")
    return report


def _finish(source: Source, name: str, document: Any, write: bool, report: Report) -> None:
    """Count a file; rewrite it in canonical form (``--write``) or hold it to that form."""
    report.files += 1
    file = source.file(name)
    text = canonical(document)
    if file.read_text(encoding="utf-8") == text:
        return
    if write:
        write_atomic(_path(file), text)
        report.written.append(source.where(name))
    else:
        report.problems.append(f"{source.where(name)}: not written as `content --write` "
                               "writes it (run it to rewrite the file)")


def _path(file: Traversable) -> Path:
    if not isinstance(file, Path):
        raise ContentError(f"{file}: content files can be written only in a source checkout")
    return file


def _document(scope: str, source: Source, name: str, write: bool, accept: set[str],
              report: Report) -> None:
    english_doc = source.read(english_name(name))
    english = dict(text_paths(english_doc))
    _finish(source, english_name(name), english_doc, write, report)
    for lang in LANGUAGES[1:]:
        file = translation_name(name, lang)
        if not source.has(file):
            continue
        read_units(source, file)  # the shape, with errors naming the place
        data = source.read(file)
        texts: dict[str, Any] = data["texts"]
        for path, unit in texts.items():
            key = f"{scope}/{file}:{path}"
            report.seen.add(key)
            report.texts += 1
            if path not in english:
                report.problems.append(f"{key}: translates a text the English no longer has")
                continue
            _unit(key, unit, fingerprint(english[path]), fingerprint(unit["text"]),
                  write, key in accept, report)
            if placeholders(unit["text"]) != placeholders(english[path]):
                report.problems.append(f"{key}: its {{fields}} differ from the English's")
        order = {path: number for number, path in enumerate(english)}
        data["texts"] = dict(sorted(texts.items(), key=lambda kv: order.get(kv[0], len(order))))
        _finish(source, file, data, write, report)


def _unit(key: str, unit: dict[str, Any], source_print: str, target_print: str,
          write: bool, accepted: bool, report: Report) -> None:
    """Hold one translation's fingerprints to its English and to itself, recording them
    where ``write`` allows: a new or edited translation, or an accepted one."""
    edited = unit.get("target") != target_print or unit.get("source") is None
    if write and (edited or accepted):
        unit["source"], unit["target"] = source_print, target_print
        return
    if unit.get("source") is None:
        report.problems.append(f"{key}: no fingerprints recorded yet (run "
                               "`shibumi-rules content --write`)")
    elif edited:
        report.problems.append(f"{key}: edited since its fingerprints were recorded (run "
                               "`shibumi-rules content --write`)")
    elif unit.get("source") != source_print:
        report.problems.append(
            f"{key}: the English changed since it was translated (its fingerprint is now "
            f"{source_print}); the English shows until the translation is updated and "
            "`content --write` is run (or `--accept` it if the translation still holds)")


def _rules(scope: str, source: Source, lang: str, write: bool, accept: set[str],
           report: Report) -> None:
    file = translation_name("rules", lang)
    data = source.read(file)
    where = source.where(file)
    translated = read_entries(source, file)  # the shape, with errors naming the entry
    try:
        spec = current()
    except SpecError as err:
        raise ContentError(f"{where}: the spec it translates cannot be read: {err}") from None
    entries: dict[str, Any] = data["entries"]
    order = {entry.id: number for number, entry in enumerate(spec)}
    rules_of = SYSTEM_SCOPE if scope == SITE else scope  # the site's folder: the system's
    for entry_id, unit in entries.items():
        key = f"{scope}/{file}:{entry_id}"
        report.seen.add(key)
        report.texts += 1
        if entry_id not in spec:
            report.problems.append(f"{key}: translates an entry the spec no longer has")
            continue
        entry = spec.entry(entry_id)
        if entry.scope != rules_of:
            report.problems.append(f"{key}: {entry_id} is not a rule of {rules_of}")
        _unit(key, unit, entry_fingerprint(entry), entry_target(translated[entry_id]),
              write, key in accept, report)
        alternatives = getattr(entry, "alternatives", ())
        if "alternatives" in unit and len(unit["alternatives"]) != len(alternatives):
            report.problems.append(f"{key}: {len(unit['alternatives'])} alternatives "
                                   f"translated, the English has {len(alternatives)}")
    data["entries"] = dict(sorted(entries.items(), key=lambda kv: order.get(kv[0], len(order))))
    _finish(source, file, data, write, report)


def _words(source: Source, lang: str, write: bool, report: Report) -> None:
    """The generators' words: each group maps an English text to its translation (the
    English is the key, so a changed English is simply a word without translation)."""
    file = translation_name(WORDS, lang)
    data = source.read(file)
    where = source.where(file)
    groups = data.get("groups") if isinstance(data, dict) else None
    if not isinstance(groups, dict):
        raise ContentError(f"{where}: expected an object with 'groups'")
    for group, words in groups.items():
        if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
            raise ContentError(f"{where}: {group}: expected an object of texts")
        for english, translated in words.items():
            report.texts += 1
            if placeholders(translated) != placeholders(english):
                report.problems.append(f"{where}: {group}: {english!r}: its {{fields}} "
                                       "differ from the English's")
    _finish(source, file, data, write, report)


def _configure(p: argparse.ArgumentParser) -> None:
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true",
                      help="verify every content file; exit 1 naming each translation that "
                           "is out of date or unrecorded, and each file not in canonical form")
    mode.add_argument("--write", action="store_true",
                      help="record the fingerprints of new and edited translations and "
                           "rewrite the files in canonical form")
    p.add_argument("--accept", action="append", default=[], metavar="TRANSLATION",
                   help="with --write, record the fingerprints of this translation although "
                        "it was not edited (its English changed, and it still holds); as "
                        "--check names it, e.g. sploof/guide.ko.json:lead; repeatable")


def _content(args: argparse.Namespace) -> int:
    if args.write and source_checkout() is None:
        raise OptionError("content --write rewrites the files of a source checkout; this "
                          "package is installed without one (content --check verifies the "
                          "files it ships)")
    report = run(sources(definitions()), args.write, args.accept)
    mode = "write" if args.write else "check"
    for where in report.written:
        print(f"wrote {where}")
    for problem in report.problems:
        print(f"content: {problem}", file=sys.stderr)
    if report.problems:
        print(f"content --{mode}: {len(report.problems)} problem(s) in {report.files} "
              f"files", file=sys.stderr)
        return 1
    print(f"content --{mode}: {report.files} files, {report.texts} translations, each of "
          "the current English")
    return 0


COMMAND = Command("content", "check the content files (texts, answers, translations) or "
                  "record the fingerprints of their translations", _configure, _content)
