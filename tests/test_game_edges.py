"""Edge cases every game shares: perft depth, and the message of a move after the end."""

from __future__ import annotations

import pytest

from shibumi_rules.errors import IllegalMoveError, OptionError
from shibumi_rules.registry import game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_negative_perft_depth_is_refused(name: str) -> None:
    game = get_game(name)
    with pytest.raises(OptionError, match="depth -1"):
        game.perft(game.start(), -1)


def test_sploof_move_after_a_line_names_the_rule_once() -> None:
    game = get_game("sploof")
    state = game.parse_position(
        "WWWW,R..R,R..R,RRRR/...,...,.../..,../. black stock:0,2 supply:12,14,8")
    with pytest.raises(IllegalMoveError) as info:
        game.play_text(state, "1c3")
    assert info.value.rule_id == "SPF-WIN-1"
    assert str(info.value).count("SPF-WIN-1") == 1
    assert "white line a1-g1" in str(info.value)


def test_splink_move_after_the_turn_limit_names_the_limit() -> None:
    game = get_game("splink")
    state = game.play_text(game.start({"max_turns": "1"}), "R1a1+W1c1")
    with pytest.raises(IllegalMoveError) as info:
        game.play_text(state, "R1e1+W1g1")
    assert info.value.rule_id == "SPK-RUL-4"
    assert "1 turns have been played (max_turns=1)" in str(info.value)
