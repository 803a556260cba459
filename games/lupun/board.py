"""The Miss Lupun board: 4 columns A-D by 6 rows 1-6, 24 spaces.

A space's index is `row * 4 + col` with rows and columns counted from 0, so A1=0,
B1=1, C1=2, D1=3, A2=4, ... D6=23. A board is a tuple of 24 values: a tile 0..9, or
None for an empty space.
"""

from __future__ import annotations

from functools import cache

COLUMNS = 4
ROWS = 6
SIZE = COLUMNS * ROWS
COLUMN_LETTERS = "ABCD"

Board = tuple[int | None, ...]
Region = tuple[int, ...]

EMPTY_BOARD: Board = (None,) * SIZE


def index(col: int, row: int) -> int:
    """The space in column `col` (0..3) and row `row` (0..5)."""
    if not (0 <= col < COLUMNS and 0 <= row < ROWS):
        raise ValueError(f"no space at column {col}, row {row}")
    return row * COLUMNS + col


def col_of(space: int) -> int:
    return space % COLUMNS


def row_of(space: int) -> int:
    return space // COLUMNS


def space_name(space: int) -> str:
    """'A1' for 0, 'D6' for 23."""
    if not 0 <= space < SIZE:
        raise ValueError(f"no space {space}")
    return f"{COLUMN_LETTERS[col_of(space)]}{row_of(space) + 1}"


def space_index(name: str) -> int:
    """0 for 'A1', 23 for 'D6' (case-insensitive)."""
    name = name.strip().upper()
    if len(name) != 2 or name[0] not in COLUMN_LETTERS or name[1] not in "123456":
        raise ValueError(f"no space named {name!r}")
    return index(COLUMN_LETTERS.index(name[0]), int(name[1]) - 1)


def spaces(names: str) -> Region:
    """The spaces named in a blank-separated string: spaces('A1 B2') == (0, 5)."""
    return tuple(space_index(name) for name in names.split())


@cache
def neighbours(space: int) -> Region:
    """The orthogonal neighbours of a space: 2 in a corner, 3 on an edge, 4 inside."""
    col, row = col_of(space), row_of(space)
    found = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < COLUMNS and 0 <= r < ROWS:
            found.append(index(c, r))
    return tuple(sorted(found))


def row(number: int) -> Region:
    """Row `number` (1..6), left to right."""
    return tuple(index(c, number - 1) for c in range(COLUMNS))


def column(letter: str) -> Region:
    """Column `letter` (A..D), top (row 1) to bottom (row 6)."""
    col = COLUMN_LETTERS.index(letter.upper())
    return tuple(index(col, r) for r in range(ROWS))


ROW_LINES: tuple[Region, ...] = tuple(row(n) for n in range(1, ROWS + 1))
COLUMN_LINES: tuple[Region, ...] = tuple(column(letter) for letter in COLUMN_LETTERS)
LINES: tuple[Region, ...] = ROW_LINES + COLUMN_LINES
CORNERS: Region = (0, 3, 20, 23)


def block(top_left: str, width: int, height: int) -> Region:
    """The width x height block whose top-left space is `top_left`, row by row."""
    start = space_index(top_left)
    col, row0 = col_of(start), row_of(start)
    if col + width > COLUMNS or row0 + height > ROWS:
        raise ValueError(f"a {width}x{height} block does not fit at {top_left}")
    return tuple(index(col + dc, row0 + dr) for dr in range(height) for dc in range(width))


def blocks(width: int, height: int) -> tuple[Region, ...]:
    """Every width x height block on the board."""
    return tuple(
        block(space_name(index(c, r)), width, height)
        for r in range(ROWS - height + 1)
        for c in range(COLUMNS - width + 1)
    )


SQUARES: tuple[Region, ...] = blocks(2, 2)
RECTANGLES: tuple[Region, ...] = blocks(2, 3) + blocks(3, 2)
BLOCKS_3X3: tuple[Region, ...] = blocks(3, 3)


def region_name(region: Region) -> str:
    """The names of some spaces, blank-separated ('A1 B1')."""
    return " ".join(space_name(s) for s in region)
