"""Helpers for the Lucky Box tests: reveals rigged with cards of our own."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from games.luckybox import GAME, deck, engine
from games.luckybox.models import Board, Held, Keep, LuckyState


@pytest.fixture
def cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[CardMaker]:
    """Add test cards to the deck (ids from `deck.DECK_SIZE` on) for one test."""
    maker = CardMaker(monkeypatch)
    yield maker
    deck.digits.cache_clear()
    deck.bonuses.cache_clear()


class CardMaker:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.extra: list[tuple[str, tuple[str, ...]]] = []

    def __call__(self, grid: str, slots: Sequence[str] = ("",) * 6) -> int:
        """A card: its 9 digits row by row, its 6 bonus slots (rows, then columns)."""
        assert len(grid) == 9 and len(slots) == 6
        self.extra.append((grid, tuple(slots)))
        self.monkeypatch.setattr(deck, "CARDS", (*deck.CARDS[: deck.DECK_SIZE], *self.extra))
        deck.digits.cache_clear()
        deck.bonuses.cache_clear()
        return deck.DECK_SIZE + len(self.extra) - 1


def crossed(*boxes: int) -> int:
    return sum(1 << b for b in boxes)


def all_but(*boxes: int) -> int:
    return crossed(*(b for b in range(9) if b not in boxes))


def rig(
    boards: Sequence[Sequence[tuple[int, int]]],
    number: int,
    *,
    lightning: int = 4,
    round_: int = 1,
    reveal_limit: int = 60,
) -> LuckyState:
    """A game at a reveal of `number` in `round_`: seat s holds `boards[s]`, a list of
    (card id, crossed boxes)."""
    options = GAME.parse_options({"reveal_limit": reveal_limit})
    state = GAME.setup(len(boards), options, seed=7)
    for seat in range(len(boards)):
        a, b, c = state.offers[seat][:3]
        state, _ = GAME.apply(state, seat, Keep(cards=(a, b, c)))
    assert state.stage == "reveal"
    state.round = round_
    for seat, held in enumerate(boards):
        state.boards[seat] = Board(
            cards=[Held(card=card, crossed=mask) for card, mask in held], lightning=lightning
        )
    state.numbers[0] = number
    state.reveal = 0
    engine._next_reveal(state)
    return state
