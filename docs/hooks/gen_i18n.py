"""The site's languages: English (the default) and Korean.

The words the generators put around the content (headings, labels, the words of the
diagrams' text alternatives) are written here once per language; the content itself
comes translated from each game's guide (``shibumi_rules.guide.Text``). Point names and
rule IDs are never translated, so an anchor such as ``#SHB-PIN-1`` is the same on the
English and the Korean page.
"""

from __future__ import annotations

from gen_common import DEFAULT

__all__ = ["DEFAULT", "KOREAN", "t"]

KOREAN: dict[str, str] = {
    # diagrams
    "open full size": "원래 크기로 열기",
    "{colour} balls ({n}): {names}": "{colour} 공({n}개): {names}",
    "white": "흰",
    "black": "검은",
    "red": "빨간",
    "an empty board": "빈 보드",
    "board {n}": "{n}번째 판",
    "before": "두기 전",
    "after": "둔 뒤",
    # rule pages
    "Rulings": "판정",
    "Sources": "출처",
    "Implemented by": "구현",
    "Also searched as": "다른 이름",
    "rule": "규칙",
    "title": "제목",
    "ruling": "판정",
    "option (default)": "옵션(기본값)",
    "Rulings and clarifications": "판정과 해설",
    "Ruling": "판정",
    "Clarification": "해설",
    "Clarifications": "해설",
    "rulings": "판정",
    "clarification": "해설",
    "clarifications": "해설",
    "kind": "종류",
    "Where the published rules leave a question open, these rulings decide: ":
        "발표된 규칙이 열어 둔 질문은 다음 판정이 정합니다: ",
    "Where a question has an answer in the published rules that is easy to miss, these "
    "clarifications give it and the argument: ":
        "발표된 규칙에 답이 있지만 놓치기 쉬운 질문은 다음 해설이 그 답과 근거를 "
        "밝힙니다: ",
    "*Ruling: the published text leaves this open; the alternatives below are real "
    "choices.*":
        "*판정: 발표된 글이 이 질문을 열어 둡니다. 아래의 다른 안은 실제로 고를 수 있는 "
        "선택입니다.*",
    "*Clarification: the published text settles this; the argument below shows how, so "
    "there is nothing to choose.*":
        "*해설: 발표된 글이 이 질문에 답합니다. 아래 근거가 어떻게 답하는지 보여 주므로 "
        "고를 것이 없습니다.*",
    "Answer.": "답.",
    "Why the text settles it.": "글이 답하는 근거.",
    "Readings considered.": "검토한 읽기.",
    "reading": "읽기",
    "ruled out": "배제",
    "none yet; the engine plays the adopted alternative only.":
        "아직 없습니다. 엔진은 채택한 안만 따릅니다.",
    "none: command-line flags select the alternatives (each alternative gives its flag), "
    "and without them the adopted one is followed.":
        "없습니다. 명령줄 플래그로 안을 고르며(각 안에 그 플래그를 적었습니다), 플래그가 "
        "없으면 채택한 안을 따릅니다.",
    # translations of the rules
    "Translations:": "번역:",
    "{language} text": "{language} 글",
    "The rules also reached us in {language}; every difference of that translation is "
    "listed [at the end of this page]({link}).":
        "이 규칙은 {language}로도 전해졌습니다. 그 번역이 원문과 다른 곳은 모두 [이 "
        "페이지 끝]({link})에 정리했습니다.",
    "The {language} translation": "{language} 번역",
    "*{title}*, translated from *{original}*.": "*{title}*: *{original}*의 번역.",
    "As the specification records it, in English": "명세에 적힌 그대로(영어 원문)",
    "topic": "주제",
    "literally": "직역",
    "the original says": "원문",
    "reading adopted": "채택한 읽기",
    "Readings not adopted": "채택하지 않은 읽기",
    "Why the {language} text is a translation of the original":
        "{language} 글이 원문의 번역인 근거",
    "words": "낱말",
    "what they show": "보여 주는 것",
    "The rules of the [Shibumi system]({link}) apply to {game} as well.":
        "{game}에도 [시부미 시스템]({link})의 규칙이 그대로 적용됩니다.",
    "Question.": "질문.",
    "Decision.": "결정.",
    "Rationale.": "근거.",
    "Alternatives.": "다른 안.",
    "adopted": "채택",
    "alternative": "안",
    "selected by": "선택 방법",
    "Concerns:": "관련 규칙:",
    "Known implementations.": "알려진 구현.",
    "implementation": "구현",
    "language": "언어",
    "what it does": "처리 방식",
    "checked in": "확인한 코드",
    "not checked": "확인하지 않음",
    "Option:": "옵션:",
    "default": "기본값",
    "translation out of date": "번역이 영어 원문보다 오래되었습니다",
    "This entry's English text has changed since it was translated; the English is "
    "shown until the translation is brought up to date.":
        "이 항목의 영어 원문이 번역 이후 바뀌었습니다. 번역을 고칠 때까지 영어 원문을 "
        "보여 줍니다.",
    # how to play
    "How to play": "게임 방법",
    "How to play {game}": "{game} 게임 방법",
    "A sample game": "예시 게임",
    "This game's how-to-play page is not translated yet; it is shown in English.":
        "이 게임의 게임 방법 페이지는 아직 번역되지 않아 영어로 보여 줍니다.",
    "Move {n}": "{n}수",
    "The formal rules": "정식 규칙",
    "The numbered rules of {game}, with their sources and rulings, are on "
    "[the {game} rules page]({link}).":
        "{game}의 번호 붙은 규칙과 그 출처, 판정은 [{game} 규칙 페이지]({link})에 "
        "있습니다.",
    "The game above was played by the reference engine when this page was built "
    "(so it always follows the current rules); each line under a move is taken from "
    "`explain`'s answer to that move.":
        "위 게임은 이 페이지를 만들 때 참조 엔진이 직접 둔 것이므로 언제나 현재 규칙을 "
        "따릅니다. 각 수 아래의 설명은 그 수에 대한 `explain`의 답에서 가져왔습니다.",
    "The questions players argue about are answered on the [arbiter's page]({link}).":
        "플레이어들이 자주 다투는 질문은 [심판 질문 페이지]({link})에서 답합니다.",
    # arbiter
    "Arbiter's questions": "심판 질문",
    "rules": "규칙",
    "Position": "국면",
    "Asked": "질문한 수",
    "the position itself": "국면 자체",
    "explain's answer": "explain의 답",
    "The engine's answer": "엔진의 답",
    # home
    "Home": "처음",
}
"""Korean for the words of the generators, by their English text."""

TEXTS = {"ko": KOREAN}


def t(english: str, lang: str = DEFAULT) -> str:
    """``english`` in ``lang`` (the English itself when no translation is written)."""
    return TEXTS.get(lang, {}).get(english, english)
