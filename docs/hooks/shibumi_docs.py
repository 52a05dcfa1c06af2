"""The mkdocs hook that generates the site from ``spec/`` and the engine.

Each ``gen_*`` module writes its pages into a ``Site``; this hook adds them to the build
as virtual files (nothing is written into ``docs/``), fills the
``<!-- generated: NAME -->`` markers of the hand-written pages, and expands the
``generated:NAME`` entries of the navigation (the game pages come from the registry, so
a new game needs no edit here). A missing source or a generator error fails the build
with a message naming it.

Languages: mkdocs-static-i18n builds the site once per language (English at the root,
Korean under ``ko/``). The pages are generated once, in the first build, and each build
adds every page in its language (the English where a page is not translated) with the
metadata the plugin's language switch reads, so the switch leads from a page to the same
page in the other language. This hook runs after the plugin has sorted the hand-written
pages by language.

Offline: the site uses ``.html`` links (``use_directory_urls: false``), and the search
index is also written as a script, ``search/search_index.js``, which the theme loads
when the site is opened from disk (``file://``).
"""

from __future__ import annotations

import copy
import logging
import re
import time
from pathlib import Path
from typing import Any

import gen_api
import gen_arbiter
import gen_cli
import gen_conformance
import gen_implementers
import gen_known
import gen_notation
import gen_play
import gen_proofs
import gen_protocol
import gen_questions
import gen_release
import gen_rules
import gen_solved
import gen_tables
from gen_common import DEFAULT, MissingSourceError, Site
from gen_figures import FigureError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from shibumi_rules.contract.content import ContentError

log = logging.getLogger("mkdocs.hooks.shibumi_docs")

GENERATORS = (
    gen_rules.generate,
    gen_play.generate,
    gen_questions.generate,
    gen_notation.generate,
    gen_tables.generate,
    gen_implementers.generate,
    gen_protocol.generate,
    gen_conformance.generate,
    gen_known.generate,
    gen_proofs.generate,
    gen_solved.generate,
    gen_cli.generate,
    gen_api.generate,
    gen_arbiter.generate,
    gen_release.generate,
)

MARKER = re.compile(r"<!--\s*generated:\s*([\w-]+)\s*-->")
NAV_ENTRY = "generated:"

_site = Site()
_nav_templates: dict[int, Any] = {}
"""The navigation as mkdocs.yml gives it, per configuration (the expansion is redone for
each language's build)."""


def current_language(config: MkDocsConfig) -> str:
    """The language being built (mkdocs-static-i18n builds one after the other)."""
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None)
    return str(lang) if lang else DEFAULT


def build_languages(config: MkDocsConfig) -> list[str]:
    i18n = config.plugins.get("i18n")
    langs = getattr(i18n, "build_languages", None)
    return list(langs) if langs else [DEFAULT]


@event_priority(-200)
def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    """The version in the header; the navigation template kept for every build."""
    from shibumi_rules.version import __version__

    if not config.site_name.endswith(f" {__version__}"):
        config.site_name = f"{config.site_name} {__version__}"
    _nav_templates.setdefault(id(config), copy.deepcopy(config.nav))
    return config


def _generate() -> Site:
    site = Site()
    from shibumi_rules import spec

    spec.forget()  # mkdocs serve: read the spec afresh on each rebuild
    for generate in GENERATORS:
        began = time.perf_counter()
        try:
            generate(site)
            log.debug(f"{generate.__module__}: {time.perf_counter() - began:.2f} s")
        except (MissingSourceError, FigureError, ContentError) as err:
            # A warning, so `mkdocs build` still shows the rest; --strict fails.
            log.warning(f"{generate.__module__}: pages not generated: {err}")
    for warning in site.warnings:
        log.warning(warning)
    return site


