"""Korean grammar for texts filled in at run time: the particle a word takes depends on
its last sound (``2b2가`` but ``1g3이``), which a translator cannot write in advance when
the word is a point name or a line chosen by the engine. The particles themselves are
written in the content files (``{to|으로/로}``); this module only hears the last sound.

The only module of the package that holds Hangul (``tests/test_content.py`` holds that).
"""

from __future__ import annotations

from typing import Final

_DIGIT_FINALS: Final = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                        "7": "ㄹ", "8": "ㄹ", "9": ""}
"""The last sound of each digit read in Korean (영, 일, 이, 삼, ...): none after a vowel."""
_FINALS: Final = ("", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ",
                  "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ",
                  "ㅍ", "ㅎ")
_RIEUL_TAKES_VOWEL_FORM: Final = "으로"
"""The one particle whose vowel form also follows ㄹ: 1g7로, 서울로."""


def particle(word: str, after_consonant: str, after_vowel: str) -> str:
    """``word`` with the Korean particle its last sound takes: ``particle("1g3", "으로",
    "로")`` is 1g3으로 (삼), ``particle("2b2", "이", "가")`` is 2b2가 (이). A point name
    is read with its digits in Korean; ``으로`` after ㄹ reads ``로``."""
    last = word[-1] if word else ""
    if "가" <= last <= "힣":
        final = _FINALS[(ord(last) - ord("가")) % 28]
    else:
        final = _DIGIT_FINALS.get(last, "")
    if not final or (final == "ㄹ" and after_consonant == _RIEUL_TAKES_VOWEL_FORM):
        return word + after_vowel
    return word + after_consonant
