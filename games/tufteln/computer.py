"""Tüfteln's computer players (the contract: `games/computers.py`).

A seat sees its own sheet, the rolls and how far everyone is; other sheets only at the
end. Nobody else's sheet changes its own score, so what it cannot see that matters is
the dice to come.

- default: the timeout's documented placement (`placement.default_placement`).
- casual: places each roll where its squares' best combinations stay most within
  reach (the hopeful `potential` value): it chases straights and fours and does not
  plan for dice that fail to come.
- strong: keeps the placements a balanced value likes best, then plays each to the
  end on sampled future dice (the same dice for every candidate) with the balanced
  greedy player, and takes the best mean final score.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from functools import cache

from games.computers import Computers, Decision
from games.engine import Seat
from games.tufteln.models import ROUNDS, Place, TuftelnState, TuftelnView
from games.tufteln.placement import Pair, Variant, assignments, default_placement, fill, legal_pairs
from games.tufteln.potential import DIGITS, blended, key_of
from games.tufteln.scoring import total
from games.tufteln.sheet import BLANK_SHEET, FIELD_NAMES, SQUARES, field_index

CASUAL_HOPE = 1.0  # casual: each square as good as its best completion
STRONG_HOPE = 0.5  # strong (and its playouts): halfway between chance and the best
CANDIDATES = 10  # placements the strong player plays out
MIN_SAMPLES = 2

# Each field's square and the weight of its digit in the square's key.
_CELL: dict[int, tuple[int, int]] = {
    field: (square, DIGITS ** (3 - cell))
    for square, fields in enumerate(SQUARES)
    for cell, field in enumerate(fields)
}


@cache
def _table(hope: float) -> tuple[float, ...]:
    return blended(hope)


def _keys(sheet: str) -> list[int]:
    return [key_of(*(int(sheet[f]) for f in fields)) for fields in SQUARES]


def _gain(keys: list[int], table: Sequence[float], placement: Pair, dice: tuple[int, int]) -> float:
    """How much `placement` of `dice` changes the squares' value."""
    (si, wi), (sj, wj) = _CELL[placement[0]], _CELL[placement[1]]
    if si == sj:
        key = keys[si]
        return table[key + dice[0] * wi + dice[1] * wj] - table[key]
    ki, kj = keys[si], keys[sj]
    return table[ki + dice[0] * wi] - table[ki] + table[kj + dice[1] * wj] - table[kj]


def ranked(
    sheet: str, placements: Sequence[Pair], dice: tuple[int, int], table: Sequence[float]
) -> list[int]:
    """Indices of `placements`, best first by `table` (ties: the engine's order)."""
    keys = _keys(sheet)
    gains = [_gain(keys, table, p, dice) for p in placements]
    return sorted(range(len(placements)), key=lambda k: -gains[k])


def greedy(sheet: str, variant: Variant, dice: tuple[int, int], table: Sequence[float]) -> Pair:
    """The placement `table` values most (the playouts' player)."""
    keys = _keys(sheet)
    best: Pair | None = None
    best_gain = float("-inf")
    for placement in assignments(legal_pairs(sheet, variant), dice):
        gain = _gain(keys, table, placement, dice)
        if gain > best_gain:
            best, best_gain = placement, gain
    assert best is not None, "a completable sheet always has a legal placement"
    return best


def finish(
    sheet: str, variant: Variant, rolls: Sequence[tuple[int, int]], table: Sequence[float]
) -> str:
    for dice in rolls:
        sheet = fill(sheet, greedy(sheet, variant, dice, table), dice)
    return sheet


# -- what a decision knows -------------------------------------------------------------


def _sheet(view: TuftelnView) -> str:
    assert view.me is not None
    return "".join(str(v) for v in view.me.values)


def _pairs(legal: Sequence[Place]) -> list[Pair]:
    pairs = []
    for action in legal:
        i, j = field_index(action.first), field_index(action.second)
        assert i is not None and j is not None
        pairs.append((i, j))
    return pairs


