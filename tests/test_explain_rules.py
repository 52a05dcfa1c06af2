"""Each rule and ruling, explained: the answer cites the right IDs, every cited ID is in
the spec, and together the examples (with the golden disputes) cite every rule and
ruling of the spec that can apply to one position."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from shibumi_rules import spec
from shibumi_rules.contract.explanation import MoveAnswer
from shibumi_rules.errors import ShibumiError
from shibumi_rules.explain import Setup, explain
from shibumi_rules.explain.model import Report
from shibumi_rules.explain.output import cited_ids
from shibumi_rules.registry import get_definition

GOLDEN = Path(__file__).parent / "golden" / "explain"

NOT_ABOUT_A_POSITION = {
    "SPK-DUEL-1": "a match of two games",
    "SPK-BID-1": "bidding before a game",
    "SPK-RUL-6": "bidding before a game",
    "SPK-RUL-8": "the result of a duel",
    "SPK-RUL-11": "who starts a match",
    "SPK-RUL-12": "bidding before a game",
    "SPK-RUL-13": "the result of a bid match",
    "SHB-POINT-1": "point names: a malformed name is a notation error with no rule",
}
"""Spec entries ``explain`` never cites, and why."""


@dataclass(frozen=True)
class Example:
    name: str
    game: str
    position: str | None
    question: str | None
    rule: str | None
    """The rule the move breaks (None: legal, or a position question)."""
    cites: tuple[str, ...]
    moves: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()


EXAMPLES = (
    Example("empty stock", "sploof",
            "RRRR,RWBR,R..R,RRRR/...,...,.../..,../. white stock:0,1 supply:15,14,4", "1c5",
            "SPF-PLACE-1", ("SPF-TURN-1", "SPF-PLACE-1")),
    Example("occupied point", "sploof", None, "1c3", "SHB-PLACE-1", ("SHB-PLACE-1",),
            moves=("1c3",)),
    Example("unsupported point", "sploof", None, "2b2", "SHB-PLACE-1", ("SHB-PLACE-1",)),
    Example("remove a white ball", "sploof", None, "x1c3", "SPF-REMOVE-1",
            ("SPF-REMOVE-1",), moves=("1c3",)),
    Example("remove an empty point", "sploof", None, "x1c3", "SPF-REMOVE-1",
            ("SPF-REMOVE-1",)),
    Example("remove a red ball", "sploof", None, "x1a1", None,
            ("SPF-REMOVE-1", "SHB-PIN-1", "SPF-RUL-1", "SPF-REMOVE-2", "SHB-DROP-1")),
    Example("removal under the unlimited supply", "sploof", None, "x1a1", None,
            ("SPF-RUL-1", "SPF-REMOVE-2"), options=(("supply", "unlimited"),)),
    Example("no legal move", "sploof",
            "....,.WW.,.B..,..../...,...,.../..,../. white stock:0,1 supply:14,14,16", None,
            None, ("SPF-END-1",)),
    Example("a move after no legal move", "sploof",
            "....,.WW.,.B..,..../...,...,.../..,../. white stock:0,1 supply:14,14,16",
            "1a1", "SPF-PLACE-1", ("SPF-PLACE-1", "SPF-END-1")),
    Example("no legal move with balls in stock", "sploof",
            "WRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,3 supply:3,3,8", None,
            None, ("SPF-END-1", "SPF-RUL-3", "SHB-COMPLETE-1", "SHB-PIN-1")),
    Example("a move after a win", "sploof",
            "WWWW,RBBR,R..R,RRRR/BB.,...,.../..,../. black stock:0,1 supply:12,11,8",
            "1c5", "SPF-WIN-1", ("SPF-WIN-1",)),
    Example("a line revealed by a drop is the opponent's", "sploof",
            "RBBB,RW.R,R..R,RRRR/B..,...,.../..,../. white stock:1,1 supply:14,11,7",
            "x1a1", None, ("SHB-DROP-1", "SPF-LINE-1", "SPF-WIN-2")),
    Example("splink start", "splink", None, None, None,
            ("SPK-SETUP-1", "SPK-RUL-4", "SPK-SCORE-1", "SPK-RUL-9", "SPK-END-1")),
    Example("splink pair on one point", "splink", None, "R1a1+W1a1", "SHB-PLACE-1",
            ("SHB-PLACE-1",)),
    Example("splink unlimited supply", "splink", None, "R1a1+W1c1", None,
            ("SPK-PLACE-1", "SPK-RUL-5"), options=(("supply", "unlimited"),)),
    Example("splink removal of a ball supporting none", "splink", None, "x1a1+W1e1",
            "SPK-REMOVE-1", ("SPK-REMOVE-1",), moves=("R1a1+W1c1",)),
    Example("splink removal of a pinned ball", "splink",
            "RWR.,RWR.,....,..../WR.,...,.../..,../. attractor turns:4 supply:11,13",
            "x1c1+R1g1", "SPK-REMOVE-1", ("SPK-REMOVE-1", "SHB-PIN-1")),
    Example("splink wrong colour after a removal", "splink",
            "RWR.,RW..,....,..../W..,...,.../..,../. repulsor turns:3 supply:13,13",
            "x1a1+R2b2", "SPK-REMOVE-2", ("SPK-REMOVE-2",)),
    Example("splink removal with the other colour exhausted", "splink",
            "WWWW,WWWW,WWWW,WWWR/RR.,RR.,..R/W.,../. repulsor turns:11 supply:10,0",
            "x2b2+W3c3", "SPK-RUL-7", ("SPK-RUL-7",)),
    Example("splink pair with a colour exhausted", "splink",
            "WWWW,WWWW,WWWW,WWWR/RR.,RR.,..R/W.,../. repulsor turns:11 supply:10,0",
            "R2f2+W2f4", "SPK-PLACE-1", ("SPK-PLACE-1",)),
    Example("splink no legal move before completion", "splink",
            "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16", None,
            None, ("SPK-RUL-3",)),
    Example("splink a move after no legal move", "splink",
            "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16",
            "R2b2+W2d2", "SPK-PLACE-1", ("SPK-PLACE-1", "SPK-RUL-3")),
    Example("splink turn limit", "splink", None, "R1a1+W1c1", None,
            ("SPK-RUL-4", "SPK-END-1"), options=(("max_turns", "1"),)),
    Example("splink a move after the turn limit", "splink", None, "R1e1+W1g1", "SPK-RUL-4",
            ("SPK-RUL-4",), moves=("R1a1+W1c1",), options=(("max_turns", "1"),)),
    Example("splink complete pyramid", "splink",
            "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/RW,WR/W repulsor turns:15 supply:1,1", None,
            None, ("SPK-END-1", "SHB-COMPLETE-1", "SHB-TOUCH-1")),
)


def _report(example: Example) -> Report:
    setup = Setup(example.position, None, example.moves, dict(example.options))
    definition = get_definition(example.game)
    return explain(definition.rules(), definition.explainer(), setup, example.question)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example_cites_the_right_rules(example: Example) -> None:
    report = _report(example)
    answer = report.answer
    if example.question is not None:
        assert isinstance(answer, MoveAnswer)
        assert answer.rule == example.rule
        assert answer.legal == (example.rule is None)
    cited = cited_ids(report)
    for rule in example.cites:
        assert rule in cited, f"{example.name}: {rule} not cited (cited: {cited})"
    known = spec.current()
    assert all(rule in known for rule in cited), "cites an ID the spec does not define"


def _golden_citations() -> set[str]:
    found: set[str] = set()
    for path in GOLDEN.glob("*.json"):
        found.update(json.loads(path.read_text(encoding="utf-8"))["rules"])
    return found


def _error_citations() -> set[str]:
    """Rules cited by the errors explain reports for impossible positions."""
    found = set()
    sploof = get_definition("sploof")
    for position in ("RRRR,R..R,R..R,RRRR/W..,...,.../..,../. white stock:2,2 supply:14,14,4",
                     "RRRR,R..R,R..R,RRRR/...,...,.../..,../. white stock:3,2 supply:14,14,4"):
        with pytest.raises(ShibumiError) as info:
            explain(sploof.rules(), sploof.explainer(), Setup(position=position), None)
        assert info.value.rule_id is not None
        found.add(info.value.rule_id)
    return found


def test_every_applicable_spec_entry_is_cited() -> None:
    cited = _golden_citations() | _error_citations()
    for example in EXAMPLES:
        cited.update(cited_ids(_report(example)))
    expected = set(spec.current().ids()) - set(NOT_ABOUT_A_POSITION)
    assert expected - cited == set()
    assert set(NOT_ABOUT_A_POSITION) <= set(spec.current().ids())
