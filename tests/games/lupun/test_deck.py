"""The deck of 139 tasks: unique, worded in both languages, satisfiable, calibrated."""

from __future__ import annotations

import random
import tomllib
from collections import Counter

import pytest

from bot.i18n import catalogs
from games.lupun import wording
from games.lupun.board import SIZE
from games.lupun.deck import CALIBRATED_ANCHORS, DECK, PUBLISHED, SHORT_DECK_IDS, by_id
from games.lupun.scoring import best_score
from games.lupun.tasks import FAMILIES, Task

FAMILY_COUNTS = {
    "line_sum": 30,
    "block_sum": 14,
    "comparison": 14,
    "arithmetic": 14,
    "two_digit": 12,
    "parity": 14,
    "prime": 8,
    "chain": 8,
    "distinct": 9,
    "neighbour": 6,
    "existential": 6,
    "compound": 4,
}


def test_139_unique_tasks_in_every_family() -> None:
    assert len(DECK) == 139
    assert [task.id for task in DECK] == [f"t{n:03d}" for n in range(1, 140)]
    assert Counter(task.family for task in DECK) == FAMILY_COUNTS
    assert set(FAMILY_COUNTS) == set(FAMILIES)
    assert len({task.condition for task in DECK}) == 139  # no task twice under two ids
    assert all(by_id(task.id) is task for task in DECK)


def test_points_from_1_to_9() -> None:
    assert all(1 <= task.points <= 9 for task in DECK)
    assert len({task.points for task in DECK}) >= 8  # the deck uses the whole range


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_task_is_worded(lang: str) -> None:
    catalog = catalogs()[lang]
    for task in DECK:
        text = catalog.get(task.text_key)
        assert text, f"{task.id} has no {lang} text"
        assert "{" not in text and text.endswith(".")
    english, german = catalogs()["en"], catalogs()["de"]
    assert all(english[t.text_key] != german[t.text_key] for t in DECK)


def test_the_catalog_matches_the_deck() -> None:
    """Edit the deck, then run `python -m games.lupun.wording --write`."""
    for lang in ("en", "de"):
        text = (wording.LOCALES / f"{lang}.toml").read_text(encoding="utf-8")
        assert text.endswith(wording.table(DECK, lang))
        tomllib.loads(text)  # still one valid file with the other tables above


def test_the_rulebook_examples_are_in_the_deck_with_their_points() -> None:
    english = catalogs()["en"]
    expected = {
        "t001": (5, "The sum of column C is exactly 24."),
        "t046": (3, "A3 equals C2."),
        "t085": (4, "Row 5 holds exactly 3 odd numbers and 1 even number."),
        "t003": (None, "The sum of row 4 is exactly 26."),
        "t124": (4, "C3 is greater than each of its 4 neighbours (C2, B3, D3, C4)."),
        "t059": (None, "D5 equals A5 + B5."),
        "t004": (1, "The sum of row 1 is greater than 9."),
        "t115": (None, "All numbers in the 3x3 block A2-C4 are different."),
        "t107": (3, "In one of the columns there is a chain of 3 consecutive numbers, up or down."),
    }
    for task_id, (points, sentence) in expected.items():
        assert english[by_id(task_id).text_key] == sentence
        if points is not None:
            assert by_id(task_id).points == points
    assert catalogs()["de"][by_id("t001").text_key] == "Die Summe von Spalte C ist genau 24."


def test_the_published_anchors_keep_their_points_and_the_calibration_fits_them() -> None:
    assert len(PUBLISHED) == 9
    assert {by_id("t045").points, by_id("t130").points, by_id("t002").points} == {1, 9, 5}
    for task_id, printed in PUBLISHED.items():
        assert by_id(task_id).points == printed
    assert set(CALIBRATED_ANCHORS) == set(PUBLISHED)
    for task_id, calibrated in CALIBRATED_ANCHORS.items():
        assert abs(calibrated - PUBLISHED[task_id]) <= 2, task_id


def witness(task: Task, rng: random.Random) -> tuple[int | None, ...]:
    """A full board where the task holds: its region searched like jokers, the rest random."""
    board = tuple(rng.randrange(10) for _ in range(SIZE))
    _, numbers, solved = best_score(board, [task], list(task.region))
    assert solved == (task.id,), f"{task.id} can never hold"
    filled = list(board)
    for space, number in numbers.items():
        filled[space] = number
    return tuple(filled)


def test_every_task_can_hold_and_can_fail_on_a_full_board() -> None:
    rng = random.Random(139)
    boards = [tuple(rng.randrange(10) for _ in range(SIZE)) for _ in range(400)]
    for task in DECK:
        assert task.holds(witness(task, rng))
        assert not all(task.holds(board) for board in boards), f"{task.id} always holds"


def test_the_short_deck() -> None:
    assert len(SHORT_DECK_IDS) == 36 == len(set(SHORT_DECK_IDS))
    tasks = [by_id(task_id) for task_id in SHORT_DECK_IDS]
    points = Counter(task.points for task in tasks)
    assert len(points) >= 8 and max(points.values()) <= 8  # spread over the points
    assert len({task.family for task in tasks}) >= 10
