"""Named Spline positions: each reached by a game from the start and built to exercise
particular rules, shared by the perft file and the conformance vectors."""

from __future__ import annotations

from typing import Final

from ...contract.positions import NamedPosition
from ...notation import EMPTY_BOARD

POSITIONS: Final = (
    NamedPosition(
        "spline", "start", f"{EMPTY_BOARD} white",
        "The empty pyramid with White to move.",
        ("SPL-SETUP-1", "SPL-START-1", "SPL-RUL-4", "SPL-TURN-1", "SPL-PLACE-1"), 6, 4),
    NamedPosition(
        "spline", "start-black", f"{EMPTY_BOARD} black",
        "The empty pyramid with Black to move (--first black).",
        ("SPL-START-1", "SPL-RUL-4"), 4, 2),
    NamedPosition(
        "spline", "black-first", "BWB.,W.B.,....,..../...,...,.../..,../. white",
        "Black moved first: three black balls and two white ones, White to move.",
        ("SPL-RUL-4", "SPL-TURN-1"), 4, 2),
    NamedPosition(
        "spline", "covered-row", "WWW.,BB..,....,..../B..,...,.../..,../. white",
        "Black's 2b2 rests on White's 1a1 and 1c1; 1g1 still completes White's row "
        "1a1-1g1 (covered balls count) and wins.",
        ("SPL-RUL-2", "SPL-LINE-1", "SPL-WIN-1", "SHB-GRAVITY-1"), 4, 3),
    NamedPosition(
        "spline", "hidden-row", "WBB.,WWW.,BBW.,..../BW.,WB.,.../B.,../. white",
        "Black's 3c3 hides White's 1c3 from above and level 2 rests on the rest of rank 3; "
        "1g3 still completes White's row 1a3-1g3 and wins.",
        ("SPL-RUL-2", "SHB-HIDE-1", "SPL-LINE-1", "SPL-WIN-1"), 4, 2),
    NamedPosition(
        "spline", "double-line", "WBB.,BWBB,WBWB,.BWB/.W.,W.W,.W./..,../. white",
        "2d4 completes White's row 2b4-2f4 and column 2d2-2d6 at once.",
        ("SPL-LINE-1", "SPL-WIN-1", "SPL-RUL-5"), 4, 2),
    NamedPosition(
        "spline", "top-diagonal", "BWW.,BWWW,WBBB,.WBB/BB.,BWW,.BW/W.,../. white",
        "White reached level 3 first: 3e5 makes the diagonal 3c3-3e5, two balls corner "
        "to corner on the 2x2 level, and wins.",
        ("SPL-LINE-1", "SPL-RUL-1", "SPL-RUL-6", "SPL-WIN-1"), 4, 2),
    NamedPosition(
        "spline", "last-turn", "WWBB,BBWW,WWBB,BBWW/WBW,WBB,BWW/WB,../. black",
        "The last turn of a longest game: levels 1 and 2 are full without a line, level "
        "3 holds one ball of each colour, and Black places their 14th ball: on either "
        "free point of level 3 it makes a line of two, so every move wins.",
        ("SPL-RUL-6", "SPL-RUL-7", "SPL-RUL-3", "SPL-LINE-1", "SPL-WIN-1"), 2, 1),
    NamedPosition(
        "spline", "won", "WWWW,BB..,....,..../B..,...,.../..,../. black",
        "White has completed row 1a1-1g1 under Black's 2b2: the game is over.",
        ("SPL-WIN-1", "SPL-LINE-1", "SPL-RUL-2"), 1, 0),
)
