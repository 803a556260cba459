"""The greedy placement policy: calibration's task owner, and an absent player's move.

The heuristic scores a board by the player's tasks, each weighted by its points times
an estimated chance of holding. The chance is estimated on `samples` random fills of
the task's empty spaces (the same fills for every candidate move, so the comparison is
less noisy) as the mean of two parts:

- holds: the task holds on the filled board;
- reachable: the task could still hold if one of those spaces (a random one per fill)
  were left for the player to choose (a smoother signal for sums and equalities).

An existential task ("in any column") counts its most promising line.

The player makes the move (a tile on an empty space of a task's region) that raises the
score most. When none raises it (e.g. "A3 = C2" with both spaces empty: wait until
someone else commits), the player gets rid of the tile whose best use scores lowest, on
a random empty space outside every task's region, or where it hurts least.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.lupun.board import SIZE, Board
from games.lupun.tasks import UNKNOWN, AnyOf, Condition, Task

SAMPLES = 24


def _parts(task: Task) -> tuple[Condition, ...]:
    """The lines of an existential task, or the task's own condition."""
    condition = task.condition
    return condition.parts if isinstance(condition, AnyOf) else (condition,)


class _Estimator:
    """The weighted chances of a hand's tasks; a task's chance is its best part's."""

    def __init__(
        self, tasks: Sequence[Task], board: list[int | None], rng: random.Random, samples: int
    ) -> None:
        self.tasks = tuple(tasks)
        self.parts = [_parts(task) for task in self.tasks]
        self.fills = [[rng.randrange(10) for _ in range(SIZE)] for _ in range(samples)]
        self.priority = [[rng.random() for _ in range(SIZE)] for _ in range(samples)]
        self.base = [[self.chance(part, board) for part in parts] for parts in self.parts]
        self.baseline = sum(
            task.points * max(chances) for task, chances in zip(self.tasks, self.base, strict=True)
        )

    def score_with(self, board: list[int | None], space: int, tile: int) -> float:
        """The hand's score once `tile` lies on `space` (only touched parts are redone)."""
        board[space] = tile
        total = 0.0
        for task, parts, base in zip(self.tasks, self.parts, self.base, strict=True):
            best = 0.0
            for part, chance in zip(parts, base, strict=True):
                if space in part.region:
                    chance = self.chance(part, board)
                best = max(best, chance)
            total += task.points * best
        board[space] = None
        return total

    def chance(self, condition: Condition, board: list[int | None]) -> float:
        empty = [s for s in condition.region if board[s] is None]
        if not empty:
            return 1.0 if condition.possible(board) else 0.0
        work = list(board)
        hits = 0
        for fill, priority in zip(self.fills, self.priority, strict=True):
            for space in empty:
                work[space] = fill[space]
            if condition.possible(work):
                hits += 1
            work[max(empty, key=priority.__getitem__)] = UNKNOWN
            if condition.possible(work):
                hits += 1
        return hits / (2 * len(self.fills))


def greedy_placement(
    board: Board,
    hand_tasks: Sequence[Task],
    tiles_in_hand: Sequence[int],
    rng: random.Random,
    samples: int = SAMPLES,
) -> tuple[int, int]:
    """(space, tile): the greedy move for a player holding these tasks and tiles.

    A joker on the board is best passed as `tasks.UNKNOWN`: the estimate then treats it
    as any number (a placeholder number works too, but pins it). Randomness comes only
    from `rng` (the fills and the space for a spare tile).
    """
    empty = [s for s in range(SIZE) if board[s] is None]
    tiles = sorted(set(tiles_in_hand))
    if not empty or not tiles:
        raise ValueError("no empty space or no tile to place")
    work = list(board)
    estimator = _Estimator(hand_tasks, work, rng, samples)
    in_region = sorted({s for task in hand_tasks for s in task.region} & set(empty))

    best_move: tuple[int, int] | None = None
    best_score = float("-inf")
    best_by_tile = {tile: float("-inf") for tile in tiles}
    for space in in_region:
        for tile in tiles:
            score = estimator.score_with(work, space, tile)
            best_by_tile[tile] = max(best_by_tile[tile], score)
            if score > best_score:
                best_score, best_move = score, (space, tile)
    if best_move is not None and best_score > estimator.baseline + 1e-9:
        return best_move

    # Nothing helps now: give away the least useful tile where it does not matter.
    spare = min(tiles, key=lambda tile: (best_by_tile[tile], -tile))
    outside = [s for s in empty if s not in in_region]
    if outside:
        return rng.choice(outside), spare
    least_harm = max(
        in_region, key=lambda space: (estimator.score_with(work, space, spare), -space)
    )
    return least_harm, spare
