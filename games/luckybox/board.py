"""One player's cards: costs, reachable boxes, crossing, and the bonus chain.

A crossing may complete lines (rows, columns); each completed line's bonus is gained
at once. Lightning, stars and moons are taken as printed; a number or ? bonus
becomes a step of its own (`Turn.pending`), resolved before any older one (depth
first), since it can complete more lines in turn. When one crossing gains two such
bonuses that differ, the player first chooses their order (`Turn.ordering`).
"""

from __future__ import annotations

from collections.abc import Iterator

from games.luckybox.deck import (
    DIGITS,
    EMPTY,
    FULL,
    LIGHTNING,
    LINES,
    LINES_OF,
    MOON,
    QUESTION,
    STAR,
    bonuses,
    digits,
)
from games.luckybox.models import Board, Done, Held, Turn

CARD_POINTS = (15, 12, 10, 8)  # a card completed in round 1/2/3/4


def cost(a: int, b: int) -> int:
    """Lightning to turn digit `a` into `b`: 1 per step, 9 and 1 neighbours."""
    d = abs(a - b)
    return min(d, 9 - d)


def is_crossed(held: Held, box: int) -> bool:
    return bool(held.crossed >> box & 1)


def crossed_count(held: Held) -> int:
    return held.crossed.bit_count()


def find(board: Board, card: int) -> Held | None:
    return next((h for h in board.cards if h.card == card), None)


def open_boxes(board: Board) -> Iterator[tuple[Held, int]]:
    for held in board.cards:
        for box in range(9):
            if not is_crossed(held, box):
                yield held, box


def reachable(board: Board, number: int) -> list[tuple[int, int, int]]:
    """(card, box, lightning cost) of every box the revealed `number` can cross."""
    out = []
    for held, box in open_boxes(board):
        price = cost(digits(held.card)[box], number)
        if price <= board.lightning:
            out.append((held.card, box, price))
    return out


def targets(board: Board, bonus: str) -> list[tuple[int, int]]:
    """(card, box) a number bonus (that digit exactly) or a ? (any box) may cross."""
    if bonus == QUESTION:
        return [(h.card, box) for h, box in open_boxes(board)]
    digit = int(bonus)
    return [(h.card, box) for h, box in open_boxes(board) if digits(h.card)[box] == digit]


def completes(held: Held, box: int) -> int:
    """How many lines crossing `box` completes."""
    after = held.crossed | 1 << box
    return sum(1 for i in LINES_OF[box] if all(after >> b & 1 for b in LINES[i]))


def is_crossing_bonus(bonus: str) -> bool:
    return bonus == QUESTION or bonus in DIGITS


def cross(turn: Turn, card: int, box: int, round_: int) -> None:
    """Cross a box and gain what it completes: line bonuses (automatic ones at once,
    number and ? ones queued first), and a completed card's points (it leaves play)."""
    board = turn.board
    held = find(board, card)
    assert held is not None and not is_crossed(held, box), "play trusts legal crossings"
    held.crossed |= 1 << box
    turn.crossings += 1
    gained = [
        bonuses(card)[i]
        for i in LINES_OF[box]
        if all(held.crossed >> b & 1 for b in LINES[i]) and bonuses(card)[i] != EMPTY
    ]
    if held.crossed == FULL:
        board.cards.remove(held)
        board.completed.append(Done(card=card, round=round_))
        board.card_points[round_ - 1] += CARD_POINTS[round_ - 1]
        turn.completed += 1
    steps = []
    for bonus in gained:
        if bonus in LIGHTNING:
            board.lightning += LIGHTNING[bonus]
        elif bonus == STAR:
            board.stars[round_ - 1] += 1
        elif bonus == MOON:
            board.moons += 1
        else:
            steps.append(bonus)
    turn.numbers += sum(1 for bonus in steps if bonus in DIGITS)
    turn.pending[:0] = steps
    turn.ordering = len(steps) == 2 and steps[0] != steps[1]


def settle(turn: Turn) -> None:
    """Drop the bonuses that cannot be used: a number with no matching box is lost
    (counted), a ? with no open box too. An order is asked only between two usable
    bonuses."""
    while True:
        if turn.ordering:
            usable = [bool(targets(turn.board, b)) for b in turn.pending[:2]]
            if all(usable):
                return
            turn.ordering = False
        if not turn.pending or targets(turn.board, turn.pending[0]):
            return
        if turn.pending.pop(0) != QUESTION:
            turn.lost += 1


def done(turn: Turn) -> bool:
    return turn.based and not turn.pending
