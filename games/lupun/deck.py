"""The game's own deck of 139 tasks (the printed cards are not public).

One line per card: id, points, condition (notation in `games/lupun/spec.py`).
Points come from `python -m games.lupun.calibrate --write` (see the README), which
rewrites the numbers after the ids; the published cards (the rulebook's example and
the known anchors, marked "published") keep their printed points.
The sentences are in the catalog under `lupun.task.<id>` (`python -m
games.lupun.wording --write` regenerates them from the conditions).
"""

from __future__ import annotations

from games.lupun.spec import (
    E,
    all_of,
    alternating,
    any_line,
    chain,
    count,
    distinct,
    divisible,
    greatest,
    line_chain,
    line_count,
    line_distinct,
    line_only,
    line_sum,
    only,
    pair,
    prime,
    smallest,
)
from games.lupun.tasks import Condition, Task

_CARDS: dict[str, tuple[tuple[str, int, Condition], ...]] = {
    "line_sum": (
        ("t001", 5, E("colC = 24")),  # published
        ("t002", 5, E("colA = 29")),  # published
        ("t003", 7, E("row4 = 26")),  # rulebook example
        ("t004", 1, E("row1 > 9")),  # published
        ("t005", 6, E("row5 < 12")),  # rulebook text
        ("t006", 5, E("row2 = 18")),
        ("t007", 7, E("row3 > 25")),
        ("t008", 7, E("row6 < 10")),
        ("t009", 5, E("row2 < 15")),
        ("t010", 6, E("row6 = 20")),
        ("t011", 6, E("row3 = 14")),
        ("t012", 5, E("row5 > 22")),
        ("t013", 7, E("row1 = 30")),
        ("t014", 5, E("row4 < 14")),
        ("t015", 8, E("row6 > 28")),
        ("t016", 6, E("colB = 27")),
        ("t017", 8, E("colD = 20")),
        ("t018", 6, E("colB < 20")),
        ("t019", 6, E("colD > 34")),
        ("t020", 6, E("colA < 24")),
        ("t021", 5, E("colC > 30")),
        ("t022", 6, E("colA = 33")),
        ("t023", 6, E("colD = 36")),
        ("t024", 4, E("colB > 25")),
        ("t025", 7, E("colC < 18")),
        ("t026", 5, E("row1 < 16")),
        ("t027", 5, E("row2 > 20")),
        ("t028", 5, E("row3 = 22")),
        ("t029", 7, E("row5 = 10")),
        ("t030", 2, E("colA > 15")),
    ),
    "block_sum": (
        ("t031", 5, E("square:A1 = 20")),
        ("t032", 5, E("square:C3 < 12")),
        ("t033", 5, E("square:B4 > 26")),
        ("t034", 5, E("square:A5 = 15")),
        ("t035", 4, E("square:C1 > 20")),
        ("t036", 5, E("rect2x3:A1 = 30")),
        ("t037", 5, E("rect3x2:B5 < 20")),
        ("t038", 5, E("rect2x3:C3 > 35")),
        ("t039", 6, E("rect3x2:A3 = 27")),
        ("t040", 5, E("corners = 18")),
        ("t041", 5, E("corners < 12")),
        ("t042", 4, E("corners > 25")),
        ("t043", 6, E("block:A2 > 50")),
        ("t044", 6, E("block:B4 < 30")),
    ),
    "comparison": (
        ("t045", 1, E("A4 > D1")),  # published
        ("t046", 3, E("A3 = C2")),  # published
        ("t047", 3, E("B2 < C5")),
        ("t048", 3, E("D6 > A6")),
        ("t049", 5, E("B1 = D4")),
        ("t050", 3, E("C6 < A1")),
        ("t051", 2, E("B3 > C4")),
        ("t052", 5, E("A6 = D1")),
        ("t053", 2, E("C1 < B6")),
        ("t054", 5, E("B5 = C5")),
        ("t055", 5, E("row1 = row6")),
        ("t056", 5, E("colA > colD")),
        ("t057", 4, E("row2 < row3")),
        ("t058", 7, E("colB = colC")),
    ),
    "arithmetic": (
        ("t059", 5, E("D5 = A5 + B5")),  # rulebook example
        ("t060", 5, E("A1 + B1 = C1")),
        ("t061", 4, E("B3 - C3 = A4")),
        ("t062", 5, E("A2 x B2 = C2")),
        ("t063", 5, E("A6 : B6 = C6")),
        ("t064", 4, E("D1 - A1 = 5")),
        ("t065", 4, E("B4 + C4 = 12")),
        ("t066", 4, E("A3 x D3 > 40")),
        ("t067", 4, E("C2 : D2 = 3")),
        ("t068", 5, E("A5 + D5 = B5 + C5")),
        ("t069", 6, E("B1 x C1 = 12")),
        ("t070", 5, E("A4 - D4 = B4 - C4")),
        ("t071", 6, E("A2 + B2 + C2 = D2")),
        ("t072", 5, E("D4 : A4 = 2")),
    ),
    "two_digit": (
        ("t073", 4, E("A2B2 > 90")),
        ("t074", 3, E("C1D1 < 15")),
        ("t075", 6, E("C5 x D5 = A6B6")),
        ("t076", 3, divisible("B3C3", "7")),
        ("t077", 2, E("A4B4 > C4D4")),
        ("t078", 6, E("C2D2 = row1")),
        ("t079", 3, divisible("A5B5", "D5")),
        ("t080", 2, E("B6C6 < 20")),
        ("t081", 6, E("A1B1 + 11 = C1D1")),
        ("t082", 5, divisible("C4D4", "11")),
        ("t083", 3, E("B2C2 > 75")),
        ("t084", 7, E("A6B6 = C6D6 x 2")),
    ),
    "parity": (
        ("t085", 4, count("row5", "odd", "=", 3)),  # published
        ("t086", 7, only("colB", "even")),
        ("t087", 5, only("row2", "odd")),
        ("t088", 4, count("colD", "even", "=", 2)),
        ("t089", 5, only("corners", "even")),
        ("t090", 6, alternating("row6")),
        ("t091", 7, alternating("colA")),
        ("t092", 4, count("row3", "odd", "=", 1)),
        ("t093", 3, count("square:B3", "odd", "=", 2)),
        ("t094", 3, count("colC", "odd", ">=", 4)),
        ("t095", 7, only("row4", "lt", 5)),
        ("t096", 6, only("row1", "gt", 4)),
        ("t097", 4, count("colB", "lt", "<=", 1, 3)),
        ("t098", 4, count("rect3x2:A5", "gt", "=", 3, 6)),
    ),
    "prime": (
        ("t099", 6, only("B2 C2 B3", "prime")),
        ("t100", 4, count("row3", "prime", "=", 2)),
        ("t101", 4, prime("A5B5")),
        ("t102", 4, prime("row6")),
        ("t103", 4, prime("C1 + C2")),
        ("t104", 6, only("corners", "prime")),
        ("t105", 4, prime("C4D4")),
        ("t106", 4, count("colA", "prime", ">=", 3)),
    ),
    "chain": (
        ("t107", 3, any_line("columns", line_chain(3))),  # published
        ("t108", 7, chain("row2", 4)),
        ("t109", 4, chain("colB", 3)),
        ("t110", 5, chain("A1 B1 C1", 3)),
        ("t111", 5, chain("row5", 3)),
        ("t112", 9, chain("C2 C3 C4 C5", 4)),
        ("t113", 3, any_line("rows", line_chain(3))),
        ("t114", 5, chain("D4 D5 D6", 3)),
    ),
    "distinct": (
        ("t115", 6, distinct("block:A2")),  # rulebook example
        ("t116", 4, distinct("row3")),
        ("t117", 5, distinct("colC")),
        ("t118", 3, pair("row6")),
        ("t119", 1, pair("colA")),
        ("t120", 4, distinct("square:C5")),
        ("t121", 7, distinct("block:B4")),
        ("t122", 3, pair("corners")),
        ("t123", 5, distinct("rect2x3:A1")),
    ),
    "neighbour": (
        ("t124", 4, greatest("C3")),  # published
        ("t125", 3, smallest("B4")),
        ("t126", 3, greatest("A1")),
        ("t127", 3, greatest("D3")),
        ("t128", 4, smallest("B6")),
        ("t129", 4, greatest("C2")),
    ),
    "existential": (
        ("t130", 9, any_line("columns", line_only("lt", 6))),  # published
        ("t131", 7, any_line("rows", line_sum("=", 30))),
        ("t132", 3, any_line("rows", line_only("odd"))),
        ("t133", 4, any_line("columns", line_sum("<", 20))),
        ("t134", 3, any_line("columns", line_distinct())),
        ("t135", 3, any_line("columns", line_count("even", "=", 5))),
    ),
    "compound": (
        ("t136", 6, all_of(E("A3 > A2"), E("B3 > B2"), E("C3 > C2"))),
        ("t137", 4, all_of(E("D1 > D2"), E("D2 > D3"))),
        ("t138", 6, all_of(E("A6 < B6"), E("B6 < C6"), E("C6 < D6"))),
        ("t139", 6, all_of(E("row1 = 20"), E("B1 > C1"))),
    ),
}

