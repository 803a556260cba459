"""Scoring one 3x3 layout at the end of a round.

Cards count their face value (jokers 0, specials dealt face down +3/-3). A row or
column of three equal positive values (jokers wild as 3..10) scores minus that value
instead of its cards' face values; a row and a column may share a card and both
score. Each joker takes the one value that gives the lowest score.

Rather than trying every joker value, we try every set of lines that could score
(at most 2^6 = 64, usually 1 or 2): lines that share a card must share the value, and
any row meets any column, so a set holding both rows and columns needs one value for
all its cards. Scoring more lines never raises a score (a line gives -v <= -3 and
removes face values >= 0), so the best set is the best joker assignment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from games.lama.cards import JOKER, points

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)
ROWS = 3  # LINES[0:3] are rows, LINES[3:6] columns
ALL_JOKER_VALUE = 10  # a line of jokers alone is best as three 10s


class Line(BaseModel):
    axis: Literal["row", "column"]
    index: int  # 0..2, top to bottom or left to right
    value: int  # the three-of-a-kind's value; the line scores minus this


class LayoutScore(BaseModel):
    lines: list[Line] = []
    jokers: dict[int, int] = {}  # position -> value, for jokers used in a line
    points: int  # the layout's score, lines included


def _line_value(
    values: Sequence[int | None], line: tuple[int, int, int]
) -> tuple[bool, int | None]:
    """Whether a line can score, and with which value (None: jokers only, any value)."""
    found: int | None = None
    for cell in line:
        v = values[cell]
        if v is None:
            continue
        if v <= 0 or (found is not None and v != found):
            return False, None
        found = v
    return True, found


def score_layout(kinds: Sequence[str]) -> LayoutScore:
    """The lowest score of a fully revealed layout (9 kinds, row by row)."""
    face = [points(k) for k in kinds]
    # Line values per cell: None for a joker, 0 for cards that never form lines.
    values: list[int | None] = [
        None if k == JOKER else (f if k.isdigit() else 0) for k, f in zip(kinds, face, strict=True)
    ]
    candidates: list[tuple[int, int | None]] = []
    for index, line in enumerate(LINES):
        can, v = _line_value(values, line)
        if can:
            candidates.append((index, v))

    best_points = sum(face)
    best: list[tuple[int, int]] = []
    for mask in range(1, 1 << len(candidates)):
        chosen = [c for bit, c in enumerate(candidates) if mask >> bit & 1]
        assigned = _assign(chosen)
        if assigned is None:
            continue
        covered = {cell for index, _ in assigned for cell in LINES[index]}
        total = sum(f for cell, f in enumerate(face) if cell not in covered)
        total -= sum(v for _, v in assigned)
        if total < best_points:
            best_points, best = total, assigned

    lines = [
        Line(
            axis="row" if index < ROWS else "column",
            index=index % ROWS,
            value=v,
        )
        for index, v in best
    ]
    jokers = {cell: v for index, v in best for cell in LINES[index] if values[cell] is None}
    return LayoutScore(lines=lines, jokers=dict(sorted(jokers.items())), points=best_points)


def _assign(chosen: list[tuple[int, int | None]]) -> list[tuple[int, int]] | None:
    """Values for a set of lines, or None if they cannot all score together."""
    has_row = any(index < ROWS for index, _ in chosen)
    has_column = any(index >= ROWS for index, _ in chosen)
    if not (has_row and has_column):
        # Parallel lines share no card: each takes its own value.
        return [(index, ALL_JOKER_VALUE if v is None else v) for index, v in chosen]
    fixed = {v for _, v in chosen if v is not None}
    if len(fixed) > 1:
        return None
    value = fixed.pop() if fixed else ALL_JOKER_VALUE
    return [(index, value) for index, _ in chosen]
