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
             "2d4): 60 pairs can score, so a score runs from 0 to 60. Balls lying across a "
             "pair do not matter.",
             "서로 닿은 두 공 가운데 하나는 빨간 공, 다른 하나는 흰 공인 쌍을 모두 셉니다. "
             "단, 두 공 모두 안쪽 자리(1c3, 1e3, 1c5, 1e5, 2d4)에 있지 않은 쌍만 셉니다. "
             "점수가 날 수 있는 쌍은 60개이므로 점수는 0점에서 60점 사이입니다. 쌍 위에 "
             "걸친 공은 상관없습니다."),
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
        "184c3e332cc6", "어트랙터의 점수",
        "어트랙터는 서로 닿은 두 공(SHB-TOUCH-1) 가운데 하나는 빨간 공, 다른 하나는 흰 "
        "공인 쌍마다 1점을 얻습니다. 단, 두 공 모두 안쪽 다섯 자리 1c3, 1e3, 1c5, 1e5, "
        "2d4에 있지 않은 쌍만 셉니다(SPK-RUL-9). 안쪽 자리를 피하는 닿은 쌍은 정확히 "
        "60개이므로 점수는 0점에서 60점 사이입니다. 리펄서에게는 자기 점수가 없고, "
        "어트랙터의 점수를 낮게 묶어 두려 합니다."),
    "SPK-DUEL-1": EntryText(
        "0ee124eafa38", "결투전",
        "결투전은 같은 두 사람이 완전한 게임을 두 번 하되, 두 번째 게임에서 역할을 바꾸는 "
        "방식입니다. 어트랙터로서 더 많은 점수를 낸 사람이 경기에서 이기고, 점수가 같으면 "
        "무승부입니다(SPK-RUL-8)."),
    "SPK-BID-1": EntryText(
        "18bce4343382", "입찰전",
        "한 게임을 시작하기 전에, 두 사람이 번갈아 자기가 어트랙터로서 몇 점을 낼지 "
        "입찰합니다. 입찰은 매번 앞의 입찰보다 높아야 하며, 입찰 대신 패스할 수도 있습니다. "
        "먼저 패스한 사람이 리펄서가 되고, 다른 사람이 어트랙터가 되어 최종 점수가 자기의 "
        "마지막 입찰에 이르면 경기에서 이기며, 그렇지 못하면 리펄서가 이깁니다. 누가 먼저 "
        "입찰하는지, 입찰할 수 있는 범위, 입찰이 끝나는 때는 SPK-RUL-6이 정합니다."),
    "SPK-RUL-1": EntryText(
        "5299fce2266d", "a 수에서 공을 놓는 순서",
        statement="됩니다. 두 공은 하나씩 차례로 놓고, 각 공은 놓는 순간에 놓을 수 있는 "
        "자리여야 합니다. 두 공을 어떤 순서로든 하나씩 놓을 수 있으면 그 a 수는 합법이고, "
        "두 자리에 놓는 수는 어느 순서로 쓰든 같은 수입니다.",
        question="a 수에서, 같은 수의 첫 번째 공이 방금 완성한 받침 위에 두 번째 공을 "
        "올려도 되나요?",
        rationale="원문은 놓을 수 있는 자리 두 곳을 요구할 뿐, 수를 시작하기 전에 두 자리가 "
        "모두 놓을 수 있는 자리여야 한다고 하지 않으며, 공은 손으로 하나씩 놓습니다. b "
        "수에서도 새 공이 같은 수가 만든 자리(떨어진 공들 위)를 쓸 수 있으므로, 차례로 "
        "놓는다는 해석이 두 수 모두에 일관됩니다.",
        alternatives=("차례로 놓기: 두 번째 공은 첫 번째 공이 완성한 받침을 쓸 수 있다.",
                      "두 자리 모두 수를 두기 전부터 놓을 수 있는 자리여야 한다.")),
    "SPK-RUL-2": EntryText(
        "eee37462b2e2", "뺀 공은 공급처로 돌아간다",
        statement="함께 쓰는 공급처로 돌아가며, 어느 쪽이든 다시 쓸 수 있습니다. 색마다 "
        "보드 위의 공과 공급처의 공을 합하면 언제나 16개입니다.",
        question="b 수에서 뺀 공은 어디로 가나요?",
        rationale="원문은 새 공을 어디서 가져오는지는 말하지만 뺀 공이 어디로 가는지는 "
        "말하지 않습니다. 뺀 공을 따로 치워 두면 세트가 줄어들어, 그런 빼기가 세 번 있은 "
        "뒤에는 공이 30개보다 적게 남으므로 피라미드를 완성할 수 없고, 완성되어야 끝나는 "
        "게임이 끝나지 않게 됩니다. 같은 세트로 하는 스플루프도 뺀 공을 공급처로 "
        "돌려놓습니다.",
        alternatives=("뺀 공은 공급처로 돌아간다.", "뺀 공은 게임에서 빠진다.")),
    "SPK-RUL-3": EntryText(
        "7ea7a9dad0db", "피라미드가 완성되기 전에 둘 수 있는 수가 없을 때",
        statement="게임은 즉시 끝나고 그때까지의 점수로 계산합니다(SPK-SCORE-1).",
        question="피라미드가 완성되지 않았는데 둘 차례인 사람이 둘 수 있는 수가 없으면 "
        "어떻게 되나요? (공급이 제한된 경우에 생길 수 있습니다. 예를 들어 빨간 공 열여섯 "
        "개가 모두 보드 위에 있고 그중 어느 것도 공을 정확히 하나만 떠받치지 않을 때입니다. "
        "a 수에는 공급처의 빨간 공이 필요하고, 흰 공은 빨간 공으로만 바꿀 수 있기 "
        "때문입니다.)",
        rationale="스플링크에는 게임 안에서의 승자가 없고 점수만 있으므로, 끝내고 점수를 "
        "세는 것이 가장 덜 자의적인 선택입니다. 패스를 허용하면 두 사람이 영원히 막힐 수 "
        "있고, 어떤 벌칙을 두든 원문에 없는 규칙을 만들어 내는 셈입니다.",
        alternatives=("게임이 끝나고 그때까지의 점수로 계산한다.",
                      "막힌 사람은 패스하고, 두 사람 모두 둘 수 없을 때에만 게임이 끝난다.")),
    "SPK-RUL-4": EntryText(
        "4c28e1708dd9", "반복 규칙 없음, 선택할 수 있는 차례 제한",
        statement="원문에 없으므로 기본값으로는 없습니다(max_turns=none). 합법 수와 perft는 "
        "지나온 수순에 좌우되지 않습니다. max_turns=N 옵션을 쓰면 두 사람의 수를 합쳐 "
        "N차례가 지난 뒤 게임이 끝나고, 그때까지의 점수로 계산합니다. 참조 구현의 경기 "
        "진행기(SPK-DUEL-1, SPK-BID-1)는 따로 정하지 않으면 max_turns=300으로 게임을 진행하여 "
        "프로그램끼리의 경기가 언제나 끝나도록 합니다. 경기 기록에는 게임에 쓴 옵션이 "
        "남습니다.",
        question="b 수는 앞서 놓은 공을 되돌릴 수 있으므로, 게임이 피라미드 완성에 이르지 "
        "않을 수도 있습니다. 게임 길이에 제한이 있거나, 같은 국면의 반복을 금지하는 규칙이 "
        "있나요?",
        rationale="반복 규칙을 더하면 규칙을 새로 만들어 내는 셈이고, 합법 여부가 지나온 "
        "수순 전체에 좌우됩니다. 차례 제한은 대회나 자동 대국에서 게임이 반드시 끝나게 하는 "
        "단순하고 분명한 방법입니다.",
        alternatives=("제한 없음.", "N차례가 지나면 게임이 끝나고, 그때까지의 점수로 "
                      "계산한다.", "같은 국면의 반복을 금지하는 규칙. 제공하지 않는다.")),
    "SPK-RUL-5": EntryText(
        "078bf5ce1211", "무제한 공급 변형",
        statement="기본값(supply=limited)에서는 빨간 공 16개와 흰 공 16개를 함께 씁니다. "
        "supply=unlimited에서는 두 색 모두 언제나 있으므로, 공이 모자라서 a 수나 b 수를 둘 "
        "수 없는 일이 없고, 보드 위에 한 색 공이 16개보다 많아질 수 있으며, 국면 표기에서 "
        "공급처의 개수는 '-'로 씁니다.",
        question="원문이 말하는 무제한 공급 변형은 어떻게 하나요?",
        rationale="원문이 이 변형을 언급하며, 옵션으로 그 변형을 고릅니다.",
        alternatives=("빨간 공 16개와 흰 공 16개를 함께 쓰는 공급처.",
                      "두 색 모두 무제한인 공급처.")),
    "SPK-RUL-6": EntryText(
        "90b78478f1e4", "입찰 방법",
        statement="첫 입찰자는 선수를 정하듯이(직접 정하거나 시드로 뽑아) 정하며, 반드시 "
        "입찰로 시작해야 합니다. 입찰은 1에서 60까지의 정수이고 매번 앞의 입찰보다 커야 "
        "합니다. 두 사람은 번갈아 입찰하거나 패스합니다. 먼저 패스한 사람이 리펄서가 되고, "
        "마지막 입찰이 유효한 다른 사람이 어트랙터가 됩니다. 최종 점수가 그 입찰 이상이면 "
        "어트랙터가 경기에서 이기고, 그렇지 않으면 리펄서가 이깁니다.",
        question="입찰전에서는 한 사람이 패스할 때까지 번갈아 입찰을 올립니다. 누가 먼저 "
        "입찰하고, 첫 입찰자가 바로 패스할 수 있으며, 어떤 입찰이 허용되고, 입찰한 만큼 "
        "점수를 낸다는 것은 무슨 뜻인가요?",
        rationale="첫 입찰을 강제하면 입찰이 끝났을 때 반드시 목표 점수가 있습니다. 점수는 "
        "60점을 넘을 수 없으므로 더 높은 입찰은 의미가 없고, 누가 60을 입찰하면 상대는 "
        "패스할 수밖에 없습니다. 입찰한 만큼 점수를 낸다는 것은 입찰을 넘는 것이 아니라 "
        "입찰에 이르는 것으로 읽습니다.",
        alternatives=("첫 입찰자는 반드시 입찰해야 하고, 입찰은 1~60이며 매번 커져야 하고, "
                      "어트랙터는 입찰 이상의 점수가 필요하다.",
                      "첫 입찰자가 바로 패스하여, 목표 0점을 상대로 리펄서가 될 수 있다.",
                      "어트랙터는 입찰보다 많은 점수를 내야 한다.")),
    "SPK-RUL-7": EntryText(
        "39fcf4451b57", "b 수는 빼기 전에 확인한다",
        statement="빼기 전에 확인합니다. 공급처에 다른 색 공이 없으면 공을 아예 뺄 수 "
        "없습니다. b 수는 언제나 빼기와 놓기를 함께 하는 수입니다.",
        question="b 수에는 공급처에 다른 색 공이 있어야 합니다. 이것을 빼기 전에 확인하나요? "
        "그런 공이 남아 있지 않을 때 공을 빼고 놓기는 건너뛸 수 있나요?",
        rationale="원문은 다른 색 공이 공급처에 있는 것을 동작 전체의 조건으로 삼습니다. "
        "공을 빼면 그 공과 같은 색의 공급만 늘어나므로, 중요한 개수는 빼기 전과 후가 "
        "같습니다. 이 판정의 진짜 요점은 놓기 없이 빼기만 하는 것은 결코 수가 아니라는 "
        "점입니다.",
        alternatives=("빼기 전에 확인하며, 놓기 없는 빼기는 없다.",
                      "다른 색 공이 떨어졌으면 공을 빼고 놓기는 건너뛴다.")),
    "SPK-RUL-8": EntryText(
        "3ceff31db01d", "결투전 동점은 무승부",
        statement="경기는 무승부입니다.",
        question="결투전에서 두 사람이 어트랙터로서 같은 점수를 내면 어떻게 되나요?",
        rationale="원문은 높은 점수를 낸 사람이 이긴다고만 말합니다. 무승부는 규칙을 더하지 "
        "않지만, 결정전이나 다른 승부 방법은 규칙을 더하게 됩니다.",
        alternatives=("동점은 무승부.", "점수가 갈릴 때까지 게임 두 판을 더 한다.")),
    "SPK-RUL-9": EntryText(
        "ac99610111e0", "안쪽 공 다섯 개",
        statement="완성된 피라미드에서 위에서 보이지 않는 다섯 자리(SHB-HIDE-1), 곧 1c3, "
        "1e3, 1c5, 1e5, 2d4입니다. 닿은 두 공 가운데 하나라도 이 자리에 있으면 그 쌍은 "
        "점수가 되지 않으며, 그 공이 지금 가려져 있는지는 상관없습니다(이 차이는 게임이 "
        "일찍 끝날 때만 드러납니다). 그 밖의 쌍은 빠지지 않으므로, 위에 공이 걸쳐 있는 "
        "연결도 셉니다. 그래서 점수가 나는 쌍은 60개입니다.",
        question="점수는 '안쪽 공 5개'를 빼고 보이는 연결만 셉니다. 그 다섯 자리는 "
        "어디이고, 그 자리가 들어간 쌍은 어떻게 되며, 보이지 않는 연결이 또 있나요?",
        rationale="완성된 피라미드에서 보이지 않는 공은 정확히 이 다섯 개이므로, '다섯'이라는 "
        "수와 '보이는'이라는 말이 함께 설명됩니다. 쌍의 목록이 정해져 있으면 점수는 각 "
        "자리의 색에만 좌우되는 단순한 개수가 됩니다. 스플링크의 원문은 스플루프의 규칙과 "
        "달리 연결 위에 걸친 공에 대해서는 아무 말도 하지 않습니다.",
        alternatives=("두 공 가운데 하나라도 안쪽이면 뺀다(60쌍).",
                      "두 공 모두 안쪽일 때만 뺀다(88쌍).",
                      "두 공이 모두 지금 위에서 보일 때만 센다(게임이 완성 전에 끝날 때만 "
                      "다르다).",
                      "위에 공이 걸친 연결도 뺀다.")),
    "SPK-RUL-10": EntryText(
        "03fb2fda5271", "b 수에서 새 공을 놓는 자리",
        statement="빼고 떨어진 뒤, 놓는 순간 놓을 수 있는 자리라면 어디든 됩니다. 떨어진 "
        "공들 위, 연쇄로 비게 된 자리, 또는 다른 어느 곳이든 됩니다.",
        question="영어 규칙은 b 수의 새 공을 떨어진 공들 위를 포함해 놓을 수 있는 자리 "
        "어디에나 놓게 합니다. 한국어 번역은 떨어진 공들 위에 놓아야 한다고 읽힐 수 "
        "있습니다. 어느 쪽인가요?",
        rationale="영어 원문이 원본이며 분명히 말합니다. 놓을 수 있는 자리는 어디든 되고, "
        "떨어진 공들 위는 그 가운데 하나일 뿐입니다. 한국어 글은 번역이며 다른 부분도 "
        "뒤틀려 있습니다(두 사람을 모두 리펄서라고 부릅니다).",
        alternatives=("놓을 수 있는 자리 어디든.", "떨어진 공들 위에만.")),
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
        "known, so each gap in its published rules is settled by a ruling.",
        "스플링크는 빨간 공과 흰 공으로, 두 사람이 두 가지 역할을 맡아 합니다. 어트랙터는 "
        "완성된 피라미드 바깥에서 흰 공과 닿은 빨간 공마다 1점을 얻고, 리펄서는 그 점수를 "
        "낮게 묶어 두려 합니다. 두 사람 모두 두 색을 다 다룹니다. 스플링크의 다른 구현은 "
        "알려져 있지 않으므로, 발표된 규칙의 빈틈은 판정으로 하나하나 정했습니다. 이 "
        "페이지의 규칙 본문과 판정은 한국어로 옮겼고, 출처와 구현 정보는 영어 원문 "
        "그대로입니다."),
)
