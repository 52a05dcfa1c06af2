"""The arbiter's questions: each game's answer, asked of ``shibumi-rules explain`` exactly
as the site shows the command, agrees with what the game's guide says (legal or not, the
rule broken, how the game ends, the rule it rests on) and is compared with its golden
file in ``tests/golden/arbiter/``.

After an intended change of an answer, regenerate the files and review the diff:

    SHIBUMI_UPDATE_GOLDEN=1 pytest tests/test_docs_arbiter.py
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shibumi_rules.cli import main
from shibumi_rules.contract.guide import Answer
from shibumi_rules.explain import Setup, explain
from shibumi_rules.explain.output import cited_ids
from shibumi_rules.registry import definitions

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden" / "arbiter"
UPDATE = os.environ.get("SHIBUMI_UPDATE_GOLDEN") == "1"
sys.path.insert(0, str(ROOT / "docs" / "hooks"))

import gen_questions  # noqa: E402  (the site's own generator: the same command, the same check)


def answers() -> Iterator[tuple[Any, Answer]]:
    for definition in definitions():
        guide = definition.guide()
        if guide is not None:
            for answer in guide.answers:
                yield definition, answer


ASKED = [(b, a) for b, a in answers() if a.position is not None]


def golden_name(definition: Any, answer: Answer) -> str:
    return f"{definition.name}-{answer.question}.txt"


@pytest.mark.parametrize(("definition", "answer"), ASKED,
                         ids=[golden_name(b, a).removesuffix(".txt") for b, a in ASKED])
def test_each_answer_is_what_explain_says(definition: Any, answer: Answer,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["explain", *gen_questions.arguments(definition.name, answer)])
    text = capsys.readouterr().out
    assert status == 0
    path = GOLDEN / golden_name(definition, answer)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with SHIBUMI_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs from explain"
    report = explain(definition.rules(), definition.explainer(), Setup(position=answer.position),
                     answer.move)
    gen_questions.check_answer(definition.name, answer, report)
    assert answer.rules[0] in cited_ids(report), (
        f"explain does not cite {answer.rules[0]}, the rule the answer rests on")


def test_every_golden_file_belongs_to_an_answer() -> None:
    expected = {golden_name(b, a) for b, a in ASKED}
    found = {p.name for p in GOLDEN.glob("*.txt")}
    assert found == expected, f"stale: {found - expected}; missing: {expected - found}"


def test_every_game_with_a_guide_answers_every_common_question() -> None:
    for definition in definitions():
        guide = definition.guide()
        if guide is None:
            continue
        keys = [a.question for a in guide.answers]
        assert sorted(keys) == sorted(set(keys)), f"{definition.name} answers a question twice"
        for question in gen_questions.common_questions():
            assert question.key in keys, f"{definition.name} does not answer {question.key}"
        own = {q.key for q in guide.questions}
        assert set(keys) <= {q.key for q in gen_questions.common_questions()} | own


def test_a_wrong_answer_fails_the_check() -> None:
    """The check the site makes is real: an answer that says "legal" where explain says
    "illegal", or names another rule or end, is refused."""
    definition, answer = next((b, a) for b, a in ASKED if a.legal is False)
    report = explain(definition.rules(), definition.explainer(), Setup(position=answer.position),
                     answer.move)
    for wrong in (Answer(answer.question, answer.text, answer.rules, answer.position,
                         answer.move, legal=True),
                  Answer(answer.question, answer.text, answer.rules, answer.position,
                         answer.move, legal=False, rule="SHB-SET-1"),
                  Answer(answer.question, answer.text, answer.rules, answer.position,
                         answer.move, legal=False, rule=answer.rule, reason="line")):
        with pytest.raises(gen_questions.AnswerError):
            gen_questions.check_answer(definition.name, wrong, report)
