"""Sploof for players and arbiters: the how-to-play page in plain words with a picture
for each idea, the sample game the engine plays for it, the answers to the arbiter's
questions, and everyday words for the rules. English and Korean.

Every picture is checked against the engine when it is drawn, the sample game is played
by the engine, and every answer is checked against ``explain`` (``shibumi_rules.guide``
says how); nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ...board import Board, pinned, valid_locations
from ...geometry import CROSSING, INDEX_OF_NAME, points_of
from ...guide import (
    Answer,
    GameRecord,
    Guide,
    Picture,
    SampleGame,
    Section,
    Text,
    View,
    check,
    particle,
    picture,
)
from ...notation import Colour
from ...svg import Arrow, Ghost, Path, Ring
from .figures import line_names, line_points, named, pts, sploof_board
from .game import GAME
from .rules import START_BOARD, SploofMove, SploofState

PLAYER_KO: Final = {"white": "백", "black": "흑"}
"""The players in Korean: 백 (White) and 흑 (Black), as in other two-colour games."""


# -- pictures ---------------------------------------------------------------------------

def _aim_row() -> Picture:
    board = sploof_board("WWWW,RBBR,R..R,RRRR/...,...,.../..,../.")
    check(line_names(board, Colour.WHITE) == ["a1-g1"], "White holds the row a1-g1")
    return picture("play-sploof-row", Text(
        "Four white balls side by side along the edge of the board: a line. White wins.",
        "보드 가장자리에 흰 공 네 개가 나란히 있습니다. 줄이 완성되었으니 백이 이깁니다."),
        board, (Path(line_points("a1-g1"), "line"),))


def _aim_zigzag() -> Picture:
    board = sploof_board("WRRR,RWBR,RBBR,RRRR/W..,.W.,.../..,../.")
    check("a1-d4" in line_names(board, Colour.WHITE), "White holds the diagonal a1-d4")
    return picture("play-sploof-zigzag", Text(
        "A diagonal that climbs and dips: 1a1, 2b2, 1c3 and 2d4 are on levels 1, 2, 1 and 2, "
        "but from above the cells a1, b2, c3 and d4 make a straight white line.",
        "오르내리는 대각선: 1a1, 2b2, 1c3, 2d4는 각각 1층, 2층, 1층, 2층에 있지만, 위에서 "
        "보면 a1, b2, c3, d4 칸이 곧게 이어진 흰 줄입니다."),
        board, (Path(line_points("a1-d4"), "line"),))


def _setup() -> Picture:
    return picture("play-sploof-setup", Text(
        "The start: twelve red balls around the edge, the four middle holes empty.",
        "시작 모습: 가장자리에 빨간 공 열두 개, 가운데 구멍 네 곳은 비어 있습니다."),
        Board.from_text(START_BOARD))


def _place() -> Picture:
    board = sploof_board("RRRR,RWBR,RBWR,RRRR/...,...,.../..,../.")
    valid = valid_locations(board.occupied)
    check(points_of(valid) == [p for p in range(16, 25)], "every level-2 point is free")
    return picture("play-sploof-place", Text(
        "All sixteen holes are full, so every square of four balls is a platform: the nine "
        "points of level 2 (ringed) are all free, whatever the colours below. White places "
        "a ball on 2d4.",
        "구멍 열여섯 곳이 모두 찼으므로 네 공이 이루는 정사각형마다 받침이 됩니다. 아래 "
        "공의 색과 상관없이 2층의 아홉 자리(고리 표시)가 모두 비어 있는 자리입니다. 백이 "
        "2d4에 공을 놓습니다."),
        board, (Ring(tuple(points_of(valid)), "candidate"),
                Ghost(INDEX_OF_NAME["2d4"], Colour.WHITE)))


def _remove() -> Picture:
    before = sploof_board("RRRR,RW.R,R..R,RRRR/B..,...,.../..,../.")
    gone, top = INDEX_OF_NAME["1a1"], INDEX_OF_NAME["2b2"]
    after, drops = before.remove(gone)
    check([(d.source, d.target) for d in drops] == [(top, gone)], "2b2 drops into 1a1")
    return Picture("play-sploof-remove", Text(
        "White takes away the red ball at 1a1. The black ball that rested on it drops into "
        "the gap, the red ball goes back to the supply, and White moves two white balls "
        "from the supply to the stock.",
        "백이 1a1의 빨간 공을 빼냅니다. 그 위에 얹혀 있던 검은 공이 빈자리로 떨어지고, "
        "빨간 공은 공급처로 돌아가며, 백은 공급처에서 흰 공 두 개를 자기 비축분으로 "
        "가져옵니다."), (
        View(before, (Ring((gone,), "removed"), Arrow(top, gone)),
             Text("before: White takes 1a1 (x1a1)", "빼기 전: 백이 1a1을 뺍니다(x1a1)")),
        View(after, (Ring((gone,), "dropped"),), Text("after", "뺀 뒤"))))


def _pinned() -> Picture:
    board = sploof_board("RRRR,RWBR,R..R,RRRR/WB.,...,.../..,../.")
    pins = pinned(board.occupied) & board.masks[Colour.RED]
    check(points_of(pins) == list(pts("1c1")), "1c1 is the only pinned red ball")
    return picture("play-sploof-pinned", Text(
        "The red ball at 1c1 holds up two balls, 2b2 and 2d2: it is pinned and cannot be "
        "taken. The red ball at 1a1 holds up only 2b2, so it may be taken.",
        "1c1의 빨간 공은 2b2와 2d2 두 공을 떠받치고 있어 고정되었으므로 뺄 수 없습니다. "
        "1a1의 빨간 공은 2b2 하나만 떠받치므로 뺄 수 있습니다."),
        board, (Ring(pts("1c1"), "pinned"), Ring(pts("2b2 2d2"), "supported"),
                Ring(pts("1a1"), "focus")))


def _opponent_line() -> Picture:
    before = sploof_board("RRRR,RBBB,R.WR,RRRR/B..,...,.../..,../.")
    gone, top = INDEX_OF_NAME["1a3"], INDEX_OF_NAME["2b2"]
    after, _ = before.remove(gone)
    check(line_names(after, Colour.BLACK) == ["a3-g3"] and not line_names(after, Colour.WHITE),
          "x1a3 gives Black, and only Black, a line")
    return Picture("play-sploof-gift", Text(
        "White takes away the red ball at 1a3. The black ball above it drops into 1a3 and "
        "completes Black's row: Black wins, although White moved.",
        "백이 1a3의 빨간 공을 빼냅니다. 그 위의 검은 공이 1a3으로 떨어져 흑의 줄을 "
        "완성합니다. 수를 둔 쪽은 백이지만 흑이 이깁니다."), (
        View(before, (Ring((gone,), "removed"), Arrow(top, gone)),
             Text("before: White plays x1a3", "두기 전: 백이 x1a3을 둡니다")),
        View(after, (Ring((gone,), "dropped"), Path(line_points("a3-g3"), "opponent-line")),
             Text("after: Black has a line", "둔 뒤: 흑에게 줄이 생깁니다"))))


def _bridge() -> Picture:
    board = sploof_board("RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../.")
    link = pts("1c3 1e3")
    check(line_names(board, Colour.WHITE) == [], "the bridged row is no line")
    return picture("play-sploof-bridge", Text(
        "Four white balls in a row, but the black balls at 2d2 and 2d4 meet over the gap "
        "between 1c3 and 1e3, like a bridge: the row is cut and is not a line.",
        "흰 공 네 개가 한 줄로 있지만, 2d2와 2d4의 검은 공이 1c3과 1e3 사이의 틈 위에서 "
        "다리처럼 맞닿아 있습니다. 줄이 끊겼으므로 줄로 인정되지 않습니다."),
        board, (Path(line_points("a3-g3"), "broken"), Path(link, "crossed"),
                Ring(CROSSING[(link[0], link[1])], "crossing")))


def _stuck() -> Picture:
    state = named("no-move")
    board = GAME.board(state)
    reds = tuple(points_of(board.masks[Colour.RED]))
    check(GAME.legal_moves(state) == [] and all(pinned(board.occupied) >> p & 1 for p in reds),
          "White has no ball in stock and every red ball is pinned")
    return picture("play-sploof-stuck", Text(
        "White is to move with an empty stock, and every red ball is pinned (ringed): White "
        "cannot move, and loses.",
        "백의 차례인데 비축분이 비었고, 빨간 공은 모두 고정되어 있습니다(고리 표시). 백은 "
        "둘 수 있는 수가 없으므로 집니다."), board, (Ring(reds, "pinned"),))


# -- the sample game --------------------------------------------------------------------

SAMPLE_SEED: Final = 20
"""The seed of the sample game: a short game whose last move is a removal whose falling
ball completes the mover's line."""


