"""The pictures that go with the rules of the Shibumi system, and the lookup of every
rule's pictures: the system's here, each game's from its package (``figures`` module,
through the registry).

Each picture is a position chosen to show one rule, with marks computed by the engine
(valid locations, pinned balls, drop chains, crossings), and a check that the engine
agrees with what the caption says: if the rules or the engine change so that a picture
would lie, the build fails instead. The captions are the site's texts
(``docs/content/site.*.json``, under ``pictures`` and the picture's name).
"""

from __future__ import annotations

from gen_common import games
from gen_diagrams import pts
from gen_i18n import site_texts

from shibumi_rules.board import Board, pinned, valid_locations
from shibumi_rules.contract.guide import FigureMaker, Picture, PictureError, check
from shibumi_rules.geometry import COVERED_BY, CROSSING, INDEX_OF_NAME, SUPPORTERS, points_of
from shibumi_rules.svg import Arrow, Label, Path, Ring

FigureError = PictureError
"""A picture no longer shows what its caption says (the build fails)."""


def _placement() -> list[Picture]:
    text = "RWR.,BR..,....,..../...,...,.../..,../."
    board = Board.from_text(text)
    valid = valid_locations(board.occupied)
    check(valid >> INDEX_OF_NAME["2b2"] & 1 == 1, "2b2 is a valid location")
    check(valid >> INDEX_OF_NAME["2d2"] & 1 == 0, "2d2 is not a valid location")
    return [site_texts().picture("shb-place", board, (
        Ring(tuple(points_of(valid)), "candidate"), Ring(pts("1e3"), "missing"),
        Label(INDEX_OF_NAME["2d2"], "2d2")))]


def _gravity() -> list[Picture]:
    board = Board.from_text("....,.RW.,.BR.,..../...,.W.,.../..,../.")
    p = INDEX_OF_NAME["2d4"]
    check(board.colour_at(p) is not None and not board.problems(), "2d4 is supported")
    return [site_texts().picture(
        "shb-gravity", board, (Ring((p,), "focus"), Ring(SUPPORTERS[p], "supporter")))]


def _pinning() -> list[Picture]:
    board = Board.from_text("RRRB,RWRR,R..R,RRRR/WB.,...,.../..,../.")
    pin = pinned(board.occupied)
    check(points_of(pin) == list(pts("1c1 1c3")), "exactly 1c1 and 1c3 are pinned")
    return [site_texts().picture("shb-pin", board, (
        Ring(tuple(points_of(pin)), "pinned"), Ring(pts("2b2 2d2"), "supported")))]


def _drop() -> list[Picture]:
    before = Board.from_text("RRRR,RRRR,RRRR,RRRR/WR.,RR.,.../B.,../.")
    removed = INDEX_OF_NAME["1a1"]
    after, drops = before.remove(removed)
    moves = [(d.source, d.target) for d in drops]
    check(moves == [(INDEX_OF_NAME["2b2"], removed), (INDEX_OF_NAME["3c3"],
                                                      INDEX_OF_NAME["2b2"])],
          "removing 1a1 drops 2b2 to 1a1 and 3c3 to 2b2")
    return [site_texts().sequence("shb-drop", (
        (before, (Ring((removed,), "removed"), *[Arrow(s, t) for s, t in moves])),
        (after, (Ring(tuple(t for _, t in moves), "dropped"),))))]


def _hiding() -> list[Picture]:
    board = Board.from_text("RRR.,RWR.,RRR.,..../RR.,RR.,.../B.,../.")
    low = INDEX_OF_NAME["1c3"]
    check(COVERED_BY[low] == INDEX_OF_NAME["3c3"], "3c3 covers 1c3")
    return [site_texts().picture(
        "shb-hide", board, (Ring((INDEX_OF_NAME["3c3"],), "hiding"), Ring((low,), "hidden")))]


def _crossing() -> list[Picture]:
    board = Board.from_text("RRRR,WWWW,RRRR,R..R/.R.,.R.,.../..,../.")
    link = (INDEX_OF_NAME["1c3"], INDEX_OF_NAME["1e3"])
    check(CROSSING[link] == pts("2d2 2d4"), "2d2 and 2d4 cross 1c3-1e3")
    check(CROSSING[(INDEX_OF_NAME["1a3"], INDEX_OF_NAME["1c3"])] == pts("2b2 2b4"),
          "2b2 and 2b4 cross 1a3-1c3")
    return [site_texts().picture(
        "shb-cross", board, (Path(link, "crossed"), Ring(CROSSING[link], "crossing")))]


def _complete() -> list[Picture]:
    text = "WRWR,RWRW,WRWR,RWRW/WRW,RWR,WRW/RW,WR/W"
    board = Board.from_text(text)
    check(valid_locations(board.occupied) == 0, "a complete pyramid has no valid location")
    return [site_texts().picture("shb-complete", board)]


SYSTEM_FIGURES: dict[str, FigureMaker] = {
    "SHB-PLACE-1": _placement,
    "SHB-GRAVITY-1": _gravity,
    "SHB-PIN-1": _pinning,
    "SHB-DROP-1": _drop,
    "SHB-HIDE-1": _hiding,
    "SHB-CROSS-1": _crossing,
    "SHB-COMPLETE-1": _complete,
}
"""Pictures of the system's rules, by ID."""


def all_figures() -> dict[str, FigureMaker]:
    """The picture makers of every rule and ruling: the system's, then every game's."""
    makers = dict(SYSTEM_FIGURES)
    for definition in games():
        makers.update(definition.figures())
    return makers


def figures_for(rule_id: str) -> list[Picture]:
    make = all_figures().get(rule_id)
    return make() if make else []


__all__ = ["SYSTEM_FIGURES", "FigureError", "all_figures", "figures_for"]
