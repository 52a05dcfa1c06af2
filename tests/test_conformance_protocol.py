"""The engine protocol: schemas, the run-time validator, the reference server, and the
generated files under spec/protocol."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from shibumi_rules.conformance import protocol, shapes
from shibumi_rules.conformance.server import ReferenceEngine
from shibumi_rules.conformance.spec_files import (
    EXAMPLE_FILE,
    EXAMPLE_REQUESTS,
    rendered_files,
    write_spec,
)
from shibumi_rules.registry import get_game

SPEC_DIR = Path(__file__).resolve().parents[1] / "spec" / "protocol"
SPLOOF_START = ("RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:2,2 supply:14,14,4 "
                "simultaneous=mover supply=limited")
SPLOOF_OPTIONS = {"simultaneous": "mover", "supply": "limited"}
ENGINE = ReferenceEngine()
DOCS = protocol.schema_documents()


def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(DOCS[name])


def _response_schema(request_type: str, response: dict[str, Any]) -> str:
    if response.get("ok") is False:
        return "response-error.schema.json"
    return f"response-{request_type}.schema.json"


@pytest.mark.parametrize("name", sorted(DOCS))
def test_every_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    Draft202012Validator.check_schema(DOCS[name])


def test_there_is_a_request_and_a_response_schema_per_request_type() -> None:
    for kind in protocol.REQUEST_TYPES:
        assert f"request-{kind}.schema.json" in DOCS
        assert f"response-{kind}.schema.json" in DOCS
    assert "response-error.schema.json" in DOCS


def test_committed_protocol_files_are_up_to_date() -> None:
    assert write_spec(SPEC_DIR, check=True) == 0


def test_the_check_names_changed_and_leftover_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert write_spec(tmp_path) == 0
    assert write_spec(tmp_path, check=True) == 0
    (tmp_path / "request-moves.schema.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "request-undo.schema.json").write_text("{}\n", encoding="utf-8")
    capsys.readouterr()
    assert write_spec(tmp_path, check=True) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "request-moves.schema.json" in err
    assert "request-undo.schema.json (not generated)" in err


def test_example_session_messages_follow_the_schemas() -> None:
    lines = rendered_files()[EXAMPLE_FILE].splitlines()
    assert len(lines) == len(EXAMPLE_REQUESTS)
    kinds_seen = set()
    for line in lines:
        pair = json.loads(line)
        request, response = pair["request"], pair["response"]
        _validator(f"request-{request['type']}.schema.json").validate(request)
        _validator(_response_schema(request["type"], response)).validate(response)
        assert response["id"] == request["id"]
        kinds_seen.add(request["type"] if response["ok"] else "error")
    assert kinds_seen == {*protocol.REQUEST_TYPES, "error"}


# -- the run-time validator agrees with jsonschema ---------------------------------------

def _examples() -> list[tuple[str, dict[str, Any]]]:
    """(schema file, message) for every message of the example session."""
    out = []
    for request in EXAMPLE_REQUESTS:
        response = ENGINE.handle(copy.deepcopy(request))
        out.append((f"request-{request['type']}.schema.json", request))
        out.append((_response_schema(request["type"], response), response))
    return out


EXAMPLES = _examples()
ODD_VALUES = st.sampled_from([None, True, 0, -1, 2.5, "", "x", [], ["x"], {}, {"a": 1}])


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            out += _paths(item, (*prefix, i))
    return out


@st.composite
def mutated(draw: st.DrawFn, values: st.SearchStrategy[Any] = ODD_VALUES
            ) -> tuple[str, Any]:
    """An example message with one part replaced, removed or added."""
    schema, message = draw(st.sampled_from(EXAMPLES))
    message = copy.deepcopy(message)
    path = draw(st.sampled_from(_paths(message)))
    action = draw(st.sampled_from(["replace", "delete", "add"]))
    if not path:
        return schema, draw(values) if action == "replace" else message
    parent = message
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "replace":
        parent[last] = draw(values)
    elif action == "delete" and isinstance(parent, dict):
        del parent[last]
    elif isinstance(parent, dict):
        parent["extra_" + str(last)] = draw(values)
    return schema, message


def _runtime_accepts(schema: str, message: Any) -> bool:
    kind = schema.split("-", 1)[1].removesuffix(".schema.json")
    try:
        if schema.startswith("request-"):
            protocol.validate_request(message)
            return bool(message.get("type") == kind)
        if kind == "error":
            if not isinstance(message, dict) or message.get("ok") is not False:
                return False
            protocol.validate_response(message, "moves")
        else:
            if not isinstance(message, dict) or message.get("ok") is False:
                return False
            protocol.validate_response(message, kind)
    except protocol.ProtocolError:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(mutated())
def test_runtime_validator_agrees_with_jsonschema(case: tuple[str, Any]) -> None:
    schema, message = case
    assert _runtime_accepts(schema, message) == _validator(schema).is_valid(message)


def test_runtime_validator_accepts_every_example() -> None:
    for schema, message in EXAMPLES:
        assert _runtime_accepts(schema, message), (schema, message)


# -- the reference server --------------------------------------------------------------

def _request(kind: str, **extra: Any) -> dict[str, Any]:
    return {"id": 7, "type": kind, "game": "sploof", "options": SPLOOF_OPTIONS,
            "position": {"notation": SPLOOF_START}, **extra}


def test_expand_matches_moves_and_play() -> None:
    expand = ENGINE.handle(_request("expand"))
    moves = ENGINE.handle(_request("moves"))
    assert [c["move"] for c in expand["children"]] == moves["moves"]
    assert len(moves["moves"]) == 16
    for child in expand["children"]:
        play = ENGINE.handle(_request("play", move=child["move"]))
        assert play["position"] == child["position"]
        assert play["outcome"] == child["outcome"]


def test_both_position_forms_give_the_same_answers() -> None:
    game = get_game("sploof")
    moves = ["1c3", "1e3", "x1a1", "1a1"]
    state = game.replay(game.start(SPLOOF_OPTIONS, "black"), moves)
    by_notation = ENGINE.handle(_request("expand", position={
        "notation": game.format_position(state)}))
    by_moves = ENGINE.handle(_request("expand", position={"first": "black",
                                                          "moves": moves}))
    assert by_notation["ok"] and by_notation == by_moves


def test_perft_divide_matches_the_game() -> None:
    game = get_game("sploof")
    reply = ENGINE.handle(_request("perft", depth=2, divide=True))
    expected = dict(game.divide(game.parse_position(SPLOOF_START), 2))
    assert reply["divide"] == expected
    assert reply["total"] == sum(expected.values()) == 256


@pytest.mark.parametrize(("request_", "kind", "rule"), [
    (_request("play", move="2b2"), "illegal-move", "SHB-PLACE-1"),
    (_request("play", move="x1a1", position={"notation": SPLOOF_START.replace(
        "supply:14,14,4", "supply:1,14,4").replace("stock:2,2", "stock:15,2")}),
     "illegal-move", "SPF-RUL-1"),
    (_request("play", move="9z9"), "notation", None),
    (_request("moves", position={"notation": "RRRR"}), "notation", None),
    (_request("moves", options={"supply": "plenty"}), "option", None),
    (_request("moves", position={"moves": ["1c3"], "first": "green"}), "option", None),
    (_request("moves", game="chess"), "unsupported", None),
    (_request("moves", position={"notation": SPLOOF_START.replace("/...,", "/W..,")}),
     "position", "SHB-GRAVITY-1"),
    ({"id": 3, "type": "dance"}, "request", None),
    ({"id": 3, "type": "moves"}, "request", None),
    ([1, 2, 3], "request", None),
])
def test_errors_name_their_kind_and_rule(request_: Any, kind: str, rule: str | None) -> None:
    reply = ENGINE.handle(request_)
    protocol.validate_response(reply, "moves")
    assert reply["ok"] is False
    assert reply["error"]["kind"] == kind, reply
    assert reply["error"]["rule_id"] == rule


def test_a_line_that_is_not_json_still_gets_an_answer_with_its_id() -> None:
    reply = json.loads(ENGINE.handle_line(b'{"id": 41, "type": "moves", oops'))
    assert reply == {"id": 41, "ok": False, "error": {
        "kind": "request", "message": reply["error"]["message"], "rule_id": None}}


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=200),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=3)
                              | st.dictionaries(st.sampled_from(
                                  ["id", "type", "game", "options", "position", "move",
                                   "depth", "divide", "notation", "moves"]), inner,
                                  max_size=6),
                              max_leaves=12).map(lambda v: json.dumps(v).encode())))
def test_the_server_answers_any_line_with_one_valid_response(line: bytes) -> None:
    out = ENGINE.handle_line(line)
    assert out.endswith(b"\n") and out.count(b"\n") == 1
    reply = json.loads(out)
    assert isinstance(reply, dict) and "id" in reply
    if reply["ok"]:
        request = json.loads(line)
        protocol.validate_response(reply, request["type"])
    else:
        protocol.validate_response(reply, "moves")
        assert reply["error"]["kind"] != "internal", reply


def test_the_protocol_readme_shows_the_example_session_as_it_is() -> None:
    """The README's example session is the generated one (expand's children cut to the
    first two), so the prose cannot drift from what the engine answers."""
    import re as _re
    from pathlib import Path as _Path

    folder = _Path(__file__).resolve().parents[1] / "spec" / "protocol"
    session = [json.loads(line) for line in
               (folder / "example-session.jsonl").read_text(encoding="utf-8").splitlines()]
    requests = {s["request"]["id"]: s["request"] for s in session}
    responses = {s["response"]["id"]: s["response"] for s in session}
    readme = (folder / "README.md").read_text(encoding="utf-8")
    shown = _re.findall(r"^([<>]) (\{.*\})$", readme, flags=_re.M)
    assert len(shown) == 2 * len(session)
    for side, text in shown:
        obj = json.loads(text)
        expected = dict((requests if side == ">" else responses)[obj["id"]])
        if side == "<" and expected.get("type") == "expand":
            expected["children"] = expected["children"][:2]
        assert obj == expected


# -- the shape tests pass only what the schemas accept ------------------------------------

SHAPE_NEAR_MISSES: Final[tuple[Any, ...]] = (
    None, True, False, 0, 1, -1, 2.5, 10**30, "", "x", "pass", "\ud800", "\u00e9", [], ["x"],
    ["", "x"], [None], {}, {"a": 1}, {"\u00e9": "x"}, {"over": True},
    {"over": False, "score": -1}, {"over": False, "winner": 1},
    {"over": False, "draw": None}, {"over": False, "note": "x"},
    {"move": "1c3", "outcome": {"over": False}}, {"move": "", "outcome": {"over": False}},
    {"move": "1c3", "position": 1, "outcome": {"over": False}},
    {"kind": "illegal-move", "message": "x"}, {"kind": "odd", "message": "x"},
    {"notation": "P", "first": "white"}, {"first": None, "moves": ["1c3"]},
    {"first": "white", "moves": [""]})
"""Values a shape test could take for valid: near misses of every field it reads."""
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["over", "move", "kind", "x", "\u00e9"]), inner,
                      max_size=3), max_leaves=6)


def _schema_accepts(schema: str, message: Any, request_type: str) -> bool:
    if not _validator(schema).is_valid(message):
        return False
    try:
        if schema.startswith("request-"):
            protocol.validate_request(message)
        else:
            protocol.validate_response(message, request_type)
    except protocol.ProtocolError:
        return False
    return True


def _shape_passes_only_valid(schema: str, message: Any) -> None:
    if schema.startswith("request-"):
        if shapes.request_ok(message):
            assert _schema_accepts(f"request-{message['type']}.schema.json", message,
                                   message["type"]), message
        return
    for kind in protocol.REQUEST_TYPES:
        if shapes.response_ok(message, kind):
            name = "response-error.schema.json" if message.get("ok") is False \
                else f"response-{kind}.schema.json"
            assert _schema_accepts(name, message, kind), (kind, message)


def _single_mutations(message: Any) -> Iterator[Any]:
    """The message with one part replaced by each near miss, removed, or joined by a
    field of each near miss."""
    for path in _paths(message):
        for value in (*SHAPE_NEAR_MISSES, _DELETE):
            changed = copy.deepcopy(message)
            if not path:
                if value is not _DELETE:
                    yield value
                continue
            parent = changed
            for key in path[:-1]:
                parent = parent[key]
            if value is _DELETE:
                if isinstance(parent, dict):
                    del parent[path[-1]]
                else:
                    continue
            else:
                parent[path[-1]] = copy.deepcopy(value)
            yield changed
        if isinstance(message, dict):
            for name in ("first", "position", "divide", "rule_id", "extra"):
                yield {**message, name: "x"}


_DELETE: Final = object()


@pytest.mark.parametrize(("schema", "message"), EXAMPLES,
                         ids=[f"{i}-{s}" for i, (s, _) in enumerate(EXAMPLES)])
def test_the_shape_tests_pass_no_single_near_miss_the_schema_refuses(
        schema: str, message: Any) -> None:
    """``request_ok`` and ``response_ok`` stand in for the full check on the hot path, so
    what they pass must be valid: every message of the example session with any one
    part replaced by a near miss, removed, or a field added."""
    for changed in _single_mutations(message):
        _shape_passes_only_valid(schema, changed)


@settings(max_examples=400, deadline=None)
@given(mutated(JSON_VALUES))
def test_the_shape_tests_pass_only_what_the_schema_accepts(case: tuple[str, Any]) -> None:
    """The same with any small JSON value in place of one part."""
    _shape_passes_only_valid(*case)


@pytest.mark.parametrize(("schema", "message"), EXAMPLES,
                         ids=[f"{i}-{s}" for i, (s, _) in enumerate(EXAMPLES)])
def test_the_shape_tests_pass_ordinary_messages(schema: str, message: Any) -> None:
    """Every message of the example session but ``identify`` passes its shape test, so
    the full check runs only on the unusual ones."""
    kind = schema.split("-", 1)[1].removesuffix(".schema.json")
    if kind == "identify":
        return
    if schema.startswith("request-"):
        assert shapes.request_ok(message)
    else:
        request = next(r for r in EXAMPLE_REQUESTS if r["id"] == message["id"])
        assert shapes.response_ok(message, request["type"])
