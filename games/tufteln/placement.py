"""Where a roll may go: the variant rules, the "no dead ends" rule, the default.

A placement is a pair of field indices (i, j): die 1 goes to i, die 2 to j. The
functions here work on the stored sheet string (36 digits, '0' empty) and plain
tuples so that move generation for hundreds of sheets stays cheap.

Completability (RULES.md "no dead ends"):
- Variant B: each placement fills two fields of one colour, so every colour's free
  count stays even and the sheet always completes; nothing more to check.
- Variant A: a light placement fills two light fields (the light count stays even,
  because the total and the blue count do). A blue placement fills two blue fields
  sharing a side. The sheet still completes exactly when the remaining free blue
  fields can all be paired side by side (a perfect matching), which `pairable`
  decides on a bit mask, memoised: the layout is fixed, so there are at most 2**12
  blue masks.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Literal

from games.engine import IllegalAction
from games.tufteln.scoring import POINTS, square_category
from games.tufteln.sheet import (
    BLUE_NEIGHBOURS,
    BLUE_PAIR_SET,
    BLUE_PAIRS,
    BY_COLOUR,
    COLOURS,
    EMPTY,
    SQUARE_OF,
    SQUARES,
    field_index,
    field_name,
)

Variant = Literal["A", "B"]
Pair = tuple[int, int]

_IS_BLUE = tuple(colour == "blue" for colour in COLOURS)


@cache
def pairable(mask: int) -> bool:
    """Whether the blue fields in `mask` can all be paired side by side."""
    if not mask:
        return True
    low = (mask & -mask).bit_length() - 1
    rest = mask & ~(1 << low)
    return any(
        rest >> other & 1 and pairable(rest & ~(1 << other)) for other in BLUE_NEIGHBOURS[low]
    )


def _blue_mask(sheet: str) -> int:
    mask = 0
    for i, ch in enumerate(sheet):
        if ch == EMPTY and _IS_BLUE[i]:
            mask |= 1 << i
    return mask


def legal_pairs(sheet: str, variant: Variant) -> list[Pair]:
    """Every legal pair of free fields (i < j), in reading order."""
    free = [i for i, ch in enumerate(sheet) if ch == EMPTY]
    if variant == "B":
        pairs = [
            pair
            for colour in BY_COLOUR.values()
            for pair in combinations([i for i in free if i in colour], 2)
        ]
    else:
        pairs = list(combinations([i for i in free if not _IS_BLUE[i]], 2))
        mask = _blue_mask(sheet)
        for i, j in BLUE_PAIRS:
            both = (1 << i) | (1 << j)
            if mask & both == both and pairable(mask ^ both):
                pairs.append((i, j))
    pairs.sort()
    return pairs


def assignments(pairs: list[Pair], dice: tuple[int, int]) -> list[Pair]:
    """Both die-to-field assignments of each pair (one when the dice are equal)."""
    if dice[0] == dice[1]:
        return pairs
    out: list[Pair] = []
    for i, j in pairs:
        out.append((i, j))
        out.append((j, i))
    return out


def check(sheet: str, variant: Variant, first: str, second: str) -> Pair:
    """The field indices of a placement, or IllegalAction saying why it is refused."""
    fields: list[int] = []
    for name in (first, second):
        index = field_index(name)
        if index is None:
            raise IllegalAction("tufteln.bad_field", field=name)
        fields.append(index)
    i, j = fields
    if i == j:
        raise IllegalAction("tufteln.same_field", field=field_name(i))
    for index in (i, j):
        if COLOURS[index] == "printed":
            raise IllegalAction("tufteln.printed", field=field_name(index))
        if sheet[index] != EMPTY:
            raise IllegalAction("tufteln.taken", field=field_name(index))
    names = {"first": field_name(i), "second": field_name(j)}
    if variant == "B":
        if COLOURS[i] != COLOURS[j]:
            raise IllegalAction("tufteln.b_colours", **names)
        return i, j
    if _IS_BLUE[i] != _IS_BLUE[j]:
        raise IllegalAction("tufteln.a_mixed", **names)
    if _IS_BLUE[i]:
        if (min(i, j), max(i, j)) not in BLUE_PAIR_SET:
            raise IllegalAction("tufteln.a_apart", **names)
        if not pairable(_blue_mask(sheet) ^ (1 << i) ^ (1 << j)):
            raise IllegalAction("tufteln.dead_end", **names)
    return i, j


def fill(sheet: str, placement: Pair, dice: tuple[int, int]) -> str:
    """The sheet with die 1 written into field i and die 2 into field j."""
    cells = list(sheet)
    cells[placement[0]] = str(dice[0])
    cells[placement[1]] = str(dice[1])
    return "".join(cells)


def default_placement(sheet: str, variant: Variant, dice: tuple[int, int]) -> Pair:
    """The documented default: the legal placement whose completed squares score most.

    Ties (most placements complete nothing) go to the placement first in reading
    order (A1, B1, ... F6), die 1 in the earlier field.
    """
    empty = [0] * len(SQUARES)
    for i, ch in enumerate(sheet):
        if ch == EMPTY:
            empty[SQUARE_OF[i]] += 1
    best: Pair | None = None
    best_gain = -1
    for i, j in legal_pairs(sheet, variant):
        si, sj = SQUARE_OF[i], SQUARE_OF[j]
        completes = empty[si] == 1 or empty[sj] == 1 or (si == sj and empty[si] == 2)
        if not completes:
            # Scores nothing now: only the first such placement can be the default.
            if best_gain < 0:
                best, best_gain = (i, j), 0
            continue
        for placement in assignments([(i, j)], dice):
            gain = _completed_points(sheet, placement, dice, {si, sj})
            if gain > best_gain:
                best, best_gain = placement, gain
    if best is None:
        raise AssertionError("a completable sheet always has a legal placement")
    return best


def _completed_points(sheet: str, placement: Pair, dice: tuple[int, int], squares: set[int]) -> int:
    after = fill(sheet, placement, dice)
    gain = 0
    for square in squares:
        category = square_category(after, square)
        if category is not None:
            gain += POINTS[category]
    return gain
