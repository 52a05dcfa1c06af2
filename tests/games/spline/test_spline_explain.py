"""Spline disputes answered by ``shibumi-rules explain`` and compared exactly with the
golden files ``tests/golden/explain/spline-*`` (text, JSON and SVG), checked the same
way as the other games' (see ``test_explain_golden``); and the explanation of any move
agrees with the engine on its legality and rule.

After an intended change of the output, regenerate the files and review the diff:

    SHIBUMI_UPDATE_GOLDEN=1 pytest tests/games/spline/test_spline_explain.py
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi_rules.contract.explanation import MoveAnswer
from shibumi_rules.errors import IllegalMoveError
from shibumi_rules.explain import Setup, explain
from shibumi_rules.games.spline.explain import EXPLAINER
from shibumi_rules.games.spline.game import GAME, SplineState
from shibumi_rules.geometry import NAMES

from ...test_explain_golden import Case
from ...test_explain_golden import test_dispute as check_dispute
from .test_spline_strategies import positions

CASES = (
    Case("spline-covered-row",
         ("spline", "--position", "WWW.,BB..,....,..../B..,...,.../..,../. white", "1g1"),
         True, ("SPL-LINE-1", "SPL-RUL-2", "SPL-WIN-1", "SPL-RUL-5"),
         (("path line", "1a1 1c1 1e1 1g1"), ("ring supported", "2b2"), ("ghost white", "1g1"),
          ("ring move", "1g1"))),
    Case("spline-hidden-row",
         ("spline", "--position", "WBB.,WWW.,BBW.,..../BW.,WB.,.../B.,../. white", "1g3"),
         True, ("SPL-LINE-1", "SPL-RUL-2", "SHB-HIDE-1", "SPL-WIN-1"),
         (("path line", "1a3 1c3 1e3 1g3"), ("ring hidden", "1c3"), ("ring supported", "2d4"))),
    Case("spline-top-diagonal",
         ("spline", "--position", "BWW.,BWWW,WBBB,.WBB/BB.,BWW,.BW/W.,../. white", "3e5"),
         True, ("SPL-LINE-1", "SPL-RUL-1", "SPL-WIN-1"),
         (("path line", "3c3 3e5"), ("ring supporter", "2f6"))),
    Case("spline-double-line",
         ("spline", "--position", "WBB.,BWBB,WBWB,.BWB/.W.,W.W,.W./..,../. white", "2d4"),
         True, ("SPL-LINE-1", "SPL-WIN-1"),
         (("path line", "2b4 2d4 2f4"), ("path line", "2d2 2d4 2d6"))),
    Case("spline-not-a-platform",
         ("spline", "--moves", "1a1 1c1 1a3", "2b2"),
         False, ("SHB-PLACE-1", "SPL-TURN-1", "SPL-PLACE-1"), (("ring missing", "1c3"),)),
    Case("spline-game-over",
         ("spline", "--position", "WWWW,BB..,....,..../B..,...,.../..,../. black", "1a5"),
         False, ("SPL-WIN-1",), ()),
    Case("spline-start",
         ("spline", "--first", "black"),
         None, ("SPL-SETUP-1", "SPL-START-1", "SPL-RUL-4", "SPL-RUL-7"), ()),
    Case("spline-last-turn",
         ("spline", "--position", "WWBB,BBWW,WWBB,BBWW/WBW,WBB,BWW/WB,../. black"),
         None, ("SPL-RUL-6", "SPL-RUL-3", "SPL-RUL-7"),
         (("path near", "3e3 3e5"), ("path near", "3c3 3e5"))),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_spline_dispute(case: Case, capsys: pytest.CaptureFixture[str],
                        tmp_path: Path) -> None:
    check_dispute(case, capsys, tmp_path)


@given(positions(), st.sampled_from(NAMES))
def test_the_explanation_agrees_with_the_engine(state: SplineState, name: str) -> None:
    answer = explain(GAME, EXPLAINER, Setup(position=GAME.format_position(state)), name).answer
    assert isinstance(answer, MoveAnswer)
    try:
        after = GAME.play_text(state, name)
    except IllegalMoveError as err:
        assert not answer.legal and answer.rule == err.rule_id
        assert answer.checks[-1].text == err.message
    else:
        assert answer.legal and answer.position_after == GAME.format_position(after)
        assert answer.outcome == GAME.outcome_json(after)
