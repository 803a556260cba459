"""The joker scoring as it was before the bounded search (games/lupun/scoring.py), kept
unchanged as the oracle the new one must match number for number
(tests/games/lupun/test_scoring.py) and as the "before" of the benchmark.

Each player gives each joker one number 0..9 for all of their tasks (RULES.md), the
numbers that maximise their total. We never try all 10^jokers assignments. Tasks
without a joker in their region are decided at once. For the others we find which
sets of tasks (at most 7) can hold together, the smallest sets first (a set holding one
that cannot is skipped), and for each set search the numbers of
the jokers in those tasks' regions only (an existential task line by line), cutting a
branch as soon as one task of the set can no longer hold (each condition's `possible`
bounds the open jokers: a sum by its range, a count by its open spaces, a chain by its
known links...) and never searching a failed state twice (see `_search_conditions`).

Ties are deterministic and prefer small numbers: the most points; then, for one set of
tasks, the first numbers found trying the smallest number first (in the order of
`_search_conditions`); across sets with the same points, the smaller
numbers in space order. A joker in no chosen task's region is 0.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations, product

from games.lupun.board import Board
from games.lupun.tasks import UNKNOWN, AnyOf, Condition, Task


def best_score(
    board: Board, hand: Sequence[Task], jokers: Sequence[int]
) -> tuple[int, dict[int, int], tuple[str, ...]]:
    """(points, the number chosen for each joker space, the ids of the solved tasks).

    `board` holds any placeholder number on the joker spaces listed in `jokers`.
    """
    joker_spaces = sorted(set(jokers))
    values: list[int | None] = list(board)
    for space in joker_spaces:
        values[space] = UNKNOWN
    joker_set = set(joker_spaces)

    fixed: list[Task] = []  # solved whatever the jokers are
    open_tasks: list[Task] = []
    for task in hand:
        if joker_set.isdisjoint(task.region):
            if task.possible(values):
                fixed.append(task)
        elif task.possible(values):  # can hold for some numbers
            open_tasks.append(task)

    # Which sets of tasks can hold together, smallest sets first: a set containing one
    # that cannot is skipped (a contradiction is cheaper to find between fewer tasks).
    found: dict[tuple[Task, ...], tuple[int, ...] | None] = {(): (0,) * len(joker_spaces)}
    for size in range(1, len(open_tasks) + 1):
        for chosen in combinations(open_tasks, size):
            smaller = combinations(chosen, size - 1)
            if any(found[subset] is None for subset in smaller):
                found[chosen] = None
            else:
                found[chosen] = _search(values, chosen, joker_spaces)
    best: tuple[int, tuple[int, ...]] | None = None
    for chosen, numbers in found.items():
        if numbers is None:
            continue
        key = (sum(task.points for task in chosen), tuple(-v for v in numbers))
        if best is None or key > (best[0], tuple(-v for v in best[1])):
            best = (key[0], numbers)

    numbers = best[1] if best is not None else tuple(0 for _ in joker_spaces)
    for space, number in zip(joker_spaces, numbers, strict=True):
        values[space] = number
    solved = tuple(task.id for task in hand if task.possible(values))
    total = sum(task.points for task in hand if task.id in solved)
    return total, dict(zip(joker_spaces, numbers, strict=True)), solved


def _search(
    values: list[int | None], tasks: Sequence[Task], jokers: Sequence[int]
) -> tuple[int, ...] | None:
    """Numbers for `jokers` under which every task holds, or None.

    An existential task holds when one of its lines does, so each choice of lines is
    searched on its own (its jokers are then those of the chosen lines only); the
    smallest assignment found over all choices wins.
    """
    options = [_parts(task) for task in tasks]
    best: tuple[int, ...] | None = None
    for conditions in product(*options):
        if not all(condition.possible(values) for condition in conditions):
            continue
        found = _search_conditions(values, conditions, jokers)
        if found is not None and (best is None or found < best):
            best = found
    return best


def _parts(task: Task) -> tuple[Condition, ...]:
    condition = task.condition
    return condition.parts if isinstance(condition, AnyOf) else (condition,)


def _search_conditions(
    values: list[int | None], conditions: Sequence[Condition], jokers: Sequence[int]
) -> tuple[int, ...] | None:
    """The first numbers found for the jokers in the conditions' regions (the others 0)
    under which all of them hold, or None.

    Depth-first, each trying the smallest number first; the jokers of the conditions
    with the fewest jokers first, then those in most conditions (so a condition, or a
    contradiction between two, is settled early), then in space order. A failed
    subtree is remembered by the
    signatures of the conditions still open (a sum's total so far, a count so far, else
    the numbers themselves): the conditions already decided cannot matter, so
    independent parts are never searched twice and sums are searched by their totals
    (dynamic programming), not number by number.
    """
    regions = [set(c.region) for c in conditions]
    involved = sorted({space for c in conditions for space in c.region} & set(jokers))
    open_count = [len(r & set(involved)) for r in regions]

    def order(space: int) -> tuple[int, int]:
        holding = [i for i, r in enumerate(regions) if space in r]
        return min(open_count[i] for i in holding), -len(holding)

    involved.sort(key=order)
    watchers = [
        [c for c, r in zip(conditions, regions, strict=True) if space in r] for space in involved
    ]
    # the conditions still open before setting the joker at each depth
    still_open = [
        [
            c
            for c, r in zip(conditions, regions, strict=True)
            if any(space in r for space in involved[depth:])
        ]
        for depth in range(len(involved))
    ]
    work = list(values)
    failed: set[tuple[int, tuple[Hashable, ...]]] = set()

    def place(depth: int) -> bool:
        if depth == len(involved):
            return True
        key = (depth, tuple(c.signature(work) for c in still_open[depth]))
        if key in failed:
            return False
        space = involved[depth]
        for number in range(10):
            work[space] = number
            if all(c.possible(work) for c in watchers[depth]) and place(depth + 1):
                return True
        work[space] = UNKNOWN
        failed.add(key)
        return False

    if not place(0):
        return None
    return tuple(work[space] if space in involved else 0 for space in jokers)  # type: ignore[misc]
