"""The board geometry and every family of the task language, on hand-made boards."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.lupun import board
from games.lupun.deck import DECK, by_id
from games.lupun.spec import (
    E,
    all_of,
    alternating,
    any_line,
    chain,
    count,
    distinct,
    divisible,
    greatest,
    line_distinct,
    line_only,
    only,
    pair,
    prime,
    smallest,
)
from games.lupun.tasks import UNKNOWN, Chain, Condition, Const, Op, Task


def grid(text: str) -> board.Board:
    """Six rows of four: digits, '.' for an empty space."""
    cells = text.split()
    assert len(cells) == board.SIZE
    return tuple(None if c == "." else int(c) for c in cells)


def task(condition: Condition, family: str = "compound") -> Task:
    return Task("t999", family, 1, condition)


def holds(condition: Condition, text: str) -> bool:
    return task(condition).holds(grid(text))


FULL = """
6 7 0 2
8 6 4 3
4 1 5 4
9 5 8 5
3 7 5 6
0 9 2 7
"""


# --- the board ---------------------------------------------------------------------------


def test_space_names_and_indices() -> None:
    assert [board.space_name(i) for i in (0, 1, 2, 3, 4, 23)] == [
        "A1",
        "B1",
        "C1",
        "D1",
        "A2",
        "D6",
    ]
    assert all(board.space_index(board.space_name(i)) == i for i in range(board.SIZE))
    assert board.space_index("c3") == 10
    with pytest.raises(ValueError):
        board.space_index("E1")
    with pytest.raises(ValueError):
        board.space_index("A7")


def test_neighbours_are_orthogonal() -> None:
    assert board.neighbours(board.space_index("A1")) == board.spaces("B1 A2")  # corner
    assert board.neighbours(board.space_index("D3")) == board.spaces("D2 C3 D4")  # edge
    assert board.neighbours(board.space_index("C3")) == board.spaces("C2 B3 D3 C4")  # inner
    counts = sorted(len(board.neighbours(s)) for s in range(board.SIZE))
    assert counts.count(2) == 4 and counts.count(3) == 12 and counts.count(4) == 8


def test_lines_and_blocks() -> None:
    assert board.row(1) == (0, 1, 2, 3)
    assert board.column("C") == board.spaces("C1 C2 C3 C4 C5 C6")
    assert len(board.SQUARES) == 15
    assert len(board.RECTANGLES) == 12 + 10
    assert len(board.BLOCKS_3X3) == 8
    assert board.block("A2", 3, 3) == board.spaces("A2 B2 C2 A3 B3 C3 A4 B4 C4")
    assert board.spaces("A1 D1 A6 D6") == board.CORNERS
    with pytest.raises(ValueError):
        board.block("C5", 3, 3)


# --- the families ------------------------------------------------------------------------


def test_line_and_block_sums() -> None:
    assert holds(E("colC = 24"), FULL)  # 0 + 4 + 5 + 8 + 5 + 2
    assert not holds(E("colC = 25"), FULL)
    assert holds(E("row4 > 26"), FULL) and not holds(E("row4 > 27"), FULL)  # 27
    assert holds(E("row1 < 16"), FULL) and not holds(E("row1 < 15"), FULL)  # 15
    assert holds(E("square:A1 = 27"), FULL)  # 6 + 7 + 8 + 6
    assert holds(E("corners = 15"), FULL)  # 6 + 2 + 0 + 7
    assert holds(E("rect3x2:B5 = 36"), FULL)  # 7 + 5 + 6 + 9 + 2 + 7
    assert holds(E("rect2x3:A4 = 33"), FULL)  # 9 + 5 + 3 + 7 + 0 + 9
    assert holds(E("block:A2 = 50"), FULL)  # 8 6 4 + 4 1 5 + 9 5 8


def test_a_task_with_an_empty_space_is_not_solved() -> None:
    almost = FULL.replace("0 9 2 7", "0 9 . 7")
    assert holds(E("row1 > 9"), almost)  # does not involve C6
    assert not holds(E("colC > 0"), almost)
    assert not holds(E("C6 < 9"), almost)
    assert not holds(distinct("row6"), almost)


def test_space_comparisons_and_compound() -> None:
    assert holds(E("A4 > D1"), FULL)  # 9 > 2
    assert not holds(E("A3 = C2"), FULL.replace("4 1 5 4", "3 1 5 4"))
    assert holds(E("A3 = C2"), FULL)  # 4 and 4
    assert holds(E("A3 != B3"), FULL) and not holds(E("A3 != C2"), FULL)
    # "A3 > A2 and B3 > B2 and C3 > C2": 4 > 8 fails
    condition = all_of(E("A3 > A2"), E("B3 > B2"), E("C3 > C2"))
    assert not holds(condition, FULL)
    assert holds(condition, FULL.replace("8 6 4 3", "1 0 4 3").replace("4 1 5 4", "4 1 5 0"))


def test_arithmetic_between_spaces() -> None:
    assert not holds(E("D5 = A5 + B5"), FULL)  # 6 != 3 + 7
    assert holds(E("D5 = A5 + B5"), FULL.replace("3 7 5 6", "2 4 5 6"))
    assert holds(E("D2 - A3 = 3 - 4"), FULL)  # 3 - 4 = -1
    assert holds(E("A2 x B2 = 48"), FULL)
    assert holds(E("A2 + B2 x C2 = 32"), FULL)  # x binds tighter: 8 + 24


def test_division_is_exact_and_never_by_zero() -> None:
    base = FULL.replace("0 9 2 7", "8 4 2 7")
    assert holds(E("A6 : B6 = C6"), base)  # 8 : 4 = 2
    assert not holds(E("A6 : B6 = C6"), base.replace("8 4 2 7", "9 4 2 7"))  # 9 : 4 inexact
    zero = base.replace("8 4 2 7", "0 0 0 7")
    assert not holds(E("A6 : B6 = C6"), zero)  # 0 : 0 is not 0
    assert holds(E("A6 : D6 = C6"), zero)  # 0 : 7 = 0 is fine
    assert not holds(divisible("A5", "C1"), FULL)  # C1 is 0: never divisible by 0
    with pytest.raises(ValueError):
        E("A1 : 0 = 1")
    with pytest.raises(ValueError):
        Op(":", Const(4), Const(0))
    with pytest.raises(ValueError):
        divisible("A1B1", "0")


def test_two_digit_numbers_read_tens_then_units() -> None:
    assert holds(E("A2B2 = 86"), FULL)
    assert holds(E("B6C6 = 92"), FULL)
    leading_zero = FULL.replace("6 7 0 2", "6 7 0 7")
    assert holds(E("C1D1 = 7"), leading_zero)  # "07" is 7
    assert holds(E("C1D1 < 15"), leading_zero)
    assert holds(divisible("C1D1", "7"), leading_zero)
    assert holds(prime("C1D1"), leading_zero)
    assert holds(E("A6B6 = 9"), FULL)  # 0 on A6, 9 on B6
    assert holds(prime("A5B5"), FULL)  # 37


def test_primes_parity_and_counts() -> None:
    assert holds(prime("A5B5"), FULL.replace("3 7 5 6", "3 1 5 6"))  # 31
    assert not holds(prime("A5B5"), FULL.replace("3 7 5 6", "3 3 5 6"))  # 33
    zeros_and_ones = FULL.replace("6 7 0 2", "0 1 0 1")
    assert holds(count("row1", "prime", "=", 0), zeros_and_ones)  # 0 and 1 are not prime
    assert holds(only("row1", "even"), FULL.replace("6 7 0 2", "6 8 0 2"))  # 0 is even
    assert holds(count("row5", "odd", "=", 3), FULL)  # 3 7 5 6
    assert not holds(count("row5", "odd", "=", 3), FULL.replace("3 7 5 6", "3 7 5 9"))
    assert holds(count("colC", "odd", ">=", 2), FULL) and not holds(
        count("colC", "odd", ">=", 3), FULL
    )
    assert holds(count("colB", "lt", "<=", 1, 3), FULL)  # 7 6 1 5 7 9: only the 1
    assert holds(only("row4", "gt", 4), FULL)  # 9 5 8 5
    assert not holds(only("row4", "gt", 5), FULL)
    assert holds(only("row2", "prime"), FULL.replace("8 6 4 3", "2 3 5 7"))
    assert holds(prime("row6"), FULL.replace("0 9 2 7", "0 9 2 8"))  # 19


def test_alternating_even_and_odd() -> None:
    assert holds(alternating("row6"), FULL)  # 0 9 2 7: e o e o
    assert holds(alternating("row6"), FULL.replace("0 9 2 7", "1 4 3 8"))  # o e o e
    assert not holds(alternating("row6"), FULL.replace("0 9 2 7", "0 9 7 2"))


def test_chains_in_either_direction() -> None:
    # column D of FULL runs 2 3 4 5 6 7 (up)
    assert holds(chain("colD", 3), FULL)
    down = (
        FULL.replace("6 7 0 2", "6 7 0 9")
        .replace("8 6 4 3", "8 6 4 8")
        .replace("4 1 5 4", "4 1 5 7")
        .replace("9 5 8 5", "9 5 8 0")
    )  # D: 9 8 7 0 6 7
    assert holds(chain("colD", 3), down)
    assert not holds(chain("colD", 4), down)
    assert holds(chain("D1 D2 D3", 3), down)
    # not adjacent: 3 _ 4 5 in row 5 has no chain of 3
    gap = FULL.replace("3 7 5 6", "3 7 4 5")
    assert not holds(chain("row5", 3), gap)
    assert holds(chain("row5", 2), gap)  # 4 5
    assert holds(chain("A1 B1 C1", 3), FULL.replace("6 7 0 2", "8 7 6 2"))  # 8 7 6 down
    assert not holds(chain("A1 B1 C1", 3), FULL.replace("6 7 0 2", "7 8 7 2"))  # up and down
    # "a chain of 3 in one column": existential over the columns
    scrambled = FULL.replace("8 6 4 3", "8 6 4 9")  # D: 2 9 4 5 6 7 still has 5 6 7
    assert holds(any_line("columns", lambda line: chain_of(line, 3)), scrambled)
    broken = scrambled.replace("3 7 5 6", "3 7 5 0")  # D: 2 9 4 5 0 7
    assert not holds(any_line("columns", lambda line: chain_of(line, 3)), broken)


def chain_of(line: board.Region, length: int) -> Condition:
    return Chain(line, length)


def test_chain_counts_the_full_run() -> None:
    # D column of FULL is 2 3 4 5 6 7: a chain of 6
    assert holds(chain("colD", 6), FULL)
    assert not holds(chain("colD", 6), FULL.replace("0 9 2 7", "0 9 2 6"))


def test_different_and_equal_numbers() -> None:
    assert holds(distinct("row3"), FULL.replace("4 1 5 4", "4 1 5 0"))
    assert not holds(distinct("row3"), FULL)  # 4 1 5 4
    assert holds(pair("row3"), FULL) and not holds(pair("row6"), FULL)
    # the example's 3x3 block A2-C4 is spoiled by the 4s on A3 and C2
    assert not holds(distinct("block:A2"), FULL)
    nine = (
        FULL.replace("8 6 4 3", "8 6 0 3")
        .replace("4 1 5 4", "4 1 2 4")
        .replace("9 5 8 5", "9 5 7 5")
    )
    assert holds(distinct("block:A2"), nine)


def test_a_space_greater_than_each_neighbour() -> None:
    assert holds(greatest("A4"), FULL)  # 9 > 4, 5, 3 (edge: 3 neighbours)
    assert not holds(greatest("B4"), FULL)
    assert holds(greatest("A1"), FULL.replace("6 7 0 2", "9 7 0 2"))  # corner: B1, A2
    assert not holds(greatest("A1"), FULL)  # 6 < 7
    assert holds(smallest("B3"), FULL)  # 1 < 6, 4, 5, 5
    equal = FULL.replace("4 1 5 4", "4 1 9 4").replace("9 5 8 5", "9 5 9 5")
    assert not holds(greatest("C3"), equal)  # a neighbour equal to it is not smaller


def test_existential_needs_one_full_line() -> None:
    low_d = """
    9 9 9 1
    9 9 9 2
    9 9 9 3
    9 9 9 4
    9 9 9 5
    9 9 . 0
    """
    condition = any_line("columns", line_only("lt", 6))
    assert holds(condition, low_d)
    assert not holds(condition, low_d.replace("9 9 9 5", "9 9 9 6"))
    # column C is empty at C6 and would be low: it does not count
    low_c = low_d.replace("9 9 9 1", "9 9 1 9").replace("9 9 . 0", "9 9 . 9")
    assert not holds(condition, low_c)
    assert holds(any_line("columns", line_distinct()), FULL)  # column A: 6 8 4 9 3 0


# --- possible(): exact on full boards, never wrong about a joker -------------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(DECK) - 1), st.randoms(use_true_random=False), st.integers(1, 2))
def test_possible_is_true_whenever_a_joker_value_works(
    which: int, rng: random.Random, jokers: int
) -> None:
    card = DECK[which]
    values: list[int | None] = [rng.randrange(10) for _ in range(board.SIZE)]
    spaces = rng.sample(card.region, min(jokers, len(card.region)))
    for space in spaces:
        values[space] = UNKNOWN
    some = False
    for numbers in itertools.product(range(10), repeat=len(spaces)):
        filled = list(values)
        for space, number in zip(spaces, numbers, strict=True):
            filled[space] = number
        some = some or card.holds(tuple(filled))
    if some:
        assert card.possible(values)


def test_rulebook_tasks_on_the_example_board() -> None:
    example = FULL  # C3 = 5: player 1's joker value
    assert by_id("t001").holds(grid(example))  # column C = 24
    assert by_id("t046").holds(grid(example))  # A3 = C2
    assert by_id("t085").holds(grid(example))  # row 5: 3 odd, 1 even
    assert not by_id("t003").holds(grid(example))  # row 4 is 27, not 26
    assert not by_id("t059").holds(grid(example))  # D5 != A5 + B5
    assert by_id("t004").holds(grid(example))  # row 1 > 9
    assert not by_id("t115").holds(grid(example))  # the 3x3 block has two 4s
    assert by_id("t107").holds(grid(example))  # 2 3 4 in column D
    assert by_id("t124").holds(grid(example.replace("4 1 5 4", "4 1 9 4")))  # joker as 9


# --- sums: what joker scoring steps by (intervals that move by fixed amounts) -------------


def conditions_in(condition: Condition) -> list[Condition]:
    parts = getattr(condition, "parts", ())
    return [condition, *(c for part in parts for c in conditions_in(part))]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(DECK) - 1), st.randoms(use_true_random=False), st.integers(1, 5))
def test_sums_decide_possible_and_move_by_fixed_amounts(
    which: int, rng: random.Random, jokers: int
) -> None:
    for condition in conditions_in(DECK[which].condition):
        sums = condition.sums
        if sums is None:
            continue
        region = list(condition.region)
        spaces = rng.sample(region, min(jokers, len(region)))
        boards = []
        for _ in range(2):  # two boards with the same open spaces
            values: list[int | None] = [rng.randrange(10) for _ in range(board.SIZE)]
            for space in spaces:
                values[space] = UNKNOWN
            boards.append(values)
        space, number = rng.choice(spaces), rng.randrange(10)
        moves = []
        for values in boards:
            intervals = [e.interval(values) for e in sums]
            assert condition.possible(values) == condition.possible_within(intervals)
            after = list(values)
            after[space] = number
            moved = [e.interval(after) for e in sums]
            moves.append(
                [(a[0] - b[0], a[1] - b[1]) for a, b in zip(moved, intervals, strict=True)]  # type: ignore[index]
            )
            # whatever numbers the open spaces get, a sum that holds lies in its range
            filled = [rng.randrange(10) if v == UNKNOWN else v for v in values]
            if condition.possible(filled):
                ranges = condition.ranges(intervals)  # type: ignore[arg-type]
                for expr, (low, high) in zip(sums, ranges, strict=True):
                    finished = expr.interval(filled)
                    assert finished is not None and low <= finished[0] <= high
        assert moves[0] == moves[1]


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(DECK) - 1), st.randoms(use_true_random=False), st.integers(1, 4))
def test_a_signature_decides_the_next_step(which: int, rng: random.Random, jokers: int) -> None:
    """Boards with the same open spaces and the same signature: a number on an open
    space gives the same `possible` and the same signature again (joker scoring
    remembers steps by it)."""
    for condition in conditions_in(DECK[which].condition):
        region = list(condition.region)
        spaces = rng.sample(region, min(jokers, len(region)))
        seen: dict[object, list[int | None]] = {}
        for _ in range(60):
            values: list[int | None] = [rng.choice((0, 1, 2, 5, 9)) for _ in range(board.SIZE)]
            for space in spaces:
                values[space] = UNKNOWN
            first = seen.setdefault(condition.signature(values), values)
            if first is values:
                continue
            for space in spaces:
                for number in range(10):
                    steps = []
                    for start in (first, values):
                        after = list(start)
                        after[space] = number
                        steps.append((condition.possible(after), condition.signature(after)))
                    assert steps[0] == steps[1]