@event_priority(-200)
def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Generate every page and asset (once per build of the default language) and add
    them, in the language being built, to the build."""
    global _site
    lang = current_language(config)
    if lang == DEFAULT or not _site.pages:
        _site = _generate()
    langs = build_languages(config)
    added = []
    for uri in sorted(_site.pages):
        file = File.generated(config, uri, content=_site.in_lang(uri, lang))
        _localize(file, uri, lang, langs, config)
        files.append(file)
        added.append(file)
    for uri, content in sorted(_site.assets.items()):
        files.append(File.generated(config, uri, content=content))
    i18n = config.plugins.get("i18n")
    per_language = getattr(i18n, "i18n_files_per_language", None)
    if isinstance(per_language, dict) and isinstance(per_language.get(lang), list):
        per_language[lang].extend(added)  # the sitemap lists them with their alternates
    config.nav = expand_nav(copy.deepcopy(_nav_templates.get(id(config), config.nav)),
                            _site, lang)
    return files


def _moved(uri: str, lang: str, config: MkDocsConfig) -> File:
    """A generated page placed where mkdocs-static-i18n puts pages of ``lang``."""
    file = File.generated(config, uri, content="")
    if lang != DEFAULT:
        file.dest_uri = f"{lang}/{file.dest_uri}"
    return file


def _localize(file: File, uri: str, lang: str, langs: list[str],
              config: MkDocsConfig) -> None:
    """Put a generated page of ``lang`` where the plugin puts that language, and give it
    the metadata the plugin's language switch and sitemap read."""
    if lang != DEFAULT:
        file.dest_uri = f"{lang}/{file.dest_uri}"
    meta: Any = file
    meta.locale = lang
    meta.localization = None if lang == DEFAULT else lang
    meta.locale_alternate_of = lang
    meta.norm_src_uri = uri
    meta.alternates = {other: file if other == lang else _moved(uri, other, config)
                       for other in langs}


def expand_nav(nav: Any, site: Site, lang: str) -> Any:
    """The navigation with each ``generated:NAME`` entry replaced by the pages ``site``
    lists for it, titled in ``lang``."""
    if isinstance(nav, list):
        out: list[Any] = []
        for item in nav:
            if isinstance(item, str) and item.startswith(NAV_ENTRY):
                out += _entries(item, site, lang)
            else:
                out.append(expand_nav(item, site, lang))
        return out
    if isinstance(nav, dict):
        return {title: (_entries(value, site, lang)
                        if isinstance(value, str) and value.startswith(NAV_ENTRY)
                        else expand_nav(value, site, lang))
                for title, value in nav.items()}
    return nav


def _entries(name: str, site: Site, lang: str) -> list[Any]:
    entries = site.nav.get(name)
    if entries is None:
        log.warning(f"mkdocs.yml: no generated navigation called {name!r}")
        return []
    out: list[Any] = []
    for title, page in entries:
        out.append(page if page.endswith("index.md") else {title.get(lang): page})
    return out


FIRST_HEADING = re.compile(r"^# .*\n", re.M)


def _translated(page: Page, lang: str, config: MkDocsConfig) -> bool:
    """Whether ``page`` is written in ``lang``: a generated page the generators
    translated, or a hand-written one with its ``.LANG.md`` file."""
    uri = page.file.src_uri
    if uri in _site.pages:
        return uri in _site.translations.get(lang, {})
    stem = uri.removesuffix(".md").removesuffix(f".{lang}")
    return uri.endswith(f".{lang}.md") or (Path(config.docs_dir) / f"{stem}.{lang}.md").is_file()


def untranslated_note(markdown: str, lang: str) -> str:
    """``markdown`` with a note under its title, in ``lang``, saying that the page is
    given in English only (the implementers' pages are not translated)."""
    from gen_i18n import site_texts

    note = site_texts().text("untranslated").get(lang)
    block = f'\n!!! note ""\n    {note}\n\n'
    match = FIRST_HEADING.search(markdown)
    if match is None:
        return block + markdown
    return markdown[:match.end()] + block + markdown[match.end():]


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    """Fill the generated parts of a hand-written page (in its language); on a page
    shown in English in another language's build, say so in that language."""
    lang = current_language(config)
    if lang != DEFAULT and not _translated(page, lang, config):
        markdown = untranslated_note(markdown, lang)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        text = _site.snippets.get(f"{name}:{lang}", _site.snippets.get(name))
        if text is None:
            log.warning(f"{page.file.src_uri}: no generated snippet named {name!r}")
            return ""
        return text

    return MARKER.sub(fill, markdown)


@event_priority(-200)
def on_post_build(config: MkDocsConfig, **_: Any) -> None:
    """Write the search index as a script too, for a site opened from disk. Runs after
    mkdocs-static-i18n has merged the languages' search entries."""
    folder = Path(config.site_dir) / "search"
    index = folder / "search_index.json"
    if index.is_file():
        from shibumi_rules.fileio import write_atomic

        write_atomic(folder / "search_index.js",
                     "var __index = " + index.read_text(encoding="utf-8"))
