"""The game's own Lucky Box deck (the published cards are not public), as data.

A card is a 3x3 grid of digits 1-9 (row by row, exactly 6 different digits) and six
bonus slots: one at the end of each row (slots 0-2) and of each column (slots 3-5).
A slot holds a bonus token or nothing (""):

- "1".."9": cross a box with exactly that digit on any of one's cards;
- "?": cross any box;
- "L1", "L2": take 1 or 2 lightning;
- "S": a star for this round; "M": a moon.

The cards are generated once by `deckgen.py` (fixed seed) into `deck_data.py`;
`BONUS_MIX` is the designed share of each kind of slot, which the generator deals
exactly and the deck test checks within `MIX_TOLERANCE`.
"""

from __future__ import annotations

from functools import cache

from games.luckybox.deck_data import CARDS as CARDS

QUESTION = "?"
STAR = "S"
MOON = "M"
LIGHTNING = {"L1": 1, "L2": 2}
EMPTY = ""
DIGITS = tuple(str(d) for d in range(1, 10))

# The lines of a card: rows, then columns (box indexes row by row). Slot i is line i's bonus.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)
LINES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if box in line) for box in range(9)
)
FULL = (1 << 9) - 1  # every box crossed

# Designed share of each kind of bonus slot over the deck (number: any digit).
BONUS_MIX: dict[str, float] = {
    "number": 0.24,
    QUESTION: 0.09,
    "L1": 0.11,
    "L2": 0.065,
    STAR: 0.205,
    MOON: 0.15,
    EMPTY: 0.15,
}
MIX_TOLERANCE = 0.02  # the deck test's allowance around each designed share

DECK_SIZE = len(CARDS)


def kind_of(bonus: str) -> str:
    """A slot's kind for the mix: 'number' for any digit, else the token itself."""
    return "number" if bonus in DIGITS else bonus


@cache
def digits(card: int) -> tuple[int, ...]:
    return tuple(int(c) for c in CARDS[card][0])


@cache
def bonuses(card: int) -> tuple[str, ...]:
    return tuple(CARDS[card][1])


def slot_count(card: int) -> int:
    """How many of the card's six lines carry a bonus."""
    return sum(1 for b in bonuses(card) if b != EMPTY)
