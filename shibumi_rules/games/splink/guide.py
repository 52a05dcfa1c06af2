"""Splink for players and arbiters: the how-to-play page in plain words with a picture
for each idea, the sample game the engine plays for it, the answers to the arbiter's
questions, everyday words for the rules, and the Korean text of the rules and rulings
(the game reached us in Korean as well as English).

Every picture is checked against the engine when it is drawn, the sample game is played
by the engine, and every answer is checked against ``explain`` (``shibumi_rules.guide``
says how); nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...guide import (
    Answer,
    EntryText,
    GameRecord,
    Guide,
    Picture,
    Question,
    SampleGame,
    Section,
    Text,
    particle,
)
from .figures import FIGURES
from .game import GAME, score
from .state import SplinkMove, SplinkState

ROLE_KO: Final = {"attractor": "어트랙터", "repulsor": "리펄서"}
COLOUR_EN: Final = {"R": "red", "W": "white"}
COLOUR_KO: Final = {"R": "빨간", "W": "흰"}


def _figure(rule_id: str) -> Picture:
    """The (first) picture of a rule, as drawn on the rules page."""
    return FIGURES[rule_id]()[0]


# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 106
"""The seed of the sample game: one of the shortest games of the sampling players, with
two removals, ending on a complete pyramid."""
PLACEMENTS_LOOKED_AT: Final = 8
REMOVALS_LOOKED_AT: Final = 2


def sampling_move(state: SplinkState, rng: random.Random) -> SplinkMove:
    """A move of a hasty player: of a few moves drawn at random (eight placements, two
    removals), the one whose score is best for its role right after the move."""
    moves = GAME.legal_moves(state)
    texts = [GAME.format_move(m) for m in moves]
    place = [m for m, text in zip(moves, texts) if not text.startswith("x")]
    remove = [m for m, text in zip(moves, texts) if text.startswith("x")]
    drawn = (rng.sample(place, min(PLACEMENTS_LOOKED_AT, len(place)))
             + rng.sample(remove, min(REMOVALS_LOOKED_AT, len(remove))))
    sign = 1 if state.role.value == "attractor" else -1
    best: SplinkMove = max(drawn, key=lambda m: sign * score(GAME.play(state, m)))
    return best


def sample_record() -> GameRecord:
    """Two hasty players from the empty board, with ``SAMPLE_SEED``."""
    rng = random.Random(SAMPLE_SEED)
    state: SplinkState = GAME.start(None, None)
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = sampling_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return GameRecord(start, tuple(moves))


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    who, move, facts = answer.mover, answer.move, answer.facts
    first, second = move.split("+")
    points = facts["score"]
    tail_en = f"; the score goes from {points['before']} to {points['after']}"
    tail_ko = f". 점수 {points['before']}점 → {points['after']}점"
    if first.startswith("x"):
        colour, point = second[0], second[1:]
        en = (f"The {who} takes away the ball at {first[1:]} and places a "
              f"{COLOUR_EN[colour]} ball on {point}")
        ko = (f"{ROLE_KO[who]}가 {first[1:]}의 공을 빼고 {point}에 {COLOUR_KO[colour]} 공을 "
              "놓습니다")
        drops = facts["drops"]
        if drops:
            en += " (" + ", ".join(f"{d['from']} drops to {d['to']}" for d in drops) + ")"
            ko += "(" + ", ".join(f"{d['from']}의 공이 {particle(d['to'], '으로', '로')} "
                                  "떨어짐" for d in drops) + ")"
    else:
        en = (f"The {who} places a {COLOUR_EN[first[0]]} ball on {first[1:]} and a "
              f"{COLOUR_EN[second[0]]} ball on {second[1:]}")
        ko = (f"{ROLE_KO[who]}가 {first[1:]}에 {COLOUR_KO[first[0]]} 공, {second[1:]}에 "
              f"{COLOUR_KO[second[0]]} 공을 놓습니다")
    outcome = answer.outcome or {}
    if outcome.get("over"):
        return Text(en + tail_en + ": the pyramid is complete and the game is over.",
                    ko + tail_ko + ". 피라미드가 완성되어 게임이 끝납니다.")
    return Text(en + tail_en + ".", ko + tail_ko + ".")


SAMPLE: Final = SampleGame(
    intro=Text(
        "A game between two hasty players, played by the reference engine when this page "
        "was built: on each turn a player looks at a few moves drawn at random (eight "
        "placements and two removals) and plays the one that gives the best score for its "
        f"role right away (seed {SAMPLE_SEED}). Each diagram shows the position after the "
        "move: the balls just placed are ringed, and each new red-white contact is drawn "
        "as a line.",
        "이 페이지를 만들 때 참조 엔진이 둔 게임입니다. 두 사람은 차례마다 무작위로 고른 "
        "몇 가지 수(공 놓기 여덟 가지와 공 빼기 두 가지)만 살펴보고, 그중 자기 역할에 "
        f"곧바로 가장 좋은 점수를 주는 수를 둡니다(시드 {SAMPLE_SEED}). 각 그림은 그 수를 "
        "둔 뒤의 모습이며, 방금 놓은 공에는 고리가, 새로 생긴 빨간 공과 흰 공의 연결에는 "
        "선이 표시됩니다."),
    play=sample_record,
    comment=comment,
    ends="pyramid-complete",
    close=Text(
        "The pyramid is complete, so the game is over and the last score is the "
        "attractor's. In a duel the players now swap roles for a second game; the higher "
        "attractor's score wins the match.",
        "피라미드가 완성되었으므로 게임이 끝나고, 마지막 점수가 어트랙터의 점수입니다. "
        "결투전이라면 이제 역할을 바꾸어 두 번째 게임을 하고, 어트랙터로서 더 높은 "
        "점수를 낸 사람이 경기에서 이깁니다."),
)


# -- the guide --------------------------------------------------------------------------

def _sections() -> tuple[Section, ...]:
    return (
        Section("aim", Text("The aim", "목표"), (
            Text("Splink is a game for two players who share the red and white balls and "
                 "play two roles. The attractor wants red and white balls to touch; the "
                 "repulsor wants to keep them apart. There is no line to make and nothing "
                 "to capture: what counts is the finished pyramid. Each pair of touching "
                 "balls, one red and one white, scores a point for the attractor, unless "
                 "one of them sits at one of the five inner points, which end up hidden "
                 "inside. Only 60 pairs can ever score:",
                 "스플링크는 두 사람이 빨간 공과 흰 공을 함께 쓰며 두 가지 역할을 맡는 "
                 "게임입니다. 어트랙터는 빨간 공과 흰 공이 서로 닿기를 바라고, 리펄서는 "
                 "떨어뜨려 놓으려 합니다. 만들어야 할 줄도, 잡아야 할 공도 없습니다. 따지는 "
                 "것은 완성된 피라미드입니다. 서로 닿은 빨간 공과 흰 공 한 쌍마다 어트랙터가 "
                 "1점을 얻습니다. 다만 둘 중 하나라도 안쪽 다섯 자리에 있으면 셈하지 "
                 "않습니다. 이 자리들은 결국 안에 가려지기 때문입니다. 점수가 날 수 있는 "
                 "쌍은 60개뿐입니다."),
            _figure("SPK-SCORE-1"),
            Text("A game gives the attractor a score, not a winner. Play two games with the "
                 "roles swapped (a duel: the higher score as attractor wins), or bid first "
                 "for the attractor's role (a bid match: the attractor must make the points "
                 "they bid).",
                 "게임 한 판은 승자가 아니라 어트랙터의 점수를 정합니다. 역할을 바꾸어 두 판을 "
                 "두거나(결투전: 어트랙터로서 더 높은 점수를 낸 사람이 이깁니다), 먼저 "
                 "어트랙터 역할을 놓고 입찰합니다(입찰전: 어트랙터는 입찰한 만큼 점수를 "
                 "내야 합니다)."),
        )),
        Section("setup", Text("The set-up", "준비"), (
            Text("The board starts empty. The 16 red and 16 white balls are one supply "
                 "that both players use; neither player owns a colour. The attractor moves "
                 "first, and then the players take turns.",
                 "보드는 빈 상태로 시작합니다. 빨간 공 16개와 흰 공 16개가 두 사람이 함께 "
                 "쓰는 공급처이며, 어느 쪽도 자기 색이 없습니다. 어트랙터가 먼저 두고, "
                 "그다음부터 번갈아 둡니다."),
            _figure("SPK-PLACE-1"),
        )),
        Section("turn", Text("A turn", "차례"), (
            Text("On your turn you make one of two moves. Move a: place a red ball and a "
                 "white ball, each in an empty hole or on a square of four balls. The "
                 "second ball may sit on a square that the first has just completed.",
                 "자기 차례에는 두 가지 수 가운데 하나를 둡니다. a 수: 빨간 공 하나와 흰 공 "
                 "하나를 빈 구멍이나 네 공이 이룬 정사각형 위에 놓습니다. 두 번째 공은 첫 "
                 "번째 공이 방금 완성한 정사각형 위에 올려도 됩니다."),
            _figure("SPK-RUL-1"),
            Text("Move b: take away a ball of either colour that holds up exactly one ball. "
                 "That ball drops into the gap, and anything above it drops one level too. "
                 "Then place a ball of the other colour anywhere it may go, even on the "
                 "balls that dropped. The removed ball goes back to the supply.",
                 "b 수: 색과 상관없이 공을 정확히 하나만 떠받치는 공을 하나 뺍니다. 떠받쳐져 "
                 "있던 공이 빈자리로 떨어지고, 그 위의 공들도 한 층씩 내려옵니다. 그다음 "
                 "뺀 공과 다른 색의 공을 놓을 수 있는 곳 어디에나 놓습니다. 떨어진 공들 "
                 "위도 됩니다. 뺀 공은 공급처로 돌아갑니다."),
            _figure("SPK-REMOVE-1"),
        )),
        Section("end", Text("The end", "끝"), (
            Text("The game ends when the pyramid is complete: thirty balls, from the "
                 "sixteen holes to the apex. Then count the red-white contacts for the "
                 "attractor. If the player to move cannot make either move before that, "
                 "the game ends at once and is scored as it stands.",
                 "피라미드가 완성되면, 곧 열여섯 구멍부터 꼭대기까지 공 서른 개가 다 차면 "
                 "게임이 끝납니다. 그때 어트랙터를 위해 빨간 공과 흰 공의 연결을 셉니다. 그 "
                 "전에 둘 차례인 사람이 어느 수도 둘 수 없으면, 게임은 그 자리에서 끝나고 "
                 "그때까지의 점수로 계산합니다."),
            _figure("SPK-RUL-9"),
        )),
    )


WHAT_SCORES: Final = Question("what-scores", Text(
    "What counts in the Splink score?", "스플링크 점수에는 무엇이 들어가나요?"))

ANSWERS: Final = (
    Answer(
        "remove-holding-ball",
        Text("Only a ball that holds up exactly one ball, of either colour and at any "
             "level: that ball drops into its place, and a ball of the other colour is "
             "then placed (move b). A ball that holds up two or more is pinned; one that "
             "holds up none cannot be chosen either.",
             "정확히 공 하나만 떠받치는 공이라면 색이나 층과 상관없이 뺄 수 있습니다. 그 "
             "공이 빈자리로 떨어지고, 이어서 다른 색 공을 하나 놓습니다(b 수). 공 둘 이상을 "
             "떠받치는 공은 고정되어 있고, 아무것도 떠받치지 않는 공도 고를 수 없습니다."),
        ("SPK-REMOVE-1", "SHB-PIN-1", "SPK-REMOVE-2"),
        position="RWRW,WRWR,RWRW,WRWR/RW.,WR.,..R/R.,../. repulsor turns:11 supply:4,6",
        move="x1c3+W3e5", legal=False, rule="SPK-REMOVE-1"),
    Answer(
        "what-drops",
        Text("The ball the removed one held up drops into its place, the ball on top of "
             "that one into the place it left, and so on: each falls one level along the "
             "same diagonal. The new ball of the other colour may then go anywhere it may "
             "be placed, including the point the chain left empty.",
             "뺀 공이 떠받치던 공이 그 자리로 떨어지고, 그 위의 공은 방금 비게 된 자리로 "
             "떨어지는 식으로 이어집니다. 공마다 같은 대각선을 따라 한 층씩 내려옵니다. "
             "그다음 다른 색의 새 공은 놓을 수 있는 자리 어디에나 놓을 수 있으며, 연쇄로 "
             "비게 된 자리도 됩니다."),
        ("SHB-DROP-1", "SPK-REMOVE-2", "SPK-RUL-10"),
        position="RWRW,WRWR,RWRW,WRWR/RW.,WR.,..R/R.,../. repulsor turns:11 supply:4,6",
        move="x1a1+W3c3", legal=True),
    Answer(
        "hidden-ball-line",
        Text("Splink has no lines; only the score counts. A ball at one of the five inner "
             "points never scores, whether it is hidden at the moment or not.",
             "스플링크에는 줄이 없고 점수만 셉니다. 안쪽 다섯 자리에 있는 공은 지금 가려져 "
             "있든 아니든 점수가 되지 않습니다."),
        ("SPK-SCORE-1", "SPK-RUL-9")),
    Answer(
        "row-under-bridge",
        Text("Splink has no rows to win with. A touching red-white pair scores even when "
             "balls of the level above lie across it.",
             "스플링크에는 이기기 위한 줄이 없습니다. 서로 닿은 빨간 공과 흰 공 쌍은 위층의 "
             "공이 그 위에 걸쳐 있어도 점수가 됩니다."),
        ("SPK-RUL-9", "SPK-SCORE-1")),
    Answer(
        "both-lines",
        Text("The question does not arise: Splink has no lines, and a game has no winner, "
             "only the attractor's score. Matches compare scores.",
             "생기지 않는 질문입니다. 스플링크에는 줄이 없고, 게임 한 판에는 승자 없이 "
             "어트랙터의 점수만 있습니다. 경기에서는 점수를 비교합니다."),
        ("SPK-SCORE-1", "SPK-DUEL-1", "SPK-BID-1")),
    Answer(
        "cannot-move",
        Text("The game ends at once and is scored as it stands. This can happen only with "
             "the limited supply: here all sixteen red balls are on the board, so move a is "
             "impossible, and no ball holds up exactly one ball, so move b is too.",
             "게임이 그 자리에서 끝나고 그때까지의 점수로 계산합니다. 공급이 제한된 경우에만 "
             "생기는 일입니다. 이 국면에서는 빨간 공 열여섯 개가 모두 보드 위에 있어 a 수를 "
             "둘 수 없고, 공을 정확히 하나만 떠받치는 공도 없어 b 수도 둘 수 없습니다."),
        ("SPK-RUL-3", "SPK-END-1"),
        position="RRRR,RRRR,RRRR,RRRR/...,...,.../..,../. attractor turns:8 supply:0,16",
        reason="no-legal-move"),
    Answer(
        "pair-rests-on-first",
        Text("Yes. The two balls of move a are placed one after the other, each where it "
             "may go at that moment, so the second may rest on a square the first has "
             "just completed.",
             "됩니다. a 수의 두 공은 하나씩 차례로 놓고, 각 공은 놓는 순간 놓을 수 있는 "
             "자리면 되므로, 두 번째 공은 첫 번째 공이 방금 완성한 정사각형 위에 올릴 수 "
             "있습니다."),
        ("SPK-RUL-1", "SPK-PLACE-1"),
        position="RWR.,R...,....,..../...,...,.../..,../. attractor turns:2 supply:13,15",
        move="W2b2+R1c3", legal=True),
    Answer(
        "what-scores",
        Text("Every pair of touching balls of which one is red and the other white, "
             "counting only pairs with neither ball at an inner point (1c3, 1e3, 1c5, 1e5, "
             "2d4): 60 pairs can score, yet no position scores more than 42, so a score "
             "runs from 0 to 42. Balls lying across a pair do not matter.",
             "서로 닿은 두 공 가운데 하나는 빨간 공, 다른 하나는 흰 공인 쌍을 모두 셉니다. "
             "단, 두 공 모두 안쪽 자리(1c3, 1e3, 1c5, 1e5, 2d4)에 있지 않은 쌍만 셉니다. "
             "점수가 날 수 있는 쌍은 60개이지만 어떤 국면도 42점을 넘지 않으므로, 점수는 "
             "0점에서 42점 사이입니다. 쌍 위에 걸친 공은 상관없습니다."),
        ("SPK-SCORE-1", "SPK-RUL-9", "SHB-TOUCH-1"),
        position="RWRW,WRWR,RWRW,WRWR/RWR,WRW,RWR/WR,WR/W attractor turns:16 supply:1,1",
        reason="pyramid-complete"),
)


KEYWORDS: Final = {
    "SPK-SETUP-1": Text("roles, attractor, repulsor, who starts, set-up",
                        "역할, 어트랙터, 리펄서, 준비"),
    "SPK-PLACE-1": Text("place two balls, a pair, red and white", "공 두 개 놓기"),
    "SPK-REMOVE-1": Text("remove a ball, swap, take away, holds up exactly one",
                         "공 빼기, 바꾸기, 하나만 떠받치는 공"),
    "SPK-REMOVE-2": Text("replacement ball, other colour", "다른 색 공 놓기"),
    "SPK-END-1": Text("end of game, complete pyramid", "게임의 끝, 완성"),
    "SPK-SCORE-1": Text("score, points, count, contacts, connections, touching pairs",
                        "점수, 연결, 닿은 쌍, 점수 세기"),
    "SPK-DUEL-1": Text("duel, two games, switch roles", "결투전, 역할 바꾸기"),
    "SPK-BID-1": Text("bid, bidding, auction", "입찰, 입찰전"),
    "SPK-RUL-1": Text("second ball on the first, placement order", "두 번째 공, 놓는 순서"),
    "SPK-RUL-9": Text("inner balls, hidden balls, five inner points", "안쪽 공, 가려진 공"),
}


# -- Korean text of the rules and rulings ---------------------------------------------

KO: Final = {
    "SPK-SETUP-1": EntryText(
        "b6b392dfa5ca", "역할과 준비",
        "스플링크는 두 사람이 어트랙터와 리펄서라는 두 역할을 맡아 하는 게임으로, 빨간 공 "
        "16개와 흰 공 16개를 하나의 공급처에서 함께 씁니다(검은 공은 쓰지 않습니다). 어느 "
        "쪽도 자기 색이 없으며, 모든 수에서 두 색을 다 다룹니다. 보드는 빈 상태로 시작하고, "
        "어트랙터가 먼저 둔 뒤 번갈아 둡니다. 어트랙터는 빨간 공과 흰 공의 연결"
        "(SPK-SCORE-1)이 많기를, 리펄서는 되도록 적기를 바랍니다."),
    "SPK-PLACE-1": EntryText(
        "933ce748a069", "a 수: 빨간 공과 흰 공 놓기",
        "공급처에서 빨간 공 하나와 흰 공 하나를 가져와 놓을 수 있는 자리(SHB-PLACE-1) 두 "
        "곳에 차례로 놓습니다. 각 공은 놓는 순간에 놓을 수 있는 자리여야 하므로, 두 번째 "
        "공은 첫 번째 공이 완성한 받침 위에 올릴 수 있습니다(SPK-RUL-1). 이 수를 두려면 "
        "공급처에 빨간 공과 흰 공이 적어도 하나씩 있어야 합니다. 표기: R1a1+W1c1. 번호가 "
        "작은 자리를 먼저 쓰지만, 어느 순서로 써도 읽습니다."),
    "SPK-REMOVE-1": EntryText(
        "4fbafaa7d0de", "b 수: 공 하나만 떠받치는 공 빼기",
        "a 수 대신, 어느 층에 있든 바로 위층의 공을 정확히 하나만 떠받치는 공을 색과 "
        "상관없이 하나 뺍니다. 아무것도 떠받치지 않거나 둘 이상을 떠받치는 공(SHB-PIN-1)은 "
        "고를 수 없습니다. 뺀 공은 공급처로 돌아가고(SPK-RUL-2), 그 위의 공들은 "
        "떨어집니다(SHB-DROP-1)."),
    "SPK-REMOVE-2": EntryText(
        "22d5b3d17ded", "b 수: 다른 색 공 놓기",
        "같은 수에서 이어서, 뺀 공과 다른 색의 공을 공급처에서 가져와 놓을 수 있는 자리 "
        "어디에나 놓습니다. 떨어진 공들 위나 연쇄로 비게 된 자리도 됩니다. b 수는 빼기 "
        "전에 공급처에 그 다른 색 공이 하나 이상 있을 때만 둘 수 있습니다(SPK-RUL-7). "
        "표기: x2b2+W3c3."),
    "SPK-END-1": EntryText(
        "0817d3a157f7", "게임의 끝",
        "피라미드가 완성되면(SHB-COMPLETE-1) 게임이 끝나고, 그때 어트랙터의 점수"
        "(SPK-SCORE-1)가 확정됩니다. 둘 차례인 사람이 둘 수 있는 수가 없을 때(SPK-RUL-3)나 "
        "max_turns 옵션으로 정한 차례 제한에 이르렀을 때(SPK-RUL-4)에도 게임이 끝나며, "
        "그때까지의 점수로 계산합니다. 이 가운데 여러 조건이 함께 성립하면 완성된 피라미드, "
        "차례 제한, 둘 수 없음의 순서로 먼저 해당하는 것을 끝난 이유로 봅니다. 모든 수는 공 "
        "두 개를 더하거나 하나를 빼고 하나를 놓으므로, 보드의 공은 언제나 짝수 개이고 "
        "피라미드는 어떤 수를 마칠 때 완성됩니다."),
    "SPK-SCORE-1": EntryText(
        "008bb8120f7b", "어트랙터의 점수",
        "어트랙터는 서로 닿은 빨간 공과 흰 공의 쌍마다 1점을 얻습니다. 곧 서로 닿은 두 "
        "공(SHB-TOUCH-1) 가운데 하나는 빨간 공, 다른 하나는 흰 공이고, 둘 다 안쪽 다섯 "
        "자리 1c3, 1e3, 1c5, 1e5, 2d4(SPK-RUL-9)에 있지 않은 쌍입니다. 안쪽 자리를 피하는 "
        "닿은 쌍은 정확히 60개로, 피라미드의 네 면에 드러나는 연결입니다. 리펄서에게는 "
        "자기 점수가 없고, 어트랙터의 점수를 낮게 묶어 두려 합니다. 어떤 국면도 42점을 "
        "넘지 않습니다. 색이 어떻게 놓이든 완성된 피라미드는 42점을 넘지 않고, 완성되지 "
        "않은 피라미드의 빈 자리를 채워서 점수가 낮아지는 일은 없기 때문입니다. 게임이 "
        "끝나는 방식(SPK-END-1)에 따라 점수의 범위는 이렇습니다. 피라미드를 완성한 게임은 "
        "16/16 공급에서 11점에서 42점, 무제한 공급(SPK-RUL-5)에서 4점에서 42점이며, "
        "합법적인 게임으로 이 네 경계값에 모두 이를 수 있습니다. 둘 차례인 사람이 둘 수 "
        "있는 수가 없어 멈춘 게임(SPK-RUL-3)은 제한된 공급에서만 생기며, 0점(합법적인 "
        "16수 게임으로 이를 수 있습니다)에서 많아야 42점입니다. 차례 제한(SPK-RUL-4)으로 "
        "멈춘 게임은 그 국면이 가진 점수를 받으며, 0점(max_turns=0이면 빈 보드에서 게임이 "
        "끝납니다)에서 많아야 42점입니다."),
    "SPK-DUEL-1": EntryText(
        "5788fda47ef6", "결투전",
        "결투전은 같은 두 사람이 완전한 게임을 두 번 하되, 두 번째 게임에서 역할을 바꾸는 "
        "방식입니다. 경기 전에 정한 선수(先手)가 첫 번째 게임의 어트랙터가 됩니다"
        "(SPK-RUL-11). 어트랙터로서 더 많은 점수를 낸 사람이 경기에서 이기고, 점수가 같으면 "
        "무승부입니다(SPK-RUL-8). 참조 구현의 경기 진행기는 따로 정하지 않으면 1000차례가 "
        "지난 게임을 멈춥니다. 이것은 완전한 게임이라는 조건에서 벗어나는 것으로, 그 까닭은 "
        "SPK-RUL-4가 설명합니다."),
    "SPK-BID-1": EntryText(
        "f232891f3412", "입찰전",
        "한 게임을 시작하기 전에, 두 사람이 번갈아 자기가 어트랙터로서 몇 점을 낼지 "
        "입찰합니다. 입찰은 매번 앞의 입찰보다 높아야 하며, 입찰 대신 패스할 수도 있습니다. "
        "먼저 패스한 사람이 리펄서가 되고, 다른 사람이 어트랙터가 되어 최종 점수가 자기의 "
        "마지막 입찰을 이루면 경기에서 이기며, 그렇지 못하면 리펄서가 이깁니다. 누가 먼저 "
        "입찰하는지는 SPK-RUL-11이, 입찰할 수 있는 범위는 SPK-RUL-6이, 첫 입찰자가 바로 "
        "패스할 수 있는지는 SPK-RUL-12가, 점수가 입찰에 이르러야 하는지 넘어야 하는지는 "
        "SPK-RUL-13이 정합니다."),
    "SPK-RUL-1": EntryText(
        "61189ade50a7", "a 수에서 공을 놓는 순서",
        statement="됩니다. 두 공은 하나씩 차례로 놓고, 각 공은 놓는 순간에 놓을 수 있는 "
        "자리여야 합니다. 두 공을 어떤 순서로든 하나씩 놓을 수 있으면 그 a 수는 합법이고, "
        "두 자리에 놓는 수는 어느 순서로 쓰든 같은 수입니다.",
        question="a 수에서, 같은 수의 첫 번째 공이 방금 완성한 받침 위에 두 번째 공을 "
        "올려도 되나요?",
        rationale="글이 답합니다. 다른 읽기를 따르면 게임을 끝낼 수 없기 때문입니다. 중력에 "
        "맞게 공 28개가 놓인 보드에는 놓을 수 있는 자리가 언제나 정확히 하나뿐입니다. 빈 두 "
        "자리는 꼭대기 4d4와 그 아래 3층 자리 네 곳(3c3, 3e3, 3c5, 3e5) 가운데 하나이고, "
        "받침이 모두 갖추어진 것은 그 3층 자리뿐이며 꼭대기는 아직 받침 하나가 모자랍니다"
        "(빈 자리 두 곳의 모든 조합을 확인했고, splink-last-move-fills-the-top으로 "
        "증명했습니다). 어떤 수든 공의 개수를 둘 늘리거나 그대로 두므로(a 수는 둘을 더하고, "
        "b 수는 하나를 빼고 하나를 놓습니다), 피라미드를 완성하는 게임은 a 수로 공 28개에서 "
        "30개가 됩니다. 공 하나는 그 3층 자리에, 다른 하나는 그 공이 받침을 완성한 꼭대기에 "
        "놓입니다. a 수의 두 공이 모두 수를 두기 전부터 놓을 수 있는 자리여야 한다면, 공이 "
        "28개일 때는 a 수를 결코 둘 수 없고, 글이 정한 유일한 끝인 피라미드 완성에도 결코 "
        "이를 수 없습니다. 글의 표현도 이와 맞습니다. 글은 놓을 수 있는 자리 두 곳을 요구할 "
        "뿐, 수를 두기 전에 놓을 수 있는 자리 두 곳을 요구하지 않으며, b 수에서도 새 공은 "
        "같은 수가 만든 자리(떨어진 공들 위)를 쓸 수 있습니다.",
        alternatives=("차례로 놓기: 두 번째 공은 첫 번째 공이 완성한 받침을 쓸 수 있다.",
                      "두 자리 모두 수를 두기 전부터 놓을 수 있는 자리여야 한다. 그러면 "
                      "피라미드를 결코 완성할 수 없으므로 배제한다.")),
    "SPK-RUL-2": EntryText(
        "e7d056f4b9b4", "뺀 공은 공급처로 돌아간다",
        statement="함께 쓰는 공급처로 돌아가며, 어느 쪽이든 다시 쓸 수 있습니다. 색마다 "
        "보드 위의 공과 공급처의 공을 합하면 언제나 16개입니다.",
        question="b 수에서 뺀 공은 어디로 가나요?",
        rationale="글이 답합니다. 글이 아는 공의 자리는 보드와 두 사람이 함께 쓰는 공급처 두 "
        "곳뿐이고, 뺀 공을 둘 세 번째 자리는 없습니다. 뺀 공을 따로 치워 두면 글이 정한 "
        "유일한 끝도 무너집니다. 세트의 빨간 공과 흰 공 32개가 세 번 뺀 뒤에는 피라미드에 "
        "필요한 30개보다 적어져, 게임이 결코 끝날 수 없게 됩니다. 같은 세트로 하는 "
        "스플루프도 뺀 공을 공급처로 돌려놓습니다.",
        alternatives=("뺀 공은 공급처로 돌아간다.", "뺀 공은 게임에서 빠진다.")),
    "SPK-RUL-3": EntryText(
        "4c247dec4b49", "피라미드가 완성되기 전에 둘 수 있는 수가 없을 때",
        statement="게임은 즉시 끝나고 그때까지의 점수로 계산합니다(SPK-SCORE-1).",
        question="피라미드가 완성되지 않았는데 둘 차례인 사람이 둘 수 있는 수가 없으면 "
        "어떻게 되나요? 이런 일은 공급이 제한된 경우에만 생깁니다. 공급처에 두 색이 모두 "
        "있으면 완성되지 않은 피라미드에서는 언제나 a 수를 둘 수 있습니다(공이 짝수 개이므로 "
        "첫 번째 공을 놓아도 아직 완성되지 않고, 두 번째 공을 놓을 자리가 여전히 있습니다). "
        "예를 들어 합법적인 16수 게임 W1c1+R1e3 W1e1+R1g7 R1c3+W2d2 x1c1+R2d2 x1c1+R2d2 "
        "x1e1+R1g5 W1e5+R1e7 W1c5+R2f6 x1e5+R1c7 R1g3+W2d4 x1c5+R1a3 R1a5+W2d4 x1c5+R1a1 "
        "R1g1+W2d4 x1c5+R2d6 x1c5+R1a7 뒤에는 빨간 공 열여섯 개가 모두 구멍에 있고 흰 공은 "
        "보드에 하나도 없습니다. a 수에는 공급처의 빨간 공이 필요하고, 어떤 공도 다른 공을 "
        "떠받치지 않으므로 바꿀 수 있는 공도 없습니다.",
        rationale="글은 이에 대해 말이 없지만, 규칙을 더하지 않는 읽기는 모두 같은 결과를 "
        "냅니다. 어떤 수가 합법인지는 보드와 함께 쓰는 공급처의 공에만 좌우되고, 누구 "
        "차례인지에는 좌우되지 않습니다. 어느 역할도 자기 색이나 자기만의 수가 없기 "
        "때문입니다. 그러므로 둘 차례인 사람이 둘 수 있는 수가 없으면, 같은 보드와 공급처를 "
        "마주한 상대에게도 둘 수 있는 수가 없습니다. 패스 뒤에는 다시 패스만 이어질 수 "
        "있으니 아무것도 더는 바뀌지 않고, 점수는 지금 국면의 점수로 남습니다. 따라서 즉시 "
        "끝내는 것과 패스하는 것은 같은 결과입니다. 막힌 사람에게 벌칙을 주는 것 같은 다른 "
        "방법은 글에 없는 규칙을 더하는 셈이고, 스플링크 게임 한 판에는 승패 없이 점수만 "
        "있으니 벌칙을 물릴 데도 없습니다.",
        alternatives=("게임이 끝나고 그때까지의 점수로 계산한다.",
                      "막힌 사람은 패스하고 게임은 계속된다. 그러면 상대도 막히고 점수는 "
                      "바뀔 수 없으므로 결과는 같다.")),
    "SPK-RUL-4": EntryText(
        "f5121d4290c3", "반복 규칙 없음, 선택할 수 있는 차례 제한",
        statement="원문에 없으므로 기본값으로는 없습니다(max_turns=none). 합법 수와 perft는 "
        "지나온 수순에 좌우되지 않습니다. max_turns=N 옵션을 쓰면 두 사람의 수를 합쳐 "
        "N차례가 지난 뒤 게임이 끝나고, 그때까지의 점수로 계산합니다. 차례 제한은 글에서 "
        "벗어나는 것입니다. 글이 정한 끝은 피라미드 완성(SPK-END-1)뿐이고, 결투전은 완전한 "
        "게임 두 판입니다(SPK-DUEL-1). 그런데도 참조 구현의 경기 진행기는 따로 정하지 "
        "않으면 max_turns=1000으로 게임을 진행하여, 프로그램끼리의 경기가 언제나 끝나도록 "
        "합니다. max_turns=none으로 하면 글대로 둡니다. 제한으로 멈춘 게임은 완전한 게임이 "
        "아닙니다. 그 기록에는 끝난 이유가 max-turns로 남고, 진행기는 제한 때문에 게임이 "
        "멈췄다고 알리며, 경기 기록에는 게임에 쓴 옵션이 남습니다.",
        question="b 수는 앞서 놓은 공을 되돌릴 수 있으므로, 게임이 피라미드 완성에 이르지 "
        "않을 수도 있습니다. 게임 길이에 제한이 있거나, 같은 국면의 반복을 금지하는 규칙이 "
        "있나요?",
        rationale="반복 규칙을 더하면 규칙을 새로 만들어 내는 셈이고, 합법 여부가 지나온 "
        "수순 전체에 좌우됩니다. 차례 제한은 대회나 자동 대국에서 게임이 반드시 끝나게 하는 "
        "단순하고 분명한 방법입니다. 프로그램끼리 둘 때는 이것이 꼭 필요합니다. 탐욕적인 "
        "플레이어 둘(참조 구현에 들어 있는 플레이어)은 서로의 수를 끝없이 되돌리는 일이 잦아, "
        "시드를 정한 두 플레이어의 게임 80판 가운데 18판이 1000차례가 지나도 끝나지 "
        "않았습니다. 경기의 제한은 끝나는 게임의 길이보다 훨씬 높게 잡았으므로(무작위 "
        "플레이어와 탐욕적인 플레이어가 시드를 정해 둔 200판 가운데 300차례를 넘긴 게임은 "
        "없었습니다) 반복하는 게임만 멈추게 하고, 경기 밖에서 두는 한 판은 글의 기본값을 "
        "따릅니다.",
        alternatives=("제한 없음.", "N차례가 지나면 게임이 끝나고, 그때까지의 점수로 "
                      "계산한다.", "같은 국면의 반복을 금지하는 규칙. 제공하지 않는다.")),
    "SPK-RUL-5": EntryText(
        "bceb0eb552ee", "무제한 공급 변형",
        statement="기본값(supply=limited)에서는 빨간 공 16개와 흰 공 16개를 함께 씁니다. "
        "supply=unlimited에서는 두 색 모두 언제나 있으므로, 공이 모자라서 a 수나 b 수를 둘 "
        "수 없는 일이 없고, 보드 위에 한 색 공이 16개보다 많아질 수 있으며, 국면 표기에서 "
        "공급처의 개수는 '-'로 씁니다.",
        question="원문이 말하는 무제한 공급 변형은 어떻게 하나요?",
        rationale="글은 색마다 공 16개로 규칙을 설명하고, 무제한 공급을 변형으로 언급합니다. "
        "어느 쪽으로 게임을 할지는 두 사람에게 맡겨져 있으므로 옵션으로 고르며, 기본값은 "
        "본 규칙입니다.",
        alternatives=("빨간 공 16개와 흰 공 16개를 함께 쓰는 공급처.",
                      "두 색 모두 무제한인 공급처.")),
    "SPK-RUL-6": EntryText(
        "91ba034462a2", "입찰의 범위",
        statement="기본값(--max-bid 42)에서 입찰은 1에서 42까지의 정수이고, 매번 앞의 "
        "입찰보다 커야 합니다. 43에서 60까지의 입찰은 첫 입찰이든 올리는 입찰이든 받지 "
        "않습니다. 어떤 국면도 42점을 넘지 않으므로(SPK-SCORE-1) 결코 이룰 수 없기 "
        "때문입니다. 누가 42를 입찰하면 상대는 패스할 수밖에 없습니다. --max-bid 60에서는 "
        "점수가 나는 쌍 하나에 1씩, 입찰이 1에서 60까지이고 43에서 60까지의 입찰도 받습니다. "
        "그런 입찰을 안고 어트랙터가 된 사람은 어떤 게임도 그 점수에 이르지 못하므로 언제나 "
        "경기에서 집니다. 누가 60을 입찰하면 상대는 패스할 수밖에 없습니다.",
        question="입찰은 자기가 어트랙터로서 몇 점을 낼 수 있다고 보는지를 말합니다. 어떤 "
        "입찰이 허용되며, 어떤 게임도 이룰 수 없는 43에서 60까지의 입찰은 어떻게 되나요?",
        rationale="입찰은 자기가 몇 점을 낼 수 있다고 보는지를 말하는 것이고, 증명에 따르면 "
        "어떻게 끝나든 어떤 게임도 42점을 넘을 수 없습니다. 색이 어떻게 놓이든 완성된 "
        "피라미드는 42점을 넘지 않고, 완성되지 않은 피라미드의 빈 자리를 채워서 점수가 "
        "낮아지는 일은 없기 때문입니다. 42를 넘는 입찰을 받아 주면 일부러 지는 길을 에둘러 "
        "하나 더 줄 뿐이고, 의미 있는 가장 높은 입찰이 허용되는 가장 높은 입찰보다 낮은 채로 "
        "남습니다. 그런 입찰을 받지 않으면 모든 입찰이 어떤 게임으로든 이룰 수 있는 입찰이 "
        "됩니다. 글은 입찰의 범위를 전혀 말하지 않으며, 점수가 나는 쌍의 수인 60은 규칙에서 "
        "읽어 낼 수 있는 또 하나의 한계입니다. 범위를 그렇게 세는 사람들을 위해 이것도 "
        "제공합니다.",
        alternatives=("입찰은 1~42이며 매번 커져야 하고, 어떤 게임으로도 이룰 수 없는 "
                      "입찰(43~60)은 받지 않는다.",
                      "점수가 나는 쌍 하나에 1씩, 입찰은 1~60이다. 43에서 60까지의 입찰도 "
                      "받지만 언제나 진다.")),
    "SPK-RUL-7": EntryText(
        "b251e3cf78bc", "b 수는 빼기 전에 확인한다",
        statement="조건은 빼기 전에 확인합니다. 공급처에 다른 색 공이 없으면 공을 아예 뺄 수 "
        "없습니다. b 수는 언제나 빼기와 놓기를 함께 하는 수입니다.",
        question="b 수에는 공급처에 다른 색 공이 있어야 합니다. 이것을 빼기 전에 확인하나요? "
        "그런 공이 남아 있지 않을 때 공을 빼고 놓기는 건너뛸 수 있나요?",
        rationale="글이 답합니다. 글은 빼기와 놓기를 합친 b 수 전체를 공급처에 다른 색 공이 "
        "있다는 조건에 걸고, 공을 빼는 수는 b 수뿐이므로, 놓기 없는 빼기는 결코 수가 "
        "아닙니다. 빼기 전에 확인하든 뒤에 확인하든 답은 같습니다. 공을 빼면 그 공과 같은 "
        "색의 공급만 늘어나기 때문입니다. 이 해설이 순서까지 정하는 것은, 합법이 아닌 "
        "빼기를 아무것도 바뀌기 전에 거부하기 위해서일 뿐입니다.",
        alternatives=("빼기 전에 확인하며, 놓기 없는 빼기는 없다.",
                      "다른 색 공이 떨어졌으면 공을 빼고 놓기는 건너뛴다.")),
    "SPK-RUL-8": EntryText(
        "dcedb14e35d1", "결투전 동점은 무승부",
        statement="경기는 무승부입니다.",
        question="결투전에서 두 사람이 어트랙터로서 같은 점수를 내면 어떻게 되나요?",
        rationale="글이 답합니다. 글은 어트랙터로서 더 높은 점수를 낸 사람만을 승자로 "
        "정하는데, 점수가 같으면 어느 쪽도 더 높은 점수를 내지 않았습니다. 결투전은 게임 두 "
        "판으로 끝나므로 경기는 승자 없이 끝나고, 이것이 무승부입니다. 결정전을 두면 글에 "
        "없는 규칙을 더하게 됩니다.",
        alternatives=("동점은 무승부.", "점수가 갈릴 때까지 게임 두 판을 더 한다. 글은 "
                      "결투전을 게임 두 판으로 정하므로 배제한다.")),
    "SPK-RUL-9": EntryText(
        "b6fb2782a8b0", "안쪽 공 다섯 개",
        statement="완성된 피라미드에서 위에서 보이지 않는 다섯 자리(SHB-HIDE-1), 곧 1c3, "
        "1e3, 1c5, 1e5, 2d4입니다. 닿은 두 공 가운데 하나라도 이 자리에 있으면 그 쌍은 "
        "점수가 되지 않으며, 그 공이 지금 가려져 있는지는 상관없습니다(이 차이는 게임이 "
        "일찍 끝날 때만 드러납니다). 그 밖의 쌍은 빠지지 않으므로, 위에 공이 걸쳐 있는 "
        "연결도 셉니다. 그래서 점수가 나는 쌍은 60개입니다.",
        question="점수는 '안쪽 공 5개'를 빼고 보이는 연결만 셉니다. 그 다섯 자리는 "
        "어디이고, 그 자리가 들어간 쌍은 어떻게 되며, 보이지 않는 연결이 또 있나요?",
        rationale="글이 답합니다. 글은 피라미드에 보이는 연결을 세고 안쪽 공 다섯 개는 세지 "
        "않는다고 말하며, 두 표현은 같은 60쌍을 가리킵니다. 완성된 피라미드는 공 10개(4, 3, "
        "2, 1개의 줄)로 된 삼각형 면 네 개를 보여 줍니다. 한 면의 공들은 18쌍으로 닿고(줄을 "
        "따라 6쌍, 이웃한 줄 사이에 12쌍), 네 면은 연결이 3개씩인 비스듬한 모서리 네 개를 "
        "서로 나누므로, 겉에 보이는 연결은 4 x 18 - 12 = 60개입니다. 이것이 바로 두 공 "
        "모두 완성된 피라미드가 가리는 다섯 자리(1c3, 1e3, 1c5, 1e5, 2d4)에 있지 않은 닿은 "
        "쌍들입니다. 닿은 쌍 96개 가운데 나머지 36개에는 가려진 공이 들어 있어 안쪽에 "
        "있습니다(자리마다 확인했고, splink-scoring-pairs로 증명했습니다). 면의 연결은 "
        "피라미드의 바깥에 있으므로, 피라미드가 완성되었든 아니든 어떤 공도 그 위를 덮지 "
        "않습니다. 또 글은 안쪽 공을 가려져 있는 동안만이 아니라 아예 셈에서 뺍니다. "
        "그러므로 60쌍의 고정된 목록이 바로 글이 세는 방법이며, 그 목록이 있으면 점수는 각 "
        "자리의 색에만 좌우됩니다. 스플링크의 글은 스플루프의 규칙과 달리 연결 위에 걸친 "
        "공에 대해서는 아무 말도 하지 않습니다.",
        alternatives=("두 공 가운데 하나라도 안쪽이면 뺀다(60쌍).",
                      "두 공 모두 안쪽일 때만 뺀다(88쌍). 안쪽 공이 하나 든 쌍은 피라미드 "
                      "겉이 아니라 안에 있으므로 배제한다.",
                      "두 공이 모두 지금 위에서 보일 때만 센다(게임이 완성 전에 끝날 때만 "
                      "다르다). 글은 안쪽 공을 아예 셈에서 빼므로 배제한다.",
                      "위에 공이 걸친 연결도 뺀다. 글은 걸친 공을 말하지 않고, 60개 연결은 "
                      "모두 어느 한 면에 드러나므로 배제한다.")),
    "SPK-RUL-10": EntryText(
        "93f6822dabda", "b 수에서 새 공을 놓는 자리",
        statement="빼고 떨어진 뒤, 놓는 순간 놓을 수 있는 자리라면 어디든 됩니다. 떨어진 "
        "공들 위, 연쇄로 비게 된 자리, 또는 다른 어느 곳이든 됩니다.",
        question="영어 규칙은 b 수의 새 공을 떨어진 공들 위를 포함해 놓을 수 있는 자리 "
        "어디에나 놓게 합니다. 한국어 번역은 떨어진 공들 위에 놓으라고 합니다. 어느 "
        "쪽인가요?",
        rationale="영어 원문이 답하며, 한국어 글은 그 번역일 뿐 두 번째 출처가 아닙니다. "
        "한국어 글은 영어의 오타를 그대로 음역하고, 역할 이름 하나를 영어로 남겨 두며, 제품 "
        "이름 'Series: Shibumi'를 시리즈라는 흔한 낱말로 바꿉니다(스플링크 페이지의 한국어 "
        "번역 차이를 보세요). 영어는 분명합니다. 놓을 수 있는 자리는 어디든 되고, 떨어진 "
        "공들 위는 자칫 빠진다고 여길 수 있는 자리 하나일 뿐입니다('even'). 한국어 문장은 "
        "'놓을 수 있는 자리 어디든'과 'even'을 잃었고, 'onto the board'도 뒤틀어 옮겼습니다. "
        "한국어대로 읽어도 게임은 할 수 있으므로(연쇄로 떨어지며 비게 된 자리는 언제나 놓을 "
        "수 있는 자리입니다), 그 읽기를 배제하는 것은 게임이 아니라 원문의 표현입니다.",
        alternatives=("놓을 수 있는 자리 어디든.", "떨어진 공들 위에만(한국어 글의 표현). "
                      "영어 원문에 따라 배제한다.")),
    "SPK-RUL-11": EntryText(
        "7f41ea46b877", "경기는 누가 시작하는가",
        statement="둘은 같은 사람, 곧 선수(先手)이며, 게임의 선수처럼 경기 전에 정합니다. "
        "결투전에서 선수는 1번 게임의 어트랙터이자 2번 게임의 리펄서이고, 입찰전에서는 "
        "선수가 입찰의 첫 차례를 맡습니다(SPK-RUL-12). 경기 진행기는 선수를 입력으로 "
        "받습니다. "
        "명령줄에서는 --first 1|2로 정하고, 이를 주지 않으면 시드(--seed N, 또는 새로 만들어 "
        "출력하고 기록하는 시드)로 뽑습니다. 경기 기록에 선수가 남으므로, 다시 재생할 때는 "
        "아무것도 뽑지 않습니다.",
        question="결투전은 첫 게임이 끝나면 역할을 바꾸고, 입찰전에서는 두 사람이 번갈아 "
        "입찰하지만, 글은 결투전 첫 게임의 어트랙터도, 먼저 입찰하는 사람도 정하지 "
        "않습니다. 누구인가요?",
        rationale="글은 이에 대해 말이 없고, 어떤 고정된 선택도 규칙을 더하는 셈입니다. 이 "
        "선택은 결과를 좌우할 수도 있습니다. 결투전에서 두 번째 어트랙터는 넘어야 할 점수를 "
        "알고 두며, 입찰전에서 여는 사람은 먼저 입찰해야 합니다. 뽑기는 규칙이 주지 않는 "
        "이점을 어느 쪽에도 주지 않습니다. 선택을 입력으로 받으면 엔진은 결정적으로 동작하고 "
        "경기는 재현할 수 있으며, 스플루프의 선수(SPF-RUL-6)와도 같은 방식입니다.",
        alternatives=("경기 전에 무작위로 뽑는다. 선수를 정하지 않았으면 주어진 시드나 새 "
                      "시드로 뽑는다.",
                      "경기 전에 정한다. 예를 들어 언제나 먼저 적힌 사람이 선수다.")),
    "SPK-RUL-12": EntryText(
        "096c3babb2a0", "바로 패스하기",
        statement="기본값(--opening must-bid)에서 첫 입찰자는 반드시 입찰로 시작해야 "
        "하므로, 입찰이 끝날 때에는 언제나 유효한 입찰이 있습니다. --opening may-pass에서는 "
        "첫 입찰자가 바로 패스할 수 있습니다. 그러면 입찰은 거기서 끝나고, 첫 입찰자가 "
        "리펄서, 상대가 어트랙터가 되며, 아무도 입찰하지 않았으므로 목표 점수는 0점입니다. "
        "게임은 그대로 진행하고 기록합니다. 어트랙터가 이기는지는 SPK-RUL-13의 기준을 0점에 "
        "적용하여 정합니다. --target reach에서는 모든 점수가 0 이상이므로 게임 결과와 "
        "상관없이 어트랙터가 이기며, 바로 패스하는 것은 경기를 내주는 것입니다. --target "
        "exceed에서는 어트랙터가 적어도 1점을 내야 합니다. 이런 패스는 입찰의 첫 차례에서만 "
        "할 수 있습니다. 입찰이 하나라도 있으면, SPK-BID-1이 말하듯 첫 패스가 입찰을 "
        "끝냅니다.",
        question="먼저 패스한 사람이 리펄서가 됩니다. 아무도 입찰하기 전에 첫 입찰자가 "
        "패스할 수 있나요? 그렇다면 상대는 어트랙터로서 몇 점을 내야 하나요?",
        rationale="글은 패스하지 않은 사람이 어트랙터가 되어 자기가 입찰한 만큼 점수를 내야 "
        "한다고 하는데, 이는 그 사람이 입찰했다는 것을 전제합니다. 아무도 입찰하기 전의 "
        "패스는 그 사람에게 이룰 입찰을 남기지 않습니다. 첫 입찰을 강제하는 것은 이 읽기를 "
        "따르며, 입찰이 끝났을 때 반드시 목표 점수가 있게 합니다. '먼저 패스한 사람이 "
        "리펄서가 된다'만 떼어 읽으면 바로 패스할 수 있으며, 이 읽기도 제공합니다. 그때 "
        "남는 목표는 아무도 올리지 않은 입찰, 곧 0점이므로, 채택한 기준(SPK-RUL-13)에서는 "
        "바로 패스한 사람이 경기를 내주게 됩니다.",
        alternatives=("첫 입찰자는 반드시 입찰로 시작해야 한다.",
                      "첫 입찰자가 바로 패스하여 리펄서가 될 수 있다. 상대는 목표 0점으로 "
                      "어트랙터가 된다.")),
    "SPK-RUL-13": EntryText(
        "47a3367d4231", "입찰에 이르기",
        statement="기본값(--target reach)에서는 최종 점수가 자기의 마지막 입찰 이상이면 "
        "어트랙터가 경기에서 이기므로, 입찰과 같은 점수로도 이깁니다. 그렇지 않으면 리펄서가 "
        "이깁니다. --target exceed에서는 어트랙터가 입찰보다 많은 점수를 내야 하며, 입찰과 "
        "같은 점수로는 집니다. 첫 입찰자가 바로 패스하여 남은 목표 0점(SPK-RUL-12)에 "
        "대해서는, 이르기는 언제나 이루어지고 넘기에는 1점이 필요합니다. --target "
        "exceed에서는 42의 입찰도 결코 이룰 수 없습니다(SPK-SCORE-1). 입찰의 범위는 "
        "SPK-RUL-6이 정하므로, --max-bid 42에서 그런 입찰은 허용되지만 언제나 집니다.",
        question="어트랙터는 입찰한 만큼 점수를 내야 합니다. 최종 점수가 입찰과 같으면 "
        "이기나요, 아니면 입찰보다 많은 점수를 내야 하나요?",
        rationale="'입찰한 만큼의 점수'는 입찰을 내야 할 점수로 말합니다. 브리지의 계약이 "
        "입찰한 만큼의 트릭을 정확히 따면 이루어지듯, 정확히 그만큼 내면 입찰을 이룬 "
        "것입니다. 글이 '이상'이라고 말하지는 않으므로 입찰을 넘어야 할 점수로 읽을 수도 "
        "있고, 그렇게 읽는 사람들을 위해 이것도 제공합니다.",
        alternatives=("어트랙터는 입찰 이상의 점수가 필요하다.",
                      "어트랙터는 입찰보다 많은 점수를 내야 한다.")),
}
"""The Korean text of every Splink rule and ruling; ``source`` is the fingerprint of the
English it was translated from (``shibumi_rules.guide.fingerprint``)."""


GUIDE: Final = Guide(
    title=Text("Splink", "스플링크"),
    lead=Text(
        "Splink is a game for two players who share the red and white balls: the "
        "attractor wants red and white balls to touch, the repulsor wants to keep them "
        "apart. When the pyramid is finished, the attractor scores a point for every red "
        "ball touching a white one on the outside.",
        "스플링크는 두 사람이 빨간 공과 흰 공을 함께 쓰는 게임입니다. 어트랙터는 빨간 공과 "
        "흰 공이 닿기를 바라고, 리펄서는 떨어뜨려 놓으려 합니다. 피라미드가 완성되면 "
        "바깥에서 흰 공과 닿은 빨간 공마다 어트랙터가 1점을 얻습니다."),
    sections=_sections(),
    sample=SAMPLE,
    answers=ANSWERS,
    questions=(WHAT_SCORES,),
    keywords=KEYWORDS,
    translations={"ko": KO},
    position_fields={
        "turns": Text("turns played so far"),
        "supply": Text("balls in the shared supply: red, white ('-' under "
                       "supply=unlimited)"),
    },
    move_notation=Text(
        "Placing two balls is written `R1a1+W1c1`: the colour letter and point of each "
        "ball, joined by `+`. The canonical form lists the point with the lower index "
        "first; the engine reads either order. Removing a ball and placing one of the "
        "other colour is written `x2b2+W3c3`."),
    rules_intro=Text(
        "Splink is played with the red and white balls by two players in two roles: the "
        "attractor, who scores a point for each red ball touching a white one on the "
        "outside of the finished pyramid, and the repulsor, who tries to keep that score "
        "low. Both players handle both colours. No other implementation of Splink is "
        "known. Where its published rules leave a question open, a ruling decides it; "
        "where they settle a question that is easy to miss, a clarification gives the "
        "answer and the argument from the text.",
        "스플링크는 빨간 공과 흰 공으로, 두 사람이 두 가지 역할을 맡아 합니다. 어트랙터는 "
        "완성된 피라미드 바깥에서 흰 공과 닿은 빨간 공마다 1점을 얻고, 리펄서는 그 점수를 "
        "낮게 묶어 두려 합니다. 두 사람 모두 두 색을 다 다룹니다. 스플링크의 다른 구현은 "
        "알려져 있지 않습니다. 발표된 규칙이 열어 둔 질문은 판정이 정하고, 규칙에 답이 "
        "있지만 놓치기 쉬운 질문은 해설이 그 답과 글에서 나온 근거를 밝힙니다. 이 페이지의 "
        "규칙 본문과 판정, 해설은 한국어로 옮겼고, 출처와 구현 정보는 영어 원문 "
        "그대로입니다."),
)
