"""Scoring one player's tasks, with the jokers on the board.

Each player gives each joker one number 0..9 for all of their tasks (RULES.md), the
numbers that maximise their total. We never try all 10^jokers assignments. Tasks
without a joker in their region are decided at once. For the others we find which
sets of tasks (at most 7) can hold together, the smallest sets first (a set holding one
that cannot is skipped), and for each set search the numbers of the jokers in those
tasks' regions only (an existential task line by line).

Ties are deterministic and prefer small numbers: the most points; then, for one set of
tasks and one choice of lines, the smallest numbers in the order of `_order` (the
first found by a depth-first search trying the smallest number first); over the
choices of lines, and across sets with the same points, the smaller numbers in space
order. A joker in no chosen task's region is 0. (These are the results of the
search this one replaced, number for number: tests/games/lupun/scoring_oracle.py.)

What keeps the work down (`_Solver`, `_Completion`; the search stays exact, so a
hand built to be slow can still take tens of ms): conditions that share no joker are
searched apart, each group once per player whatever sets and lines it turns up in,
and a group that cannot hold rules out every group containing it; a sum's interval
moves by fixed amounts, so sums are stepped without reading the board (a comparison of
two sums by their difference), and a sum in two conditions must end in a range both
allow ("all different" and "two the same" on the same spaces fail at once too); a joker
tries only the numbers each of its conditions allows on its own, those with few such
numbers first; each state (which jokers are open, the open conditions' signatures) is
searched once, and jokers no open condition links any more are completed apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from itertools import combinations, product
from typing import cast

from games.lupun.board import Board
from games.lupun.tasks import UNKNOWN, AllOf, AnyOf, Condition, Expr, Task

FEW = 6
"""A joker allowed fewer numbers than this is searched first when testing for a completion."""

Numbers = dict[int, int]
"""The numbers a search gave the jokers it involved, by space."""


def best_score(
    board: Board, hand: Sequence[Task], jokers: Sequence[int]
) -> tuple[int, dict[int, int], tuple[str, ...]]:
    """(points, the number chosen for each joker space, the ids of the solved tasks).

    `board` holds any placeholder number on the joker spaces listed in `jokers`.
    """
    joker_spaces = sorted(set(jokers))
    values: list[int | None] = list(board)
    for space in joker_spaces:
        values[space] = UNKNOWN
    joker_set = set(joker_spaces)

    fixed: list[Task] = []  # solved whatever the jokers are
    open_tasks: list[Task] = []
    for task in hand:
        if joker_set.isdisjoint(task.region):
            if task.possible(values):
                fixed.append(task)
        elif task.possible(values):  # can hold for some numbers
            open_tasks.append(task)

    # Which sets of tasks can hold together, smallest sets first: a set containing one
    # that cannot is skipped (a contradiction is cheaper to find between fewer tasks).
    solver = _Solver(values, joker_spaces)
    found: dict[tuple[Task, ...], tuple[int, ...] | None] = {(): (0,) * len(joker_spaces)}
    for size in range(1, len(open_tasks) + 1):
        for chosen in combinations(open_tasks, size):
            smaller = combinations(chosen, size - 1)
            if any(found[subset] is None for subset in smaller):
                found[chosen] = None
            else:
                found[chosen] = solver.search(chosen)
    best: tuple[int, tuple[int, ...]] | None = None
    for chosen, numbers in found.items():
        if numbers is None:
            continue
        key = (sum(task.points for task in chosen), tuple(-v for v in numbers))
        if best is None or key > (best[0], tuple(-v for v in best[1])):
            best = (key[0], numbers)

    numbers = best[1] if best is not None else tuple(0 for _ in joker_spaces)
    for space, number in zip(joker_spaces, numbers, strict=True):
        values[space] = number
    solved = tuple(task.id for task in hand if task.possible(values))
    total = sum(task.points for task in hand if task.id in solved)
    return total, dict(zip(joker_spaces, numbers, strict=True)), solved


def _parts(task: Task) -> tuple[Condition, ...]:
    condition = task.condition
    return condition.parts if isinstance(condition, AnyOf) else (condition,)


class _Solver:
    """One player's searches on one board, sharing what they learn.

    A choice of lines (one condition per task) falls apart into groups linked by shared
    jokers, and the parts of compound tasks further still; the first numbers found for
    the whole are those of each group, searched in the whole's order restricted to its
    jokers (a joker belongs to one group). So each group is searched once, whatever
    choice of lines and set of tasks it turns up in, and a group that cannot hold rules
    out every choice containing it. Conditions are told apart by identity (hashing one
    walks all of its fields).
    """

    def __init__(self, values: list[int | None], jokers: Sequence[int]) -> None:
        self.values = values
        self.jokers = tuple(jokers)
        self.joker_set = frozenset(jokers)
        self.holds: dict[int, bool] = {}
        self.spaces: dict[int, frozenset[int]] = {}
        self.groups: dict[tuple[int, ...], Numbers | None] = {}
        self.parts: dict[tuple[tuple[int, ...], tuple[int, ...]], Numbers | None] = {}
        self.allowed: dict[tuple[int, int], frozenset[int]] = {}
        self.impossible: list[frozenset[int]] = []  # conditions that cannot hold together
        self.moves: dict[tuple[tuple[int, ...], int], list[tuple[tuple[int, int], ...]]] = {}
        # (condition, its jokers set so far, its signature, space, number) -> the step
        self.steps: dict[tuple[int, int, Hashable, int, int], tuple[bool, Hashable]] = {}

    def search(self, tasks: Sequence[Task]) -> tuple[int, ...] | None:
        """Numbers for the jokers under which every task holds, or None.

        An existential task holds when one of its lines does, so each choice of lines is
        searched on its own; the smallest numbers found over all choices win.
        """
        best: tuple[int, ...] | None = None
        for conditions in product(*(_parts(task) for task in tasks)):
            found = self._conditions(conditions)
            if found is not None and (best is None or found < best):
                best = found
        return best

    def _possible(self, condition: Condition) -> bool:
        known = self.holds.get(id(condition))
        if known is None:
            known = self.holds[id(condition)] = condition.possible(self.values)
        return known

    def jokers_in(self, condition: Condition) -> frozenset[int]:
        spaces = self.spaces.get(id(condition))
        if spaces is None:
            spaces = self.spaces[id(condition)] = self.joker_set.intersection(condition.region)
        return spaces

    def _conditions(self, conditions: Sequence[Condition]) -> tuple[int, ...] | None:
        if not all(self._possible(c) for c in conditions):
            return None
        numbers: Numbers = {}
        for group in _groups(conditions, [self.jokers_in(c) for c in conditions]):
            key = tuple(map(id, group))
            if key in self.groups:
                found = self.groups[key]
            else:
                found = None if self._cannot_hold(group) else self._search_group(group)
                self.groups[key] = found
            if found is None:
                return None
            numbers.update(found)
        return tuple(numbers.get(space, 0) for space in self.jokers)

    def _cannot_hold(self, conditions: Sequence[Condition]) -> bool:
        """Whether some of the conditions were found unable to hold together."""
        ids = frozenset(map(id, conditions))
        return any(failed <= ids for failed in self.impossible)

    def _search_group(self, conditions: Sequence[Condition]) -> Numbers | None:
        """The first numbers found for the group's jokers under which all of its
        conditions hold, trying the jokers in `_order`, each the smallest number first;
        or None. The parts of compound tasks are searched apart where they share no
        joker."""
        involved = _order([self.jokers_in(c) for c in conditions])
        parts = [p for c in conditions for p in _conjuncts(c)]
        numbers: Numbers = {}
        for group in _groups(parts, [self.jokers_in(p) for p in parts]):
            spaces = set().union(*(self.jokers_in(p) for p in group))
            order = tuple(s for s in involved if s in spaces)
            key = (tuple(map(id, group)), order)
            if key in self.parts:
                found = self.parts[key]
            else:
                found = None if self._cannot_hold(group) else self._smallest(group, order)
                self.parts[key] = found
            if found is None:
                self.impossible.append(frozenset(map(id, group)))
                return None
            numbers.update(found)
        return numbers

    def _smallest(self, conditions: Sequence[Condition], order: Sequence[int]) -> Numbers | None:
        """The smallest numbers in `order` (each among those every condition allows on
        its own) under which all the conditions hold, or None.

        Each joker in turn takes the smallest number after which the rest can still be
        completed, asked of an exact test (`_Completion`), which also hands back the
        numbers it found: a joker's number there needs no test.
        """
        claims = [c.different for c in conditions]
        all_different = [spaces for spaces, yes in filter(None, claims) if yes]
        for spaces, yes in filter(None, claims):
            if not yes and any(spaces <= other for other in all_different):
                return None
        choices: dict[int, list[int]] = {}
        for space in order:
            allowed = frozenset(range(10))
            for condition in conditions:
                if space in self.jokers_in(condition):
                    allowed &= self._allowed(condition, space)
            if not allowed:
                return None
            choices[space] = sorted(allowed)
        test = _Completion(self, conditions, choices)
        if not test.completes():
            return None
        witness = test.witness
        for space in order:
            for number in choices[space]:
                if number == witness[space]:
                    test.set(space, number)
                    break
                if test.set(space, number):
                    if test.completes():
                        witness = test.witness
                        break
                    test.unset(space)
        return {space: test.work[space] for space in order}  # type: ignore[misc]

    def _allowed(self, condition: Condition, space: int) -> frozenset[int]:
        """The numbers for the joker on `space` under which `condition` can still hold
        with its other jokers open."""
        key = (id(condition), space)
        allowed = self.allowed.get(key)
        if allowed is None:
            sums = condition.sums
            if sums is not None:
                start = [e.interval(self.values) for e in sums]
                numbers = [
                    n
                    for n, moves in enumerate(self.moves_of(condition, sums, space))
                    if condition.possible_within(
                        [(a[0] + m[0], a[1] + m[1]) for a, m in zip(start, moves, strict=True)]  # type: ignore[index]
                    )
                ]
            else:
                work = list(self.values)
                numbers = []
                for number in range(10):
                    work[space] = number
                    if condition.possible(work):
                        numbers.append(number)
            allowed = self.allowed[key] = frozenset(numbers)
        return allowed

    def moves_of(
        self, condition: Condition, sums: tuple[Expr, ...], space: int
    ) -> list[tuple[tuple[int, int], ...]]:
        """How each number on the open `space` moves the intervals of `sums` (the same
        whatever the other numbers are), by number."""
        key = (tuple(map(id, sums)), space)
        moves = self.moves.get(key)
        if moves is None:
            work = list(self.values)
            before = [e.interval(work) for e in sums]
            moves = []
            for number in range(10):
                work[space] = number
                after = [e.interval(work) for e in sums]
                moves.append(
                    tuple(
                        (a[0] - b[0], a[1] - b[1])  # type: ignore[index]
                        for a, b in zip(after, before, strict=True)
                    )
                )
            self.moves[key] = moves
        return moves


def _conjuncts(condition: Condition) -> tuple[Condition, ...]:
    if isinstance(condition, AllOf):
        return tuple(p for part in condition.parts for p in _conjuncts(part))
    return (condition,)


def _order(regions: Sequence[frozenset[int]]) -> list[int]:
    """The jokers of some conditions (their joker spaces `regions`) in search order: those
    of the conditions with the fewest jokers first, then those in most conditions (so a
    condition, or a contradiction between two, is settled early), then in space order."""

    def key(space: int) -> tuple[int, int]:
        holding = [len(r) for r in regions if space in r]
        return min(holding), -len(holding)

    return sorted(sorted(set().union(*regions)), key=key)


def _groups(
    conditions: Sequence[Condition], regions: Sequence[frozenset[int]]
) -> list[tuple[Condition, ...]]:
    """The conditions with jokers, in groups linked by shared jokers (each in the given
    order)."""
    groups: list[tuple[list[int], set[int]]] = []
    for index, region in enumerate(regions):
        if not region:
            continue  # decided already
        merged = [index]
        spaces = set(region)
        for group in [g for g in groups if not g[1].isdisjoint(region)]:
            groups.remove(group)
            merged += group[0]
            spaces |= group[1]
        groups.append((sorted(merged), spaces))
    return [tuple(conditions[i] for i in indices) for indices, _ in groups]


class _Completion:
    """Whether some numbers for a group's open jokers make all of its conditions hold,
    with jokers set one by one (`set`, `unset`).

    The open jokers with fewest allowed numbers are tried first, then the others a
    condition at a time (the one with fewest open jokers first). Open jokers that no open
    condition links fall apart into parts completed one by one (a joker set can cut a
    group in two: then a dead end in one part is not searched again for every state of
    the other). Each state, which jokers are open and the signatures of the conditions
    still open (a sum's total so far, a count so far, else the numbers themselves), is
    searched once and remembered with its outcome, so sums are searched by their totals
    (dynamic programming), not number by number. A sum in several conditions (or parts
    of one) must also end in a range all of them allow ("A = 24" and "A < 18" fail at
    once).
    """

    def __init__(
        self, solver: _Solver, conditions: Sequence[Condition], choices: dict[int, list[int]]
    ) -> None:
        self.solver = solver
        self.conditions = conditions
        self.choices = choices
        self.ids = [id(c) for c in conditions]
        # A condition's merged sums where no other condition shares one of its sums.
        sums = [c.sums for c in conditions]
        counts = Counter(expr for own in sums for expr in own or ())
        self.sums = [
            c.merged_sums if own and c.merged_sums and all(counts[e] == 1 for e in own) else own
            for c, own in zip(conditions, sums, strict=True)
        ]
        self.summarises = [c.summarises for c in conditions]
        self.moves: list[dict[int, list[tuple[tuple[int, int], ...]]]] = [{} for _ in conditions]
        regions = [solver.jokers_in(c) for c in conditions]
        self.bits = [sum(1 << s for s in region) for region in regions]
        # Jokers with few numbers allowed first (a contradiction shows soonest there), then
        # the others a condition at a time, so that few conditions are open at once (and
        # a state is told by few signatures).
        few = sorted((s for s in choices if len(choices[s]) < FEW), key=lambda s: len(choices[s]))
        order = list(few)
        left = [s for s in choices if s not in few]
        while left:  # close a condition at a time: the one with fewest jokers left open
            nearest = min((r for r in regions if r & set(left)), key=lambda r: len(r & set(left)))
            order += [s for s in left if s in nearest]
            left = [s for s in left if s not in nearest]
        self.order = order
        self.watchers = {s: [i for i, r in enumerate(regions) if s in r] for s in choices}
        holders: dict[Expr, list[tuple[int, int]]] = {}
        for i, own in enumerate(self.sums):
            for k, expr in enumerate(own or ()):
                holders.setdefault(expr, []).append((i, k))
        shared = [holding for holding in holders.values() if len(holding) > 1]
        self.checks = {
            s: [h for h in shared if any(i in self.watchers[s] for i, _ in h)] for s in choices
        }
        self.shared = shared
        self.work = list(solver.values)
        self.signatures: list[Hashable] = [
            c.signature(self.work) if own is None else tuple(e.interval(self.work) for e in own)
            for c, own in zip(conditions, self.sums, strict=True)
        ]
        self.mask = 0  # the jokers set
        self.full = sum(1 << s for s in choices)
        self.saved: dict[int, list[Hashable]] = {}
        # the numbers found to complete a state (which jokers are open, the signatures of
        # the open conditions), or None: it cannot be completed
        self.known: dict[tuple[int, tuple[Hashable, ...]], tuple[int, ...] | None] = {}
        self.plans: dict[int, tuple[list[int], list[int], int, list[int]]] = {}
        self.witness: dict[int, int] = {}  # the numbers last found to complete, by space

    def completes(self) -> bool:
        """Whether the jokers still open can be given numbers under which all hold (the
        numbers found are then in `witness`)."""
        if not self.mask and not self._agree(self.shared):
            return False
        self.witness = {}  # a search that fails leaves the numbers of some parts
        return self._completes(self.full & ~self.mask)

    def _completes(self, open_: int) -> bool:
        """`completes` for the open jokers in the bit mask `open_`, which no open
        condition links to the other open jokers."""
        if not open_:
            return True
        plan = self.plans.get(open_)
        if plan is None:
            plan = self.plans[open_] = self._plan(open_)
        apart, watching, space, spaces = plan
        if len(apart) > 1:  # independent parts: each completes on its own, or none does
            return all(self._completes(part) for part in apart)
        key = (open_, tuple([self.signatures[i] for i in watching]))
        numbers = self.known.get(key, ())
        if numbers is None:
            return False
        if numbers:
            self.witness.update(zip(spaces, numbers, strict=True))
            return True
        # `set` and `unset`, written out: this loop is where the time goes
        signatures, work, step = self.signatures, self.work, self._step
        watchers = self.watchers[space]
        before = [signatures[i] for i in watchers]
        checks = self.checks[space]
        bit = 1 << space
        rest = open_ & ~bit
        found = False
        for number in self.choices[space]:
            for i in watchers:
                holds, signatures[i] = step(i, space, number)
                if not holds:
                    break
            else:
                work[space] = number
                self.mask |= bit
                found = (not checks or self._agree(checks)) and self._completes(rest)
                self.mask &= ~bit
                work[space] = UNKNOWN
            for i, signature in zip(watchers, before, strict=True):
                signatures[i] = signature
            if found:
                self.witness[space] = number
                self.known[key] = tuple(self.witness[s] for s in spaces)
                return True
        self.known[key] = None
        return False

    def _plan(self, open_: int) -> tuple[list[int], list[int], int, list[int]]:
        """For open jokers: their parts no open condition links (bit masks), the open
        conditions, the joker to set first, the jokers in space order."""
        watching = [i for i, bits in enumerate(self.bits) if bits & open_]
        apart: list[int] = []
        for i in watching:
            linked = self.bits[i] & open_
            for part in [p for p in apart if p & linked]:
                apart.remove(part)
                linked |= part
            apart.append(linked)
        spaces = [s for s in sorted(self.choices) if open_ >> s & 1]
        space = next(s for s in self.order if open_ >> s & 1)
        return apart, watching, space, spaces

    def set(self, space: int, number: int) -> bool:
        """Give the open joker on `space` a number; False (and nothing set) if some
        condition can no longer hold."""
        watching = self.watchers[space]
        before = [self.signatures[i] for i in watching]
        for i in watching:
            holds, self.signatures[i] = self._step(i, space, number)
            if not holds:
                break
        else:
            self.work[space] = number
            self.mask |= 1 << space
            checks = self.checks[space]
            if not checks or self._agree(checks):
                self.saved[space] = before
                return True
            self.mask &= ~(1 << space)
            self.work[space] = UNKNOWN
        for i, signature in zip(watching, before, strict=True):
            self.signatures[i] = signature
        return False

    def unset(self, space: int) -> None:
        for i, signature in zip(self.watchers[space], self.saved.pop(space), strict=True):
            self.signatures[i] = signature
        self.mask &= ~(1 << space)
        self.work[space] = UNKNOWN

    def _step(self, i: int, space: int, number: int) -> tuple[bool, Hashable]:
        """Condition i once `number` is on the open `space`: can it still hold, and its
        signature."""
        own = self.sums[i]
        signature = self.signatures[i]
        if own is not None:  # its intervals move by amounts known in advance
            moves = self.moves[i].get(space)
            if moves is None:
                moves = self.moves[i][space] = self.solver.moves_of(self.conditions[i], own, space)
            intervals = cast(tuple[tuple[int, int], ...], signature)
            moved = tuple(
                [
                    (lo + low, hi + high)
                    for (lo, hi), (low, high) in zip(intervals, moves[number], strict=False)
                ]
            )
            return self.conditions[i].possible_within(moved), moved
        if not self.summarises[i]:  # no other board shares the signature
            return self._judge(i, space, number)
        key = (self.ids[i], self.mask & self.bits[i], signature, space, number)
        known = self.solver.steps.get(key)
        if known is None:  # boards that share the signature step alike
            known = self.solver.steps[key] = self._judge(i, space, number)
        return known

    def _judge(self, i: int, space: int, number: int) -> tuple[bool, Hashable]:
        self.work[space] = number
        condition = self.conditions[i]
        holds = condition.possible(self.work)
        judged = (holds, condition.signature(self.work) if holds else None)
        self.work[space] = UNKNOWN
        return judged

    def _agree(self, holdings: list[list[tuple[int, int]]]) -> bool:
        for holding in holdings:
            i, k = holding[0]
            low, high = self.signatures[i][k]  # type: ignore[index]
            for i, k in holding:
                bound = self.conditions[i].ranges(self.signatures[i])[k]  # type: ignore[arg-type]
                low, high = max(low, bound[0]), min(high, bound[1])
            if low > high:
                return False
        return True
