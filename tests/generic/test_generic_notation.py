"""Every game's notation round-trips: a position's text parses back to the same state
and the same text, under every option combination; every legal move's text parses back
to that move, and no two legal moves share a text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .selection import GAMES, definition, rules
from .strategies import playouts


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_positions_round_trip(name: str, data: st.DataObject) -> None:
    game = rules(name)
    for state in data.draw(playouts(definition(name))).states:
        text = game.format_position(state)
        again = game.parse_position(text)
        assert again == state, text
        assert game.format_position(again) == text


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_moves_round_trip(name: str, data: st.DataObject) -> None:
    game = rules(name)
    for state in data.draw(playouts(definition(name))).states:
        moves = game.legal_moves(state)
        texts = [game.format_move(m) for m in moves]
        assert len(set(texts)) == len(texts), "two legal moves share a text"
        assert game.legal_move_texts(state) == texts
        for move, text in zip(moves, texts):
            assert game.parse_move(state, text) == move, text
