"""A compact notation for writing tasks, so the deck reads like the cards.

Regions: `row5`, `colC`, `square:B3` (2x2 from its top-left space), `rect2x3:A1`
(2 wide, 3 high), `rect3x2:B5`, `block:A2` (3x3), `corners`, or spaces such as
`A1 B1 C1`. In an expression a region means its sum: `E("colC = 24")`.
Expressions: spaces (`D5`), numbers, two-digit numbers (`A2B2`: A2 is the tens), and
+ - x : (x and : bind tighter), compared with = < > !=.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from games.lupun import board
from games.lupun.tasks import (
    AllOf,
    Alternating,
    AnyOf,
    ArithOp,
    Cell,
    Chain,
    Compare,
    CompareOp,
    Condition,
    Const,
    Count,
    CountOp,
    Distinct,
    Divisible,
    Expr,
    Extreme,
    HasEqualPair,
    IsPrime,
    Kind,
    Op,
    Sum,
    TwoDigit,
)

_BLOCK = re.compile(r"(square|rect2x3|rect3x2|block):([A-D][1-6])$")
_SIZES = {"square": (2, 2), "rect2x3": (2, 3), "rect3x2": (3, 2), "block": (3, 3)}


def region(text: str) -> board.Region:
    """The spaces a region name stands for ('row5', 'colC', 'square:B3', 'A1 B1'...)."""
    text = text.strip()
    if re.fullmatch(r"row[1-6]", text):
        return board.row(int(text[3]))
    if re.fullmatch(r"col[A-D]", text):
        return board.column(text[3])
    if text == "corners":
        return board.CORNERS
    found = _BLOCK.match(text)
    if found:
        width, height = _SIZES[found.group(1)]
        return board.block(found.group(2), width, height)
    return board.spaces(text)


def lines(kind: str) -> tuple[board.Region, ...]:
    """'rows' or 'columns'."""
    return {"rows": board.ROW_LINES, "columns": board.COLUMN_LINES}[kind]


# --- expressions -------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(!=|[=<>+\-x:]|[A-Za-z0-9:]+)")


def _atom(token: str) -> Expr:
    if token.isdigit():
        return Const(int(token))
    if re.fullmatch(r"[A-D][1-6][A-D][1-6]", token):
        return TwoDigit(board.space_index(token[:2]), board.space_index(token[2:]))
    if re.fullmatch(r"[A-D][1-6]", token):
        return Cell(board.space_index(token))
    return Sum(region(token))


def expr(text: str) -> Expr:
    """An arithmetic expression: 'A5 + B5', 'C6D6 x 2', 'row1'."""
    tokens = _TOKEN.findall(text)
    if not tokens or "".join(tokens) != text.replace(" ", ""):
        raise ValueError(f"cannot read {text!r}")
    return _parse(tokens)


def _parse(tokens: list[str]) -> Expr:
    # + and - over terms, each term x and : over atoms; all left-associative.
    terms: list[Expr] = []
    ops: list[str] = []
    current = _atom(tokens[0])
    i = 1
    while i < len(tokens):
        op, atom = tokens[i], _atom(tokens[i + 1])
        if op in "x:":
            current = Op(_arith(op), current, atom)
        else:
            terms.append(current)
            ops.append(op)
            current = atom
        i += 2
    terms.append(current)
    result = terms[0]
    for op, term in zip(ops, terms[1:], strict=True):
        result = Op(_arith(op), result, term)
    return result


def _arith(op: str) -> ArithOp:
    if op not in ("+", "-", "x", ":"):
        raise ValueError(f"not an operator: {op!r}")
    return op  # type: ignore[return-value]


def E(text: str) -> Compare:
    """A comparison: 'A3 = C2', 'D5 = A5 + B5', 'row1 > 9', 'A2B2 > 90'."""
    found = re.fullmatch(r"(.+?)\s*(!=|=|<|>)\s*(.+)", text)
    if not found:
        raise ValueError(f"no comparison in {text!r}")
    op: CompareOp = found.group(2)  # type: ignore[assignment]
    return Compare(expr(found.group(1)), op, expr(found.group(3)))


# --- other conditions --------------------------------------------------------------------


def count(where: str, kind: Kind, op: CountOp, n: int, bound: int = 0) -> Count:
    """'row5', 'odd', '=', 3: exactly three odd numbers in row 5."""
    return Count(region(where), kind, op, n, bound)


def only(where: str, kind: Kind, bound: int = 0) -> Count:
    """Every number in the region is of the kind ('only odd', 'only < 6')."""
    spaces = region(where)
    return Count(spaces, kind, "=", len(spaces), bound)


def divisible(left: str, right: str) -> Divisible:
    return Divisible(expr(left), expr(right))


def prime(what: str) -> IsPrime:
    return IsPrime(expr(what))


def distinct(where: str) -> Distinct:
    return Distinct(region(where))


def pair(where: str) -> HasEqualPair:
    return HasEqualPair(region(where))


def chain(where: str, length: int) -> Chain:
    return Chain(region(where), length)


def alternating(where: str) -> Alternating:
    return Alternating(region(where))


def greatest(space: str) -> Extreme:
    return Extreme(board.space_index(space), greater=True)


def smallest(space: str) -> Extreme:
    return Extreme(board.space_index(space), greater=False)


def all_of(*parts: Condition) -> AllOf:
    return AllOf(parts)


def any_line(kind: str, make: Callable[[board.Region], Condition]) -> AnyOf:
    """'rows' or 'columns': the task holds when one full line satisfies `make(line)`."""
    return AnyOf(tuple(make(line) for line in lines(kind)))


def line_sum(op: CompareOp, total: int) -> Callable[[board.Region], Condition]:
    return lambda line: Compare(Sum(line), op, Const(total))


def line_count(
    kind: Kind, op: CountOp, n: int, bound: int = 0
) -> Callable[[board.Region], Condition]:
    return lambda line: Count(line, kind, op, n, bound)


def line_only(kind: Kind, bound: int = 0) -> Callable[[board.Region], Condition]:
    return lambda line: Count(line, kind, "=", len(line), bound)


def line_chain(length: int) -> Callable[[board.Region], Condition]:
    return lambda line: Chain(line, length)


def line_distinct() -> Callable[[board.Region], Condition]:
    return Distinct
