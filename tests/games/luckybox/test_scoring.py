"""Each scoring rule, with its boundaries, and the winners."""

from __future__ import annotations

import pytest

from games.luckybox.models import Board, Held
from games.luckybox.scoring import (
    Breakdown,
    box_points,
    breakdowns,
    lightning_points,
    moon_points,
    star_points,
    winners,
)
from tests.games.luckybox.conftest import crossed


@pytest.mark.parametrize(("stars", "points"), [(0, 0), (1, 1), (2, 4), (3, 9), (5, 9)])
def test_stars_per_round(stars: int, points: int) -> None:
    assert star_points(stars) == points


def test_seven_boxes_on_unfinished_cards_give_three_points() -> None:
    board = Board(
        lightning=0,
        cards=[Held(card=0, crossed=crossed(0, 1, 2, 3)), Held(card=1, crossed=crossed(4, 5, 6))],
    )
    assert box_points(board) == 3


@pytest.mark.parametrize(("lightning", "points"), [(2, 0), (3, 1), (5, 1), (6, 2)])
def test_one_point_per_three_leftover_lightning(lightning: int, points: int) -> None:
    assert lightning_points(Board(lightning=lightning)) == points


@pytest.mark.parametrize(
    ("moons", "points"),
    [(0, -6), (1, -2), (2, 0), (3, 1), (4, 3), (5, 6), (6, 10), (9, 10)],
)
def test_solo_moons(moons: int, points: int) -> None:
    assert moon_points([moons]) == [points]


def test_moons_most_tied_take_the_full_bonus() -> None:
    assert moon_points([3, 3, 1]) == [6, 6, -6]


def test_moons_fewest_tied_take_the_full_malus() -> None:
    assert moon_points([3, 1, 1, 2]) == [6, -6, -6, 0]


def test_moons_all_tied_give_plus_and_minus_six() -> None:
    assert moon_points([2, 2, 2]) == [0, 0, 0]


def test_moons_two_players_only_the_bonus() -> None:
    assert moon_points([2, 2]) == [6, 6]
    assert moon_points([3, 1]) == [6, 0]


def _score(total: int, moons: int) -> Breakdown:
    return Breakdown(
        cards=total, stars=0, moons=0, boxes=0, lightning=0, total=total, moon_count=moons
    )


def test_a_tie_on_points_goes_to_the_most_moons() -> None:
    assert winners([_score(30, 1), _score(30, 3), _score(20, 5)]) == ([1], True)


def test_still_tied_is_a_shared_win() -> None:
    assert winners([_score(30, 2), _score(30, 2), _score(20, 5)]) == ([0, 1], False)
    assert winners([_score(31, 0), _score(30, 2)]) == ([0], False)


def test_a_breakdown_adds_every_part() -> None:
    board = Board(
        lightning=7,
        moons=4,
        cards=[Held(card=0, crossed=crossed(0, 1, 2, 3, 4))],
        card_points=[15, 0, 10, 0],
        star_points=[1, 4, 0, 9],
    )
    (solo,) = breakdowns([board])
    assert solo == Breakdown(
        cards=25, stars=14, moons=3, boxes=2, lightning=2, total=46, moon_count=4
    )