def _chosen(decision: Decision, index: int) -> Place:
    action: Place = decision.legal[index]
    return action


def _action(view: TuftelnView, placement: Pair) -> Place:
    return Place(
        roll=view.open_rolls[0].roll,
        first=FIELD_NAMES[placement[0]],
        second=FIELD_NAMES[placement[1]],
    )


# -- the policies ------------------------------------------------------------------------


def default(decision: Decision) -> Place:
    view: TuftelnView = decision.view
    dice = view.open_rolls[0].dice
    return _action(view, default_placement(_sheet(view), view.variant, dice))


def casual(decision: Decision) -> Place:
    view: TuftelnView = decision.view
    pairs = _pairs(decision.legal)
    best = ranked(_sheet(view), pairs, view.open_rolls[0].dice, _table(CASUAL_HOPE))[0]
    return _chosen(decision, best)


def strong(decision: Decision) -> Place:
    view: TuftelnView = decision.view
    sheet = _sheet(view)
    dice = view.open_rolls[0].dice
    table = _table(STRONG_HOPE)
    pairs = _pairs(decision.legal)
    order = ranked(sheet, pairs, dice, table)[:CANDIDATES]
    known = [r.dice for r in view.open_rolls[1:]]  # rolls made, still to place
    unknown = ROUNDS - len(view.rolls)
    if not known and not unknown:  # the last roll: every placement's exact score
        scores = [total(fill(sheet, pair, dice)) for pair in pairs]
        return _chosen(decision, max(range(len(pairs)), key=lambda k: (scores[k], -k)))
    if len(order) == 1:
        return _chosen(decision, order[0])
    totals = [0.0] * len(order)
    rng = decision.rng
    deadline = time.process_time() + decision.budget
    rounds = 0
    while (
        rounds < decision.samples
        if decision.samples is not None
        else rounds < MIN_SAMPLES or time.process_time() < deadline
    ):
        rolls = known + [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(unknown)]
        for n, k in enumerate(order):
            after = fill(sheet, pairs[k], dice)
            totals[n] += total(finish(after, view.variant, rolls, table))
        rounds += 1
    best = max(range(len(order)), key=lambda n: (totals[n], -n))
    return _chosen(decision, order[best])


# -- what a seat cannot see, dealt ---------------------------------------------------------


def sample(view: TuftelnView, seat: Seat, rng: random.Random) -> TuftelnState:
    """A state that gives `seat` this view: the others' sheets filled anew with the same
    rolls (random legal placements), and a new seed for the dice to come."""
    seats = len(view.placed)
    sheets = [BLANK_SHEET] * seats
    last: list[tuple[str, str]] = [("", "")] * seats
    defaulted = [0] * seats
    shown = {s.seat: s for s in view.sheets or []}
    if view.me is not None:
        shown[seat] = view.me
    for other in range(seats):
        if other in shown:
            seen = shown[other]
            sheets[other] = "".join(str(v) for v in seen.values)
            last[other] = (seen.last[0], seen.last[1]) if seen.last else ("", "")
            defaulted[other] = seen.defaulted
            continue
        sheet = BLANK_SHEET
        for dice in view.rolls[: view.placed[other]]:
            i, j = rng.choice(assignments(legal_pairs(sheet, view.variant), dice))
            sheet = fill(sheet, (i, j), dice)
            last[other] = (FIELD_NAMES[i], FIELD_NAMES[j])
        sheets[other] = sheet
    return TuftelnState(
        seats=seats,
        seed=rng.getrandbits(62),
        draws=len(view.rolls),
        variant=view.variant,
        schedule=view.schedule,
        turn_seconds=0,
        final_hours=24,
        remind=view.remind,
        rolls=list(view.rolls),
        sheets=sheets,
        placed=list(view.placed),
        defaulted=defaulted,
        last=last,
        over=view.over,
    )


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)
