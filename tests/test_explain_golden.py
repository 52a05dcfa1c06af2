"""Classic rules disputes, answered by ``shibumi-rules explain`` and compared exactly with
the golden files in ``tests/golden/explain/`` (text, JSON and SVG).

After an intended change of the output, regenerate the files and review the diff:

    SHIBUMI_UPDATE_GOLDEN=1 pytest tests/test_explain_golden.py
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from shibumi_rules.cli import main

GOLDEN = Path(__file__).parent / "golden" / "explain"
UPDATE = os.environ.get("SHIBUMI_UPDATE_GOLDEN") == "1"
NS = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Case:
    """One dispute: the command line after ``explain``, the verdict, the rules the
    answer must cite, and marks the SVG must show as (classes, point)."""

    name: str
    argv: tuple[str, ...]
    legal: bool | None
    cites: tuple[str, ...]
    marks: tuple[tuple[str, str], ...]
    status: int = 0


CASES = (
    Case("sploof-crossed-row",
         ("sploof", "--position",
          "RRRR,.WWW,RBBR,RRRR/.B.,.B.,.../..,../. white stock:1,1 supply:12,11,6", "1a3"),
         True, ("SPF-LINE-1", "SHB-CROSS-1", "SPF-WIN-1"),
         (("path broken", "1a3 1c3 1e3 1g3"), ("ring crossing", "2d2"),
          ("ring crossing", "2d4"), ("path crossed", "1c3 1e3"), ("ghost white", "1a3"))),
    Case("sploof-perimeter-link-one-ball",
         ("sploof", "--position",
          "WWW.,RBBR,R..R,RRRR/BB.,...,.../..,../. white stock:1,1 supply:12,11,8", "1g1"),
         True, ("SPF-LINE-1", "SPF-RUL-4", "SPF-WIN-1"),
         (("path line", "1a1 1c1 1e1 1g1"), ("ring move", "1g1"))),
    Case("sploof-hidden-row",
         ("sploof", "--position",
          "RRRR,WWWW,RBBR,RRRR/BW.,WB.,.../W.,../. black stock:1,1 supply:8,11,6"),
         None, ("SPF-LINE-1", "SHB-CROSS-1", "SHB-HIDE-1", "SPF-RUL-7", "SHB-PIN-1"),
         (("path broken", "1a3 1c3 1e3 1g3"), ("ring hidden", "1c3"), ("ring hiding", "3c3"),
          ("ring pinned", "1c1"))),
    Case("sploof-zigzag-diagonal",
         ("sploof", "--position",
          "WRRR,RWBR,RBBR,RRRR/W..,...,.../..,../. white stock:1,1 supply:12,12,5", "2d4"),
         True, ("SPF-LINE-2", "SPF-RUL-5", "SPF-WIN-1"),
         (("path line", "1a1 2b2 1c3 2d4"), ("ring supporter", "1e5"))),
    Case("sploof-simultaneous-lines",
         ("sploof", "--position",
          "RWWW,RBWR,RWBR,RRRR/WW.,WB.,.../B.,../. white stock:1,2 supply:7,10,7", "x1a1",
          "--compare-rulings"),
         True, ("SPF-RUL-2", "SHB-DROP-1", "SHB-HIDE-1", "SPF-LINE-2", "SPF-LINE-1"),
         (("arrow drop", "2b2>1a1"), ("arrow drop", "3c3>2b2"), ("ring removed", "1a1"),
          ("path line", "1a1 1c1 1e1 1g1"), ("path opponent-line", "2b2 1c3 2d4 1e5"))),
    Case("sploof-removal-hands-opponent-line",
         ("sploof", "--position",
          "RBBB,RW.R,R..R,RRRR/B..,...,.../..,../. white stock:1,1 supply:14,11,7", "x1a1"),
         True, ("SPF-WIN-2", "SHB-DROP-1", "SPF-REMOVE-2"),
         (("arrow drop", "2b2>1a1"), ("path opponent-line", "1a1 1c1 1e1 1g1"))),
    Case("sploof-pinned-red",
         ("sploof", "--position",
          "RRRR,RWBR,R..R,RRRR/WB.,...,.../..,../. white stock:1,1 supply:13,13,4", "x1c1"),
         False, ("SHB-PIN-1",),
         (("ring pinned", "1c1"), ("ring supported", "2b2"), ("ring supported", "2d2"))),
    Case("sploof-supply-exhausted",
         ("sploof", "--position",
          "RRRR,RWW.,.B..,..../...,...,.../..,../. white stock:14,1 supply:0,14,11", "x1a1",
          "--compare-rulings"),
         False, ("SPF-RUL-1", "SPF-REMOVE-2"), (("ring removed", "1a1"),)),
    Case("sploof-moves-stop-at-illegal",
         ("sploof", "--moves", "1c3 1e3 2d4 1c5", "1e5"),
         False, ("SHB-PLACE-1",), (("ring missing", "1c5"), ("ring missing", "1e5")), 1),
    Case("sploof-start",
         ("sploof", "--first", "black"),
         None, ("SPF-SETUP-1", "SPF-START-1", "SPF-RUL-6"), ()),
    # White has no ball in stock and no white ball in the supply: the removal is
    # refused by the supply rule first, and only then is White's lack of a move the end.
    Case("sploof-no-move-removal",
         ("sploof", "--position",
          "BWWR,WWWW,WBWR,WBWW/BWW,BWB,BWB/WB,.B/. white stock:0,2 supply:0,4,14", "x1g1"),
         False, ("SPF-RUL-1", "SPF-REMOVE-2", "SPF-END-1"),
         (("ring removed", "1g1"),)),
    # One of White's balls on the diagonal is covered by a black ball: not "all four
    # balls", and no zig-zag is claimed for a line that does not hold.
    Case("sploof-covered-diagonal",
         ("sploof", "--position",
          "RRRR,RWBR,RBWR,RRRR/WB.,BW.,.../B.,../. white stock:2,1 supply:10,10,4"),
         None, ("SPF-LINE-2", "SHB-HIDE-1"),
         (("path broken", "2b2 3c3 2d4 1e5"), ("ring hidden", "1c3"), ("ring hiding", "3c3"))),
    # 2b2 alone rests over the inner link 1a3-1c3: the row still counts (SPF-RUL-4).
    Case("sploof-inner-link-one-ball",
         ("sploof", "--position",
          "RRRR,WWW.,RB.R,RRRR/B..,...,.../..,../. white stock:1,1 supply:12,13,6", "1g3"),
         True, ("SPF-LINE-1", "SPF-RUL-4", "SPF-WIN-1"),
         (("path line", "1a3 1c3 1e3 1g3"), ("ring move", "1g3"))),
    # The removal drops 2b2 and leaves 2b4 alone over the link: White's row is made for
    # White, who wins at once by default and must still hold it after their own move
    # under lines_checked=mover (SPF-RUL-8).
    Case("sploof-removal-leaves-one-ball",
         ("sploof", "--position",
          "RRRR,WWWW,RB.R,RRRR/B..,B..,.../..,../. black stock:1,2 supply:11,11,6", "x1a1",
          "--compare-rulings"),
         True, ("SPF-RUL-4", "SPF-WIN-2", "SHB-DROP-1", "SPF-RUL-8"),
         (("arrow drop", "2b2>1a1"), ("path opponent-line", "1a3 1c3 1e3 1g3"))),
    # Under lines_checked=mover White holds a row made by Black's move, then crosses it
    # again with 2b2: the game goes on (SPF-RUL-8).
    Case("sploof-mover-breaks-own-line",
         ("sploof", "--position",
          "RRRR,WWWW,RB.R,RRRR/B..,B..,.../..,../. black stock:1,2 supply:11,11,6 "
          "lines_checked=mover", "--moves", "x1a1", "2b2", "--compare-rulings"),
         True, ("SPF-RUL-8", "SHB-CROSS-1", "SPF-WIN-1"),
         (("ring move", "2b2"),)),
    # Black holds 5 balls in stock on a complete pyramid, and its supply is too short
    # for a removal: Black loses by default, must pass under stuck=pass, and the game is
    # drawn under stuck=draw (SPF-RUL-3).
    Case("sploof-stuck-with-balls-in-stock",
         ("sploof", "--position",
          "RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,5 supply:4,1,7",
          "--compare-rulings"),
         None, ("SPF-END-1", "SPF-RUL-3", "SHB-COMPLETE-1", "SPF-RUL-1"),
         (("ring pinned", "1c1"),)),
    # The same position under stuck=pass: the pass hands the turn to White, who can
    # remove the red corner 1a1; under the other values the game is already over.
    Case("sploof-pass",
         ("sploof", "--position",
          "RRRB,RWBR,RBWR,BRRW/WBB,BWW,BWW/BW,WB/W black stock:1,5 supply:4,1,7 stuck=pass",
          "pass", "--compare-rulings"),
         True, ("SPF-RUL-3", "SPF-TURN-1"), ()),
    # 2d2 and 2d4 cross White's row a3-g3; under blocking=none nothing crosses a link,
    # and the same move wins (SPF-RUL-4).
    Case("sploof-crossed-row-blocking-none",
         ("sploof", "--position",
          "RRRR,.WWW,RBBR,RRRR/.B.,.B.,.../..,../. white stock:1,1 supply:12,11,6", "1a3",
          "--compare-rulings"),
         True, ("SPF-RUL-4", "SHB-CROSS-1"),
         (("path broken", "1a3 1c3 1e3 1g3"), ("ring crossing", "2d2"))),
    # Under blocking=one the single ball 2b2 over the inner link 1a3-1c3 crosses it: no
    # line; under the default and under blocking=none the move wins (SPF-RUL-4).
    Case("sploof-one-ball-blocks",
         ("sploof", "--position",
          "RRRR,WWW.,RB.R,RRRR/B..,...,.../..,../. white stock:1,1 supply:12,13,6 "
          "blocking=one", "1g3", "--compare-rulings"),
         True, ("SPF-RUL-4", "SHB-CROSS-1", "SPF-LINE-1"),
         (("path broken", "1a3 1c3 1e3 1g3"), ("ring crossing", "2b2"))),
    # A pass is no turn unless stuck=pass makes it one: the rule it breaks is the one
    # that says what a turn is, not the ruling on a case no game reaches.
    Case("sploof-pass-not-a-turn", ("sploof", "pass"), False, ("SPF-TURN-1",), ()),
    # White lacks only 1g7 of rank 7, but 1g7 holds a black ball on level 1, which never
    # leaves: the row is dead, so the answer gives no hint of it.
    Case("sploof-dead-row",
         ("sploof", "--position",
          "RRRR,R..R,R..R,WWWB/...,...,.../..,../. white stock:1,1 supply:12,14,8"),
         None, ("SPF-TURN-1", "SHB-PLACE-1"), ()),
    Case("splink-placement-order",
         ("splink", "--position",
          "RWR.,R...,....,..../...,...,.../..,../. attractor turns:2 supply:13,15",
          "W2b2+R1c3"),
         True, ("SPK-RUL-1", "SPK-SCORE-1", "SPK-RUL-9"),
         (("ghost red", "1c3"), ("ghost white", "2b2"), ("path pair", "1a1 2b2"))),
    Case("splink-placement-order-illegal",
         ("splink", "--position",
          "RWR.,R...,....,..../...,...,.../..,../. attractor turns:2 supply:13,15",
          "W2b2+R1e3"),
         False, ("SHB-PLACE-1", "SPK-RUL-1"), (("ring missing", "1c3"),)),
    Case("splink-removal-and-swap",
         ("splink", "--position",
          "RWR.,RW..,....,..../W..,...,.../..,../. repulsor turns:3 supply:13,13",
          "x1a1+W2b2"),
         True, ("SPK-REMOVE-1", "SPK-RUL-2", "SPK-RUL-7", "SPK-RUL-10", "SHB-DROP-1"),
         (("arrow drop", "2b2>1a1"), ("ring dropped", "1a1"))),
    Case("splink-finished-pyramid",
         ("splink", "--position",
          "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/RW,W./. attractor turns:14 supply:2,2",
          "R3e5+W4d4", "--compare-rulings"),
         True, ("SPK-END-1", "SPK-SCORE-1", "SPK-RUL-1"),
         (("path pair", "3e5 4d4"), ("ring move", "4d4"))),
    Case("splink-red-supply-empty",
         ("splink", "--position",
          "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16",
          "R2b2+W2d2"),
         False, ("SPK-PLACE-1", "SPK-RUL-3", "SPK-END-1"), (("ghost red", "2b2"),)),
    Case("splink-no-legal-move",
         ("splink", "--position",
          "WRRW,WRRR,WRRW,RRRR/RRR,WRR,.../..,../. attractor turns:22 supply:0,10"),
         None, ("SPK-PLACE-1", "SHB-PIN-1", "SPK-REMOVE-1", "SPK-RUL-7", "SPK-RUL-3"),
         (("ring inner", "2d4"),)),
    # 1c1 and 1a3 are diagonal neighbours on level 1: they do not touch, so no contact.
    Case("splink-diagonal-neighbours", ("splink", "R1a3+W1c1"), True,
         ("SHB-TOUCH-1", "SPK-SCORE-1"), (("ring move", "1c1"), ("ring move", "1a3"))),
    # Three in a row on level 1 is no line: a line of level 1 needs the whole row.
    Case("spline-three-in-a-row",
         ("spline", "--position", "WW..,BB..,....,..../...,...,.../..,../. white", "1e1"),
         True, ("SPL-LINE-1", "SPL-RUL-1"), (("ring move", "1e1"),)),
    # 1a1 2b2 1c3 2d4 look straight from above, as a Sploof line may, but a Spline line
    # is flat.
    Case("spline-zigzag-not-a-line",
         ("spline", "--position", "WB..,BWB.,.BB.,W..W/W..,...,.../..,../. white", "2d4"),
         True, ("SPL-LINE-1", "SPL-RUL-1"), (("ring move", "2d4"),)),
    # Text that is no move of the game is an answer too: illegal, breaking the rule
    # that says what a move is (the notation names the precise one where it can).
    Case("splink-two-red-balls", ("splink", "R1a1+R1c1"), False, ("SPK-PLACE-1",), ()),
    Case("splink-removal-without-placement", ("splink", "x1a1"), False,
         ("SPK-REMOVE-2",), ()),
    Case("splink-single-ball", ("splink", "R1a1"), False, ("SPK-PLACE-1",), ()),
    Case("sploof-not-a-move", ("sploof", "hello"), False, ("SPF-TURN-1",), ()),
    Case("spline-removal-is-no-move", ("spline", "x1a1"), False, ("SPL-TURN-1",), ()),
    Case("splink-complete-pyramid-score",
         ("splink", "--position",
          "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/RW,WR/W repulsor turns:15 supply:1,1"),
         None, ("SPK-SCORE-1", "SPK-RUL-9", "SPK-END-1"),
         (("ring inner", "2d4"), ("path pair", "1a1 1c1"))),
)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["explain", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with SHIBUMI_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def _marks(root: ET.Element) -> set[tuple[str, str]]:
    """(classes, point or points) of every mark and ball, for the expectations."""
    found = set()
    for e in root.iter():
        classes = e.get("class", "")
        where = e.get("data-points") or e.get("data-point")
        if e.get("data-from"):
            where = f"{e.get('data-from')}>{e.get('data-to')}"
        if classes and where:
            kinds = classes.split()
            for i in range(len(kinds)):
                for j in range(i + 1, len(kinds) + 1):
                    found.add((" ".join(kinds[i:j]), where))
    return found


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_dispute(case: Case, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, text, err = _run(list(case.argv), capsys)
    assert status == case.status
    assert (err != "") == (case.status != 0)
    _check_golden(f"{case.name}.txt", text)

    status, out, _ = _run([*case.argv, "--json"], capsys)
    report = json.loads(out)
    _check_golden(f"{case.name}.json", out)
    answer = report["answer"]
    if case.legal is None:
        assert answer["kind"] == "position"
    else:
        assert answer["kind"] == "move" and answer["legal"] is case.legal
    for rule in case.cites:
        assert rule in report["rules"], f"{case.name} does not cite {rule}"
    assert all(title for title in report["rules"].values()), "a cited ID has no spec title"

    svg_path = tmp_path / "answer.svg"
    _run([*case.argv, "--svg", str(svg_path)], capsys)
    svg = svg_path.read_text(encoding="utf-8")
    _check_golden(f"{case.name}.svg", svg)
    root = ET.fromstring(svg)
    position_balls = sum(ch in "WBR" for ch in report["position"].split()[0])
    first_frame = next(e for e in root.iter() if "frame" in e.get("class", "").split())
    balls = [e for e in first_frame.iter() if e.get("class", "").startswith("ball ")]
    assert len(balls) == 2 * position_balls  # each ball in the top view and its level
    marks = _marks(root)
    for expected in case.marks:
        assert expected in marks, f"{case.name}: SVG lacks {expected}"