def _wins(state: SploofState, mover: str) -> bool:
    outcome = GAME.outcome_json(state)
    return bool(outcome["over"]) and outcome.get("winner") == mover


def careful_move(state: SploofState, rng: random.Random) -> SploofMove:
    """A move of a careful beginner: a move that wins at once if there is one; else a
    move after which the opponent cannot win at once; else any move, at random."""
    mover = state.turn.label
    moves = GAME.legal_moves(state)
    winning, safe = [], []
    for move in moves:
        after = GAME.play(state, move)
        if _wins(after, mover):
            winning.append(move)
        elif not GAME.is_over(after) and not any(
                _wins(GAME.play(after, reply), after.turn.label)
                for reply in GAME.legal_moves(after)):
            safe.append(move)
    chosen: SploofMove = rng.choice(winning or safe or moves)
    return chosen


def sample_record() -> GameRecord:
    """Two careful beginners from the start, White first, with ``SAMPLE_SEED``."""
    rng = random.Random(SAMPLE_SEED)
    state: SploofState = GAME.start(None, "white")
    start = GAME.format_position(state)
    moves = []
    while not GAME.is_over(state):
        move = careful_move(state, rng)
        moves.append(GAME.format_move(move))
        state = GAME.play(state, move)
    return GameRecord(start, tuple(moves))


