"""The Tüfteln sheet: one fixed layout of 36 fields shared by every player.

Fields are numbered 0..35 in reading order (A1, B1, ..., F1, A2, ..., F6) and named
by column letter A-F and row 1-6. The sheet is 9 squares of 2x2 fields. Six fields
are pre-printed with 1..6 (each in a different square); the 30 free fields are white,
blue or yellow.

The layout is designed for both variants:
- every colour count is even (white 10, blue 12, yellow 8), so variant B (two fields
  of one colour per roll) always completes;
- the blue fields have perfect pairings by side-by-side adjacency, so variant A (two
  light fields, or two blue fields sharing a side) completes too. The blue fields
  form an isolated domino (A2-A3), a domino inside a square (F5-F6) and one
  winding group of eight (D2 E2 D3 E3 D4 C4 C5 B5) that crosses four square
  borders: it has several pairings, and some pairs (like D3-D4) would strand the
  rest, which the "no dead ends" rule refuses.
"""

from __future__ import annotations

from typing import Final, Literal

Colour = Literal["white", "blue", "yellow", "printed"]

COLUMNS: Final = "ABCDEF"
SIZE: Final = 6
FIELDS: Final = SIZE * SIZE

# Row by row: W white, B blue, Y yellow, a digit is pre-printed.
_LAYOUT: Final = (
    "WYWY4W",
    "B1WBBY",
    "BYWBB2",
    "5WBBWY",
    "YBBW3B",
    "YWY6WB",
)
_CODES: Final[dict[str, Colour]] = {"W": "white", "B": "blue", "Y": "yellow"}

COLOURS: Final[tuple[Colour, ...]] = tuple(
    _CODES.get(code, "printed") for row in _LAYOUT for code in row
)
PRINTED: Final[dict[int, int]] = {
    i: int(code) for i, code in enumerate("".join(_LAYOUT)) if code.isdigit()
}
FIELD_NAMES: Final[tuple[str, ...]] = tuple(
    f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(FIELDS)
)
_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(FIELD_NAMES)}

# Each square's fields clockwise from the top left: top-left, top-right,
# bottom-right, bottom-left (the order the straight flush is read in).
SQUARES: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (r * SIZE + c, r * SIZE + c + 1, (r + 1) * SIZE + c + 1, (r + 1) * SIZE + c)
    for r in range(0, SIZE, 2)
    for c in range(0, SIZE, 2)
)
SQUARE_OF: Final[tuple[int, ...]] = tuple(
    (i // SIZE // 2) * 3 + (i % SIZE) // 2 for i in range(FIELDS)
)

FREE: Final[tuple[int, ...]] = tuple(i for i in range(FIELDS) if COLOURS[i] != "printed")
BLUE: Final[tuple[int, ...]] = tuple(i for i in FREE if COLOURS[i] == "blue")
LIGHT: Final[tuple[int, ...]] = tuple(i for i in FREE if COLOURS[i] != "blue")
BY_COLOUR: Final[dict[Colour, tuple[int, ...]]] = {
    colour: tuple(i for i in FREE if COLOURS[i] == colour) for colour in ("white", "blue", "yellow")
}


def _adjacent(i: int, j: int) -> bool:
    ri, ci, rj, cj = divmod(i, SIZE) + divmod(j, SIZE)
    return abs(ri - rj) + abs(ci - cj) == 1


# Blue neighbours of each blue field, and every side-by-side blue pair (i < j).
BLUE_NEIGHBOURS: Final[dict[int, tuple[int, ...]]] = {
    i: tuple(j for j in BLUE if _adjacent(i, j)) for i in BLUE
}
BLUE_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(
    (i, j) for i in BLUE for j in BLUE_NEIGHBOURS[i] if i < j
)
BLUE_PAIR_SET: Final[frozenset[tuple[int, int]]] = frozenset(BLUE_PAIRS)

EMPTY: Final = "0"
# A fresh sheet as stored in the state: one digit per field, "0" for empty.
BLANK_SHEET: Final = "".join(str(PRINTED.get(i, 0)) for i in range(FIELDS))


def field_index(name: str) -> int | None:
    """The index of a field named like 'C4' (any case, spaces ignored), or None."""
    return _INDEX.get(name.strip().upper())


def field_name(index: int) -> str:
    return FIELD_NAMES[index]
