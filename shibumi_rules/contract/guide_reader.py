"""A game's ``Guide`` read from its content: the texts and facts of its ``guide``
document (``content/guide.*.json``, read by ``contract.content``) put together with what
the game's code gives: the player of the sample game and the builder of its comments,
and the pictures, drawn and checked against the engine when the guide is read.

The document gives, besides the pictures' captions, the comments' templates and their
words: ``title``, ``lead``; ``sections``, each a ``key``, a ``title`` and ``blocks`` (a
text, ``{"picture": NAME}`` or ``{"figure": ID}``); ``sample`` (``intro`` and ``close``);
``questions`` of the game's own
(``key``, ``text``); ``answers`` to the arbiter's questions (``question``, ``text``,
``rules``, and where the question arises the ``position``, the ``move`` asked about and
what ``explain`` must find: ``legal``, ``rule``, ``reason``); ``keywords`` by rule ID;
``rules_intro``; ``position_fields``; ``move_notation``; ``position_labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from .content import Catalog, ContentError
from .guide import (
    Answer,
    EntryText,
    FigureMaker,
    GameRecord,
    Guide,
    Picture,
    Question,
    SampleGame,
    Section,
    Text,
)


def read_guide(catalog: Catalog, *, play: Callable[[], GameRecord],
               comment: Callable[[Any], Text], ends: str,
               pictures: Iterable[Callable[[], Picture]] = (),
               figures: Mapping[str, FigureMaker] | None = None,
               values: Mapping[str, object] | None = None,
               translations: Mapping[str, Mapping[str, EntryText]] | None = None) -> Guide:
    """A game's guide: the texts and facts of ``catalog`` with what the game's code
    gives (the sample game's player and comments, the pictures, drawn and checked now).
    A section's block is a text, ``{"picture": NAME}`` (drawn by one of ``pictures``) or
    ``{"figure": ID}`` (the first picture of a formal rule, from ``figures``); the
    sample's intro and close are templates filled in with ``values``."""
    drawn = {}
    for make in pictures:
        pic = make()
        if pic.name in drawn:
            raise ContentError(f"{catalog.where}: two pictures are called {pic.name}")
        drawn[pic.name] = pic
    placed: set[str] = set()
    sections = []
    for section in _objects(catalog, "sections"):
        key = _fact(catalog, section, "key", str, "sections")
        blocks: list[Text | Picture] = []
        for number, block in enumerate(_fact(catalog, section, "blocks", list,
                                             f"sections.{key}")):
            blocks.append(_block(catalog, f"sections.{key}.blocks.{number}", block, drawn,
                                 figures or {}, placed))
        sections.append(Section(key, catalog.text(f"sections.{key}.title"), tuple(blocks)))
    unplaced = sorted(set(drawn) - placed)
    if unplaced:
        raise ContentError(f"{catalog.where}: pictures drawn but not placed in a section: "
                           f"{', '.join(unplaced)}")
    given = dict(values or {})
    sample = SampleGame(intro=catalog.fill("sample.intro", **given), play=play,
                        comment=comment, ends=ends,
                        close=catalog.fill("sample.close", **given))
    document = catalog.document
    return Guide(
        sections=tuple(sections), sample=sample,
        answers=tuple(_answer(catalog, a) for a in _objects(catalog, "answers", [])),
        lead=catalog.text("lead"), title=catalog.optional("title"),
        questions=tuple(_question(catalog, q) for q in _objects(catalog, "questions", [])),
        keywords={k: catalog.text(f"keywords.{k}") for k in document.get("keywords", {})},
        translations=dict(translations or {}),
        rules_intro=catalog.optional("rules_intro"),
        position_fields={k: catalog.text(f"position_fields.{k}")
                         for k in document.get("position_fields", {})},
        move_notation=catalog.optional("move_notation"),
        position_labels={k: catalog.text(f"position_labels.{k}")
                         for k in document.get("position_labels", {})},
        stale=catalog.stale)


def _block(catalog: Catalog, path: str, block: Any, drawn: Mapping[str, Picture],
           figures: Mapping[str, FigureMaker], placed: set[str]) -> Text | Picture:
    if isinstance(block, str):
        return catalog.text(path)
    if isinstance(block, dict) and isinstance(block.get("picture"), str):
        name = block["picture"]
        if name not in drawn:
            raise ContentError(f"{catalog.where}: {path}: no picture called {name} is drawn")
        placed.add(name)
        return drawn[name]
    if isinstance(block, dict) and isinstance(block.get("figure"), str):
        make = figures.get(block["figure"])
        if make is None:
            raise ContentError(f"{catalog.where}: {path}: the game has no figure of "
                               f"{block['figure']}")
        return make()[0]
    raise ContentError(f"{catalog.where}: {path}: expected a text, "
                       "{\"picture\": NAME} or {\"figure\": ID}")


def _objects(catalog: Catalog, key: str, default: list[Any] | None = None
             ) -> list[dict[str, Any]]:
    """The list of objects at the top-level ``key`` of the document."""
    found = catalog.document.get(key, default)
    if not isinstance(found, list) or not all(isinstance(item, dict) for item in found):
        raise ContentError(f"{catalog.where}: {key}: expected a list of objects")
    return found


def _fact(catalog: Catalog, data: Mapping[str, Any], key: str, kind: type, where: str,
          required: bool = True) -> Any:
    """The value of ``key`` in ``data``, of type ``kind`` (None when absent and not
    ``required``)."""
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, kind):
        raise ContentError(f"{catalog.where}: {where}: {key} must be {_KINDS[kind]}")
    return value


_KINDS: Final = {list: "a list", bool: "true or false", str: "a string"}


def _question(catalog: Catalog, data: Mapping[str, Any]) -> Question:
    key = _fact(catalog, data, "key", str, "questions")
    return Question(key, catalog.text(f"questions.{key}.text"))


def _answer(catalog: Catalog, data: Mapping[str, Any]) -> Answer:
    key = _fact(catalog, data, "question", str, "answers")
    where = f"answers.{key}"
    rules = _fact(catalog, data, "rules", list, where)
    if not all(isinstance(rule, str) for rule in rules):
        raise ContentError(f"{catalog.where}: {where}: rules must be a list of rule IDs")
    optional = {name: _fact(catalog, data, name, bool if name == "legal" else str, where,
                            required=False)
                for name in ("position", "move", "legal", "rule", "reason")}
    return Answer(key, catalog.text(f"{where}.text"), tuple(rules), **optional)