def _level(name: str) -> str:
    return name[0]


def comment(answer: Any) -> Text:
    """One line on a move, read from ``explain``'s answer to it."""
    who, move, facts = answer.mover, answer.move, answer.facts
    ko_who = PLAYER_KO[who]
    if move.startswith("x"):
        point = move[1:]
        en = f"{who.capitalize()} takes the red ball at {point} and restocks two balls"
        ko = f"{ko_who}이 {point}의 빨간 공을 빼고 공 두 개를 비축분에 채웁니다"
        drops = facts["drops"]
        if drops:
            chain = ", ".join(f"{d['from']} to {d['to']}" for d in drops)
            chain_ko = ", ".join(f"{d['from']}에서 {particle(d['to'], '으로', '로')}"
                                 for d in drops)
            en += f"; {chain} drops"
            ko += f". 떨어진 공: {chain_ko}"
    else:
        en = f"{who.capitalize()} places a ball on {move} (level {_level(move)})"
        ko = f"{ko_who}이 {move}({_level(move)}층)에 공을 놓습니다"
    made = facts["lines_made"]
    if made:
        names = " and ".join(f"{m['colour']}'s line {m['line']}" for m in made)
        names_ko = ", ".join(f"{PLAYER_KO[m['colour']]}의 줄 {m['line']}" for m in made)
        en += f", making {names}"
        ko += f". {particle(names_ko, '이', '가')} 생깁니다"
    outcome = answer.outcome or {}
    if outcome.get("over") and outcome.get("winner"):
        winner = outcome["winner"]
        en += f": {winner.capitalize()} wins."
        ko += f". {PLAYER_KO[winner]}의 승리입니다."
    else:
        en += "."
        ko += "."
    return Text(en, ko)


