"""The task language: small typed conditions over the board's spaces.

A condition answers one question, `possible(values)`: could the spaces it needs still
satisfy it? `values` is the board with, at a joker not yet given a number, `UNKNOWN`.
With no UNKNOWN on the board the answer is exact (the task holds or not); with some it
errs only towards True, which lets joker scoring cut off hopeless branches early.

Rules (RULES.md): a task with an empty space in its region is not solved; an
existential task needs one fully occupied line that satisfies it. Division must be
exact and never by 0; a two-digit number reads tens then units (a leading 0 allowed);
0 is even; 0 and 1 are not prime; a chain runs up or down along adjacent spaces.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Literal

from games.lupun.board import Board, Region, neighbours

UNKNOWN = -1
"""A joker whose number is still open (only during joker scoring)."""

EVERYTHING = (-(10**9), 10**9)
"""The range of a sum a condition does not bound."""

Values = Sequence[int | None]
Interval = tuple[int, int] | None
"""The values an expression may take (a superset), or None: it can never be defined."""

CompareOp = Literal["=", "<", ">", "!="]
CountOp = Literal["=", ">=", "<="]
ArithOp = Literal["+", "-", "x", ":"]
Kind = Literal["odd", "even", "prime", "lt", "gt"]

FAMILIES = (
    "line_sum",
    "block_sum",
    "comparison",
    "arithmetic",
    "two_digit",
    "parity",
    "prime",
    "chain",
    "distinct",
    "neighbour",
    "existential",
    "compound",
)
PRIMES = frozenset(n for n in range(2, 1000) if all(n % d for d in range(2, int(n**0.5) + 1)))


def _cell(values: Values, space: int) -> Interval:
    value = values[space]
    if value is None:
        return None
    return (0, 9) if value == UNKNOWN else (value, value)


# --- expressions -------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """The number on one space."""

    space: int

    @property
    def region(self) -> Region:
        return (self.space,)

    def interval(self, values: Values) -> Interval:
        return _cell(values, self.space)


@dataclass(frozen=True)
class Const:
    value: int

    @property
    def region(self) -> Region:
        return ()

    def interval(self, values: Values) -> Interval:
        return (self.value, self.value)


@dataclass(frozen=True)
class TwoDigit:
    """Two spaces read as a two-digit number: tens, then units (07 is 7)."""

    tens: int
    units: int

    @property
    def region(self) -> Region:
        return (self.tens, self.units)

    def interval(self, values: Values) -> Interval:
        tens, units = _cell(values, self.tens), _cell(values, self.units)
        if tens is None or units is None:
            return None
        return (10 * tens[0] + units[0], 10 * tens[1] + units[1])


@dataclass(frozen=True)
class Sum:
    """The sum of some spaces (a row, a column, a block, the corners...)."""

    spaces: Region

    @property
    def region(self) -> Region:
        return self.spaces

    def interval(self, values: Values) -> Interval:
        lo = hi = 0
        for space in self.spaces:
            cell = _cell(values, space)
            if cell is None:
                return None
            lo, hi = lo + cell[0], hi + cell[1]
        return (lo, hi)


@dataclass(frozen=True)
class Op:
    """left + - x : right. Division is defined only when exact and not by 0."""

    op: ArithOp
    left: Expr
    right: Expr

    def __post_init__(self) -> None:
        if self.op == ":" and self.right == Const(0):
            raise ValueError("a task never divides by 0")

    @property
    def region(self) -> Region:
        return _union(self.left.region, self.right.region)

    def interval(self, values: Values) -> Interval:
        a, b = self.left.interval(values), self.right.interval(values)
        if a is None or b is None:
            return None
        if self.op == "+":
            return (a[0] + b[0], a[1] + b[1])
        if self.op == "-":
            return (a[0] - b[1], a[1] - b[0])
        if self.op == "x":
            corners = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
            return (min(corners), max(corners))
        return _divide(a, b)


def _divide(a: tuple[int, int], b: tuple[int, int]) -> Interval:
    if b == (0, 0):
        return None
    if a[0] == a[1] and b[0] == b[1]:  # both known: exact or undefined
        return (a[0] // b[0], a[0] // b[0]) if a[0] % b[0] == 0 else None
    if a[0] >= 0 and b[0] >= 1:
        return (a[0] // b[1], a[1] // b[0])
    bound = max(abs(a[0]), abs(a[1]))
    return (-bound, bound)


Expr = Cell | Const | TwoDigit | Sum | Op


def _linear(expr: Expr) -> bool:
    """Whether the expression is a fixed part plus a fixed weighted sum of its spaces'
    numbers (+, -, times a number), so that its interval tells everything the open
    spaces can still add."""
    if isinstance(expr, Op):
        if expr.op == "x" and (isinstance(expr.left, Const) or isinstance(expr.right, Const)):
            return _linear(expr.left) and _linear(expr.right)  # times a fixed number
        return expr.op in ("+", "-") and _linear(expr.left) and _linear(expr.right)
    return True


def _union(*regions: Region) -> Region:
    seen: dict[int, None] = {}
    for region in regions:
        for space in region:
            seen.setdefault(space, None)
    return tuple(seen)


def _kind_test(kind: Kind, bound: int) -> tuple[int, ...]:
    """The tiles 0..9 of a kind ('lt' 6: 0..5)."""
    tests: dict[str, Callable[[int], bool]] = {
        "odd": lambda n: n % 2 == 1,
        "even": lambda n: n % 2 == 0,
        "prime": lambda n: n in PRIMES,
        "lt": lambda n: n < bound,
        "gt": lambda n: n > bound,
    }
    return tuple(n for n in range(10) if tests[kind](n))


# --- conditions --------------------------------------------------------------------------


class Condition:
    """A yes/no question about some spaces.

    `possible(values)` is False when the condition cannot hold, and exact when no space
    is UNKNOWN. A condition with an empty space in its region does not hold.
    """

    @property
    def region(self) -> Region:
        raise NotImplementedError

    def possible(self, values: Values) -> bool:
        raise NotImplementedError

    def signature(self, values: Values) -> Hashable:
        """A summary of the numbers set so far that decides, together with which spaces
        are still UNKNOWN, whether the condition can still hold, and what `possible` and
        the summary become when an open space gets a number. Joker scoring remembers
        failed searches and steps by it. The default, the numbers themselves, is always
        safe."""
        return tuple(values[space] for space in self.region)

    @property
    def summarises(self) -> bool:
        """Whether `signature` is more than the numbers themselves (many boards share
        one), so that joker scoring gains by remembering steps by it."""
        return type(self).signature is not Condition.signature

    @property
    def sums(self) -> tuple[Expr, ...] | None:
        """The linear expressions (a fixed part plus fixed multiples of the numbers on
        spaces) whose intervals alone decide `possible`, or None. Giving an open space a
        number moves each such interval by amounts that do not depend on the other
        numbers, which lets joker scoring step without reading the board."""
        return None

    def possible_within(self, intervals: Sequence[Interval]) -> bool:
        """`possible`, from the intervals of `sums` or of `merged_sums` (a condition with
        sums only)."""
        raise NotImplementedError

    @property
    def merged_sums(self) -> tuple[Expr, ...] | None:
        """Fewer sums than `sums` that decide as much (left - right for a comparison), or
        None: joker scoring then tells fewer states apart, where no other condition
        shares one of `sums`."""
        return None

    def ranges(self, intervals: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        """For each of `sums` (or `merged_sums`), the range its final value must lie in for
        the condition to hold, given the intervals of the others (a condition with sums
        only)."""
        return tuple(EVERYTHING for _ in intervals)

    @property
    def different(self) -> tuple[frozenset[int], bool] | None:
        """Spaces the condition says hold all different numbers (True) or not (False),
        or None: joker scoring sees at once that "all different" on some spaces and
        "two the same" on some of them cannot hold together."""
        return None


@dataclass(frozen=True)
class Compare(Condition):
    """left = < > != right, for sums, spaces, arithmetic and two-digit numbers."""

    left: Expr
    op: CompareOp
    right: Expr

    @cached_property
    def region(self) -> Region:
        return _union(self.left.region, self.right.region)

    def possible(self, values: Values) -> bool:
        return self.possible_within((self.left.interval(values), self.right.interval(values)))

    def possible_within(self, intervals: Sequence[Interval]) -> bool:
        a, b = intervals if len(intervals) == 2 else (intervals[0], (0, 0))  # left - right
        if a is None or b is None:
            return False
        if self.op == "=":
            return a[0] <= b[1] and b[0] <= a[1]
        if self.op == "<":
            return a[0] < b[1]
        if self.op == ">":
            return a[1] > b[0]
        return not (a[0] == a[1] == b[0] == b[1])

    @cached_property
    def _linear(self) -> bool:
        return _linear(self.left) and _linear(self.right)

    @cached_property
    def _difference(self) -> Expr | None:
        """left - right when both sides hold spaces: comparing it with 0 is all that
        matters."""
        if self._linear and self.left.region and self.right.region:
            return Op("-", self.left, self.right)
        return None

    @property
    def sums(self) -> tuple[Expr, ...] | None:
        return (self.left, self.right) if self._linear else None

    @property
    def merged_sums(self) -> tuple[Expr, ...] | None:
        return None if self._difference is None else (self._difference,)

    @property
    def summarises(self) -> bool:
        return self._linear

    def ranges(self, intervals: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        if len(intervals) == 1:  # left - right, against 0
            return self.ranges((intervals[0], (0, 0)))[:1]
        a, b = intervals
        low, high = EVERYTHING
        if self.op == "=":
            return b, a
        if self.op == "<":
            return (low, b[1] - 1), (a[0] + 1, high)
        if self.op == ">":
            return (b[0] + 1, high), (low, a[1] - 1)
        return EVERYTHING, EVERYTHING

    def signature(self, values: Values) -> Hashable:
        if self._linear:  # a sum: only its total so far
            return (self.left.interval(values), self.right.interval(values))
        return super().signature(values)


@dataclass(frozen=True)
class Divisible(Condition):
    """left is divisible by right (without remainder; never by 0)."""

    left: Expr
    right: Expr

    def __post_init__(self) -> None:
        if self.right == Const(0):
            raise ValueError("a task never divides by 0")

    @cached_property
    def region(self) -> Region:
        return _union(self.left.region, self.right.region)

    def possible(self, values: Values) -> bool:
        return self.possible_within((self.left.interval(values), self.right.interval(values)))

    def possible_within(self, intervals: Sequence[Interval]) -> bool:
        a, b = intervals
        if a is None or b is None or b == (0, 0):
            return False
        if b[0] != b[1]:
            return True
        d = abs(b[0])
        first = -(-a[0] // d) * d  # the smallest multiple >= a[0]
        return first <= a[1]

    @cached_property
    def _linear(self) -> bool:
        return _linear(self.left) and _linear(self.right)

    @property
    def sums(self) -> tuple[Expr, ...] | None:
        return (self.left, self.right) if self._linear else None

    @property
    def summarises(self) -> bool:
        return self._linear

    def signature(self, values: Values) -> Hashable:
        if self._linear:
            return (self.left.interval(values), self.right.interval(values))
        return super().signature(values)


@dataclass(frozen=True)
class IsPrime(Condition):
    """An expression (a sum, a two-digit number...) is a prime number."""

    expr: Expr

    @property
    def region(self) -> Region:
        return self.expr.region

    def possible(self, values: Values) -> bool:
        return self.possible_within((self.expr.interval(values),))

    def possible_within(self, intervals: Sequence[Interval]) -> bool:
        (a,) = intervals
        return a is not None and any(n in PRIMES for n in range(max(a[0], 0), a[1] + 1))

    @cached_property
    def _linear(self) -> bool:
        return _linear(self.expr)

    @property
    def sums(self) -> tuple[Expr, ...] | None:
        return (self.expr,) if self._linear else None

    @property
    def summarises(self) -> bool:
        return self._linear

    def ranges(self, intervals: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        return ((2, EVERYTHING[1]),)

    def signature(self, values: Values) -> Hashable:
        if self._linear:
            return self.expr.interval(values)
        return super().signature(values)


@dataclass(frozen=True)
class Count(Condition):
    """Exactly / at least / at most `count` of the spaces are odd, even, prime, < or > bound."""

    spaces: Region
    kind: Kind
    op: CountOp
    count: int
    bound: int = 0

    @property
    def region(self) -> Region:
        return self.spaces

    @cached_property
    def _tiles(self) -> frozenset[int]:
        return frozenset(_kind_test(self.kind, self.bound))

    def possible(self, values: Values) -> bool:
        known = unknown = 0
        tiles = self._tiles
        for space in self.spaces:
            value = values[space]
            if value is None:
                return False
            if value == UNKNOWN:
                unknown += 1
            elif value in tiles:
                known += 1
        if self.op == "=":
            return known <= self.count <= known + unknown
        if self.op == ">=":
            return known + unknown >= self.count
        return known <= self.count

    def signature(self, values: Values) -> Hashable:
        tiles = self._tiles
        return sum(1 for space in self.spaces if values[space] in tiles)


def _known(values: Values, spaces: Region) -> list[int] | None:
    """The numbers on the spaces that are not UNKNOWN, or None if one is empty."""
    known = []
    for space in spaces:
        value = values[space]
        if value is None:
            return None
        if value != UNKNOWN:
            known.append(value)
    return known


@dataclass(frozen=True)
class Distinct(Condition):
    """All the spaces hold different numbers."""

    spaces: Region

    @property
    def region(self) -> Region:
        return self.spaces

    def possible(self, values: Values) -> bool:
        known = _known(values, self.spaces)
        return known is not None and len(known) == len(set(known)) and len(self.spaces) <= 10

    def signature(self, values: Values) -> Hashable:
        return tuple(sorted(v for v in (values[s] for s in self.spaces) if v is not None))

    @property
    def different(self) -> tuple[frozenset[int], bool] | None:
        return frozenset(self.spaces), True


@dataclass(frozen=True)
class HasEqualPair(Condition):
    """At least two of the spaces hold the same number."""

    spaces: Region

    @property
    def region(self) -> Region:
        return self.spaces

    def possible(self, values: Values) -> bool:
        known = _known(values, self.spaces)
        if known is None:
            return False
        return len(known) < len(self.spaces) or len(known) != len(set(known))

    def signature(self, values: Values) -> Hashable:
        known = [v for v in (values[s] for s in self.spaces) if v != UNKNOWN]
        if len(known) != len(set(known)):
            return True  # holds already, whatever comes
        return tuple(sorted(known))  # type: ignore[type-var]

    @property
    def different(self) -> tuple[frozenset[int], bool] | None:
        return frozenset(self.spaces), False


@dataclass(frozen=True)
class Chain(Condition):
    """A run of `length` adjacent spaces along `line` holds consecutive numbers,
    going up or down (3, 4, 5 or 9, 8, 7). With length == len(line), the whole line.
    The task involves the whole line, so it needs the whole line occupied."""

    line: Region
    length: int

    @property
    def region(self) -> Region:
        return self.line

    def possible(self, values: Values) -> bool:
        cells = [values[s] for s in self.line]
        if None in cells:
            return False
        if UNKNOWN not in cells:  # the common case: runs of steps +1 or -1
            run, step = 1, 0
            for a, b in pairwise(cells):
                diff = b - a  # type: ignore[operator]
                run = run + 1 if diff == step and diff in (1, -1) else 2
                step = diff
                if diff in (1, -1) and run >= self.length:
                    return True
            return self.length <= 1
        for start in range(len(cells) - self.length + 1):
            window = cells[start : start + self.length]
            if _chain_possible(window, 1) or _chain_possible(window, -1):
                return True
        return False

    def signature(self, values: Values) -> Hashable:
        # Per window and direction: broken, or the first number the known ones imply.
        cells = [values[s] for s in self.line]
        states = []
        for start in range(len(cells) - self.length + 1):
            window = cells[start : start + self.length]
            for step in (1, -1):
                states.append(_chain_start(window, step))
        return tuple(states)


def _chain_start(window: Sequence[int | None], step: int) -> int | str:
    """The first number of a chain through the window's known numbers ('open' if none
    is known, 'broken' if they do not fit one)."""
    first: int | None = None
    for i, value in enumerate(window):
        if value is None:
            return "broken"
        if value != UNKNOWN:
            if first is None:
                first = value - step * i
            elif value != first + step * i:
                return "broken"
    if first is None:
        return "open"
    if not all(0 <= first + step * i <= 9 for i in range(len(window))):
        return "broken"
    return first


def _chain_possible(window: Sequence[int | None], step: int) -> bool:
    first: int | None = None
    for i, value in enumerate(window):
        if value is not None and value != UNKNOWN:
            first = value - step * i
            break
    if first is None:  # all open: 0, 1, 2... fits
        return True
    for i, value in enumerate(window):
        expected = first + step * i
        if not 0 <= expected <= 9 or (value != UNKNOWN and value != expected):
            return False
    return True


@dataclass(frozen=True)
class Alternating(Condition):
    """Along the line, even and odd numbers alternate."""

    line: Region

    @property
    def region(self) -> Region:
        return self.line

    def possible(self, values: Values) -> bool:
        fits = [True, True]  # the line starting even, starting odd
        for i, space in enumerate(self.line):
            value = values[space]
            if value is None:
                return False
            if value != UNKNOWN:
                fits[(value + i + 1) % 2] = False  # the other start's parity is wrong here
        return fits[0] or fits[1]

    def signature(self, values: Values) -> Hashable:
        fits = [True, True]
        for i, space in enumerate(self.line):
            value = values[space]
            if value is not None and value != UNKNOWN:
                fits[(value + i + 1) % 2] = False
        return tuple(fits)


@dataclass(frozen=True)
class Extreme(Condition):
    """The space is greater (or smaller) than each of its orthogonal neighbours."""

    space: int
    greater: bool = True

    @cached_property
    def region(self) -> Region:
        return (self.space, *neighbours(self.space))

    def possible(self, values: Values) -> bool:
        centre = _cell(values, self.space)
        if centre is None:
            return False
        for near in neighbours(self.space):
            other = _cell(values, near)
            if other is None:
                return False
            if self.greater and not centre[1] > other[0]:
                return False
            if not self.greater and not centre[0] < other[1]:
                return False
        return True

    def signature(self, values: Values) -> Hashable:
        # What is left to decide: the centre against the largest (smallest) neighbour.
        known = [values[n] for n in neighbours(self.space) if values[n] != UNKNOWN]
        extreme = (max if self.greater else min)(known) if known else None  # type: ignore[type-var]
        return (values[self.space], extreme)


@dataclass(frozen=True)
class AllOf(Condition):
    """Every part holds (compound tasks)."""

    parts: tuple[Condition, ...]

    @cached_property
    def region(self) -> Region:
        return _union(*(part.region for part in self.parts))

    def possible(self, values: Values) -> bool:
        return all(part.possible(values) for part in self.parts)

    def signature(self, values: Values) -> Hashable:
        return tuple(part.signature(values) for part in self.parts)

    @property
    def summarises(self) -> bool:
        return any(part.summarises for part in self.parts)

    @cached_property
    def sums(self) -> tuple[Expr, ...] | None:
        sums: list[Expr] = []
        for part in self.parts:
            own = part.sums
            if own is None:
                return None
            sums += own
        return tuple(sums)

    def possible_within(self, intervals: Sequence[Interval]) -> bool:
        start = 0
        for part in self.parts:
            count = len(part.sums or ())
            if not part.possible_within(intervals[start : start + count]):
                return False
            start += count
        return True

    def ranges(self, intervals: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        ranges: list[tuple[int, int]] = []
        for part in self.parts:
            count = len(part.sums or ())
            ranges += part.ranges(intervals[len(ranges) : len(ranges) + count])
        return tuple(ranges)


@dataclass(frozen=True)
class AnyOf(Condition):
    """At least one part holds on fully occupied spaces ("in any row", "in any column")."""

    parts: tuple[Condition, ...]

    @cached_property
    def region(self) -> Region:
        return _union(*(part.region for part in self.parts))

    def possible(self, values: Values) -> bool:
        return any(part.possible(values) for part in self.parts)


# --- tasks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One task card: a condition, its family and its points (1..9)."""

    id: str
    family: str
    points: int
    condition: Condition

    def __post_init__(self) -> None:
        if not 1 <= self.points <= 9:
            raise ValueError(f"{self.id}: points {self.points} outside 1..9")
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: unknown family {self.family!r}")

    @property
    def region(self) -> Region:
        """The spaces the task involves (an existential task: all its candidate lines)."""
        return self.condition.region

    @property
    def existential(self) -> bool:
        return isinstance(self.condition, AnyOf)

    @property
    def text_key(self) -> str:
        return f"lupun.task.{self.id}"

    def holds(self, board: Board) -> bool:
        """Whether the task is solved on a board of numbers (no open joker)."""
        return self.condition.possible(board)

    def possible(self, values: Values) -> bool:
        """Whether it can still hold once every UNKNOWN joker gets a number."""
        return self.condition.possible(values)
