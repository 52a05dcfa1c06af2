"""The site's languages: English (the default) and Korean, and the site's own texts.

The words the generators put around the content (headings, labels, the words of the
diagrams' text alternatives) are written in English in the generators; their
translations are data, in ``docs/content/words.LANG.json``, one group of words per use
(``site``, ``diagrams``). The texts of the site that belong to no game (the Shibumi
system's page, the Rulings page's introduction, the arbiter's common questions, the
pictures of the system's rules) are the document ``docs/content/site.*.json``
(``site_texts``); a game's come from its package (``shibumi_rules.contract.content``).
Point names and rule IDs are never translated, so an anchor such as ``#SHB-PIN-1`` is
the same on the English and the Korean page.
"""

from __future__ import annotations

from functools import cache

from gen_common import DEFAULT, ROOT

from shibumi_rules.contract.content import Catalog, Source, read_catalog, translation_name

__all__ = ["CONTENT", "DEFAULT", "site_texts", "t", "words"]

CONTENT = Source(ROOT / "docs" / "content", "docs/content")
"""The site's content folder."""


@cache
def site_texts() -> Catalog:
    """The texts of the site that belong to no game, in every language."""
    return read_catalog(CONTENT, "site")


@cache
def words(group: str, lang: str) -> dict[str, str]:
    """The translations of one group of the generators' words into ``lang``, by their
    English (none for the default language)."""
    name = translation_name("words", lang)
    if lang == DEFAULT or not CONTENT.has(name):
        return {}
    found = CONTENT.read(name).get("groups", {}).get(group, {})
    return dict(found)


def t(english: str, lang: str = DEFAULT) -> str:
    """``english`` in ``lang`` (the English itself when no translation is written)."""
    return words("site", lang).get(english, english)