SAMPLE: Final = SampleGame(
    intro=Text(
        "A short game between two careful beginners, played by the reference engine when "
        "this page was built: each takes a winning move when there is one, avoids moves "
        "that let the opponent win at once, and otherwise plays at random (seed "
        f"{SAMPLE_SEED}). White moves first. Each diagram shows the position after the "
        "move; the ball just placed is ringed, and a dropped ball is ringed in blue.",
        "이 페이지를 만들 때 참조 엔진이 둔 짧은 게임입니다. 두 초보자는 이기는 수가 "
        "있으면 그 수를 두고, 상대가 곧바로 이길 수 있게 되는 수는 피하며, 나머지는 "
        f"무작위로 고릅니다(시드 {SAMPLE_SEED}). 백이 먼저 둡니다. 각 그림은 그 수를 둔 "
        "뒤의 모습이며, 방금 놓은 공에는 고리가, 떨어진 공에는 파란 고리가 표시됩니다."),
    play=sample_record,
    comment=comment,
    ends="line",
    close=Text(
        "The game ends on a removal: the ball that drops into the gap completes the "
        "mover's line. Watch for drops; they make and break lines for both players.",
        "게임은 공을 빼는 수로 끝납니다. 빈자리로 떨어진 공이 수를 둔 쪽의 줄을 "
        "완성했습니다. 떨어지는 공을 늘 살피세요. 양쪽 모두의 줄을 만들기도 하고 "
        "끊기도 합니다."),
)


# -- the guide --------------------------------------------------------------------------

def _sections() -> tuple[Section, ...]:
    return (
        Section("aim", Text("The aim", "목표"), (
            Text("White and Black each try to be the first to show four balls of their "
                 "colour in a straight line when the pyramid is seen from directly above. "
                 "A row or a column of the board counts:",
                 "백과 흑은 피라미드를 바로 위에서 내려다볼 때 자기 색 공 네 개가 곧은 "
                 "줄로 보이게 먼저 만들려고 합니다. 보드의 가로줄이나 세로줄도 되고,"),
            _aim_row(),
            Text("and so does a diagonal, even one whose balls sit at different heights: "
                 "only the view from above matters.",
                 "대각선도 됩니다. 공들의 높이가 서로 달라도 괜찮습니다. 위에서 본 모습만 "
                 "따집니다."),
            _aim_zigzag(),
        )),
        Section("setup", Text("The set-up", "준비"), (
            Text("Put a red ball in each of the twelve holes around the edge of the board; "
                 "the four middle holes stay empty. Each player takes two balls of their "
                 "colour as their stock, kept in view of the other player. The other balls "
                 "(14 white, 14 black and 4 red) are the supply, beside the board. Decide "
                 "at random who starts.",
                 "보드 가장자리의 구멍 열두 곳에 빨간 공을 하나씩 넣습니다. 가운데 구멍 네 "
                 "곳은 비워 둡니다. 각자 자기 색 공 두 개를 비축분으로 가져가 상대가 볼 수 "
                 "있게 둡니다. 나머지 공(흰 공 14개, 검은 공 14개, 빨간 공 4개)은 보드 옆 "
                 "공급처에 둡니다. 누가 먼저 둘지는 무작위로 정합니다."),
            _setup(),
        )),
        Section("turn", Text("A turn", "차례"), (
            Text("On your turn you do exactly one of two things. You may place: take a ball "
                 "from your stock and put it in an empty hole, or on top of any four balls "
                 "that form a square, whatever their colours.",
                 "자기 차례에는 두 가지 중 정확히 하나를 합니다. 첫째, 공 놓기: 비축분에서 "
                 "공을 하나 꺼내 빈 구멍에 넣거나, 색과 상관없이 네 공이 정사각형을 이룬 "
                 "곳 위에 올립니다."),
            _place(),
            Text("Or you may remove: take a red ball off the pyramid and put it back in the "
                 "supply, then move two balls of your colour from the supply to your stock. "
                 "The ball that rested on the red one drops into the gap, and anything on "
                 "top of it drops one level too.",
                 "둘째, 공 빼기: 피라미드에서 빨간 공을 하나 빼서 공급처에 돌려놓고, "
                 "공급처에서 자기 색 공 두 개를 비축분으로 가져옵니다. 빨간 공 위에 얹혀 "
                 "있던 공은 빈자리로 떨어지고, 그 위의 공들도 한 층씩 내려옵니다."),
            _remove(),
            Text("A red ball that holds up two or more balls is pinned: it cannot be taken.",
                 "공 두 개 이상을 떠받치는 빨간 공은 고정되어 뺄 수 없습니다."),
            _pinned(),
            Text("Your stock is your freedom. A removal spends your turn without adding a "
                 "ball of yours to the pyramid, so a player who runs out of balls in stock "
                 "lets the opponent place twice in a row.",
                 "비축분은 곧 선택의 여유입니다. 공을 빼는 수는 자기 공을 피라미드에 더하지 "
                 "못한 채 차례를 쓰는 것이므로, 비축분이 바닥나면 상대가 연달아 두 번 공을 "
                 "놓게 됩니다."),
        )),
        Section("end", Text("The end", "끝"), (
            Text("After every move both players are checked. If only one of them has a "
                 "line, that player wins, even when the move was the opponent's: a removal "
                 "whose falling ball completes the other player's line loses.",
                 "수마다 두 사람을 모두 확인합니다. 한 사람에게만 줄이 있으면 그 사람이 "
                 "이깁니다. 상대가 둔 수라도 마찬가지라서, 공을 뺐는데 떨어진 공이 상대의 "
                 "줄을 완성하면 뺀 사람이 집니다."),
            _opponent_line(),
            Text("A row or column is cut when two balls of the level above meet over the "
                 "gap between two of its balls, and when one of its balls is hidden under "
                 "another. On the edge of the board a single ball leans over a gap but never "
                 "cuts it.",
                 "가로줄이나 세로줄은 위층의 공 두 개가 그 줄의 두 공 사이 틈 위에서 "
                 "맞닿거나, 줄의 공 하나가 다른 공에 가려지면 끊깁니다. 보드 가장자리에서는 "
                 "틈 위에 공이 하나만 기댈 수 있으므로 줄이 끊기지 않습니다."),
            _bridge(),
            Text("If one move gives both players a line, the player who moved wins. A player "
                 "who cannot move on their turn loses.",
                 "한 수로 두 사람 모두에게 줄이 생기면 수를 둔 사람이 이깁니다. 자기 차례에 "
                 "둘 수 있는 수가 없는 사람은 집니다."),
            _stuck(),
            Text("Two of these points are readings of a rules text that leaves them open, "
                 "and an option chooses another. Which balls cut a row is the option "
                 "blocking: with blocking=one a single ball over a gap cuts it, with "
                 "blocking=none nothing does. A player who still holds balls in stock but "
                 "cannot move (only possible on a complete pyramid) loses by default; with "
                 "stuck=pass they pass, and with stuck=draw the game is drawn.",
                 "이 가운데 두 가지는 규칙 원문이 정하지 않은 부분을 해석한 것이어서, 옵션으로 "
                 "다른 해석을 고를 수 있습니다. 어떤 공이 줄을 끊는지는 blocking 옵션이 "
                 "정합니다. blocking=one이면 틈 위의 공 하나로도 끊기고, blocking=none이면 "
                 "아무것도 줄을 끊지 않습니다. 비축분에 공이 남았는데도 둘 수 없는 사람(피라미드가 "
                 "다 찼을 때만 생깁니다)은 기본적으로 집니다. stuck=pass이면 차례를 넘기고, "
                 "stuck=draw이면 무승부가 됩니다."),
        )),
    )


