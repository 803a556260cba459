"""Miss Lupun's computer players (the contract: `games/computers.py`).

Every step but placing has a plain answer: confirm the chosen placement, turn the tiles
the suggestion offers (the long game). The policies differ in which tasks they keep
and where they place.

- default: the timeouts' documented moves: keep the tasks with the fewest points,
  place as the greedy policy (`policy.greedy_placement`).
- casual: keeps the tasks with the most points, places greedily for them, finishes a
  task with its joker, and when its tiles help none of its tasks, spoils like a
  watchful player: its lowest tile into the line where another seat put high tiles,
  its highest where they put low ones.
- strong: `games.lupun.strong`.
"""

from __future__ import annotations

import random

from games.computers import Computers, Decision
from games.lupun import cards
from games.lupun import strong as tactics
from games.lupun.board import LINES, SIZE, Board, space_name
from games.lupun.dealing import sample
from games.lupun.models import JOKER, Confirm, Done, Keep, LupunAction, Place
from games.lupun.policy import greedy_placement
from games.lupun.rounds import default_drop
from games.lupun.tasks import UNKNOWN, Task
from games.lupun.views import LupunView


def shown_board(view: LupunView) -> Board:
    """The board as the placement policies read it: a joker is any number."""
    return tuple(UNKNOWN if v == JOKER else v for v in view.board)


def hand_tasks(view: LupunView) -> list[Task]:
    return [cards.task(c) for c in view.hand]


def place(space: int, tile: int) -> Place:
    return Place(space=space_name(space), tile=tile)


def plain(decision: Decision) -> LupunAction | None:
    """The answer of a step with nothing to weigh, or None at a keep or a placement."""
    kinds = {type(action) for action in decision.legal}
    if Confirm in kinds:
        return Confirm()
    if Done in kinds:  # turning: the prefilled suggestion
        return Done()
    return None


def greedy(view: LupunView, rng: random.Random) -> Place:
    """The greedy placement for the seat's own tasks (a joker only when nothing else
    is left)."""
    seat = view.me
    assert seat is not None
    empty = [s for s in range(SIZE) if view.board[s] is None]
    tiles = view.tiles[seat]
    if not tiles:
        return place(empty[0], JOKER)
    space, tile = greedy_placement(shown_board(view), hand_tasks(view), tuple(tiles), rng)
    return place(space, tile)


def default(decision: Decision) -> LupunAction:
    answer = plain(decision)
    if answer is not None:
        return answer
    view: LupunView = decision.view
    if view.drawn:
        return Keep(drop=default_drop(view.drawn))
    return greedy(view, decision.rng)


def casual(decision: Decision) -> LupunAction:
    answer = plain(decision)
    if answer is not None:
        return answer
    view: LupunView = decision.view
    if view.drawn:
        return Keep(drop=min(view.drawn, key=cards.points))
    return casual_place(view, decision.rng)


def casual_place(view: LupunView, rng: random.Random) -> Place:
    seat = view.me
    assert seat is not None
    board = shown_board(view)
    tiles = view.tiles[seat]
    hand = hand_tasks(view)
    if view.jokers[seat]:
        for task in hand:  # a joker finishes a task
            open_spaces = [s for s in task.region if board[s] is None]
            if len(open_spaces) == 1:
                return place(open_spaces[0], JOKER)
    if not tiles:
        return greedy(view, rng)
    space, tile = greedy_placement(board, hand, tuple(tiles), rng)
    mine = {s for task in hand for s in task.region}
    if space in mine:
        return place(space, tile)
    spoil = watched_line(view, seat, mine)
    if spoil is None:
        return place(space, tile)
    room, high = spoil
    return place(rng.choice(room), min(tiles) if high else max(tiles))


def watched_line(view: LupunView, seat: int, mine: set[int]) -> tuple[list[int], bool] | None:
    """The row or column where one other seat has most of its tiles (two at least),
    its empty spaces outside `mine`, and whether those tiles are high (mean 4.5 up)."""
    found: tuple[int, float, list[int], bool] | None = None
    for line in LINES:
        room = [s for s in line if view.board[s] is None and s not in mine]
        if not room:
            continue
        for other in range(view.seats):
            if other == seat:
                continue
            numbers = [
                v for s in line if view.owners[s] == other and (v := view.board[s]) is not None
            ]
            numbers = [v for v in numbers if v != JOKER]
            if len(numbers) < 2:
                continue
            key = (len(numbers), -len(room))
            if found is None or key > (found[0], found[1]):
                found = (len(numbers), -len(room), room, sum(numbers) / len(numbers) >= 4.5)
    return None if found is None else (found[2], found[3])


def strong(decision: Decision) -> LupunAction:
    answer = plain(decision)
    if answer is not None:
        return answer
    view: LupunView = decision.view
    if view.drawn:
        return tactics.keep(view)
    return tactics.place(decision)


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)
