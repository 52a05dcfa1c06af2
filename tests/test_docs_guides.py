"""The games' guides (``shibumi_rules/games/<game>/guide.py`` with its ``content/``):
what the how-to-play pages, the arbiter's page and the Korean edition are made of.

A guide is complete (aim, set-up, a turn, the end, each with a picture), its sample game
is a real game that ends as it says, its words for search and its translations name
rules of its own game, and a translation is of the English text the spec has now.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules import spec
from shibumi_rules.contract.content import entry_fingerprint, fingerprint
from shibumi_rules.contract.explanation import MoveAnswer
from shibumi_rules.contract.guide import LANGUAGES, Guide, Picture, Text
from shibumi_rules.explain import Setup, explain
from shibumi_rules.registry import definitions

GUIDED = [b for b in definitions() if b.guide() is not None]
SECTIONS = ("aim", "setup", "turn", "end")


def guide_of(definition: Any) -> Guide:
    guide = definition.guide()
    assert isinstance(guide, Guide)
    return guide


def test_the_games_of_the_site_have_guides() -> None:
    """Every game the site has shipped with has its guide (a new game may arrive
    without one; the site then says so and leaves it out of How to play)."""
    assert {b.name for b in GUIDED} >= {"sploof", "splink", "spline"}


FIGURED = [b for b in definitions() if b.figures()]


@pytest.mark.parametrize("definition", FIGURED, ids=[b.name for b in FIGURED])
def test_every_figure_is_drawn_and_agrees_with_the_engine(definition: Any) -> None:
    """Each picture maker of a game's formal rules draws (its checks against the engine
    pass) and keys a rule or ruling of the game, or the game's table."""
    current = spec.current()
    for key, make in definition.figures().items():
        pictures = make()
        assert pictures and all(isinstance(p, Picture) and p.views for p in pictures), key
        assert key == definition.name or current.entry(key).scope == definition.name, key


def test_the_spline_sample_game_ends_with_the_line_its_guide_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Spline guide says which line wins its sample game; a game that drifted to
    another end fails the build (the check raises) instead of contradicting the text."""
    from shibumi_rules.contract.guide import PictureError
    from shibumi_rules.games.spline import guide as spline_guide
    from shibumi_rules.games.spline.game import GAME as game
    from shibumi_rules.games.spline.rules import outcome

    record = spline_guide.sample_record()
    state = game.parse_position(record.start)
    for move in record.moves:
        state = game.play_text(state, move)
    result = outcome(state)
    assert result.winner == spline_guide.SAMPLE_WINNER
    assert [line.name for line in result.lines] == [spline_guide.SAMPLE_LINE]
    close = spline_guide.GUIDE.sample.close
    assert spline_guide.SAMPLE_LINE in close.en
    assert close.ko and spline_guide.SAMPLE_LINE in close.ko
    monkeypatch.setattr(spline_guide, "SAMPLE_LINE", "2b2-2f6")
    with pytest.raises(PictureError, match="2b2-2f6"):
        spline_guide.sample_record()


@pytest.mark.parametrize("definition", GUIDED, ids=[b.name for b in GUIDED])
def test_a_guide_explains_aim_setup_turn_and_end_with_pictures(definition: Any) -> None:
    guide = guide_of(definition)
    assert tuple(s.key for s in guide.sections) == SECTIONS
    names = []
    for section in guide.sections:
        pictures = [b for b in section.blocks if isinstance(b, Picture)]
        texts = [b for b in section.blocks if isinstance(b, Text)]
        assert pictures and texts, f"{definition.name} {section.key}: words and a picture"
        names += [p.name for p in pictures]
    assert len(names) == len(set(names)), "two pictures share a file name"


def _texts(guide: Guide) -> list[tuple[str, Text]]:
    """Every text of the how-to-play page and of the arbiter's answers."""
    out = [("lead", guide.lead), ("sample intro", guide.sample.intro),
           ("sample close", guide.sample.close)]
    for section in guide.sections:
        out.append((f"{section.key} title", section.title))
        for block in section.blocks:
            text = block.caption if isinstance(block, Picture) else block
            out.append((section.key, text))
    out += [(f"answer {a.question}", a.text) for a in guide.answers]
    out += [(f"question {q.key}", q.text) for q in guide.questions]
    return out


@pytest.mark.parametrize("definition", GUIDED, ids=[b.name for b in GUIDED])
def test_a_translated_guide_is_translated_throughout(definition: Any) -> None:
    """A how-to-play page and the answers are translated whole or not at all: a page
    half in English would read as a bug."""
    guide = guide_of(definition)
    for lang in LANGUAGES[1:]:
        if not guide.lead.has(lang):
            continue
        missing = [where for where, text in _texts(guide) if not text.has(lang)]
        assert not missing, f"{definition.name}: not in {lang}: {missing}"


