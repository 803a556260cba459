"""Miss Lupun's computer players (the contract: `games/computers.py`).

Every step but placing has a plain answer: confirm the chosen placement, turn the tiles
the suggestion offers (the long game). The policies differ in which tasks they keep
and where they place.

- default: the timeouts' documented moves: keep the tasks with the fewest points,
  place as the greedy policy (`policy.greedy_placement`).
- casual: see `casual`.
- strong: see `strong`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.computers import Computers, Decision
from games.lupun import cards
from games.lupun.board import SIZE, Board, space_name
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
    return default(decision)


def strong(decision: Decision) -> LupunAction:
    return default(decision)


def _legal(decision: Decision, action: Any, fallback: Sequence[LupunAction]) -> LupunAction:
    return action if action in decision.legal else fallback[0]


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)
