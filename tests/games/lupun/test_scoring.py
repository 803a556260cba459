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
from tests.games.lupun.scoring_oracle import best_score as exhaustive_score

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


# --- bounded: the same results as the exhaustive search, without its slow boards ---------


def related_hand(rng: random.Random, size: int) -> list[Task]:
    """`size` tasks, often over the same spaces (the hard case: several sums of one
    column, a block and its rows...), often with a task "in any row/column"."""
    first = rng.choice([t for t in DECK if t.existential] if rng.random() < 0.3 else DECK)
    near = [t for t in DECK if t is not first and set(t.region) & set(first.region)]
    pool = near if rng.random() < 0.6 else [t for t in DECK if t is not first]
    return [first, *rng.sample(pool, size - 1)]


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 7), st.integers(1, 3), st.booleans())
def test_the_same_as_the_exhaustive_search(
    rng: random.Random, count: int, size: int, gaps: bool
) -> None:
    tasks = related_hand(rng, size)
    board: list[int | None] = [rng.randrange(10) for _ in range(SIZE)]
    if gaps:  # 2 players: the round ends with 4 empty spaces
        for space in rng.sample(range(SIZE), 4):
            board[space] = None
    region = sorted({s for t in tasks for s in t.region})
    inside = rng.sample(region, min(count, len(region)))
    jokers = inside + rng.sample([s for s in range(SIZE) if s not in inside], count - len(inside))
    for space in jokers:
        board[space] = rng.randrange(10)  # the placeholder on a joker is ignored
    rng.shuffle(jokers)
    expected = exhaustive_score(tuple(board), tasks, jokers)
    assert best_score(tuple(board), tasks, jokers) == expected


def board_of(rows: str) -> tuple[Board, list[int]]:
    """A full board from marks (digits, J for a joker) and its joker spaces."""
    marks = rows.split()
    jokers = [space for space, mark in enumerate(marks) if mark == "J"]
    return tuple(0 if mark == "J" else int(mark) for mark in marks), jokers


# Slow boards found by `python -m tests.bench.bench_lupun --worst` for the exhaustive
# search (70-110 ms for the first hand, 30-35 ms for the second: "all different" and
# "two the same" in column A; a whole 6-seat round end over 20 ms).
SLOW_HANDS = (
    (
        """
        8 6 5 9
        0 3 4 J
        J 2 2 6
        2 0 0 J
        J 8 1 2
        J 7 J J
        """,
        "t134 t138 t107",
    ),
    (
        """
        J 2 J 3
        J 7 1 6
        J 3 1 0
        J 9 8 8
        J 7 6 1
        J 8 5 2
        """,
        "t134 t055 t119",
    ),
)
SLOW_ROUND = (
    """
    1 2 1 4
    3 4 J 8
    1 7 J 5
    8 J J 2
    5 J J 6
    2 0 J 1
    """,
    "t103 t102 t019; t054 t044 t077; t074 t056 t036; t042 t133 t090; t034 t115 t008;"
    " t021 t058 t134",
)


def test_the_slowest_boards_found_score_as_the_exhaustive_search() -> None:
    """Their time is the benchmark's (`python -m tests.bench.bench_lupun --worst`):
    speed is measured there, not in a test on a shared machine."""
    for rows, ids in SLOW_HANDS:
        board, jokers = board_of(rows)
        tasks = hand(*ids.split())
        assert best_score(board, tasks, jokers) == exhaustive_score(board, tasks, jokers)
    board, jokers = board_of(SLOW_ROUND[0])
    for ids in SLOW_ROUND[1].split(";"):
        tasks = hand(*ids.split())
        assert best_score(board, tasks, jokers) == exhaustive_score(board, tasks, jokers)
