"""Scoring a hand with jokers: one number per joker per player, the best total."""

from __future__ import annotations

import itertools
import random
import statistics
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from games.lupun.board import SIZE, Board, space_index
from games.lupun.deck import DECK, by_id
from games.lupun.scoring import best_score
from games.lupun.spec import E, distinct
from games.lupun.tasks import Condition, Task

# The rulebook's example of play after the round (3 players): a joker on C3 (0 here as
# a placeholder); 4 on A3 and C2; column C is 19 without the joker; row 4 is 27; 3 on
# A5; 2 3 4 down column D; the 3x3 block A2-C4 holds two 4s.
EXAMPLE: Board = (
    6, 7, 0, 2,
    8, 6, 4, 3,
    4, 1, 0, 4,
    9, 5, 8, 5,
    3, 7, 5, 6,
    0, 9, 2, 7,
)  # fmt: skip
C3 = space_index("C3")


def hand(*ids: str) -> list[Task]:
    return [by_id(i) for i in ids]


def card(condition: Condition, points: int, task_id: str = "x") -> Task:
    return Task(task_id, "compound", points, condition)


def test_the_rulebook_example() -> None:
    red = best_score(EXAMPLE, hand("t001", "t046", "t085"), [C3])
    green = best_score(EXAMPLE, hand("t003", "t124", "t059"), [C3])
    blue = best_score(EXAMPLE, hand("t004", "t115", "t107"), [C3])
    assert red == (12, {C3: 5}, ("t001", "t046", "t085"))  # column C = 24 with the 5
    assert green == (4, {C3: 9}, ("t124",))  # C3 greater than its neighbours (8 on C4)
    assert blue[0] == 4 and set(blue[2]) == {"t004", "t107"}  # the block keeps its two 4s


def test_a_joker_helps_two_players_with_different_numbers() -> None:
    low = card(E("C3 < 2"), 3)
    high = card(E("C3 + D3 = 13"), 4)  # D3 is 4
    assert best_score(EXAMPLE, [low], [C3])[:2] == (3, {C3: 0})
    assert best_score(EXAMPLE, [high], [C3])[:2] == (4, {C3: 9})


def test_one_number_for_all_of_a_players_tasks() -> None:
    five = card(E("colC = 24"), 5, "five")  # needs the joker as 5
    nine = card(E("C3 = 9"), 4, "nine")
    both = card(E("C3 > 4"), 2, "both")
    points, numbers, solved = best_score(EXAMPLE, [nine, five, both], [C3])
    assert (points, numbers, solved) == (7, {C3: 5}, ("five", "both"))
    # equal points: the smaller number wins the tie
    nine_as_five = card(E("C3 = 9"), 5, "nine")
    assert best_score(EXAMPLE, [nine_as_five, five], [C3])[1] == {C3: 5}


def test_three_jokers_in_one_tasks_region() -> None:
    jokers = [space_index(s) for s in ("C1", "C4", "C6")]
    column = card(E("colC = 40"), 5)  # 4 + 5 (C3) + 5 (C5): the jokers must make 26
    board = list(EXAMPLE)
    board[C3] = 5
    points, numbers, _ = best_score(tuple(board), [column], jokers)
    assert points == 5 and sum(numbers.values()) == 26
    assert numbers == {space_index("C1"): 8, space_index("C4"): 9, space_index("C6"): 9}
    # three jokers that must all differ from each other and from the block's numbers
    block = card(distinct("block:A2"), 7)
    spaces = [space_index(s) for s in ("A3", "C3", "C4")]
    points, numbers, _ = best_score(EXAMPLE, [block], spaces)
    assert points == 7 and numbers == {spaces[0]: 0, spaces[1]: 2, spaces[2]: 3}


def test_jokers_outside_every_region_stay_zero_and_no_joker_scores_plainly() -> None:
    far = space_index("A6")
    points, numbers, solved = best_score(EXAMPLE, hand("t004", "t107"), [far])
    assert (points, numbers, set(solved)) == (4, {far: 0}, {"t004", "t107"})
    assert best_score(EXAMPLE, hand("t003"), []) == (0, {}, ())


def brute_force(board: Board, tasks: list[Task], jokers: list[int]) -> tuple[int, tuple[int, ...]]:
    best: tuple[int, tuple[int, ...]] | None = None
    for numbers in itertools.product(range(10), repeat=len(jokers)):
        filled = list(board)
        for space, number in zip(jokers, numbers, strict=True):
            filled[space] = number
        points = sum(t.points for t in tasks if t.holds(tuple(filled)))
        if best is None or points > best[0]:
            best = (points, numbers)
    assert best is not None
    return best


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 2))
def test_the_same_as_trying_every_number(rng: random.Random, count: int) -> None:
    tasks = rng.sample(DECK, 3)
    board: list[int | None] = [rng.randrange(10) for _ in range(SIZE)]
    # jokers mostly inside the tasks' regions, so they matter
    region = sorted({s for t in tasks for s in t.region})
    jokers = sorted(rng.sample(region, min(count, len(region))))
    points, numbers, solved = best_score(tuple(board), tasks, jokers)
    expected_points, smallest = brute_force(tuple(board), tasks, jokers)
    assert points == expected_points
    filled = list(board)
    for space, number in numbers.items():
        filled[space] = number
    assert set(solved) == {t.id for t in tasks if t.holds(tuple(filled))}
    assert sum(t.points for t in tasks if t.id in solved) == points
    if len(jokers) == 1:  # the smallest number that reaches the best total
        assert (numbers[jokers[0]],) == smallest
    assert best_score(tuple(board), tasks, jokers) == (points, numbers, solved)


def test_empty_spaces_stay_unsolved() -> None:
    board = list(EXAMPLE)
    board[space_index("C6")] = None
    points, _, solved = best_score(tuple(board), hand("t001", "t046"), [C3])
    assert (points, solved) == (3, ("t046",))


def test_fast_with_two_jokers() -> None:
    rng = random.Random(14)
    timings = []
    for _ in range(300):
        board = tuple(rng.randrange(10) for _ in range(SIZE))
        tasks = rng.sample(DECK, 3)
        jokers = rng.sample(range(SIZE), 2)
        started = time.perf_counter()
        best_score(board, tasks, jokers)
        timings.append(time.perf_counter() - started)
    assert statistics.median(timings) < 0.005
