"""Spline for players and arbiters: the how-to-play page in plain words with a picture
for each idea, the sample game the engine plays for it, the answers to the arbiter's
questions, everyday words for the rules, and the Korean text of the rules and rulings.
English and Korean.

Every picture is checked against the engine when it is drawn, the sample game is played
by the engine and must end with the line this module names, and every answer is checked
against ``explain`` (``shibumi_rules.guide`` says how); nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...board import valid_locations
from ...geometry import INDEX_OF_NAME, points_of
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
    check,
    particle,
    picture,
)
from ...notation import EMPTY_BOARD, Colour
from ...svg import Ghost, Path, Ring
from .figures import covered_row, last_turn, line_names, line_path, spline_state, top_diagonal
from .game import GAME
from .lines import LINE_BY_NAME
from .rules import SplineMove, SplineState, outcome

PLAYER_KO: Final = {"white": "백", "black": "흑"}
"""The players in Korean: 백 (White) and 흑 (Black), as on the Sploof page."""
KIND_KO: Final = {"row": "가로줄", "column": "세로줄", "diagonal": "대각선"}
"""The kinds of line in Korean."""

# -- pictures ---------------------------------------------------------------------------

ZIGZAG: Final = "WB..,BWB.,.BB.,W..W/W..,...,.../..,../. white"
"""White may place 2d4, after which 1a1, 2b2, 1c3 and 2d4 look like a diagonal from
above; but they lie on two levels, so they are no line."""


def _aim_row() -> Picture:
    board = spline_state("WWWW,BBB.,....,..../...,...,.../..,../. black").board
    check(line_names(board, Colour.WHITE) == ["1a1-1g1"], "White holds the row 1a1-1g1")
    return picture("play-spline-row", Text(
        "Four white balls along the first row of the board, level 1: a line. White wins.",
        "보드의 첫 가로줄(1층)에 흰 공 네 개가 나란히 있습니다. 줄이 완성되었으니 백이 "
        "이깁니다."),
        board, (line_path("1a1-1g1"),))


def _setup() -> Picture:
    state = spline_state(f"{EMPTY_BOARD} white")
    free = points_of(valid_locations(state.board.occupied))
    check(free == list(range(16)), "at the start the 16 holes are the valid locations")
    return picture("play-spline-setup", Text(
        "The start: an empty pyramid. The first ball can go in any of the 16 holes "
        "(ringed).",
        "시작 모습: 피라미드가 비어 있습니다. 첫 공은 구멍 16곳(고리 표시) 어디에나 놓을 수 "
        "있습니다."), state.board, (Ring(tuple(free), "candidate"),))


def _place() -> Picture:
    state = spline_state("WB..,BW..,....,..../...,...,.../..,../. white")
    free = points_of(valid_locations(state.board.occupied))
    check(INDEX_OF_NAME["2b2"] in free and INDEX_OF_NAME["2d2"] not in free,
          "2b2 is a valid location and 2d2 is not")
    return picture("play-spline-place", Text(
        "The four balls at 1a1, 1c1, 1a3 and 1c3 form a square, so 2b2 above them is free "
        "(balls of both colours make a platform). White places a ball there. 2d2 is not "
        "free: 1e1 and 1e3 under it are empty.",
        "1a1, 1c1, 1a3, 1c3의 공 네 개가 정사각형을 이루므로 그 위의 2b2에 공을 놓을 수 "
        "있습니다(두 색의 공이 섞여도 받침이 됩니다). 백이 그곳에 공을 놓습니다. 2d2에는 "
        "놓을 수 없습니다. 그 아래의 1e1과 1e3이 비어 있기 때문입니다."),
        state.board, (Ring(tuple(free), "candidate"), Ghost(INDEX_OF_NAME["2b2"], Colour.WHITE)))


def _not_a_line() -> Picture:
    state = GAME.play_text(spline_state(ZIGZAG), "2d4")
    check(line_names(state.board, Colour.WHITE) == [] and not outcome(state).over,
          "1a1, 2b2, 1c3 and 2d4 are no line and the game goes on")
    return picture("play-spline-zigzag", Text(
        "Not a line: seen from above, 1a1, 2b2, 1c3 and 2d4 make a white diagonal, but "
        "they lie on levels 1, 2, 1 and 2. A Spline line lies flat on one level.",
        "줄이 아닙니다. 위에서 보면 1a1, 2b2, 1c3, 2d4가 흰 대각선을 이루지만, 각각 1층, "
        "2층, 1층, 2층에 있습니다. 스플라인의 줄은 한 층 안에 평평하게 놓여야 합니다."),
        state.board, (Path(tuple(INDEX_OF_NAME[n] for n in ("1a1", "2b2", "1c3", "2d4")),
                           "broken"),))


def _level_two() -> Picture:
    state = spline_state("BW.B,WBW.,.WBB,B.BW/W..,.W.,.../..,../. white")
    won = GAME.play_text(state, "2f6")
    check(line_names(won.board, Colour.WHITE) == ["2b2-2f6"], "2f6 makes 2b2-2f6")
    check(LINE_BY_NAME["2b2-2f6"].kind == "diagonal", "2b2-2f6 is a diagonal")
    return picture("play-spline-level-2", Text(
        "On level 2 a line is three balls: White completes the diagonal 2b2-2f6 with 2f6 "
        "and wins.",
        "2층에서는 공 세 개가 줄입니다. 백이 2f6으로 대각선 2b2-2f6을 완성하고 이깁니다."),
        won.board, (line_path("2b2-2f6"), Ring((INDEX_OF_NAME["2f6"],), "move")))


# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 41
"""The seed of the sample game: 21 moves, won on level 2 with a diagonal."""
SAMPLE_LINE: Final = "2f2-2b6"
SAMPLE_WINNER: Final = Colour.WHITE
"""How the sample game ends: White's diagonal of level 2. ``sample_record`` holds the
game to it, so the site fails to build if the game drifts."""


def _wins(state: SplineState, mover: Colour) -> bool:
    result = outcome(state)
    return result.over and result.winner == mover


def careful_move(state: SplineState, rng: random.Random) -> SplineMove:
    """A move of a careful beginner: a move that wins at once if there is one; else a
    move after which the opponent cannot win at once; else any move, at random."""
    mover = state.turn
    moves = GAME.legal_moves(state)
    winning, safe = [], []
    for move in moves:
        after = GAME.play(state, move)
        if _wins(after, mover):
            winning.append(move)
        elif not any(_wins(GAME.play(after, reply), after.turn)
                     for reply in GAME.legal_moves(after)):
            safe.append(move)
    chosen: SplineMove = rng.choice(winning or safe or moves)
    return chosen


def sample_record() -> GameRecord:
    """Two careful beginners from the start, White first, with ``SAMPLE_SEED``; raises
    PictureError unless the game ends with ``SAMPLE_WINNER`` holding ``SAMPLE_LINE``."""
    rng = random.Random(SAMPLE_SEED)
    state: SplineState = GAME.start(None, "white")
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = careful_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    result = outcome(state)
    check(result.winner == SAMPLE_WINNER
          and [line.name for line in result.lines] == [SAMPLE_LINE],
          f"the sample game ends with {SAMPLE_WINNER.label}'s line {SAMPLE_LINE}")
    return GameRecord(start, tuple(moves))


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    who, move, facts = answer.mover, answer.move, answer.facts
    placed = facts["placed"][who]
    en = (f"{who.capitalize()} places their {_ordinal(placed)} ball on {move} "
          f"(level {move[0]})")
    ko = (f"{particle(PLAYER_KO[who], '이', '가')} {_ordinal_ko(placed)} 공을 "
          f"{move}({move[0]}층)에 놓습니다")
    made = facts["lines_made"]
    if made:
        en += ", making " + " and ".join(
            f"the {m['kind']} {m['line']} of level {m['level']}" for m in made)
        names_ko = ", ".join(f"{m['level']}층 {KIND_KO[m['kind']]} {m['line']}" for m in made)
        ko += f". {particle(names_ko, '이', '가')} 생깁니다"
    result = answer.outcome or {}
    if result.get("over") and result.get("winner"):
        en += f": {result['winner'].capitalize()} wins."
        ko += f". {PLAYER_KO[result['winner']]}의 승리입니다."
    else:
        en += "."
        ko += "."
    return Text(en, ko)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


ORDINALS_KO: Final = ("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열",
                      "열한", "열두", "열세", "열네", "열다섯", "열여섯")
"""The Korean words for first to sixteenth (a player has sixteen balls)."""


def _ordinal_ko(n: int) -> str:
    """첫 번째, 두 번째, ... 열여섯 번째, as a player counts their balls."""
    return f"{ORDINALS_KO[n - 1]} 번째" if 1 <= n <= len(ORDINALS_KO) else f"{n}번째"


SAMPLE: Final = SampleGame(
    intro=Text(
        "A short game between two careful beginners, played by the reference engine when "
        "this page was built: each takes a winning move when there is one, avoids moves "
        "that let the opponent win at once, and otherwise plays at random (seed "
        f"{SAMPLE_SEED}). White moves first. Each diagram shows the position after the "
        "move, with the ball just placed ringed.",
        "이 페이지를 만들 때 참조 엔진이 둔 짧은 게임입니다. 두 초보자는 이기는 수가 "
        "있으면 그 수를 두고, 상대가 곧바로 이길 수 있게 되는 수는 피하며, 나머지는 "
        f"무작위로 고릅니다(시드 {SAMPLE_SEED}). 백이 먼저 둡니다. 각 그림은 그 수를 둔 "
        "뒤의 모습이며, 방금 놓은 공에는 고리가 표시됩니다."),
    play=sample_record,
    comment=comment,
    ends="line",
    close=Text(
        f"The game ends on level 2: {SAMPLE_WINNER.label.capitalize()} completes the "
        f"diagonal {SAMPLE_LINE}, three balls corner to corner across level 2. Level 1 "
        "nearly filled up without a line because each player blocked the other's rows; the "
        "lines of the upper levels are shorter and harder to block.",
        f"게임은 2층에서 끝납니다. {particle(PLAYER_KO[SAMPLE_WINNER.label], '이', '가')} "
        f"2층을 모서리에서 모서리로 가로지르는 공 세 개, 대각선 "
        f"{particle(SAMPLE_LINE, '을', '를')} 완성합니다. 두 사람이 서로 상대의 줄을 "
        "막았기 때문에 1층이 거의 다 찰 때까지 줄이 생기지 않았습니다. 위층의 줄은 더 "
        "짧아서 막기가 더 어렵습니다."),
)


# -- the guide --------------------------------------------------------------------------

def _sections() -> tuple[Section, ...]:
    return (
        Section("aim", Text("The aim", "목표"), (
            Text("White and Black each try to be the first to make a line of their colour: "
                 "a row, a column or a corner-to-corner diagonal that spans a whole level "
                 "of the pyramid. On the board (level 1) that is four balls:",
                 "백과 흑은 자기 색의 줄을 먼저 만들려고 합니다. 줄은 피라미드의 한 층을 "
                 "끝에서 끝까지 가로지르는 가로줄, 세로줄, 또는 모서리에서 모서리로 가는 "
                 "대각선입니다. 보드(1층)에서는 공 네 개입니다."),
            _aim_row(),
            Text("The levels above are smaller, so their lines are shorter: three balls on "
                 "level 2, two on level 3.",
                 "위층은 더 작아서 줄도 더 짧습니다. 2층에서는 공 세 개, 3층에서는 공 두 "
                 "개입니다."),
            _level_two(),
            top_diagonal(),
        )),
        Section("setup", Text("The set-up", "준비"), (
            Text("The pyramid starts empty. Each player takes the sixteen balls of their "
                 "colour; the red balls are not used. The players choose who starts.",
                 "피라미드는 빈 상태로 시작합니다. 각자 자기 색 공 열여섯 개를 가져갑니다. "
                 "빨간 공은 쓰지 않습니다. 누가 먼저 둘지는 두 사람이 정합니다."),
            _setup(),
        )),
        Section("turn", Text("A turn", "차례"), (
            Text("On your turn you place one ball of your colour: in an empty hole of the "
                 "board, or on top of any four balls that form a square, whatever their "
                 "colours. Balls never move again and are never taken off. You cannot "
                 "pass.",
                 "자기 차례에는 자기 색 공을 하나 놓습니다. 보드의 빈 구멍에 넣거나, 색과 "
                 "상관없이 네 공이 정사각형을 이룬 곳 위에 올립니다. 놓은 공은 다시 움직이지 "
                 "않고, 빼내지도 않습니다. 차례를 넘길 수는 없습니다."),
            _place(),
            Text("A line lies flat on one level. Balls on different levels that look lined "
                 "up from above are not a line.",
                 "줄은 한 층 안에 평평하게 놓입니다. 위에서 보기에 나란하더라도 서로 다른 "
                 "층에 있는 공들은 줄이 아닙니다."),
            _not_a_line(),
        )),
        Section("end", Text("The end", "끝"), (
            Text("The first player to make a line wins at once. A ball with other balls "
                 "resting on it, or hidden from above, still counts for the line it is in.",
                 "줄을 먼저 만든 사람이 그 자리에서 이깁니다. 위에 다른 공이 얹혀 있거나 "
                 "위에서 가려 보이지 않는 공도 자기가 속한 줄에 그대로 들어갑니다."),
            covered_row(),
            Text("There is always a winner. Only your own placement can give you a line, "
                 "so both players never have one. And the pyramid never fills up: any "
                 "three balls on level 3 hold a line, so the game ends by the 28th ball at "
                 "the latest, and the top ball is never played.",
                 "언제나 승자가 있습니다. 줄은 자기가 공을 놓을 때만 생기므로 두 사람에게 "
                 "함께 줄이 생기는 일은 없습니다. 또 피라미드가 다 차는 일도 없습니다. 3층에 "
                 "공이 세 개만 있어도 반드시 줄이 있으므로, 게임은 늦어도 28번째 공에서 "
                 "끝나고 꼭대기 공은 놓이지 않습니다."),
            last_turn(),
        )),
    )


WHO_STARTS: Final = Question("who-starts", Text("Who moves first?", "누가 먼저 두나요?"))
TOP_LEVEL: Final = Question("top-level", Text(
    "Is the single ball on top a line, and can the game get there?",
    "맨 꼭대기의 공 하나도 줄인가요? 게임이 거기까지 가기는 하나요?"))
FLAT_LINES: Final = Question("flat-lines", Text(
    "Does a line have to lie on one level?", "줄은 한 층 안에 있어야 하나요?"))


ANSWERS: Final = (
    Answer(
        "remove-holding-ball",
        Text("The question does not arise: in Spline no ball is ever removed or moved. "
             "Every ball stays where it was placed until the end of the game.",
             "스플라인에서는 공을 빼거나 옮기는 일이 없으므로 생기지 않는 질문입니다. "
             "모든 공은 게임이 끝날 때까지 놓인 자리에 그대로 있습니다."),
        ("SPL-TURN-1", "SPL-PLACE-1")),
    Answer(
        "what-drops",
        Text("Nothing ever drops: no ball is taken away in Spline.",
             "떨어지는 공은 없습니다. 스플라인에서는 공을 빼내지 않습니다."),
        ("SPL-TURN-1",)),
    Answer(
        "hidden-ball-line",
        Text("Yes. A line needs a ball of your colour on each of its points, nothing more: "
             "a ball hidden from above by a ball two levels up, or with balls resting on "
             "it, still counts. Here White's 1c3 is hidden by Black's 3c3, and 1g3 still "
             "completes White's row and wins.",
             "인정됩니다. 줄의 모든 자리에 자기 색 공이 있기만 하면 됩니다. 두 층 위의 공에 "
             "가려 위에서 보이지 않는 공이나 위에 다른 공이 얹힌 공도 줄에 들어갑니다. 이 "
             "국면에서 백의 1c3은 흑의 3c3에 가려 있지만, 백은 1g3으로 가로줄을 완성하고 "
             "이깁니다."),
        ("SPL-RUL-2", "SPL-LINE-1", "SHB-HIDE-1"),
        position="WBB.,WWW.,BBW.,..../BW.,WB.,.../B.,../. white", move="1g3",
        legal=True, reason="line"),
    Answer(
        "row-under-bridge",
        Text("Yes. Balls resting on a line's balls do not break it. Here Black's 2b2 "
             "rests on White's 1a1 and 1c1, and 1g1 completes White's row and wins.",
             "인정됩니다. 줄의 공 위에 다른 공이 얹혀 있어도 줄은 끊기지 않습니다. 이 "
             "국면에서 흑의 2b2가 백의 1a1과 1c1 위에 얹혀 있지만, 백은 1g1로 가로줄을 "
             "완성하고 이깁니다."),
        ("SPL-RUL-2", "SPL-LINE-1"),
        position="WWW.,BB..,....,..../B..,...,.../..,../. white", move="1g1",
        legal=True, reason="line"),
    Answer(
        "both-lines",
        Text("It cannot happen. A placement adds one ball of the mover's colour and moves "
             "nothing else, so it can give a line only to the player who makes it, and the "
             "first line ends the game. Here Black also lacks one ball of a row, but "
             "White's 1g1 wins first.",
             "일어날 수 없습니다. 한 수는 둔 사람의 공 하나를 더할 뿐 다른 공은 움직이지 "
             "않으므로, 줄은 수를 둔 사람에게만 생기고 첫 줄에서 게임이 끝납니다. 이 "
             "국면에서 흑도 가로줄에 공 하나만 모자라지만, 백이 1g1로 먼저 이깁니다."),
        ("SPL-RUL-5", "SPL-WIN-1"),
        position="WWW.,BBB.,....,..../...,...,.../..,../. white", move="1g1",
        legal=True, reason="line"),
    Answer(
        "cannot-move",
        Text("It cannot happen. A player never runs out of balls (nobody places more than "
             "14 of their 16) nor of places: the game is over by the 28th ball, before the "
             "pyramid is full. Here, the fullest a pyramid gets, White still has three "
             "balls and three valid locations on level 3.",
             "일어날 수 없습니다. 공이 떨어지는 일도(누구도 16개 중 14개를 넘게 놓지 "
             "않습니다), 놓을 자리가 없는 일도 없습니다. 게임은 피라미드가 다 차기 전, "
             "늦어도 28번째 공에서 끝납니다. 피라미드가 가장 많이 찬 이 국면에서도 백에게는 "
             "공 세 개와 3층의 놓을 수 있는 자리 세 곳이 남아 있습니다."),
        ("SPL-RUL-6", "SPL-RUL-7", "SPL-TURN-1"),
        position="WWBB,BBWW,WWBB,BBWW/WBW,WBB,BWW/.B,../. white"),
    Answer(
        "pair-rests-on-first",
        Text("The question does not arise: a Spline turn places a single ball. A ball may "
             "rest on any four balls already on the pyramid, of any colours.",
             "스플라인에서는 한 차례에 공을 하나만 놓으므로 생기지 않는 질문입니다. 공은 "
             "색과 상관없이 이미 피라미드에 있는 네 공 위에 올릴 수 있습니다."),
        ("SPL-TURN-1", "SHB-PLACE-1")),
    Answer(
        "who-starts",
        Text("Either player: the players choose (the rules do not say). Nothing in a "
             "position records it: with equal numbers of balls the player to move started, "
             "otherwise the player with one ball more. The engine starts with White unless "
             "told otherwise (--first black).",
             "누구든 먼저 둘 수 있으며, 두 사람이 정합니다(규칙에는 나와 있지 않습니다). "
             "국면에 따로 기록할 필요도 없습니다. 두 색의 공 수가 같으면 둘 차례인 사람이, "
             "다르면 공이 하나 더 많은 사람이 먼저 둔 것입니다. 엔진은 따로 정하지 않으면 "
             "백부터 둡니다(--first black으로 바꿀 수 있습니다)."),
        ("SPL-RUL-4", "SPL-START-1"),
        position=f"{EMPTY_BOARD} black"),
    Answer(
        "top-level",
        Text("No, and it is never reached. A line needs at least two balls, and every "
             "pair of points on level 3 is a line, so any three balls there hold one: the "
             "game ends before a fourth ball reaches level 3, and the top point needs all "
             "four. Here, in the last turn of a longest game, both of Black's moves win.",
             "줄이 아니며, 거기까지 가지도 않습니다. 줄은 공이 둘 이상이어야 하고, 3층에서는 "
             "어느 두 자리든 줄이므로 공 세 개면 반드시 줄이 생깁니다. 그래서 3층에 네 번째 "
             "공이 놓이기 전에 게임이 끝나고, 꼭대기 자리는 3층 네 곳이 모두 차야 놓을 수 "
             "있습니다. 가장 긴 게임의 마지막 차례인 이 국면에서 흑은 어느 수를 두어도 "
             "이깁니다."),
        ("SPL-RUL-3", "SPL-RUL-6", "SPL-LINE-1"),
        position="WWBB,BBWW,WWBB,BBWW/WBW,WBB,BWW/WB,../. black"),
    Answer(
        "flat-lines",
        Text("Yes. Only the rows, columns and two corner-to-corner diagonals of one level "
             "count. Here White's 2d4 lines up 1a1, 2b2, 1c3 and 2d4 from above, but they "
             "lie on two levels: no line, and the game goes on.",
             "그렇습니다. 한 층의 가로줄, 세로줄, 모서리에서 모서리로 가는 대각선 두 개만 "
             "줄입니다. 이 국면에서 백이 2d4를 두면 위에서 볼 때 1a1, 2b2, 1c3, 2d4가 "
             "나란히 보이지만 두 층에 걸쳐 있으므로 줄이 아니고, 게임은 계속됩니다."),
        ("SPL-WIN-1", "SPL-RUL-1", "SPL-LINE-1"),
        position=ZIGZAG, move="2d4", legal=True),
)


KEYWORDS: Final = {
    "SPL-SETUP-1": Text("set-up, setup, start position, how to start, empty pyramid",
                        "준비, 시작 배치, 빈 피라미드"),
    "SPL-START-1": Text("who starts, first player, who goes first",
                        "누가 먼저, 먼저 두는 사람"),
    "SPL-PLACE-1": Text("place a ball, put a ball, supply", "공 놓기, 공급처"),
    "SPL-LINE-1": Text("row, column, diagonal, four in a row, three in a row, line of two",
                       "가로줄, 세로줄, 대각선, 네 개 한 줄, 세 개 한 줄, 두 개 줄"),
    "SPL-WIN-1": Text("win, who wins, end of the game", "승리, 이기는 법, 게임의 끝"),
    "SPL-RUL-1": Text("which lines count, flat line, zigzag, zig-zag, level",
                      "인정되는 줄, 평평한 줄, 지그재그, 층"),
    "SPL-RUL-2": Text("covered ball, hidden ball, ball under another, bridge",
                      "얹힌 공, 가려진 공, 다른 공 아래의 공, 다리"),
    "SPL-RUL-3": Text("top ball, apex, single ball on top", "꼭대기 공, 꼭대기"),
    "SPL-RUL-4": Text("who starts, first player, choose", "누가 먼저, 먼저 두는 사람, 정하기"),
    "SPL-RUL-5": Text("both players line, simultaneous lines, tie", "동시에 줄, 비김"),
    "SPL-RUL-6": Text("draw, pyramid full, no line, cannot move, stuck",
                      "무승부, 피라미드가 다 참, 줄 없음, 둘 수 없음"),
    "SPL-RUL-7": Text("run out of balls, supply empty", "공이 바닥남, 공급처가 빔"),
}


# -- Korean text of the rules and rulings ---------------------------------------------

KO: Final = {
    "SPL-SETUP-1": EntryText(
        "f23fc7857fe4", "준비",
        "스플라인은 백과 흑이 세트의 흰 공과 검은 공으로 합니다. 빨간 공은 쓰지 않습니다. "
        "피라미드는 빈 상태로 시작하고, 각자 자기 색 공 열여섯 개가 자기 공급처가 되어 "
        "거기서 공을 꺼내 놓습니다. 국면 표기에서 시작 국면은 "
        "....,....,....,..../...,...,.../..,../. 뒤에 둘 차례인 사람을 적은 것입니다."),
    "SPL-START-1": EntryText(
        "1318f0565687", "먼저 두는 사람",
        "두 사람은 먼저 두는 사람부터 한 차례에 공 하나씩 번갈아 놓습니다. 누가 먼저 "
        "두는지는 출처에 나와 있지 않으며, SPL-RUL-4가 정합니다."),
    "SPL-TURN-1": EntryText(
        "09329d98bbe5", "한 차례에 공 하나",
        "자기 차례에는 자기 색 공을 정확히 하나 놓습니다(SPL-PLACE-1). 차례를 넘길 수 "
        "없고, 놓은 공은 옮기지도 빼내지도 않습니다. 두 사람이 번갈아 두므로 피라미드에 "
        "놓인 흰 공과 검은 공의 수는 많아야 하나 차이 나고, 공이 더 많은 사람이 방금 둔 "
        "사람입니다. 두 수가 같으면 둘 차례인 사람이 먼저 둔 사람입니다."),
    "SPL-PLACE-1": EntryText(
        "d44b3e8c6dad", "공 놓기",
        "공은 둔 사람의 공급처에서 가져와 놓을 수 있는 자리(SHB-PLACE-1) 어디에나 "
        "놓습니다. 곧 보드의 빈 구멍이나, 색과 상관없이 공 네 개가 2x2로 다 갖추어진 받침 "
        "위의 빈 자리입니다. 놓은 공은 게임이 끝날 때까지 그 자리에 있습니다."),
    "SPL-LINE-1": EntryText(
        "649121215893", "줄",
        "줄은 한 층의 가로줄, 세로줄, 또는 모서리에서 모서리로 가는 대각선 두 개 가운데 "
        "하나로, 그 층을 끝에서 끝까지 가로지릅니다. 1층에서는 공 네 개, 2층에서는 세 개, "
        "3층에서는 두 개입니다. 줄은 1층에 10개, 2층에 8개, 3층에 6개로 모두 24개이며"
        "(spec/tables/spline.json), 3층에서는 어느 두 자리든 줄입니다. 줄의 모든 자리에 "
        "자기 색 공이 있으면, 그 공들 위에 무엇이 얹혀 있든 그 사람이 줄을 가진 "
        "것입니다(SPL-RUL-2)."),
    "SPL-WIN-1": EntryText(
        "be374b8ccd6e", "줄을 만들어 이기기",
        "줄(SPL-LINE-1)을 만든 사람이 그 자리에서 이기고 게임이 끝납니다. 줄을 가질 수 "
        "있는 사람은 마지막으로 공을 놓은 사람뿐이며(SPL-RUL-5), 모든 게임은 늦어도 28번째 "
        "공에서 이렇게 끝납니다(SPL-RUL-6). 스플라인에는 무승부가 없습니다."),
    "SPL-RUL-1": EntryText(
        "0feae00de442", "인정되는 줄",
        statement="한 층의 가로줄, 세로줄, 모서리에서 모서리로 가는 대각선 두 개만 "
        "줄이며, 모두 그 층의 너비만큼 깁니다. 1층, 2층, 3층에서 공 4개, 3개, 2개이고, "
        "줄은 모두 24개입니다.",
        question="글은 한 층을 끝에서 끝까지, 또는 모서리에서 모서리까지 가로지르는 평평한 "
        "줄을 요구합니다. 자기 공이 곧게 이어지기만 하면 줄인가요, 스플루프에서처럼 여러 "
        "층에 걸쳐 위에서 곧게 보이는 줄인가요, 아니면 한 층의 온전한 가로줄, 세로줄, 두 "
        "대각선만 줄인가요?",
        rationale="글이 답합니다. 줄은 평평하므로 한 층 안에 놓이고, 그 층을 끝에서 "
        "끝까지 또는 모서리에서 모서리까지 가로지르므로 층의 너비만큼 깁니다. 정사각형 "
        "층에서 그런 줄은 정확히 가로줄, 세로줄, 두 대각선뿐이며, donkirkby의 규칙 "
        "페이지도 세 길이(4, 3, 2)를 밝힙니다. 정리 spline-lines-table은 엔진의 줄 목록이, "
        "한 층에서 그 층의 너비만큼의 자리가 위에서 보아 한 직선 위에 놓이는 묶음 모두와 "
        "정확히 같음을 확인합니다.",
        alternatives=("각 층의 가로줄, 세로줄, 두 대각선을 층의 너비 전체로(줄 24개).",
                      "한 층 안에서 이어진 공 네 개(또는 세 개)는 모두 줄이다. 그런 줄은 "
                      "층을 가로지르지 않을 수도 있으므로 배제한다.",
                      "스플루프에서처럼 여러 층에 걸쳐 위에서 곧게 보이는 줄. 스플라인의 "
                      "줄은 평평하므로 배제한다.")),
    "SPL-RUL-2": EntryText(
        "c729b3936ca6", "덮이거나 가려진 공도 줄에 들어간다",
        statement="인정됩니다. 줄의 자리마다 자기 공이 있으면, 그 공들 위에 무엇이 "
        "얹혀 있든 무엇이 가리든 그 사람이 줄을 가진 것입니다. 공이 덮인다고 줄이 끊기는 "
        "일은 없고, 어떤 공도 피라미드에서 빠지지 않으므로 줄이 되살아나는 일도 없습니다.",
        question="위층의 공은 아래층의 공 위에 얹히고, 두 층 위의 공은 그 아래의 공을 "
        "위에서 가립니다(SHB-HIDE-1). 줄의 공 가운데 일부가 덮이거나 가려져도 그 줄은 "
        "인정되나요?",
        rationale="글은 줄을 한 층의 공만으로 정합니다. 그 층을 가로지르는 자기 색의 "
        "평평한 가로줄, 세로줄, 대각선입니다. 바로 위에서 보이는 줄을 요구하는 스플루프의 "
        "글(SPF-RUL-7)과 달리, 스플라인의 글은 줄이 보이는지를 전혀 말하지 않습니다. "
        "그러므로 다른 공이 얹힌 공이나 두 층 위의 공에 가려진 공도 여전히 그 층의 공이며 "
        "그 줄의 공입니다. 보이는지를 조건으로 삼으면 글에 없는 규칙을 더하게 됩니다. "
        "알려진 두 구현도 그렇게 읽습니다. 이 읽기는 실제 게임에서 중요합니다. 2층과 "
        "3층의 공이 얹힌 뒤에도 1층의 가로줄을 완성할 수 있습니다(이름 붙은 국면 "
        "covered-row와 hidden-row).",
        alternatives=("덮이거나 가려진 공도 다른 공과 똑같이 줄에 들어간다.",
                      "스플루프에서 가려진 공이 줄을 끊듯이(SPF-RUL-7), 모든 공이 위에서 "
                      "보이는 줄만 인정된다. 스플라인의 글은 보이는지를 묻지 않으므로 "
                      "배제한다.",
                      "줄의 어느 공 위에도 공이 얹혀 있지 않을 때만 줄이 인정된다. 같은 "
                      "까닭으로 배제한다.")),
    "SPL-RUL-3": EntryText(
        "8bc6e81f46b4", "꼭대기에는 공이 놓이지 않는다",
        statement="어느 게임에서도 차이가 없으며, 줄 목록에는 넣지 않습니다. 꼭대기에는 "
        "공이 놓이지 않기 때문입니다. 꼭대기에 공을 놓으려면 3층 네 자리가 모두 차야 "
        "하지만, 3층에 공이 세 개만 있어도 반드시 줄이 있으므로(SPL-RUL-6) 모든 게임은 "
        "3층에 네 번째 공이 놓이기 전에 끝납니다. 3층에 공이 네 개 있는 국면은 받지 "
        "않습니다.",
        question="공 하나 너비의 층인 4층의 공 하나도 줄인가요?",
        rationale="글은 4x4, 3x3, 2x2 층에서 공 네 개, 세 개, 두 개의 줄을 들고, 나머지는 "
        "다른 규칙이 정합니다. 정리 spline-level-3-decides가 증명하듯, 꼭대기에는 3층 네 "
        "자리가 모두 필요하지만 3층에 공이 세 개만 있어도 이미 줄이 있으므로, 어떤 게임도 "
        "꼭대기에 이르지 않고 거기 홀로 놓인 공이 줄인지는 결코 문제가 되지 않습니다. "
        "donkirkby의 구현은 꼭대기 공을 줄로 세고 AbstractPlay의 구현은 세지 않지만, 두 "
        "구현은 모든 게임을 똑같이 진행합니다.",
        alternatives=("줄이 아니다. 게임에서 꼭대기에는 결코 이르지 않는다.",
                      "꼭대기 공은 공 하나짜리 줄이다(donkirkby/shibumi-games). 어느 "
                      "게임에서나 결과는 같다.")),
    "SPL-RUL-4": EntryText(
        "ef3d5de8f09a", "누가 먼저 두는가",
        statement="누구든 먼저 둘 수 있으며, 두 사람이 정합니다. 엔진은 먼저 두는 사람이 "
        "주어지지 않으면 백부터 둡니다. 프로그래밍 인터페이스는 이를 명시적으로 받고, "
        "명령줄에서는 --first white|black으로 정하거나 --seed N으로 재현할 수 있게 "
        "뽑습니다. 국면에 따로 기록할 필요는 없습니다. 두 색의 공 수가 같으면 둘 차례인 "
        "사람이, 다르면 공이 하나 더 많은 사람이 먼저 둔 것입니다.",
        question="출처에는 누가 먼저 두는지 나와 있지 않습니다. 누가 먼저 두며, 재현할 수 "
        "있어야 하는 엔진은 이를 어떻게 고르나요?",
        rationale="글은 먼저 두는 사람을 정하지 않으며, 규칙은 백과 흑을 똑같이 다룹니다. "
        "흑이 먼저 둔 게임은 색만 바꾸면 백이 먼저 둔 게임이므로, 규칙의 어느 것도 이 "
        "선택에 좌우되지 않습니다(perft 수치도 같습니다). 남는 것은 프로그램이 이 선택을 "
        "어떻게 받느냐이며, 이것은 어떤 규칙도 바꾸지 않습니다. 엔진은 먼저 두는 사람을 "
        "입력으로 받고, --first로 정하거나 --seed로 재현할 수 있게 뽑으며, 공의 수가 알려 "
        "주므로 국면에 따로 기록할 필요가 없습니다. 두 옵션을 모두 주지 않았을 때 백이 "
        "먼저 두는 것은 도구의 기본값이지 규칙이 아닙니다. 스플루프의 기본값(SPF-RUL-6)과 "
        "마찬가지로, 알려진 두 구현과 같습니다.",
        alternatives=("누구든 먼저 둘 수 있다. 명시적으로 주거나 시드로 뽑으며, 둘 다 "
                      "없으면 백이 먼저 둔다.",
                      "언제나 백이 먼저 둔다(알려진 두 구현). 글은 먼저 두는 사람을 정하지 "
                      "않으므로 규칙으로는 배제한다.",
                      "엔진이 시드 없이 먼저 두는 사람을 스스로 뽑는다. 게임을 재현할 수 "
                      "없게 되므로 제공하지 않는다.")),
    "SPL-RUL-5": EntryText(
        "01294f6a25c1", "두 사람이 함께 줄을 갖는 일은 없다",
        statement="게임에서는 결코 일어나지 않습니다. 한 수는 둔 사람의 공 하나를 더하고 "
        "다른 공은 모두 그 자리에 그대로 두며, 공이 덮여도 줄은 끊기지 않습니다"
        "(SPL-RUL-2). 그러므로 줄은 수를 둔 사람에게만 생길 수 있고, 첫 줄에서 게임이 "
        "끝납니다(SPL-WIN-1). 두 사람이 모두 줄을 가진 국면이나 둘 차례인 사람이 줄을 가진 "
        "국면은 받지 않습니다.",
        question="예를 들어 어떤 수를 둔 뒤에 두 사람이 모두 줄을 가지면 어떻게 되나요?",
        rationale="글은 누군가 줄을 만들면 게임을 끝내고, 다른 규칙들이 두 번째 줄을 "
        "불가능하게 합니다. 정리 spline-only-the-mover-makes-lines가 증명하듯, 한 수는 둔 "
        "사람의 공 하나를 더할 뿐 아무것도 옮기지 않고, 줄은 그 주인의 공에만 좌우되므로"
        "(SPL-RUL-2), 줄은 수를 둔 사람에게만 생길 수 있고 첫 줄에서 게임이 끝납니다. "
        "그러므로 수를 둔 사람만 확인하든, 질문받은 사람만 확인하든(donkirkby), 두 사람을 "
        "모두 확인하든(AbstractPlay, 두 사람을 모두 승자로 적게 됩니다) 모든 게임에서 "
        "결과가 같습니다.",
        alternatives=("일어날 수 없다. 그런 국면은 받지 않는다.",
                      "두 사람 모두 승자로 적는다(AbstractPlay의 처리). 결코 이르지 "
                      "않는다.",
                      "수를 둔 사람이 이긴다. 결코 이르지 않는다.")),
    "SPL-RUL-6": EntryText(
        "7832d801bbad", "줄 없이 피라미드가 다 차는 일은 없다",
        statement="결코 일어나지 않습니다. 3층에서는 어느 두 자리든 줄이므로, 한 색의 공 "
        "두 개가 있으면 줄이 되고 공이 세 개면 반드시 줄이 있습니다. 그래서 게임은 늦어도 "
        "3층의 세 번째 공, 곧 28번째 공(16 + 9 + 3)에서 끝나며, 3층의 마지막 자리와 "
        "꼭대기에는 공이 놓이지 않습니다. 그때까지 피라미드는 다 차지 않으므로 둘 차례인 "
        "사람에게는 언제나 놓을 수 있는 자리가 있습니다. 모든 게임에는 승자가 있고, 공 "
        "28개를 모두 놓을 때까지 가는 게임도 있습니다.",
        question="누구도 줄을 만들기 전에 피라미드가 다 차거나, 둘 차례인 사람이 놓을 "
        "자리가 없으면 어떻게 되나요?",
        rationale="정리 spline-level-3-decides와 spline-longest-game이 증명하듯, 글에는 "
        "이를 위한 규칙이 필요 없습니다. 3층에서는 어느 두 자리든 줄이므로 공 세 개면 "
        "반드시 줄이 있고, 게임은 늦어도 28번째 공에서 끝나며, 그때까지 피라미드는 다 차지 "
        "않아 놓을 수 있는 자리가 있습니다. 이는 모든 게임이 마지막 공을 놓기 전에 승자를 "
        "낸다는 donkirkby 규칙 페이지의 말보다 더 정확합니다. 게임은 공 28개를 모두 놓을 "
        "때까지 갈 수 있습니다. 3층에 공이 네 개 있는 국면은 받지 않습니다.",
        alternatives=("일어날 수 없다. 모든 게임은 늦어도 28번째 공에서 줄로 끝난다.",
                      "피라미드가 다 차면 무승부. 결코 이르지 않는다.",
                      "놓을 자리가 없는 사람이 진다. 결코 이르지 않는다.")),
    "SPL-RUL-7": EntryText(
        "4b0d7e8d8ad2", "공이 바닥나는 일은 없다",
        statement="결코 일어나지 않습니다. 게임은 많아야 공 28개로 끝나고(SPL-RUL-6) 두 "
        "사람이 번갈아 두므로, 누구도 14개보다 많이 놓지 않습니다. 게임에서 SPL-PLACE-1의 "
        "공급처 확인은 결코 실패하지 않으며, 공의 수가 번갈아 둔 것과 맞지 않는 국면은 "
        "받지 않습니다.",
        question="각자 공이 열여섯 개 있습니다. 둘 차례인 사람에게 남은 공이 없으면 어떻게 "
        "되나요?",
        rationale="글은 각자에게 공 열여섯 개를 주며, 정리 spline-supply-suffices가 "
        "증명하듯 공이 바닥날 때를 위한 규칙은 필요 없습니다. 게임은 많아야 공 28개로 "
        "끝나고 두 사람이 번갈아 두므로, 누구도 14개보다 많이 놓지 않습니다. 열여섯 "
        "개보다 두 개 적고, 29번 놓으려면 필요할 15개보다 하나 적습니다.",
        alternatives=("일어날 수 없다. 누구도 공을 14개보다 많이 놓지 않는다.",
                      "공이 없는 사람은 차례를 넘기거나 진다. 결코 이르지 않는다.")),
}
"""The Korean text of every Spline rule and ruling; ``source`` is the fingerprint of the
English it was translated from (``shibumi_rules.guide.fingerprint``)."""


GUIDE: Final = Guide(
    title=Text("Spline", "스플라인"),
    lead=Text(
        "Spline is a game for two players on the Shibumi pyramid, by Néstor Romeral "
        "Andrés. Taking turns, you place balls of your colour; the first to make a "
        "straight line across a whole level of the pyramid (four balls on the board, "
        "three on level 2, two on level 3) wins.",
        "스플라인은 네스토르 로메랄 안드레스가 만든, 시부미 피라미드 위에서 두 사람이 하는 "
        "게임입니다. 번갈아 가며 자기 색 공을 하나씩 놓습니다. 피라미드의 한 층을 끝에서 "
        "끝까지 가로지르는 곧은 줄(보드에서는 공 네 개, 2층에서는 세 개, 3층에서는 두 개)을 "
        "먼저 만드는 사람이 이깁니다."),
    sections=_sections(),
    sample=SAMPLE,
    answers=ANSWERS,
    questions=(WHO_STARTS, TOP_LEVEL, FLAT_LINES),
    keywords=KEYWORDS,
    translations={"ko": KO},
    move_notation=Text(
        "A move is the name of the point where the ball goes: `1c3`, `2b2`. Which colour "
        "is placed follows from whose turn it is."),
    rules_intro=Text(
        "Spline is a game for two players, White and Black, by Néstor Romeral Andrés, the "
        "first game of the Shibumi rule book. The pyramid starts empty; the players take "
        "turns placing one ball of their colour, and whoever first makes a line spanning "
        "a level (a row, a column or a corner-to-corner diagonal of it) wins. No ball is "
        "ever moved or removed, and every game has a winner.",
        "스플라인은 네스토르 로메랄 안드레스가 만든, 백과 흑 두 사람이 하는 게임으로, 시부미 "
        "규칙서의 첫 게임입니다. 피라미드는 빈 상태로 시작하고, 두 사람이 번갈아 자기 색 "
        "공을 하나씩 놓으며, 한 층을 가로지르는 줄(그 층의 가로줄, 세로줄, 또는 모서리에서 "
        "모서리로 가는 대각선)을 먼저 만든 사람이 이깁니다. 놓은 공은 옮기지도 빼내지도 "
        "않으며, 모든 게임에 승자가 있습니다. 이 페이지의 규칙 본문과 해설은 한국어로 "
        "옮겼고, 출처와 구현 정보는 영어 원문 그대로입니다."),
)
