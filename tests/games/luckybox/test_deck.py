"""The game's own deck: as designed, and enough for six players without a reshuffle."""

from __future__ import annotations

from collections import Counter

from games.luckybox.deck import (
    BONUS_MIX,
    CARDS,
    DECK_SIZE,
    EMPTY,
    MIX_TOLERANCE,
    bonuses,
    digits,
    kind_of,
)
from games.luckybox.deckgen import generate
from games.luckybox.models import KEEP, OFFER_LATER, OFFER_START, ROUNDS


def test_enough_cards_for_six_players() -> None:
    assert DECK_SIZE >= 84
    assert DECK_SIZE >= 6 * (OFFER_START + (ROUNDS - 1) * OFFER_LATER)
    assert KEEP == 3


def test_every_card_has_exactly_six_different_digits_and_none_repeats() -> None:
    for card in range(DECK_SIZE):
        assert len(digits(card)) == 9 and set(digits(card)) <= set(range(1, 10))
        assert len(set(digits(card))) == 6, card
        counts = sorted(Counter(digits(card)).values(), reverse=True)
        assert counts in ([2, 2, 2, 1, 1, 1], [3, 2, 1, 1, 1, 1]), card
    assert len(set(CARDS)) == DECK_SIZE


def test_each_digit_is_within_ten_percent_of_the_mean() -> None:
    counts = Counter(d for card in range(DECK_SIZE) for d in digits(card))
    mean = 9 * DECK_SIZE / 9
    assert set(counts) == set(range(1, 10))
    assert all(0.9 * mean <= n <= 1.1 * mean for n in counts.values()), counts


def test_the_bonus_mix_is_as_designed_with_some_empty_slots() -> None:
    slots = [b for card in range(DECK_SIZE) for b in bonuses(card)]
    counts = Counter(kind_of(b) for b in slots)
    for kind, share in BONUS_MIX.items():
        assert abs(counts[kind] / len(slots) - share) <= MIX_TOLERANCE, (kind, counts[kind])
    assert counts[EMPTY] > 0
    assert all(bonuses(card).count(EMPTY) <= 2 for card in range(DECK_SIZE))
    numbers = Counter(b for b in slots if kind_of(b) == "number")
    assert len(numbers) == 9 and max(numbers.values()) - min(numbers.values()) <= 1


def test_the_data_is_what_the_generator_makes() -> None:
    assert tuple(generate()) == CARDS