ANSWERS: Final = (
    Answer(
        "remove-holding-ball",
        Text("Only if it holds up at most one ball. A red ball that holds up two or more "
             "is pinned and may not be removed; one that holds up a single ball may be, "
             "and that ball drops into its place. Only red balls are ever removed.",
             "떠받치는 공이 하나 이하일 때만 뺄 수 있습니다. 공 두 개 이상을 떠받치는 빨간 "
             "공은 고정되어 뺄 수 없고, 하나만 떠받치는 공은 뺄 수 있으며 그 공이 빈자리로 "
             "떨어집니다. 빼는 공은 언제나 빨간 공뿐입니다."),
        ("SHB-PIN-1", "SPF-REMOVE-1"),
        position="RRRR,RWBR,R..R,RRRR/WB.,...,.../..,../. white stock:1,1 supply:13,13,4",
        move="x1c1", legal=False, rule="SHB-PIN-1"),
    Answer(
        "what-drops",
        Text("The ball the removed ball held up drops into its place, the ball on top of "
             "that one drops into the place it left, and so on upwards: each falls exactly "
             "one level along the same diagonal, and nothing else moves. The drop can make "
             "or break a line for either player.",
             "뺀 공이 떠받치던 공이 그 자리로 떨어지고, 그 위의 공은 방금 비게 된 자리로 "
             "떨어지는 식으로 위까지 이어집니다. 공마다 같은 대각선을 따라 정확히 한 층씩 "
             "내려오며 다른 공은 움직이지 않습니다. 이렇게 떨어지면서 어느 쪽의 줄이든 "
             "생기거나 끊길 수 있습니다."),
        ("SHB-DROP-1", "SPF-WIN-1"),
        position="RRRR,WWWW,RBBR,RRRR/BB.,BW.,.../B.,../. white stock:1,1 supply:10,9,6",
        move="x1a1", legal=True),
    Answer(
        "hidden-ball-line",
        Text("No. Every ball of a line must be seen from above; a ball hidden under another "
             "one two levels up breaks the line until the covering ball is gone. (A row "
             "through a hidden ball is also always bridged.)",
             "아닙니다. 줄을 이루는 공은 모두 위에서 보여야 합니다. 두 층 위의 공에 가려진 "
             "공이 있으면 가린 공이 없어질 때까지 줄이 끊긴 것입니다. (가려진 공을 지나는 "
             "가로줄은 언제나 다리로도 막혀 있습니다.)"),
        ("SPF-RUL-7", "SHB-HIDE-1", "SPF-LINE-1"),
        position="RRRR,WWW.,RBBR,RRRR/BB.,BW.,.../B.,../. white stock:1,1 supply:11,9,6",
        move="1g3", legal=True),
    Answer(
        "row-under-bridge",
        Text("Not when two balls of the level above meet over one of its gaps: that link "
             "is crossed and the row is cut. A single ball leaning over a gap on the edge "
             "of the board does not cut it. That is the default reading (blocking=two); "
             "under the option blocking=one a single ball over a gap cuts the row too, and "
             "under blocking=none nothing cuts it.",
             "위층의 공 두 개가 그 줄의 틈 위에서 맞닿으면 줄로 인정되지 않습니다. 그 연결이 "
             "막혀 줄이 끊기기 때문입니다. 보드 가장자리에서 틈 위에 공 하나가 기대 있는 "
             "것으로는 끊기지 않습니다. 이것이 기본 해석(blocking=two)입니다. blocking=one "
             "옵션에서는 틈 위의 공 하나로도 줄이 끊기고, blocking=none 옵션에서는 어떤 공도 "
             "줄을 끊지 않습니다."),
        ("SPF-LINE-1", "SHB-CROSS-1", "SPF-RUL-4"),
        position="RRRR,.WWW,RBBR,RRRR/.B.,.B.,.../..,../. white stock:1,1 supply:12,11,6",
        move="1a3", legal=True),
    Answer(
        "both-lines",
        Text("The player who made the move wins. Under the option simultaneous=draw the "
             "game is drawn instead.",
             "수를 둔 사람이 이깁니다. simultaneous=draw 옵션을 쓰면 대신 무승부가 됩니다."),
        ("SPF-RUL-2", "SPF-WIN-1"),
        position="RRRR,RWWW,BBBB,RRRR/...,W..,B../..,../. white stock:1,1 supply:11,10,7",
        move="x1a3", legal=True, reason="both-lines-mover"),
    Answer(
        "cannot-move",
        Text("You lose. A player with an empty stock and no red ball they may remove "
             "loses, as the rules say. A player who still holds balls in stock but faces a "
             "complete pyramid with no red ball they may remove loses too by default; under "
             "the option stuck=pass they pass instead (the game is drawn if the opponent "
             "then cannot move either with balls in stock), and under stuck=draw the game "
             "is drawn.",
             "집니다. 비축분이 비었는데 뺄 수 있는 빨간 공도 없으면 규칙대로 집니다. 비축분에 "
             "공이 남아 있어도 피라미드가 완성되어 뺄 수 있는 빨간 공이 없으면 기본적으로 "
             "역시 집니다. stuck=pass 옵션에서는 대신 차례를 넘기고(상대도 비축분에 공이 "
             "남은 채 둘 수 없으면 무승부), stuck=draw 옵션에서는 무승부가 됩니다."),
        ("SPF-END-1", "SPF-RUL-3"),
        position="WRRW,RWWR,RWWR,WRRW/BWB,WBB,BBB/..,../. white stock:0,2 supply:6,7,8",
        reason="no-legal-move"),
    Answer(
        "pair-rests-on-first",
        Text("The question does not arise: a Sploof turn places a single ball. A ball may "
             "rest on any balls already on the pyramid, whoever placed them.",
             "스플루프에서는 한 차례에 공을 하나만 놓으므로 생기지 않는 질문입니다. 누가 "
             "놓았든 이미 피라미드에 있는 공들 위에는 얼마든지 올릴 수 있습니다."),
        ("SPF-TURN-1", "SHB-PLACE-1")),
)


