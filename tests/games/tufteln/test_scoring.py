"""Scoring: every category and zero case, the rulebook's worked examples, bonus, rating."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from games.tufteln.scoring import classify, rating, score_sheet, total
from games.tufteln.sheet import BLANK_SHEET, PRINTED

# Tim (rulebook): 4x four of a kind, a straight flush, a cross, a pair, a three of
# a kind and a diagonal pair: 20 + 6 + 4 + 2 = 32, no bonus.
TIM = "".join(("112544", "115244", "556622", "553122", "446134", "243665"))
# Sarah (rulebook): all six kinds (bonus 7), two four of a kind (10), two pairs (4),
# a three of a kind (0), plus four different 1, double pair 3, cross 4, straight 6 = 35.
SARAH = "".join(("113544", "115344", "232222", "546665", "334631", "616662"))


@pytest.mark.parametrize(
    ("square", "category"),
    [
        ((3, 3, 3, 3), "four"),
        ((1, 2, 3, 4), "straight"),  # ascending clockwise from the top left
        ((4, 1, 2, 3), "straight"),  # ... from the top right
        ((3, 4, 1, 2), "straight"),  # ... from the bottom right
        ((2, 3, 4, 1), "straight"),  # ... from the bottom left
        ((3, 4, 5, 6), "straight"),
        ((4, 3, 2, 1), "different"),  # descending clockwise: four different, 1 point
        ((1, 2, 4, 3), "different"),  # consecutive but not in clockwise order
        ((1, 3, 5, 6), "different"),
        ((2, 2, 5, 6), "pair"),  # side by side across the top
        ((2, 5, 6, 2), "pair"),  # side by side down the left
        ((5, 2, 2, 6), "pair"),  # side by side down the right
        ((2, 5, 2, 6), "diagonal"),  # top-left and bottom-right: 0
        ((5, 2, 6, 2), "diagonal"),  # top-right and bottom-left: 0
        ((2, 2, 5, 5), "double_pair"),  # two horizontal pairs
        ((2, 5, 5, 2), "double_pair"),  # two vertical pairs
        ((2, 5, 2, 5), "cross"),  # both pairs on the diagonals
        ((4, 4, 4, 1), "three"),
        ((1, 4, 4, 4), "three"),
    ],
)
def test_every_category_and_zero_case(square: tuple[int, int, int, int], category: str) -> None:
    assert classify(*square) == category


def test_tim_squares_score_per_the_points_table() -> None:
    score = score_sheet(TIM)
    assert score.squares == [
        "four",
        "cross",
        "four",
        "four",
        "pair",
        "four",
        "three",
        "diagonal",
        "straight",
    ]
    assert score.points == [5, 4, 5, 5, 2, 5, 0, 0, 6]


def test_tim_scores_32_without_bonus() -> None:
    score = score_sheet(TIM)
    assert (score.bonus, score.total) == (0, 32)
    assert total(TIM) == 32


def test_sarah_scores_35_with_bonus() -> None:
    score = score_sheet(SARAH)
    assert score.bonus == 7
    assert score.total == 35
    assert sorted(p for p in score.points if p is not None) == [0, 1, 2, 2, 3, 4, 5, 5, 6]


@pytest.mark.parametrize(("sheet", "expected"), [(TIM, 32), (SARAH, 35)])
def test_worked_examples_are_reached_by_legal_play(
    play_sheet: Callable[[str], TuftelnState], sheet: str, expected: int
) -> None:
    state = play_sheet(sheet)
    assert state.sheets[0] == sheet
    assert state.over
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (expected,)
    assert result.winners == (0,)


def test_worked_examples_keep_the_printed_numbers() -> None:
    for sheet in (TIM, SARAH):
        assert all(sheet[i] == str(v) for i, v in PRINTED.items())


def test_unfinished_squares_score_nothing() -> None:
    score = score_sheet(BLANK_SHEET)
    assert score.squares == [None] * 9
    assert (score.bonus, score.total) == (0, 0)


def test_bonus_needs_all_six_kinds() -> None:
    # Sarah without her straight flush (A3 2 -> 1: 1,3,4,5 is four different).
    no_straight = SARAH[:12] + "1" + SARAH[13:]
    score = score_sheet(no_straight)
    assert "straight" not in score.squares
    assert score.bonus == 0
    assert score.total == 35 - 7 - 6 + 1


@pytest.mark.parametrize(
    ("points", "name"),
    [
        (0, "knocking"),
        (25, "knocking"),
        (26, "club"),
        (30, "club"),
        (31, "okay"),
        (35, "good"),
        (38, "strong"),
        (42, "great"),
        (43, "professional"),
        (46, "world_class"),
        (47, "incredible"),
        (50, "incredible"),
        (51, "out_of_this_world"),
        (80, "out_of_this_world"),
    ],
)
def test_solo_rating_table(points: int, name: str) -> None:
    assert rating(points) == name


def test_solo_sheet_gets_the_rulebook_rating(
    play_sheet: Callable[[str], TuftelnState],
) -> None:
    state = play_sheet(SARAH)
    view = GAME.view(state, 0)
    assert view.me is not None
    assert view.me.rating == "good"
