"""A deliberately simple Sploof, written from the rules text alone, as a yardstick.

It shares no code with ``shibumi_rules``: points are (level, row, column) tuples, the
board is a dict from point to colour, and every question (where may a ball go, which
red ball is pinned, who holds a line) is answered by looking at the board directly,
the way a first implementation would. It follows the reference's default rulings:
a removal needs two balls of the mover's colour in the supply (SPF-RUL-1), both
players are checked for lines after every move and a move giving both a line wins
for the mover (SPF-WIN-1, SPF-WIN-2, SPF-RUL-2), a player with no legal move loses
(SPF-END-1), one ball never crosses a link (SPF-RUL-4), a hidden ball breaks a row
(SPF-RUL-7), and a diagonal is read from the topmost ball of each cell (SPF-RUL-5).

It exists to be measured against (``shibumi_rules.playouts``); a test plays random
games with both and checks that they agree move for move.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

Point = tuple[int, int, int]
"""(level, row, column); level 0 is the board, row and column run from 0."""
Move = tuple[str, Point]
"""("place", point) or ("remove", point)."""

WHITE, BLACK, RED = "W", "B", "R"
BALLS = 16
POINTS: list[Point] = [(lv, r, c) for lv in range(4) for r in range(4 - lv)
                       for c in range(4 - lv)]


def _supporters(p: Point) -> list[Point]:
    """The four balls under a point of level 1 or higher (none for a hole)."""
    lv, r, c = p
    if lv == 0:
        return []
    return [(lv - 1, r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]


def _resting_on(p: Point) -> list[Point]:
    """The points of the level above that rest on ``p``."""
    lv, r, c = p
    return [q for q in ((lv + 1, r - dr, c - dc) for dr in (0, 1) for dc in (0, 1))
            if q[0] < 4 and 0 <= q[1] < 3 - lv and 0 <= q[2] < 3 - lv]


def top_view(p: Point) -> tuple[int, int]:
    """The cell of the 7x7 view from above that the point shows in."""
    lv, r, c = p
    return (2 * c + lv, 2 * r + lv)


SUPPORTERS = {p: _supporters(p) for p in POINTS}
RESTING_ON = {p: _resting_on(p) for p in POINTS}
CELLS: dict[tuple[int, int], list[Point]] = {}
for _p in reversed(POINTS):
    CELLS.setdefault(top_view(_p), []).append(_p)  # top-down: the first ball is visible


def _rows_and_columns() -> list[list[Point]]:
    rows = [[(0, r, c) for c in range(4)] for r in range(4)]
    columns = [[(0, r, c) for r in range(4)] for c in range(4)]
    return rows + columns


def _crossing(a: Point, b: Point) -> list[Point]:
    """Level-1 points resting on both ends of a link of level 0."""
    return [q for q in POINTS if q[0] == 1 and a in SUPPORTERS[q] and b in SUPPORTERS[q]]


STRAIGHT = _rows_and_columns()
LINKS = {(a, b): _crossing(a, b) for line in STRAIGHT for a, b in pairwise(line)}
DIAGONALS = [
    [(x + k, y + k * dy) for k in range(4)]
    for dy in (1, -1) for x in range(7) for y in range(7)
    if all((x + k, y + k * dy) in CELLS for k in range(4))
]


@dataclass(frozen=True)
class State:
    board: dict[Point, str]
    turn: str
    stock: dict[str, int]
    supply: dict[str, int]


def start() -> State:
    board = {(0, r, c): RED for r in range(4) for c in range(4) if r in (0, 3) or c in (0, 3)}
    return State(board, WHITE, {WHITE: 2, BLACK: 2}, {WHITE: 14, BLACK: 14, RED: 4})


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def is_pinned(board: dict[Point, str], p: Point) -> bool:
    return sum(q in board for q in RESTING_ON[p]) >= 2


def legal_moves(state: State) -> list[Move]:
    """Nothing once a line is made; otherwise the moves (none is the other way a game
    ends)."""
    if holders(state.board):
        return []
    return moves_ignoring_the_end(state)


def moves_ignoring_the_end(state: State) -> list[Move]:
    moves: list[Move] = []
    if state.stock[state.turn] > 0:
        moves += [("place", p) for p in POINTS if p not in state.board
                  and all(s in state.board for s in SUPPORTERS[p])]
    if state.supply[state.turn] >= 2:
        moves += [("remove", p) for p in POINTS
                  if state.board.get(p) == RED and not is_pinned(state.board, p)]
    return moves


def play(state: State, move: Move) -> State:
    kind, p = move
    board = dict(state.board)
    stock = dict(state.stock)
    supply = dict(state.supply)
    me = state.turn
    if kind == "place":
        board[p] = me
        stock[me] -= 1
    else:
        del board[p]
        supply[RED] += 1
        hole = p
        while True:  # the ball resting on the hole drops into it, and so on upwards
            above = [q for q in RESTING_ON[hole] if q in board]
            if not above:
                break
            board[hole] = board.pop(above[0])
            hole = above[0]
        stock[me] += 2
        supply[me] -= 2
    return State(board, other(me), stock, supply)


def visible(board: dict[Point, str], cell: tuple[int, int]) -> str | None:
    """The colour of the topmost ball of a cell of the view from above."""
    for p in CELLS[cell]:
        if p in board:
            return board[p]
    return None


def hidden(board: dict[Point, str], p: Point) -> bool:
    lv, r, c = p
    return (lv + 2, r - 1, c - 1) in board


def holders(board: dict[Point, str]) -> set[str]:
    """The colours that hold at least one line."""
    found = set()
    for line in STRAIGHT:
        colour = board.get(line[0])
        if colour in (WHITE, BLACK) and all(
                board.get(p) == colour and not hidden(board, p) for p in line) and not any(
                len(LINKS[a, b]) == 2 and all(q in board for q in LINKS[a, b])
                for a, b in pairwise(line)):
            found.add(colour)
    view = {cell: visible(board, cell) for cell in CELLS}
    for window in DIAGONALS:
        colour = view[window[0]]
        if colour in (WHITE, BLACK) and all(view[cell] == colour for cell in window):
            found.add(colour)
    return found


def winner(state: State) -> str | None:
    """Who has won (there are no draws under the default rulings), None if nobody."""
    mover = other(state.turn)
    lines = holders(state.board)
    if mover in lines:
        return mover
    if state.turn in lines:
        return state.turn
    if not moves_ignoring_the_end(state):
        return mover
    return None


def is_over(state: State) -> bool:
    return winner(state) is not None


class SimpleSploof:
    """The functions above behind the interface ``shibumi_rules.playouts`` drives."""

    def start(self) -> State:
        return start()

    def legal_moves(self, state: State) -> list[Move]:
        return legal_moves(state)

    def play(self, state: State, move: Move) -> State:
        return play(state, move)

    def is_over(self, state: State) -> bool:
        return is_over(state)


GAME = SimpleSploof()
