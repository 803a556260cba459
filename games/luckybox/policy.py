"""The documented defaults when time runs out (also the simulated players' policy).

- A reveal: cross a box whose digit matches exactly, without lightning, choosing the
  one that completes the most lines, then the card nearest completion (most boxes
  crossed), then the earliest card and box; with no exact match, pass. Bonuses are
  taken the same way (never declined); two bonuses keep the order they are printed in
  (the row's before the column's).
- Keeping 3 of 5, or taking 1 of 3: the cards with the most bonus slots (ties: the
  first offered).
"""

from __future__ import annotations

from games.luckybox.board import completes, crossed_count, find, reachable, targets
from games.luckybox.deck import slot_count
from games.luckybox.models import (
    Board,
    Bonus,
    Cross,
    Keep,
    LuckyAction,
    Order,
    Pass,
    Take,
    Turn,
)


def best(board: Board, options: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The (card, box) that completes the most lines, then on the card nearest completion."""
    order = {h.card: i for i, h in enumerate(board.cards)}

    def rank(option: tuple[int, int]) -> tuple[int, int, int, int]:
        card, box = option
        held = find(board, card)
        assert held is not None
        return (-completes(held, box), -crossed_count(held), order[card], box)

    return min(options, key=rank, default=None)


def turn_default(turn: Turn, number: int) -> LuckyAction:
    """The next default step of a player's reveal (the turn is not finished)."""
    if turn.ordering:
        return Order(first=turn.pending[0])
    if turn.pending:
        choice = best(turn.board, targets(turn.board, turn.pending[0]))
        assert choice is not None, "settled bonuses have a target"
        return Bonus(card=choice[0], box=choice[1])
    exact = [(card, box) for card, box, price in reachable(turn.board, number) if price == 0]
    choice = best(turn.board, exact)
    return Pass() if choice is None else Cross(card=choice[0], box=choice[1])


def by_slots(offer: list[int]) -> list[int]:
    return sorted(offer, key=lambda card: (-slot_count(card), offer.index(card)))


def keep_default(offer: list[int]) -> Keep:
    a, b, c = by_slots(offer)[:3]
    return Keep(cards=(a, b, c))


def take_default(offer: list[int]) -> Take:
    return Take(card=by_slots(offer)[0])
