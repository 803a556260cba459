"""Scoring a square, a sheet, and the solo rating (points table in RULES.md).

A square's four values are read clockwise from the top left. Every one of the
6**4 value combinations is classified once, so scoring a sheet is nine look-ups.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from pydantic import BaseModel

from games.tufteln.sheet import EMPTY, SQUARES

# Category ids, in the order of the rulebook's scoring table; the last two score 0.
CATEGORIES: Final = (
    "different",
    "pair",
    "double_pair",
    "cross",
    "four",
    "straight",
    "three",
    "diagonal",
)
POINTS: Final[dict[str, int]] = {
    "different": 1,
    "pair": 2,
    "double_pair": 3,
    "cross": 4,
    "four": 5,
    "straight": 6,
    "three": 0,
    "diagonal": 0,
}
SCORING: Final = CATEGORIES[:6]  # the six categories the bonus asks for
BONUS: Final = 7

# (highest total of the band, rating id); from 51 up: "out_of_this_world".
RATINGS: Final[tuple[tuple[int, str], ...]] = (
    (25, "knocking"),
    (30, "club"),
    (34, "okay"),
    (37, "good"),
    (40, "strong"),
    (42, "great"),
    (44, "professional"),
    (46, "world_class"),
    (50, "incredible"),
)
TOP_RATING: Final = "out_of_this_world"


def classify(tl: int, tr: int, br: int, bl: int) -> str:
    """The category of a full square, values given clockwise from the top left."""
    ring = (tl, tr, br, bl)
    counts = sorted((ring.count(v) for v in set(ring)), reverse=True)
    if counts == [4]:
        return "four"
    if counts == [3, 1]:
        return "three"
    if counts == [2, 2]:
        # Two pairs: either both side by side, or both on the diagonals.
        return "cross" if tl == br else "double_pair"
    if counts == [2, 1, 1]:
        # Diagonal partners are (tl, br) and (tr, bl); any other equal pair shares a side.
        return "diagonal" if tl == br or tr == bl else "pair"
    start = ring.index(min(ring))
    if all(ring[(start + k) % 4] == ring[start] + k for k in range(4)):
        return "straight"
    return "different"


_TABLE: Final[dict[tuple[int, ...], str]] = {
    values: classify(*values) for values in product(range(1, 7), repeat=4)
}


class SheetScore(BaseModel):
    """A sheet's score: each square's category (None while not full), bonus, total."""

    squares: list[str | None]
    points: list[int | None]
    bonus: int
    total: int


def square_category(sheet: str, square: int) -> str | None:
    """The category of one square of a stored sheet, or None if it is not full."""
    a, b, c, d = (sheet[i] for i in SQUARES[square])
    if EMPTY in (a, b, c, d):
        return None
    return _TABLE[int(a), int(b), int(c), int(d)]


def score_sheet(sheet: str) -> SheetScore:
    """Score a stored sheet (36 digits, '0' empty). Unfinished squares score nothing."""
    squares = [square_category(sheet, s) for s in range(len(SQUARES))]
    points = [None if c is None else POINTS[c] for c in squares]
    bonus = BONUS if set(SCORING) <= set(squares) else 0
    return SheetScore(
        squares=squares,
        points=points,
        bonus=bonus,
        total=sum(p or 0 for p in points) + bonus,
    )


def total(sheet: str) -> int:
    """The total of a stored sheet, without building the full score."""
    cats = [square_category(sheet, s) for s in range(len(SQUARES))]
    base = sum(POINTS[c] for c in cats if c is not None)
    return base + (BONUS if set(SCORING) <= set(cats) else 0)


def rating(points: int) -> str:
    """The solo rating id for a total (rulebook table)."""
    for highest, name in RATINGS:
        if points <= highest:
            return name
    return TOP_RATING
