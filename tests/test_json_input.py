"""Reading outside JSON within the limits: only a text with a long run of digits is read
with every integer checked, and the answer is the same as checking every integer."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.json_input import JSONLimitError, _bounded_int, load_json
from shibumi_rules.limits import MAX_JSON_INT_DIGITS


def _checked_everywhere(text: str) -> Any:
    """The reading with every integer checked (what ``load_json`` did on every text)."""
    return json.loads(text, parse_int=_bounded_int)


DIGITS = st.sampled_from([1, 3, MAX_JSON_INT_DIGITS - 1, MAX_JSON_INT_DIGITS,
                          MAX_JSON_INT_DIGITS + 1, MAX_JSON_INT_DIGITS + 2]).map(
    lambda n: "7" * n)
PIECES = st.one_of(
    DIGITS, DIGITS.map(lambda d: f'"{d}"'), DIGITS.map(lambda d: f"-{d}"),
    DIGITS.map(lambda d: f"1.{d}"), DIGITS.map(lambda d: f"{d}e2"),
    st.sampled_from(["0", "-0", "null", "true", '"x"', "1.5"]))


@settings(max_examples=60, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=3))
def test_load_json_reads_as_if_every_integer_were_checked(pieces: list[str]) -> None:
    text = "[" + ",".join(pieces) + "]"
    try:
        expected: Any = _checked_everywhere(text)
    except JSONLimitError as err:
        with pytest.raises(JSONLimitError, match=re.escape(str(err))):
            load_json(text)
        return
    assert load_json(text) == expected


def test_a_long_run_of_digits_in_a_string_is_data() -> None:
    digits = "9" * (MAX_JSON_INT_DIGITS + 1)
    assert load_json(f'{{"a": "{digits}", "b": 1}}') == {"a": digits, "b": 1}
    with pytest.raises(JSONLimitError, match=f"{MAX_JSON_INT_DIGITS + 1:,} digits"):
        load_json(f'{{"a": "x", "b": {digits}}}')
