"""Miss Lupun's strong computer player: a placement for its own tasks that spoils the
tasks the others are likely to hold.

1. Its own tasks: every placement (a number tile or a joker on an empty space) is
   valued by how much it raises the chances of its tasks (`outlook`), and with a win
   card, the chance of solving all three. A placement that helps nothing gives away the
   least useful tile, where its own tasks do not lie (as the greedy player does).
2. What it cannot see, the others' tasks, is sampled: each other seat's 3 tasks are
   drawn from the cards it has not seen, the more likely the more of that seat's tiles
   lie on the task's spaces (people place for their tasks). For the best placements by
   (1), the drawn tasks' chances are estimated before and after, over as many samples
   as the time budget allows.
3. It plays the placement with the best own gain minus the others' mean gain (a win
   card holder's counts three times: they win the game with it).

Keeping 3 of 4 tasks, it gives back the task with the lowest expected points under
greedy play (`KEEP_VALUE`, measured: points times how often such a task was solved).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from games.computers import Decision
from games.lupun import cards
from games.lupun.board import SIZE, space_name
from games.lupun.dealing import unseen_tasks
from games.lupun.models import JOKER, Keep, Place
from games.lupun.outlook import Fills, Outlook
from games.lupun.tasks import UNKNOWN, Task
from games.lupun.views import LupunView

# Points of a task times its solve rate, by points, in games of 4 greedy players.
KEEP_VALUE = {1: 0.86, 2: 1.75, 3: 2.47, 4: 3.03, 5: 2.82, 6: 3.0, 7: 2.26, 8: 1.6, 9: 1.2}
OWN_FILLS = 24
OTHER_FILLS = 12
CANDIDATES = 16  # the placements whose effect on the others is estimated
SPOIL = 1.0  # an average other seat's point against one of its own
WIN_CARD = 3.0  # a win card holder's tasks count this many times more
WIN_BONUS = 12.0  # its own win card: points for solving all 3 tasks (the game!)
AIMED = 0.2  # the share of a seat's placements aimed at one given task of theirs
DUMP = 0.5  # giving a tile away on a space of its own tasks
JOKER_COST = 0.4  # a joker used now cannot be used later
MIN_SAMPLES = 1
EPS = 1e-9


def keep(view: LupunView) -> Keep:
    return Keep(drop=min(view.drawn, key=lambda c: KEEP_VALUE[cards.points(c)]))


def _own_value(outlook: Outlook, chances: Sequence[float], win_card: bool) -> float:
    value = outlook.total(chances)
    if win_card and len(chances) == 3:
        value += WIN_BONUS * math.prod(chances)
    return value


def likelihoods(view: LupunView, seat: int, pool: Sequence[str]) -> list[float]:
    """How much more likely `seat` holds each task of `pool` than a random one, from
    where its tiles lie this round: a placement aimed at a task lies on its spaces, any
    other one anywhere."""
    mine = [s for s in range(SIZE) if view.owners[s] == seat]
    out = []
    for card in pool:
        region = set(cards.task(card).region)
        share = len(region) / SIZE
        inside = (AIMED + (1 - AIMED) * share) / share
        weight = 1.0
        for space in mine:
            weight *= inside if space in region else 1 - AIMED
        out.append(weight)
    return out


def _draw(pool: Sequence[str], weights: Sequence[float], k: int, rng: random.Random) -> list[Task]:
    """`k` different tasks, each drawn by weight."""
    items = list(range(len(pool)))
    left = list(weights)
    hand = []
    for _ in range(min(k, len(items))):
        index = rng.choices(range(len(items)), weights=left)[0]
        hand.append(cards.task(pool[items.pop(index)]))
        left.pop(index)
    return hand


Move = tuple[int, int]  # (space, tile); a joker tile is UNKNOWN


class Own:
    """A seat's own placements valued for its own tasks, the greedy way: a placement
    that raises their chances by how much (a joker a little less: it cannot be used
    later); one that helps nothing by what the tile could have done instead, and less
    on a space of its own tasks (`prior`)."""

    def __init__(self, view: LupunView, rng: random.Random, fills: int) -> None:
        me = view.me
        assert me is not None
        self.board: list[int | None] = [UNKNOWN if v == JOKER else v for v in view.board]
        self.empty = [s for s in range(SIZE) if self.board[s] is None]
        self.tiles = sorted(set(view.tiles[me]))
        options = self.tiles + ([UNKNOWN] if view.jokers[me] else [])
        self.left = [t for seat_tiles in view.tiles for t in seat_tiles]
        self.fills = Fills(rng, fills, self.left)
        own = Outlook([cards.task(c) for c in view.hand], self.board, self.fills)
        self.regions = own.regions
        win_card = view.win_card[me]
        base = _own_value(own, own.chances, win_card)
        gain = {
            (s, t): _own_value(own, own.chances_with(s, t), win_card) - base
            for s in self.empty
            for t in options
        }
        self.prior: dict[Move, float] = {}
        self.spare: int | None = None
        if not self.tiles:  # only a joker left
            self.prior = dict(gain)
            return
        best_use = {t: max(gain[s, t] for s in self.empty) for t in self.tiles}
        self.spare = min(self.tiles, key=lambda t: (best_use[t], -t))
        for (s, t), g in gain.items():
            if t == UNKNOWN:
                self.prior[s, t] = g - JOKER_COST if g > EPS else -math.inf
            elif g > EPS:
                self.prior[s, t] = g
            else:
                lost = best_use[t] - best_use[self.spare]
                self.prior[s, t] = -lost - (DUMP if s in self.regions else 0)

    def best(self) -> Move:
        return max(self.prior, key=lambda m: self.prior[m])

    def helps(self, move: Move) -> bool:
        return self.prior[move] > 0

    def candidates(self, rng: random.Random) -> list[Move]:
        """The placements worth a look at the others: the best for its own tasks (equal
        ones, e.g. the spare on any space away from its tasks, in a random order)."""
        moves = list(self.prior)
        rng.shuffle(moves)
        ranked = sorted(moves, key=lambda m: -self.prior[m])
        return [m for m in ranked[:CANDIDATES] if self.prior[m] > -math.inf] or ranked[:1]


def place(decision: Decision) -> Place:
    view: LupunView = decision.view
    me = view.me
    assert me is not None
    rng = decision.rng
    own = Own(view, rng, OWN_FILLS)
    prior = own.prior
    board = own.board
    left = own.left
    candidates = own.candidates(rng)
    if len(candidates) == 1:
        return Place(space=space_name(candidates[0][0]), tile=candidates[0][1])

    # (2) The others' tasks, sampled.
    others = [s for s in range(view.seats) if s != me]
    pool = unseen_tasks(view)
    weights = {o: likelihoods(view, o, pool) for o in others}
    importance = {o: WIN_CARD if view.win_card[o] else 1.0 for o in others}
    norm = sum(importance.values())
    spoiled = dict.fromkeys(candidates, 0.0)
    other_fills = Fills(rng, OTHER_FILLS, left)
    samples = 0
    deadline = time.process_time() + decision.budget
    while (
        samples < decision.samples
        if decision.samples is not None
        else samples < MIN_SAMPLES or time.process_time() < deadline
    ):
        for o in others:
            outlook = Outlook(_draw(pool, weights[o], 3, rng), board, other_fills)
            for m in candidates:
                spoiled[m] += importance[o] / norm * (outlook.value_with(*m) - outlook.value)
        samples += 1

    # (3) Its gain against theirs.
    def score(m: Move) -> float:
        return prior[m] - SPOIL * spoiled[m] / samples

    best = max(candidates, key=lambda m: (score(m), -candidates.index(m)))
    return Place(space=space_name(best[0]), tile=best[1])
