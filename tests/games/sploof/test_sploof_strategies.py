"""Hypothesis strategies for Sploof positions: reachable ones (random games from the
start under random options), and crowded ones on a complete or nearly complete pyramid,
where a player may hold balls in stock and still have neither a placement nor a removal
(SPF-RUL-3); and checks that the strategies really explore the game."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shibumi_rules.board import BALLS_PER_COLOUR, Board
from shibumi_rules.games.sploof.game import GAME, SploofState
from shibumi_rules.games.sploof.rules import SploofRules, may_pass, stuck_with_stock
from shibumi_rules.geometry import ALL, NUM_POINTS, SUPPORTEE_MASK, points_of
from shibumi_rules.notation import Colour

from ...game_strategies import random_game

FIRST = st.sampled_from(("white", "black"))
OPTIONS = st.fixed_dictionaries({
    spec.name: st.sampled_from(spec.values or ()) for spec in GAME.options
})
"""Every option of the game, each at any of its values."""


@st.composite
def games(draw: st.DrawFn, max_moves: int = 60) -> list[SploofState]:
    """The states of a random game from the start, the start first; it stops after
    ``max_moves`` moves or when the game is over."""
    return random_game(draw, GAME, GAME.start(draw(OPTIONS), draw(FIRST)), max_moves)


@st.composite
def positions(draw: st.DrawFn, max_moves: int = 60) -> SploofState:
    """A reachable position: the last state of a random game."""
    return draw(games(max_moves))[-1]


@st.composite
def positions_under(draw: st.DrawFn, options: dict[str, str], max_moves: int = 60
                    ) -> SploofState:
    """A reachable position under the given options."""
    state: SploofState = random_game(draw, GAME, GAME.start(options, draw(FIRST)),
                                     max_moves)[-1]
    return state


PINNED_WHEN_COMPLETE = frozenset(p for p in range(NUM_POINTS)
                                 if SUPPORTEE_MASK[p].bit_count() >= 2)
"""Points whose ball supports two or more on a complete pyramid (SHB-PIN-1)."""


@st.composite
def crowded_positions(draw: st.DrawFn, options: dict[str, str] | None = None
                      ) -> SploofState:
    """A position on a complete pyramid with up to three top balls taken off, under the
    given options (or random ones). Red goes mostly where a complete pyramid pins it, so
    that often no red ball can be removed and few lines show from above; stocks and
    supplies are drawn so that the counts add up (SHB-SET-1) and a supply is often too
    short for a removal."""
    masks = [0, 0, 0]
    for p in range(NUM_POINTS):
        if p in PINNED_WHEN_COMPLETE:
            colour = draw(st.sampled_from((Colour.WHITE, Colour.BLACK, Colour.RED, Colour.RED)))
        else:
            colour = draw(st.sampled_from((Colour.WHITE, Colour.BLACK) * 3 + (Colour.RED,)))
        masks[colour] |= 1 << p
    for _ in range(draw(st.sampled_from((0, 0, 1, 2, 3)))):
        occupied = masks[0] | masks[1] | masks[2]
        tops = [p for p in points_of(occupied) if not SUPPORTEE_MASK[p] & occupied]
        top = 1 << draw(st.sampled_from(tops))
        masks = [m & ~top for m in masks]
    assume(all(m.bit_count() <= BALLS_PER_COLOUR for m in masks))
    rules = SploofRules.from_options(options if options is not None else draw(OPTIONS))
    stock: list[int] = []
    supply: list[int | None] = []
    for colour in (Colour.WHITE, Colour.BLACK):
        left = BALLS_PER_COLOUR - masks[colour].bit_count()
        in_supply = draw(st.sampled_from((0, 1, 2, left)))
        in_supply = min(in_supply, left)
        stock.append(left - in_supply)
        supply.append(in_supply if rules.supply == "limited" else None)
    red_supply = BALLS_PER_COLOUR - masks[Colour.RED].bit_count()
    turn = draw(st.sampled_from((Colour.WHITE, Colour.BLACK)))
    return SploofState(Board((masks[0], masks[1], masks[2])), turn, (stock[0], stock[1]),
                       (supply[0], supply[1], red_supply), rules)


UNPINNED_WHEN_COMPLETE = tuple(p for p in range(NUM_POINTS) if p not in PINNED_WHEN_COMPLETE)


@st.composite
def passing_positions(draw: st.DrawFn, options: dict[str, str] | None = None
                      ) -> SploofState:
    """A position around a pass (SPF-RUL-3): on a complete pyramid, under the limited
    supply, the player to move holds balls in stock but their supply is too short for a
    removal, while the opponent can remove a free red ball; or one ply earlier, with
    the opponent to place the ball that completes the pyramid. The other options are
    the given ones (or random)."""
    rules = {**(options if options is not None else draw(OPTIONS)), "supply": "limited"}
    masks = [0, 0, 0]
    for p in range(NUM_POINTS):
        masks[draw(st.sampled_from((Colour.WHITE, Colour.BLACK, Colour.RED)))] |= 1 << p
    free = 1 << draw(st.sampled_from(UNPINNED_WHEN_COMPLETE))
    masks = [m & ~free for m in masks[:2]] + [masks[2] | free]
    assume(all(m.bit_count() <= BALLS_PER_COLOUR for m in masks))
    stuck = draw(st.sampled_from((Colour.WHITE, Colour.BLACK)))
    other = Colour.BLACK if stuck == Colour.WHITE else Colour.WHITE
    stock, supply = [0, 0], [0, 0]
    supply[stuck] = draw(st.integers(0, 1))
    stock[stuck] = BALLS_PER_COLOUR - masks[stuck].bit_count() - supply[stuck]
    left = BALLS_PER_COLOUR - masks[other].bit_count()
    supply[other] = draw(st.integers(2, max(2, left)))
    stock[other] = left - supply[other]
    assume(stock[stuck] > 0 and stock[other] >= 0)
    turn = stuck
    if draw(st.booleans()):  # one ply earlier: the other player's last ball still in stock
        tops = [p for p in points_of(masks[other]) if not SUPPORTEE_MASK[p] & ALL]
        assume(tops)
        masks[other] &= ~(1 << draw(st.sampled_from(tops)))
        stock[other] += 1
        turn = other
    state = SploofState(Board((masks[0], masks[1], masks[2])), turn, (stock[0], stock[1]),
                        (supply[0], supply[1], BALLS_PER_COLOUR - masks[2].bit_count()),
                        SploofRules.from_options(rules))
    assume(not GAME.is_over(state))
    return state


@st.composite
def any_positions(draw: st.DrawFn, options: dict[str, str] | None = None,
                  max_moves: int = 60) -> SploofState:
    """A reachable position, a crowded one (``crowded_positions``) or one around a pass
    (``passing_positions``)."""
    kind = draw(st.sampled_from(("reachable", "crowded", "passing")))
    if kind == "crowded":
        return draw(crowded_positions(options))
    if kind == "passing":
        return draw(passing_positions(options))
    if options is None:
        return draw(positions(max_moves))
    return draw(positions_under(options, max_moves))


@settings(max_examples=200)
@given(games())
def test_random_games_alternate_turns_and_end_only_at_the_end(
        states: list[SploofState]) -> None:
    for before, after in pairwise(states):
        assert after.turn != before.turn
        assert not GAME.is_over(before)


def test_random_games_reach_finished_games() -> None:
    finished = []

    @settings(max_examples=100, database=None)
    @given(positions(max_moves=200))
    def collect(state: SploofState) -> None:
        finished.append(GAME.is_over(state))

    collect()
    assert any(finished)


def test_crowded_positions_reach_every_case_of_spf_rul_3() -> None:
    """The strategy finds players stuck with balls in stock who pass, and who cannot
    pass because the opponent is stuck too, and a complete pyramid."""
    seen: set[str] = set()

    @settings(max_examples=300, database=None)
    @given(crowded_positions({"stuck": "pass"}))
    def collect(state: SploofState) -> None:
        if state.board.occupied == ALL:
            seen.add("complete")
        if stuck_with_stock(state):
            seen.add("pass" if may_pass(state) else "both stuck")

    collect()
    assert seen == {"complete", "pass", "both stuck"}


def test_passing_positions_reach_a_pass_within_two_plies() -> None:
    seen = []

    @settings(max_examples=60, database=None)
    @given(passing_positions({"stuck": "pass"}))
    def collect(state: SploofState) -> None:
        now = GAME.legal_move_texts(state) == ["pass"]
        seen.append(now or any(GAME.legal_move_texts(GAME.play(state, m)) == ["pass"]
                               for m in GAME.legal_moves(state)))

    collect()
    assert sum(seen) >= len(seen) // 2