KEYWORDS: Final = {
    "SPF-SETUP-1": Text("set-up, setup, start position, how to start",
                        "준비, 시작 배치, 처음 모습"),
    "SPF-PLACE-1": Text("place a ball, stock, put a ball", "공 놓기, 비축분"),
    "SPF-REMOVE-1": Text("remove a red ball, take a ball away, take red",
                         "빨간 공 빼기, 공 빼기"),
    "SPF-REMOVE-2": Text("restock, refill the stock, two balls", "비축분 채우기"),
    "SPF-LINE-1": Text("row, column, four in a row, bridge, blocked row",
                       "가로줄, 세로줄, 네 개 한 줄, 다리"),
    "SPF-LINE-2": Text("diagonal, zigzag, zig-zag, climbing line",
                       "대각선, 지그재그, 오르내리는 줄"),
    "SPF-WIN-1": Text("win, four in a row, who wins", "승리, 이기는 법"),
    "SPF-WIN-2": Text("give the opponent a line, lose by a drop", "상대에게 줄을 만들어 줌"),
    "SPF-END-1": Text("cannot move, no legal move, empty stock", "둘 수 없음, 수 없음"),
    "SPF-RUL-3": Text("stuck, pass, balls in stock, complete pyramid",
                      "차례 넘기기, 비축분이 남았는데 둘 수 없음"),
    "SPF-RUL-2": Text("both players line, simultaneous lines, tie, draw",
                      "동시에 줄, 무승부"),
    "SPF-RUL-4": Text("single ball, edge, perimeter, one ball bridge, blocking, cut row",
                      "가장자리, 공 하나, 줄 끊김"),
    "SPF-RUL-5": Text("zigzag, zig-zag diagonal", "지그재그 대각선"),
    "SPF-RUL-7": Text("hidden ball, covered ball in a line", "가려진 공"),
}


