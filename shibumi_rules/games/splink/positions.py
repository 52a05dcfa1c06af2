"""Named Splink positions: each built to exercise particular rules, shared by the
perft file and the conformance vectors."""

from __future__ import annotations

from typing import Final

from ...contract.positions import NamedPosition
from ...notation import EMPTY_BOARD

POSITIONS: Final = (
    NamedPosition(
        "splink", "start", f"{EMPTY_BOARD} attractor turns:0 supply:16,16",
        "The empty board, attractor to move: 240 moves (16 x 15 ordered pairs).",
        ("SPK-SETUP-1", "SPK-PLACE-1"), 4, 3),
    NamedPosition(
        "splink", "start-unlimited",
        f"{EMPTY_BOARD} attractor turns:0 supply:-,- supply=unlimited",
        "The start under the unlimited supply variant.",
        ("SPK-RUL-5",), 3, 2),
    NamedPosition(
        "splink", "placement-order",
        "RW..,R...,....,...W/...,...,.../..,../. attractor turns:2 supply:14,14",
        "1a1, 1c1 and 1a3 hold balls: a move may put one ball on 1c3 and the other on "
        "the platform 2b2 that it completes (R1c3+W2b2, W1c3+R2b2).",
        ("SPK-RUL-1", "SPK-PLACE-1"), 3, 2),
    NamedPosition(
        "splink", "removal",
        "RW..,WR..,....,...W/R..,...,.../..,../. repulsor turns:3 supply:13,13",
        "Each ball under 2b2 supports exactly that one ball and may be removed: 2b2 drops "
        "into its place and a ball of the other colour goes anywhere valid, including "
        "back onto 2b2.",
        ("SPK-REMOVE-1", "SPK-REMOVE-2", "SPK-RUL-2", "SPK-RUL-10", "SHB-DROP-1"), 3, 2),
    NamedPosition(
        "splink", "chain",
        "RWRW,WRWR,RWRW,WRWR/RW.,WR.,..R/R.,../. repulsor turns:11 supply:4,6",
        "Removing 1a1 drops a chain of two balls (2b2 into 1a1, 3c3 into 2b2); 2b2 itself "
        "supports only 3c3 and may be removed at level 1; 1c3 supports four balls and is "
        "pinned.",
        ("SHB-DROP-1", "SPK-REMOVE-1", "SHB-PIN-1"), 3, 2),
    NamedPosition(
        "splink", "red-exhausted",
        "WRRR,RRRR,RRRR,RRRR/R..,...,..W/..,../. repulsor turns:9 supply:0,14",
        "All 16 red balls are on the board: move a is impossible and only a red ball "
        "supporting exactly one ball may be swapped for a white one.",
        ("SPK-RUL-7", "SPK-REMOVE-2", "SPK-PLACE-1"), 4, 2),
    NamedPosition(
        "splink", "no-move",
        "RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16",
        "No red ball in the supply and no ball supports exactly one: the attractor cannot "
        "move, so the game ends before completion, scored as it stands.",
        ("SPK-RUL-3", "SPK-END-1"), 1, 0),
    NamedPosition(
        "splink", "last-move",
        "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,W./. repulsor turns:15 supply:2,2",
        "3e5 and the apex are empty: R3e5+W4d4 or W3e5+R4d4 completes the pyramid and "
        "ends the game (the apex rests on the ball placed first).",
        ("SPK-END-1", "SPK-RUL-1", "SHB-COMPLETE-1", "SPK-SCORE-1"), 3, 2),
    NamedPosition(
        "splink", "complete",
        "RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,WR/W attractor turns:16 supply:1,1",
        "A complete pyramid: the game is over and the attractor scores 40; the red-white "
        "contacts of the five inner points do not count.",
        ("SPK-SCORE-1", "SPK-RUL-9", "SHB-COMPLETE-1", "SPK-END-1"), 1, 0),
    NamedPosition(
        "splink", "max-turns",
        "RW..,R...,....,...W/...,...,.../..,../. attractor turns:2 supply:14,14 "
        "max_turns=3",
        "Under max_turns=3 every move ends the game, scored as it stands.",
        ("SPK-RUL-4",), 2, 1),
)