@pytest.mark.parametrize("definition", GUIDED, ids=[b.name for b in GUIDED])
def test_the_sample_game_is_short_real_and_ends_as_said(definition: Any) -> None:
    guide = guide_of(definition)
    game = definition.rules()
    record = guide.sample.play()
    assert record == guide.sample.play(), "the sample game is not reproducible"
    assert 6 <= len(record.moves) <= 40
    state = game.parse_position(record.start)
    for move in record.moves:
        answer = explain(game, definition.explainer(), Setup(position=game.format_position(state)),
                         move).answer
        assert isinstance(answer, MoveAnswer) and answer.legal
        comment = guide.sample.comment(answer)
        assert move.lstrip("x").split("+")[0].lstrip("RW") in comment.en
        if guide.lead.has("ko"):
            assert comment.ko and move.lstrip("x").split("+")[0].lstrip("RW") in comment.ko
        state = game.play_text(state, move)
    assert game.outcome_json(state)["reason"] == guide.sample.ends


@pytest.mark.parametrize("definition", GUIDED, ids=[b.name for b in GUIDED])
def test_keywords_and_translations_name_rules_of_the_game(definition: Any) -> None:
    current = spec.current()
    guide = guide_of(definition)
    for entry_id in guide.keywords:
        assert current.entry(entry_id).scope == definition.name, entry_id
    for answer in guide.answers:
        for rule in answer.rules:
            assert rule in current, (answer.question, rule)
    for lang, entries in guide.translations.items():
        assert lang in LANGUAGES[1:]
        for entry_id in entries:
            assert current.entry(entry_id).scope == definition.name, entry_id


@pytest.mark.parametrize("definition", GUIDED, ids=[b.name for b in GUIDED])
def test_translations_are_of_the_current_english(definition: Any) -> None:
    """Each translated entry records the fingerprint of the English it translates; when
    the spec's English changes, this fails and names the new fingerprint (the site shows
    the English meanwhile)."""
    current = spec.current()
    for lang, entries in guide_of(definition).translations.items():
        own = [e.id for e in current if e.scope == definition.name]
        assert set(entries) == set(own), f"{lang}: untranslated {set(own) - set(entries)}"
        for entry_id, text in entries.items():
            entry = current.entry(entry_id)
            now = entry_fingerprint(entry)
            assert text.source == now, (
                f"{lang} {entry_id} translates an older English text; update it and set "
                f"its fingerprint to {now!r}")
            assert text.title and text.statement
            if isinstance(entry, spec.Ruling):
                assert text.question and text.rationale
                assert len(text.alternatives) == len(entry.alternatives)
            english = entry.statement if isinstance(entry, spec.Rule) else entry.decision
            for cited in spec.cited_ids(english):
                assert cited in text.statement, f"{lang} {entry_id} drops {cited}"


@given(st.lists(st.text(max_size=8), min_size=1, max_size=4),
       st.lists(st.text(max_size=8), min_size=1, max_size=4))
def test_a_fingerprint_tells_texts_apart(first: list[str], second: list[str]) -> None:
    """Different English texts (or the same words split differently) give different
    fingerprints; equal ones the same."""
    if first == second:
        assert fingerprint(*first) == fingerprint(*second)
    else:
        assert fingerprint(*first) != fingerprint(*second)


@given(st.text(), st.one_of(st.none(), st.text()), st.sampled_from(["en", "ko", "fr"]))
def test_a_text_falls_back_to_english(en: str, ko: str | None, lang: str) -> None:
    text = Text(en, ko)
    if lang == "ko" and ko is not None:
        assert text.get(lang) == ko and text.has(lang)
    else:
        assert text.get(lang) == en
    assert text.has("en")


@pytest.mark.parametrize(("word", "particles", "expected"), [
    ("1g3", ("으로", "로"), "1g3으로"), ("1g7", ("으로", "로"), "1g7로"),
    ("2f6", ("으로", "로"), "2f6으로"), ("2b2", ("으로", "로"), "2b2로"),
    ("a5-g5", ("이", "가"), "a5-g5가"), ("a3-g3", ("이", "가"), "a3-g3이"),
    ("x1a3", ("을", "를"), "x1a3을"), ("x1a5", ("을", "를"), "x1a5를"),
    ("백", ("이", "가"), "백이"), ("어트랙터", ("이", "가"), "어트랙터가"),
    ("1층", ("으로", "로"), "1층으로"), ("서울", ("으로", "로"), "서울로"),
])
def test_korean_particles_follow_the_last_sound(word: str, particles: tuple[str, str],
                                                expected: str) -> None:
    """Point names are read with Korean digits (일, 이, 삼, ...), so 1g3 takes 으로 and
    1g7 takes 로; words take the particle of their last syllable."""
    from shibumi_rules.contract.korean import particle

    assert particle(word, *particles) == expected
