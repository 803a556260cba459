"""The deck and the end-of-round count, with the rulebook's examples."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.lama.cards import DECK_SIZE, KINDS, points
from games.lama.scoring import LINES, score_layout


def test_deck_is_the_rulebooks_156_cards() -> None:
    counts = Counter(KINDS)
    assert DECK_SIZE == len(KINDS) == 156
    for value in range(3, 11):
        assert counts[str(value)] == 14
    assert counts["-1"] == counts["-2"] == 10
    assert counts["-5"] == 5
    assert counts["joker"] == 5
    assert counts["drama"] == 6
    assert counts["karma"] == 8


def test_plain_layout_adds_face_values_and_jokers_count_zero() -> None:
    score = score_layout(["3", "4", "5", "-1", "joker", "-5", "8", "9", "10"])
    assert score.points == 3 + 4 + 5 - 1 + 0 - 5 + 8 + 9 + 10
    assert score.lines == []


def test_paula_row_of_sixes_scores_minus_six() -> None:
    score = score_layout(["6", "6", "6", "3", "4", "5", "8", "9", "10"])
    assert [(ln.axis, ln.index, ln.value) for ln in score.lines] == [("row", 0, 6)]
    assert score.points == -6 + 3 + 4 + 5 + 8 + 9 + 10


def test_fred_joker_completes_a_row_and_a_column_of_sevens() -> None:
    # 7 7 J / 3 4 7 / 5 6 7: the joker is the shared corner of row 1 and column 3.
    score = score_layout(["7", "7", "joker", "3", "4", "7", "5", "6", "7"])
    assert {(ln.axis, ln.index, ln.value) for ln in score.lines} == {
        ("row", 0, 7),
        ("column", 2, 7),
    }
    assert score.jokers == {2: 7}
    # The five cards of the two lines give -14; the other four count as printed.
    assert score.points == -14 + 3 + 4 + 5 + 6


def test_row_and_column_sharing_a_plain_card_both_score() -> None:
    score = score_layout(["4", "4", "4", "4", "9", "10", "4", "8", "3"])
    assert len(score.lines) == 2
    assert score.points == -8 + 9 + 10 + 8 + 3


def test_column_of_minus_ones_keeps_its_face_value() -> None:
    score = score_layout(["-1", "3", "4", "-1", "5", "6", "-1", "8", "9"])
    assert score.lines == []
    assert score.points == -3 + 3 + 4 + 5 + 6 + 8 + 9


def test_joker_does_not_complete_a_line_of_negative_cards() -> None:
    score = score_layout(["-2", "3", "4", "-2", "5", "6", "joker", "8", "9"])
    assert score.lines == []
    assert score.points == -4 + 3 + 4 + 5 + 6 + 8 + 9


def test_diagonals_do_not_count() -> None:
    score = score_layout(["5", "3", "4", "6", "5", "7", "8", "9", "5"])
    assert score.lines == []
    assert score.points == sum([5, 3, 4, 6, 5, 7, 8, 9, 5])


def test_several_jokers_take_the_best_values_jointly() -> None:
    # J J J / J 9 3 / 4 5 6: three jokers alone would be -10 (row 1, rest 27 -> 17),
    # but as 4s they make row 1 and column 1 together: -8, rest 9+3+5+6 -> 15.
    score = score_layout(["joker", "joker", "joker", "joker", "9", "3", "4", "5", "6"])
    assert score.points == 15
    assert score.jokers == {0: 4, 1: 4, 2: 4, 3: 4}
    assert {(ln.axis, ln.index) for ln in score.lines} == {("row", 0), ("column", 0)}


def test_two_jokers_in_different_lines_take_different_values() -> None:
    # Row 1 of 8s and row 3 of 3s, each completed by its own joker.
    score = score_layout(["8", "joker", "8", "-1", "-2", "-5", "3", "3", "joker"])
    assert score.jokers == {1: 8, 8: 3}
    assert score.points == -8 - 3 - 1 - 2 - 5


def test_a_line_of_jokers_alone_scores_as_tens() -> None:
    score = score_layout(["joker", "joker", "joker", "-1", "-2", "-5", "-1", "-2", "-5"])
    assert score.points == -10 - 16


def test_special_cards_dealt_face_down_count_three_each() -> None:
    score = score_layout(["drama", "4", "5", "karma", "5", "6", "drama", "8", "9"])
    assert score.lines == []  # special cards never form a line
    assert score.points == 3 + 4 + 5 - 3 + 5 + 6 + 3 + 8 + 9


def _brute_force(kinds: list[str]) -> int:
    """Every joker tries every value 3..10 (or none); every scoring line counts."""
    jokers = [i for i, k in enumerate(kinds) if k == "joker"]
    best = None
    for values in itertools.product([None, *range(3, 11)], repeat=len(jokers)):
        line_value: list[int | None] = [int(k) if k.lstrip("-").isdigit() else None for k in kinds]
        for cell, v in zip(jokers, values, strict=True):
            line_value[cell] = v
        covered: set[int] = set()
        total = 0
        for line in LINES:
            vals = {line_value[c] for c in line}
            if len(vals) == 1 and (v := vals.pop()) is not None and v > 0:
                covered.update(line)
                total -= v
        total += sum(points(k) for i, k in enumerate(kinds) if i not in covered)
        best = total if best is None else min(best, total)
    assert best is not None
    return best


LAYOUT_KIND = st.sampled_from(["joker", "joker", "-1", "-5", "drama", "5", "6", "7", "7", "10"])


@settings(max_examples=150, deadline=None)
@given(st.lists(LAYOUT_KIND, min_size=9, max_size=9).filter(lambda ks: ks.count("joker") <= 4))
def test_joker_choice_matches_trying_every_value(kinds: list[str]) -> None:
    assert score_layout(kinds).points == _brute_force(kinds)
