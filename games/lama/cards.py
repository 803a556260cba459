"""The 156 cards of No Prob-Lama.

Every card has an id 0..155; its kind follows from the id (`KINDS[id]`), so the
state can track each physical card. Kinds are short strings: the number values
"3".."10", "-1", "-2", "-5", and "joker", "drama" (Drama-Lama, +3), "karma"
(Karma-Lama, -3). Ids never leave the engine for a face-down card: views carry kinds
of visible cards only.
"""

from __future__ import annotations

JOKER = "joker"
DRAMA = "drama"
KARMA = "karma"
SPECIALS = frozenset({DRAMA, KARMA})

# (kind, copies) in id order.
DECK_LIST: tuple[tuple[str, int], ...] = (
    *((str(v), 14) for v in range(3, 11)),
    ("-1", 10),
    ("-2", 10),
    ("-5", 5),
    (JOKER, 5),
    (DRAMA, 6),
    (KARMA, 8),
)

KINDS: tuple[str, ...] = tuple(kind for kind, copies in DECK_LIST for _ in range(copies))
DECK_SIZE = len(KINDS)
assert DECK_SIZE == 156

_POINTS = {DRAMA: 3, KARMA: -3, JOKER: 0}


def kind(card: int) -> str:
    return KINDS[card]


def is_special(card: int) -> bool:
    return KINDS[card] in SPECIALS


def points(kind_: str) -> int:
    """A card's face value in the final count: numbers as printed, joker 0, specials +-3."""
    return _POINTS[kind_] if kind_ in _POINTS else int(kind_)
