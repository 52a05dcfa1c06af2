"""The bidding of a Splink bid match (SPK-BID-1) and the three rulings it rests on,
each decided by one function here:

- SPK-RUL-6, the range of bids: 1 to 42 by default (``--max-bid 42``), a bid no game can
  meet refused; or 1 to 60 (``--max-bid 60``), a bid from 43 to 60 accepted and lost.
- SPK-RUL-12, the opening call: the first bidder must bid (``--opening must-bid``), or
  may pass at once (``--opening may-pass``) and play the repulsor against a target of 0.
- SPK-RUL-13, the target: the attractor wins by reaching the bid (``--target reach``),
  or only by exceeding it (``--target exceed``).

``BiddingRules`` holds the alternatives a match is played under; its defaults are the
adopted ones, and a match record keeps it so that a replay plays under the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...errors import IllegalMoveError, OptionError
from .score import GREATEST_SCORE, MAX_SCORE

MAX_BID: Final = GREATEST_SCORE
"""The highest bid by default (SPK-RUL-6): the greatest score any position has, so that
every bid is one a game could meet."""
MAX_BIDS: Final = (GREATEST_SCORE, MAX_SCORE)
"""The highest bids SPK-RUL-6 chooses between: 42, the greatest score, or 60, one per
scoring pair."""
OPENINGS: Final = ("must-bid", "may-pass")
"""SPK-RUL-12's alternatives: whether the first call of the bidding may be a pass."""
TARGETS: Final = ("reach", "exceed")
"""SPK-RUL-13's alternatives: whether the attractor must reach or exceed the bid."""
NO_BID: Final = 0
"""The target when the first bidder passed at once (``--opening may-pass``)."""


@dataclass(frozen=True, slots=True)
class BiddingRules:
    """The alternatives of the bidding rulings a bid match is played under."""

    max_bid: int = MAX_BID
    """SPK-RUL-6: the highest bid allowed, 42 or 60."""
    opening: str = "must-bid"
    """SPK-RUL-12: ``must-bid`` or ``may-pass``."""
    target: str = "reach"
    """SPK-RUL-13: ``reach`` (a score of at least the bid) or ``exceed`` (more)."""

    def __post_init__(self) -> None:
        for value, allowed, flag, rule in (
                (self.max_bid, MAX_BIDS, "--max-bid", "SPK-RUL-6"),
                (self.opening, OPENINGS, "--opening", "SPK-RUL-12"),
                (self.target, TARGETS, "--target", "SPK-RUL-13")):
            if value not in allowed or type(value) is not type(allowed[0]):
                raise OptionError(f"{flag} {value!r}: expected "
                                  f"{' or '.join(str(a) for a in allowed)}", rule)

    def to_json(self) -> dict[str, Any]:
        return {"max_bid": self.max_bid, "opening": self.opening, "target": self.target}

    def changes(self) -> list[str]:
        """What differs from the adopted alternatives, one phrase each with its ruling
        (empty under the defaults)."""
        default = BiddingRules()
        said = []
        if self.max_bid != default.max_bid:
            said.append(f"bids up to {self.max_bid} (SPK-RUL-6)")
        if self.opening != default.opening:
            said.append("the first bidder may pass at once (SPK-RUL-12)")
        if self.target != default.target:
            said.append("the attractor must exceed the bid (SPK-RUL-13)")
        return said


def may_pass(opening: bool, rules: BiddingRules) -> bool:
    """Whether a call may be a pass: always once a bid stands; as the first call
    (``opening``) only under ``--opening may-pass``, the first bidder then becoming the
    repulsor against a target of 0. Implements SPK-RUL-12."""
    return not opening or rules.opening == "may-pass"


def check_pass(player: int, opening: bool, rules: BiddingRules) -> None:
    """Refuse a pass that ``may_pass`` does not allow. Implements SPK-RUL-12."""
    if not may_pass(opening, rules):
        raise IllegalMoveError(
            f"player {player} opens the bidding and must bid, not pass", "SPK-RUL-12")


def check_bid_range(player: int, bid: int, highest: int | None,
                    rules: BiddingRules) -> None:
    """A bid is above the highest so far and at most the highest bid allowed; under
    ``--max-bid 42`` a bid from 43 to 60 is refused as one no game can meet. Implements
    SPK-RUL-6."""
    top = rules.max_bid
    low = (highest or 0) + 1
    if top < bid <= MAX_SCORE:
        raise IllegalMoveError(
            f"player {player} bids {bid}: no position scores more than {GREATEST_SCORE} "
            f"(SPK-SCORE-1), so a bid above {GREATEST_SCORE} could never be met",
            "SPK-RUL-6")
    if not low <= bid <= top:
        raise IllegalMoveError(
            f"player {player} bids {bid}: a bid must be from {low} to {top}"
            if low <= top else
            f"player {player} bids {bid}: after a bid of {top} the only call is a pass",
            "SPK-RUL-6",
        )


def bid_met(points: int, bid: int, rules: BiddingRules) -> bool:
    """Whether the attractor's final score makes their bid: at least the bid
    (``reach``) or more than it (``exceed``); against the target 0 of a first bidder
    who passed at once, ``reach`` always holds. Implements SPK-RUL-13."""
    return points > bid if rules.target == "exceed" else points >= bid
