"""What a square is worth before it is full: the computer players' sense of a sheet.

A square is read as four values clockwise from the top left, 0 for an empty field. For
each of the 7**4 = 2401 such squares two numbers are computed once:

- `CHANCE`: the points it scores on average when each empty field gets a random die
  but the player chooses, die by die, which empty field it goes into (the cautious
  view: a die that fits nowhere still has to go somewhere);
- `BEST`: the most points any completion can score (the hopeful view).

A policy values a square as a blend of the two (`value`): early in the game the dice
can still be routed to where they fit, late they cannot. The bonus is the policies'
own business (it depends on the whole sheet).
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Final

from games.tufteln.scoring import POINTS, classify

DIGITS: Final = 7  # 0 (empty) and the die values 1..6
KEYS: Final = DIGITS**4


def key_of(a: int, b: int, c: int, d: int) -> int:
    return ((a * DIGITS + b) * DIGITS + c) * DIGITS + d


def _values(key: int) -> tuple[int, int, int, int]:
    d = key % DIGITS
    key //= DIGITS
    c = key % DIGITS
    key //= DIGITS
    b = key % DIGITS
    return key // DIGITS, b, c, d


def _with(key: int, cell: int, value: int) -> int:
    return key + value * int(DIGITS ** (3 - cell))


@cache
def tables() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(CHANCE, BEST) by square key; computed from the fullest squares down."""
    chance = [0.0] * KEYS
    best = [0.0] * KEYS
    # A square with more empty fields depends only on squares with fewer.
    by_empty: list[list[int]] = [[] for _ in range(5)]
    for values in product(range(DIGITS), repeat=4):
        by_empty[values.count(0)].append(key_of(*values))
    for key in by_empty[0]:
        points = float(POINTS[classify(*_values(key))])
        chance[key] = best[key] = points
    for empty in range(1, 5):
        for key in by_empty[empty]:
            values = _values(key)
            cells = [cell for cell in range(4) if values[cell] == 0]
            total = 0.0
            top = 0.0
            for die in range(1, DIGITS):
                options = [_with(key, cell, die) for cell in cells]
                total += max(chance[k] for k in options)
                top = max(top, max(best[k] for k in options))
            chance[key] = total / (DIGITS - 1)
            best[key] = top
    return tuple(chance), tuple(best)


def blended(hope: float) -> tuple[float, ...]:
    """The value of each square key: `hope` of the way from CHANCE to BEST."""
    chance, best = tables()
    return tuple(c + hope * (b - c) for c, b in zip(chance, best, strict=True))
