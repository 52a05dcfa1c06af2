"""The key moments of a sample game: the moves worth a picture, each with the engine's
reason for picking it.

A sample game of twenty moves shown move by move is twenty near-identical pictures; a
player learns from the few moves that decide it. The engine picks them, from the rules
alone (``legal_move_texts``, ``play_text``, ``outcome_json``) and from the facts of
``explain``'s answers, so a game added to the registry gets its moments with no code here:

- **decisive**: the first move after which every reply of the opponent loses at once
  (each reply is answered by a move that wins, or itself hands the mover the game): a
  double threat, or a threat that cannot be parried. It is found by trying every reply
  and every answer, two plies, which the engine does in well under a second;
- **drop**: a removal that makes balls drop, the move players most often get wrong;
- **swing**: in a game scored rather than won, the move that raised the score most and
  the one that lowered it most;
- **end**: the last move, with the engine's account of how the game ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

KINDS = ("decisive", "drop", "gain", "loss", "end")
"""The kinds of moments, in the order a move that is several shows them."""


@dataclass(frozen=True)
class Moment:
    """A move of the sample game worth showing: its number (from 1), its kinds, and for
    a decisive move each reply of the opponent with the moves that win against it (none
    when the reply itself loses at once)."""

    number: int
    kinds: tuple[str, ...]
    replies: dict[str, tuple[str, ...]] = field(default_factory=dict)


def refutations(game: Any, state: Any, mover: str) -> dict[str, tuple[str, ...]] | None:
    """For a position after ``mover``'s move, each reply of the opponent with ``mover``'s
    moves that win at once against it (empty when the reply loses by itself); None when
    some reply does not lose at once (or there is no reply)."""
    replies = game.legal_move_texts(state)
    if not replies:
        return None
    out: dict[str, tuple[str, ...]] = {}
    for reply in replies:
        after = game.play_text(state, reply)
        ended = game.outcome_json(after)
        if ended.get("over"):
            if ended.get("winner") != mover:
                return None
            out[reply] = ()
            continue
        wins = tuple(answer for answer in game.legal_move_texts(after)
                     if game.outcome_json(game.play_text(after, answer)).get("winner") == mover)
        if not wins:
            return None
        out[reply] = wins
    return out


def _score_change(answer: Any) -> int:
    score = answer.facts.get("score")
    change = score.get("change") if isinstance(score, dict) else None
    return change if isinstance(change, int) else 0


def moments(definition: Any, start: str, moves: list[tuple[str, Any]]) -> list[Moment]:
    """The key moments of the sample game played from ``start`` as ``moves`` (each move
    with ``explain``'s answer to it), in the order of the game."""
    game = definition.rules()
    state = game.parse_position(start)
    kinds: dict[int, list[str]] = {}
    replies: dict[int, dict[str, tuple[str, ...]]] = {}
    decided = False
    for number, (move, answer) in enumerate(moves, start=1):
        state = game.play_text(state, move)
        if game.outcome_json(state).get("over"):
            kinds.setdefault(number, []).append("end")
            break
        if not decided:
            found = refutations(game, state, answer.mover)
            if found is not None:
                decided = True
                kinds.setdefault(number, []).append("decisive")
                replies[number] = found
        if answer.facts.get("drops"):
            kinds.setdefault(number, []).append("drop")
    changes = [(_score_change(a), n) for n, (_, a) in enumerate(moves, start=1)]
    if any(change for change, _ in changes):
        gain, loss = max(changes), min(changes)
        if gain[0] > 0:
            kinds.setdefault(gain[1], []).append("gain")
        if loss[0] < 0:
            kinds.setdefault(loss[1], []).append("loss")
    return [Moment(n, tuple(k for k in KINDS if k in kinds[n]), replies.get(n, {}))
            for n in sorted(kinds)]