PUBLISHED: dict[str, int] = {
    "t045": 1,  # A4 > D1
    "t004": 1,  # row 1 sum > 9
    "t046": 3,  # A3 = C2
    "t107": 3,  # a chain of 3 in a column
    "t085": 4,  # row 5: three odd numbers, one even
    "t124": 4,  # C3 greater than its 4 neighbours
    "t001": 5,  # column C = 24
    "t002": 5,  # column A = 29
    "t130": 9,  # any column with only numbers below 6
}
"""The anchors: printed point values of published cards."""

CALIBRATED_ANCHORS: dict[str, int] = {
    "t045": 2,
    "t004": 1,
    "t046": 5,
    "t107": 2,
    "t085": 4,
    "t124": 3,
    "t001": 6,
    "t002": 6,
    "t130": 7,
}
"""What the last calibration gave the anchors before their printed points were kept."""

DECK: tuple[Task, ...] = tuple(
    Task(card_id, family, points, condition)
    for family, cards in _CARDS.items()
    for card_id, points, condition in cards
)
_BY_ID = {task.id: task for task in DECK}

# fmt: off
SHORT_DECK_IDS: tuple[str, ...] = (
    "t001", "t004", "t015", "t017", "t031", "t035", "t039", "t043", "t045",
    "t049", "t051", "t053", "t059", "t061", "t064", "t069", "t074", "t077",
    "t080", "t086", "t091", "t093", "t099", "t100", "t107", "t108", "t112",
    "t117", "t119", "t121", "t125", "t126", "t130", "t131", "t136", "t137",
)
# fmt: on
"""The short deck: 36 tasks spread over the points, every family (picked by calibrate)."""


def by_id(task_id: str) -> Task:
    return _BY_ID[task_id]
