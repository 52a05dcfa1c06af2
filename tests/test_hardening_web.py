"""``web.answer`` (the arbiter page's only entry) never raises: any text in every
parameter, a value that is not text, a lone surrogate, and it always returns the full
answer shape, an error being one line of the same form as the command line's."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi_rules.registry import game_names
from shibumi_rules.web import PARAMETERS, answer

KEYS = frozenset({"games", "game", "request", "query", "command", "first_choices",
                  "options", "verdict", "rules", "text", "notice", "stopped", "report",
                  "svg", "board"})
VERDICTS = frozenset({"state", "legal", "over", "illegal", "error"})


def assert_shape(got: dict[str, Any]) -> None:
    assert set(got) == KEYS
    assert got["verdict"] in VERDICTS
    assert isinstance(got["text"], str) and got["text"]
    assert isinstance(got["games"], list) and got["games"]
    assert isinstance(got["rules"], list) and isinstance(got["options"], list)
    if got["verdict"] == "error":
        assert got["text"].startswith(("error: ", "illegal move: ")), got["text"]
        assert "\n" not in got["text"]
    got["text"].encode("utf-8")  # the page receives text it can show


def _texts() -> st.SearchStrategy[str]:
    ordinary = st.sampled_from(["", "1c3", "1a1", "R1a1+W1c1", "x1a1", "pass", "1c3,1e3",
                                "supply=unlimited", "max_turns=5", "white", "black", "1",
                                "W1a1", "R1a1+R1c1"])
    return st.one_of(ordinary, st.text(), st.text(alphabet=st.characters(
        categories=("Cs", "Cc", "Cf", "Zs", "Nd", "Po"))))


def _values() -> st.SearchStrategy[Any]:
    return st.one_of(_texts(), st.lists(_texts(), max_size=3),
                     st.integers(), st.none(), st.floats(), st.booleans(),
                     st.lists(st.integers(), max_size=2))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(PARAMETERS), _values(), max_size=5),
       st.sampled_from(game_names()))
def test_any_query_gets_the_full_answer_shape(query: dict[str, Any], game: str) -> None:
    if "game" not in query or not isinstance(query["game"], str):
        query = {**query, "game": game} if len(query) % 2 else query
    assert_shape(answer(query))


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.one_of(st.text(), st.integers(), st.none()), _values(),
                       max_size=3))
def test_any_mapping_gets_the_full_answer_shape(query: dict[Any, Any]) -> None:
    assert_shape(answer(query))


def test_values_that_are_not_text_are_one_error_line() -> None:
    queries: list[dict[str, Any]] = [
        {"ask": 5}, {"game": "sploof", "ask": 5}, {"game": ["sploof", 1]},
        {"game": "splink", "option": [None]}, {"game": "sploof", "moves": 1.5}]
    for query in queries:
        got = answer(query)
        assert_shape(got)
        assert got["verdict"] == "error" and "expected text" in got["text"]


def test_a_lone_surrogate_is_refused_as_not_text() -> None:
    for key in ("ask", "moves", "position", "option", "first"):
        got = answer({"game": "sploof", key: "1c3\ud800"})
        assert_shape(got)
        assert got["verdict"] == "error" and "not Unicode text" in got["text"], got["text"]
