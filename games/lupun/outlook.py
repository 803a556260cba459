"""How likely some tasks are to hold, and how a placement changes that: the strong
computer player's evaluation (the greedy policy's estimate, `policy._Estimator`, for
any seat's tasks, with weights, per-task chances and joker tiles).

A task's chance is estimated on shared random fills of the board's empty spaces as the
mean of two parts: it holds on the filled board, and it holds once one of its empty
spaces (a random one per fill) is left open (`UNKNOWN`: any number, as the owner would
choose it). An existential task counts its most promising line. A joker on the board
is `UNKNOWN` too: every seat may give it its own best number.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.lupun.board import SIZE
from games.lupun.policy import _parts
from games.lupun.tasks import UNKNOWN, Condition, Task


class Fills:
    """Random numbers for the empty spaces, the same for every outlook of a decision
    (so that moves and seats are compared on the same boards)."""

    def __init__(self, rng: random.Random, count: int, tiles: Sequence[int] | None = None) -> None:
        """`tiles`: the number tiles still to be placed (every seat's), dealt onto the
        spaces at random; any number 0..9 where they run out (or without them)."""
        self.numbers = [self._deal(rng, tiles) for _ in range(count)]
        self.open = [rng.randrange(1 << 30) for _ in range(count)]

    @staticmethod
    def _deal(rng: random.Random, tiles: Sequence[int] | None) -> list[int]:
        dealt = rng.sample(tiles, min(len(tiles), SIZE)) if tiles else []
        return dealt + [rng.randrange(10) for _ in range(SIZE - len(dealt))]


class Outlook:
    """The weighted chances of one seat's tasks on a board (`board` is read, and briefly
    changed by `value_with`, never kept changed)."""

    def __init__(
        self,
        tasks: Sequence[Task],
        board: list[int | None],
        fills: Fills,
        weights: Sequence[float] | None = None,
    ) -> None:
        self.tasks = tuple(tasks)
        self.weights = tuple(weights) if weights is not None else tuple(1.0 for _ in tasks)
        self.parts = [_parts(task) for task in self.tasks]
        self.fills = fills
        self.board = board
        self.regions = frozenset(s for task in self.tasks for s in task.region)
        self.base = [[self.chance(part) for part in parts] for parts in self.parts]
        self.chances = [max(chances) for chances in self.base]
        self.value = self.total(self.chances)

    def total(self, chances: Sequence[float]) -> float:
        return sum(
            w * task.points * c
            for task, w, c in zip(self.tasks, self.weights, chances, strict=True)
        )

    def chances_with(self, space: int, tile: int) -> list[float]:
        """Each task's chance once `tile` (a number, or UNKNOWN for a joker) lies on
        `space`."""
        if space not in self.regions:
            return self.chances
        board = self.board
        board[space] = tile
        out = []
        for parts, base in zip(self.parts, self.base, strict=True):
            best = 0.0
            for part, chance in zip(parts, base, strict=True):
                if space in part.region:
                    chance = self.chance(part)
                best = max(best, chance)
            out.append(best)
        board[space] = None
        return out

    def value_with(self, space: int, tile: int) -> float:
        return (
            self.value if space not in self.regions else self.total(self.chances_with(space, tile))
        )

    def chance(self, condition: Condition) -> float:
        board = self.board
        empty = [s for s in condition.region if board[s] is None]
        if not empty:
            return 1.0 if condition.possible(board) else 0.0
        work = list(board)
        hits = 0
        for numbers, pick in zip(self.fills.numbers, self.fills.open, strict=True):
            for space in empty:
                work[space] = numbers[space]
            if condition.possible(work):
                hits += 1
            work[empty[pick % len(empty)]] = UNKNOWN
            if condition.possible(work):
                hits += 1
        return hits / (2 * len(self.fills.numbers))
