"""The mkdocs hook that generates the site from ``spec/`` and the engine.

Each ``gen_*`` module writes its pages into a ``Site``; this hook adds them to the build
as virtual files (nothing is written into ``docs/``), fills the
``<!-- generated: NAME -->`` markers of the hand-written pages, and lists the table
pages under "Tables" in the navigation. A missing source or a generator error fails the
build with a message naming it.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import gen_api
import gen_arbiter
import gen_cli
import gen_implementers
import gen_notation
import gen_proofs
import gen_rules
import gen_tables
from gen_common import MissingSourceError, Site
from gen_figures import FigureError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.shibumi_docs")

GENERATORS = (
    gen_rules.generate,
    gen_notation.generate,
    gen_tables.generate,
    gen_implementers.generate,
    gen_proofs.generate,
    gen_cli.generate,
    gen_api.generate,
    gen_arbiter.generate,
)

MARKER = re.compile(r"<!--\s*generated:\s*([\w-]+)\s*-->")

_site = Site()


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Generate every page and asset and add them to the build."""
    global _site
    _site = Site()
    from shibumi_rules import spec

    spec.current.cache_clear()  # mkdocs serve: read the spec afresh on each rebuild
    for generate in GENERATORS:
        began = time.perf_counter()
        try:
            generate(_site)
            log.debug(f"{generate.__module__}: {time.perf_counter() - began:.2f} s")
        except (MissingSourceError, FigureError) as err:
            # A warning, so `mkdocs build` still shows the rest; --strict fails.
            log.warning(f"{generate.__module__}: pages not generated: {err}")
    for warning in _site.warnings:
        log.warning(warning)
    for uri, text in sorted(_site.pages.items()):
        files.append(File.generated(config, uri, content=text))
    for uri, content in sorted(_site.assets.items()):
        files.append(File.generated(config, uri, content=content))
    _expand_tables_nav(config)
    return files


def _expand_tables_nav(config: MkDocsConfig) -> None:
    """Replace the "Tables" entry of the navigation by the index and one page per table."""
    pages = sorted(u for u in _site.pages if u.startswith("tables/") and u != "tables/index.md")
    nav = config.nav or []
    for i, item in enumerate(nav):
        if isinstance(item, dict) and item.get("Tables") == "tables/index.md":
            titles = gen_tables.TITLES
            nav[i] = {"Tables": ["tables/index.md"] + [{titles.get(u, u): u} for u in pages]}


def on_page_markdown(markdown: str, page: Page, **_: Any) -> str:
    """Fill the generated parts of a hand-written page."""
    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in _site.snippets:
            log.warning(f"{page.file.src_uri}: no generated snippet named {name!r}")
            return ""
        return _site.snippets[name]

    return MARKER.sub(fill, markdown)
