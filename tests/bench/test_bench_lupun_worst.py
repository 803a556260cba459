"""The search for slow Miss Lupun joker scoring runs at a tiny scale and keeps its
rounds legal: at most 7 jokers, distinct cards, 3 per hand."""

from __future__ import annotations

import random

from games.lupun.scoring import best_score
from tests.bench.lupun_worst import MAX_JOKERS, Round, climb, mutate, random_round


def legal(candidate: Round, seats: int) -> bool:
    cards = [t.id for hand in candidate.hands for t in hand]
    return (
        len(candidate.hands) == seats
        and all(len(hand) == 3 for hand in candidate.hands)
        and len(set(cards)) == len(cards)
        and len(set(candidate.jokers)) == len(candidate.jokers) <= MAX_JOKERS
        and len(candidate.board) == 24
    )


def test_mutations_keep_rounds_legal() -> None:
    rng = random.Random(3)
    candidate = random_round(rng, 6)
    for _ in range(300):
        candidate = mutate(rng, candidate)
        assert legal(candidate, 6)


def test_the_climb_returns_a_timed_round() -> None:
    slowest, found = climb(best_score, 2, 0.3, random.Random(4), starts=3)
    assert slowest > 0 and legal(found, 2)
    assert "jokers" in found.describe()
