"""Named Sploof positions: each built to exercise particular rules, shared by the
perft file and the conformance vectors."""

from __future__ import annotations

from typing import Final

from ...contract.positions import NamedPosition
from .rules import START_BOARD

POSITIONS: Final = (
    NamedPosition(
        "sploof", "start", f"{START_BOARD} white stock:2,2 supply:14,14,4",
        "The setup with White to move.",
        ("SPF-SETUP-1", "SPF-START-1", "SPF-RUL-6", "SPF-PLACE-1", "SPF-REMOVE-1"), 8, 5,
        first="white"),
    NamedPosition(
        "sploof", "start-black", f"{START_BOARD} black stock:2,2 supply:14,14,4",
        "The setup with Black to move (the start player is drawn at random).",
        ("SPF-START-1", "SPF-RUL-6"), 6, 4, first="black"),
    NamedPosition(
        "sploof", "start-unlimited",
        f"{START_BOARD} white stock:2,2 supply:-,-,4 supply=unlimited",
        "The setup under the unlimited supply.",
        ("SPF-RUL-1",), 7, 4, first="white"),
    NamedPosition(
        "sploof", "both-lines",
        "RRRR,RWWW,BBBB,RRRR/...,W..,B../..,../. white stock:1,1 supply:11,10,7",
        "x1a3 drops White's 2b4 into 1a3, completing White's rank 3, and by leaving 2b4 "
        "unblocks Black's rank 5: both players get a line and the mover (White) wins. "
        "x1a7 and x1c7 drop Black's 2b6 and unblock Black's rank 5 alone.",
        ("SPF-RUL-2", "SPF-WIN-1", "SPF-WIN-2", "SHB-DROP-1", "SHB-CROSS-1"), 5, 3),
    NamedPosition(
        "sploof", "both-lines-draw",
        "RRRR,RWWW,BBBB,RRRR/...,W..,B../..,../. white stock:1,1 supply:11,10,7 "
        "simultaneous=draw",
        "The both-lines position under simultaneous=draw: x1a3 draws.",
        ("SPF-RUL-2",), 4, 2),
    NamedPosition(
        "sploof", "both-lines-one-ball-blocks",
        "RRRR,RWWW,BBBB,RRRR/...,W..,.../..,../. white stock:1,1 supply:11,11,7 "
        "blocking=one",
        "Under blocking=one White's 2b4 alone crosses Black's rank 5: x1a3 drops it into "
        "1a3, completing White's rank 3 and leaving Black's rank 5 uncrossed, so both "
        "players get a line and the mover (White) wins.",
        ("SPF-RUL-2", "SPF-RUL-4", "SPF-WIN-1", "SHB-DROP-1", "SHB-CROSS-1"), 4, 2),
    NamedPosition(
        "sploof", "both-lines-nothing-blocks",
        "RRRR,RWWW,BBBB,RRRR/...,WB.,BB./..,B./. white stock:1,1 supply:11,7,7 "
        "blocking=none",
        "Under blocking=none no link is crossed, and Black's rank 5 is broken only by "
        "3c5 hiding 1c5: x1a3 drops White's 2b4 into 1a3, completing White's rank 3, and "
        "3c5 into 2b4, uncovering 1c5, so both players get a line and the mover (White) "
        "wins.",
        ("SPF-RUL-2", "SPF-RUL-7", "SHB-HIDE-1", "SPF-WIN-1", "SHB-DROP-1"), 4, 2),
    NamedPosition(
        "sploof", "crossed-row",
        "RRRR,WWWW,RB.R,RRRR/B..,B..,.../..,../. black stock:1,2 supply:11,11,6",
        "White's rank 3 is crossed between 1a3 and 1c3 by Black's 2b2 and 2b4. Black to "
        "move: x1a1 or x1c1 drops 2b2 and x1a5 drops 2b4, unblocking White's row, so "
        "each of them hands White the win.",
        ("SHB-CROSS-1", "SPF-LINE-1", "SPF-WIN-2", "SHB-DROP-1"), 5, 3),
    NamedPosition(
        "sploof", "perimeter-single",
        "WWW.,RBBR,R..R,RRRR/BB.,...,.../..,../. white stock:1,2 supply:12,10,8",
        "Black's 2b2 and 2d2 each rest over one link of White's rank 1, but a perimeter "
        "link has a single crossing point and is never crossed: 1g1 completes a line.",
        ("SPF-RUL-4", "SPF-LINE-1", "SPF-WIN-1"), 5, 3),
    NamedPosition(
        "sploof", "zigzag",
        "RRRR,RWBR,RBWR,RRRR/W..,...,.../..,../. white stock:1,2 supply:12,12,4",
        "2d4 completes White's diagonal b2-e5 (2b2, 1c3, 2d4, 1e5), which goes up and "
        "down between levels 1 and 2 while straight from above.",
        ("SPF-LINE-2", "SPF-RUL-5", "SPF-WIN-1"), 5, 3),
    NamedPosition(
        "sploof", "hidden",
        "RRRR,WWWW,RBBR,RRRR/BB.,BW.,.../B.,../. white stock:1,1 supply:10,9,6",
        "White owns rank 3, but 3c3 hides 1c3 and the links beside it are crossed: no "
        "line. x1a1 drops 2b2 into 1a1 and 3c3 into 2b2, uncovering 1c3 while the link "
        "1a3-1c3 stays crossed.",
        ("SHB-HIDE-1", "SPF-RUL-7", "SHB-CROSS-1", "SHB-DROP-1"), 5, 3),
    NamedPosition(
        "sploof", "drop-line",
        "WWWR,RBBR,RWBR,RRRR/.BW,.WB,.../.B,../. white stock:1,1 supply:9,9,7",
        "x1g1 drops White's 2f2 into 1g1 (and Black's 3e3 into 2f2), completing "
        "White's rank 1; x1g5 drops Black's 2f4 and hands Black a line.",
        ("SHB-DROP-1", "SPF-WIN-1", "SPF-WIN-2", "SPF-REMOVE-1"), 5, 3),
    NamedPosition(
        "sploof", "supply-empty", f"{START_BOARD} white stock:16,2 supply:0,14,4",
        "White's supply is empty, so White may not remove a red ball and must place.",
        ("SPF-RUL-1", "SPF-REMOVE-2", "SPF-PLACE-1"), 6, 3),
    NamedPosition(
        "sploof", "supply-empty-unlimited",
        f"{START_BOARD} white stock:16,2 supply:-,-,4 supply=unlimited",
        "The same under supply=unlimited: removals are allowed.",
        ("SPF-RUL-1", "SPF-REMOVE-2"), 5, 3),
    NamedPosition(
        "sploof", "empty-stock", f"{START_BOARD} white stock:0,2 supply:16,14,4",
        "White's stock is empty, so White must remove a red ball.",
        ("SPF-PLACE-1", "SPF-REMOVE-1", "SPF-REMOVE-2", "SPF-TURN-1"), 6, 3),
    NamedPosition(
        "sploof", "no-move",
        "WRRW,RWWR,RWWR,WRRW/BWB,WBB,BBB/..,../. white stock:0,2 supply:6,7,8",
        "White has an empty stock and every red ball is pinned: White has no legal move "
        "and has lost.",
        ("SPF-END-1", "SPF-RUL-3", "SHB-PIN-1"), 1, 0),
    NamedPosition(
        "sploof", "complete-stuck",
        "WRRW,RBWR,RWBR,WRRW/BWB,BWW,BBB/WW,WW/B white stock:1,1 supply:2,6,8",
        "Built for analysis: no game completes the pyramid (the theorem "
        "sploof-pyramid-never-completes). The pyramid is complete and every red ball is "
        "pinned: White still has a ball in stock, and two in the supply, but no legal "
        "move, and has lost.",
        ("SPF-RUL-3", "SPF-END-1", "SHB-COMPLETE-1"), 1, 0),
    NamedPosition(
        "sploof", "supply-exhausted",
        "BWWW,WBBB,WWBW,BBWR/WWB,BWB,WW./W.,W./. white stock:0,6 supply:1,0,15",
        "White's stock is empty and its supply holds one ball: the red ball at 1g7 is "
        "free, but a removal needs two balls in the supply, so White has no legal move "
        "and has lost (a position built for the purpose: in a game the reds run out "
        "first).",
        ("SPF-END-1", "SPF-RUL-3", "SPF-RUL-1", "SPF-REMOVE-2"), 1, 0),
)
