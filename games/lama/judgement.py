"""How No Prob-Lama's computer players judge a layout, from what one seat knows.

Cards are small integer codes here (`CODE`, 0..13), and a card the judge cannot see is
`UNSEEN`. A layout's estimate is its face values (an unseen card counts the deck's
mean) plus a term per row and column (`TERMS`): a finished three-of-a-kind scores as the
rules say, and an open pair counts `PAIR` of what a third card would gain, since a player
keeps collecting towards it. Placing a card changes only two lines, so its worth is a
few table look-ups: fast enough for the thousands of playout turns of one decision.

`exact` is the rules' score of a revealed layout (`scoring.score_layout`, on codes).
"""

from __future__ import annotations

from functools import cache

from games.lama.cards import DECK_LIST, DRAMA, JOKER, KARMA, points

KINDS_BY_CODE: tuple[str, ...] = (
    *(str(v) for v in range(3, 11)),
    "-1",
    "-2",
    "-5",
    JOKER,
    DRAMA,
    KARMA,
)
CODE: dict[str, int] = {kind: code for code, kind in enumerate(KINDS_BY_CODE)}
JOKER_CODE, DRAMA_CODE, KARMA_CODE = CODE[JOKER], CODE[DRAMA], CODE[KARMA]
UNSEEN = len(KINDS_BY_CODE)
SIZE = UNSEEN + 1
SPECIAL_CODES = frozenset({DRAMA_CODE, KARMA_CODE})
# An unseen card's expected value: the whole deck's mean (4.28).
MEAN = sum(points(kind) * copies for kind, copies in DECK_LIST) / sum(c for _, c in DECK_LIST)
PTS: tuple[float, ...] = (*(float(points(kind)) for kind in KINDS_BY_CODE), MEAN)
PAIR = 0.3  # the share of a pair's gain (finishing it) counted while it is open

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)
# For each position: the other two positions of its row, then of its column.
PARTNERS: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        *(q for q in LINES[p // 3] if q != p),
        *(q for q in LINES[3 + p % 3] if q != p),
    )  # type: ignore[misc]
    for p in range(9)
)


def _number(code: int) -> int | None:
    """The value a card gives a three-of-a-kind (None: a joker), if it can be in one."""
    return code + 3 if code < 8 else None


def _wild(code: int) -> bool:
    return code < 8 or code == JOKER_CODE


def _term(a: int, b: int, c: int, pair: float) -> float:
    cells = (a, b, c)
    wild = [x for x in cells if _wild(x)]
    numbers = {x + 3 for x in wild if x != JOKER_CODE}
    if len(numbers) > 1:
        for i in range(3):
            rest = [cells[j] for j in range(3) if j != i]
            values = {x + 3 for x in rest if x != JOKER_CODE}
            if all(_wild(x) for x in rest) and len(values) == 1:
                return -pair * (3 * values.pop() + PTS[cells[i]])
        return 0.0
    value = numbers.pop() if numbers else 10  # jokers alone: best as 10s
    if len(wild) == 3:
        return -(value + sum(PTS[x] for x in cells))
    if len(wild) == 2:
        third = next(x for x in cells if not _wild(x))
        return -pair * (3 * value + PTS[third])
    return 0.0


def _table(pair: float) -> tuple[float, ...]:
    return tuple(
        _term(a, b, c, pair) for a in range(SIZE) for b in range(SIZE) for c in range(SIZE)
    )


# A line's correction to its cards' face values, by `a * SIZE * SIZE + b * SIZE + c`:
# with open pairs counted (`TERMS`), and as a round's end leaves it (`FINAL_TERMS`).
TERMS = _table(PAIR)
FINAL_TERMS = _table(0.0)
SQUARE = SIZE * SIZE


def estimate(cells: list[int], final: bool = False) -> float:
    """A layout's estimated score (unseen cards at the mean); `final`: no credit for
    open pairs (the round is about to end)."""
    terms = FINAL_TERMS if final else TERMS
    total = sum(PTS[x] for x in cells)
    for a, b, c in LINES:
        total += terms[cells[a] * SQUARE + cells[b] * SIZE + cells[c]]
    return total


def change(cells: list[int], position: int, card: int) -> float:
    """How much the estimate changes when `card` replaces the card at `position`."""
    old = cells[position]
    a, b, c, d = PARTNERS[position]
    row = cells[a] * SIZE + cells[b]
    column = cells[c] * SIZE + cells[d]
    return (
        PTS[card]
        - PTS[old]
        + TERMS[card * SQUARE + row]
        - TERMS[old * SQUARE + row]
        + TERMS[card * SQUARE + column]
        - TERMS[old * SQUARE + column]
    )


def changes(cells: list[int], card: int) -> list[float]:
    """`change` at every position (one loop: the playouts' hot spot)."""
    out = []
    value = PTS[card]
    base = card * SQUARE
    for position, (a, b, c, d) in enumerate(PARTNERS):
        old = cells[position]
        row = cells[a] * SIZE + cells[b]
        column = cells[c] * SIZE + cells[d]
        was = old * SQUARE
        out.append(
            value
            - PTS[old]
            + TERMS[base + row]
            - TERMS[was + row]
            + TERMS[base + column]
            - TERMS[was + column]
        )
    return out


def exact(cells: list[int]) -> int:
    """The rules' score of a revealed layout (`games.lama.scoring.score_layout`)."""
    return _exact(tuple(cells))


@cache
def _exact(cells: tuple[int, ...]) -> int:
    face = [int(PTS[x]) for x in cells]
    base = sum(face)
    candidates: list[tuple[int, int | None]] = []
    for index, (a, b, c) in enumerate(LINES):
        line = (cells[a], cells[b], cells[c])
        if all(_wild(x) for x in line):
            numbers = {_number(x) for x in line} - {None}
            if len(numbers) <= 1:
                candidates.append((index, numbers.pop() if numbers else None))
    if not candidates:
        return base
    best = base
    for mask in range(1, 1 << len(candidates)):
        chosen = [c for bit, c in enumerate(candidates) if mask >> bit & 1]
        rows = any(i < 3 for i, _ in chosen)
        columns = any(i >= 3 for i, _ in chosen)
        if rows and columns:
            fixed = {v for _, v in chosen if v is not None}
            if len(fixed) > 1:
                continue
            one = fixed.pop() if fixed else 10
            values = [one] * len(chosen)
        else:
            values = [10 if v is None else v for _, v in chosen]
        covered = {cell for index, _ in chosen for cell in LINES[index]}
        total = sum(f for cell, f in enumerate(face) if cell not in covered) - sum(values)
        best = min(best, total)
    return best