GUIDE: Final = Guide(
    title=Text("Sploof", "스플루프"),
    lead=Text(
        "Sploof is a game for two players on the Shibumi pyramid, by Matt Green. Each turn "
        "you either put one of your balls on the pyramid or take a red ball away to refill "
        "your stock; the first to show four of their balls in a straight line, seen from "
        "above, wins.",
        "스플루프는 맷 그린이 만든, 시부미 피라미드 위에서 두 사람이 하는 게임입니다. "
        "차례마다 자기 공을 하나 피라미드에 놓거나, 빨간 공을 하나 빼서 비축분을 채웁니다. "
        "위에서 볼 때 자기 공 네 개를 곧은 줄로 먼저 보여 주는 사람이 이깁니다."),
    sections=_sections(),
    sample=SAMPLE,
    answers=ANSWERS,
    keywords=KEYWORDS,
    position_fields={
        "stock": Text("balls in White's and Black's stocks"),
        "supply": Text("balls in the supply: white, black, red ('-' for white and black "
                       "under supply=unlimited)"),
    },
    move_notation=Text(
        "A placement is the name of the point where the ball goes: `1c3`. A removal is `x` "
        "and the name of the red ball taken off: `x1a1`. Which colour is placed follows "
        "from whose turn it is. Under the option stuck=pass a player who holds balls in "
        "stock but can neither place nor remove plays `pass`."),
    rules_intro=Text(
        "Sploof is a game for two players, White and Black, by Matt Green; it won the "
        "Shibumi Challenge in 2011. Red balls ring the board at the start. Each player "
        "keeps a small stock of balls of their colour and on each turn either places one of "
        "them or takes a red ball off the pyramid to refill the stock. Whoever first shows "
        "four balls of their colour in a straight line, seen from above, wins."),
)
