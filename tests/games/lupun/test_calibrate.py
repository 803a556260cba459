"""The calibration method (a tiny run) and the greedy placement policy."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from games.lupun import calibrate
from games.lupun.board import SIZE, space_index
from games.lupun.deck import DECK, PUBLISHED, by_id
from games.lupun.policy import greedy_placement


def test_placements_per_seat() -> None:
    assert calibrate.placements(3) == [8, 8, 8]
    assert calibrate.placements(4) == [6, 6, 6, 6]
    assert calibrate.placements(5) == [5, 5, 5, 5, 4]  # the last in turn order: one fewer
    assert calibrate.placements(6) == [4] * 6
    assert calibrate.placements(2) == [10, 10]


def test_a_tiny_run_is_reproducible_from_its_seed() -> None:
    tasks = [by_id(task_id) for task_id in PUBLISHED] + [by_id("t090"), by_id("t139")]
    first = calibrate.calibrate(seed=5, games=1, tasks=tasks)
    again = calibrate.calibrate(seed=5, games=1, tasks=tasks)
    assert first == again
    assert all(r.rounds == 2 for r in first.results)  # one round with 3, one with 5
    assert set(first.points) == {t.id for t in tasks}
    assert all(1 <= p <= 9 for p in first.points.values())
    assert set(first.deviations) == set(PUBLISHED)
    lines: list[str] = []
    calibrate.report(first, lines.append)
    assert any(line.startswith("Spearman rho against the anchors") for line in lines)


def test_a_round_fills_the_board_and_is_reproducible() -> None:
    task = by_id("t001")
    board = calibrate.play_board(task, 5, random.Random("x"))
    assert None not in board
    assert Counter(board).most_common(1)[0][1] <= 5  # each of 5 players has each tile once
    assert calibrate.play_board(task, 5, random.Random("x")) == board
    assert calibrate.play_board(task, 3, random.Random("y")) != board


def test_spearman() -> None:
    assert calibrate.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert calibrate.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert calibrate.ranks([5, 1, 5, 3]) == [3.5, 1.0, 3.5, 2.0]


def test_the_mapping_makes_rarer_tasks_worth_more() -> None:
    results = [
        calibrate.Result(by_id(task_id), wins, 20, 0.1)
        for task_id, wins in zip(PUBLISHED, [19, 20, 10, 12, 9, 9, 4, 4, 0], strict=True)
    ]
    a, b = calibrate.fit(results)
    assert b < 0
    points = [calibrate.points_for(r, a, b) for r in results]
    assert points[1] == 1 and points[-1] == 9  # always solved / never solved
    for first, one in zip(results, points, strict=True):
        for second, other in zip(results, points, strict=True):
            if first.wins > second.wins:
                assert one <= other


def test_short_deck_spreads_over_the_points() -> None:
    points = {task.id: task.points for task in DECK}
    short = calibrate.short_deck(points)
    assert len(short) == 36 == len(set(short))
    values = {points[i] for i in short}
    assert values == set(points.values())


def test_write_deck_rewrites_points_short_deck_and_anchors(tmp_path: Path) -> None:
    copy = tmp_path / "deck.py"
    shutil.copy(calibrate.DECK_FILE, copy)
    points = {task.id: 7 for task in DECK}
    short = tuple(task.id for task in DECK[:36])
    calibrate.write_deck(points, short, {i: 2 for i in PUBLISHED}, copy)
    text = copy.read_text(encoding="utf-8")
    assert '("t001", 7, E("colC = 24"))' in text
    assert '"t001", "t002", "t003"' in text
    assert '"t130": 2,' in text


# --- the greedy policy -------------------------------------------------------------------


def test_greedy_completes_an_equality_once_someone_committed() -> None:
    board: list[int | None] = [None] * SIZE
    board[space_index("A3")] = 4
    space, tile = greedy_placement(tuple(board), [by_id("t046")], [1, 4, 9], random.Random(1))
    assert (space, tile) == (space_index("C2"), 4)


def test_greedy_places_elsewhere_when_its_tasks_are_settled() -> None:
    board: list[int | None] = [None] * SIZE
    board[space_index("A4")], board[space_index("D1")] = 9, 0  # A4 > D1 holds already
    space, tile = greedy_placement(tuple(board), [by_id("t045")], [2, 5], random.Random(2))
    assert board[space] is None and tile in (2, 5)


def test_greedy_puts_its_9_on_the_peak() -> None:
    space, tile = greedy_placement((None,) * SIZE, [by_id("t124")], [0, 3, 9], random.Random(3))
    assert (space, tile) == (space_index("C3"), 9)


def test_greedy_only_moves_legally() -> None:
    rng = random.Random(4)
    board: list[int | None] = [None] * SIZE
    tiles = list(range(10))
    hand = [by_id("t001"), by_id("t130"), by_id("t107")]
    for _ in range(10):
        space, tile = greedy_placement(tuple(board), hand, tiles, rng)
        assert board[space] is None and tile in tiles
        board[space] = tile
        tiles.remove(tile)
    with pytest.raises(ValueError):
        greedy_placement(tuple(board), hand, [], rng)
