"""The casual player's choices in Super Mega Lucky Box, on a `Sheet`.

Each choice takes what is worth most now (`sheet.Judge`): the crossing (lightning
paid) or bonus target that gains most, passing when no crossing is worth its
lightning; the cards whose bonuses are worth most. A `Style` blurs the worths (the
casual player's mistakes); without it these choices play the strong player's
playouts, where a whole round is played out for one sheet (`play_round`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.luckybox.deck import bonuses as card_bonuses
from games.luckybox.scoring import STAR_POINTS
from games.luckybox.sheet import Judge, Sheet, Worths, bonus_worth, level_of


@dataclass(frozen=True)
class Style:
    noise: float = 0.0
    rng: random.Random | None = None

    def blur(self) -> float:
        return self.rng.gauss(0.0, self.noise) if self.noise and self.rng else 0.0


EXACT = Style()


def crossing(
    sheet: Sheet, judge: Judge, number: int, style: Style = EXACT
) -> tuple[int, int, int] | None:
    """The best (card index, box, lightning) for the revealed number, or None: pass."""
    best = None
    best_worth = 0.0
    price_worth = judge.worths.lightning
    for index, box, price in sheet.options(number):
        worth = judge.gain(sheet, index, box) - price * price_worth
        if style.noise:
            worth += style.blur()
        if worth > best_worth:
            best, best_worth = (index, box, price), worth
    return best


def target(sheet: Sheet, judge: Judge, bonus: str, style: Style = EXACT) -> tuple[int, int] | None:
    """The best (card index, box) for a number or ? bonus (None: no box for it)."""
    best = None
    best_worth = -1e9
    for index, box in sheet.targets(bonus):
        worth = judge.gain(sheet, index, box) + (style.blur() if style.noise else 0.0)
        if worth > best_worth:
            best, best_worth = (index, box), worth
    return best


def resolve(sheet: Sheet, judge: Judge) -> None:
    """Use the pending bonuses, the best box each (depth first, as `board` does)."""
    while sheet.pending:
        bonus = sheet.pending.pop(0)
        found = target(sheet, judge, bonus)
        if found is not None:
            sheet.cross(*found)


def reveal(sheet: Sheet, judge: Judge, number: int) -> None:
    """One reveal by the casual choices (no blur)."""
    found = crossing(sheet, judge, number)
    if found is not None:
        index, box, price = found
        sheet.lightning -= price
        sheet.cross(index, box)
        resolve(sheet, judge)


def play_round(sheet: Sheet, worths: Worths, numbers: Sequence[int], first: int) -> int:
    """Play the reveals `numbers` (the reveal `first` onwards) and score the round's
    stars; returns the star points."""
    for offset, number in enumerate(numbers):
        reveal(sheet, Judge(worths, level_of(sheet.round, first + offset)), number)
    return STAR_POINTS[min(sheet.stars, 3)]


def card_worth(card: int, worths: Worths) -> float:
    """A card offered: what its bonuses are worth (a star as a line's star)."""
    return sum(
        worths.star if bonus == "S" else bonus_worth(bonus, worths, 0)
        for bonus in card_bonuses(card)
        if bonus
    )


def ranked(cards: Sequence[int], worths: Worths, style: Style = EXACT) -> list[int]:
    """Offered cards, the most worth first."""
    scored = [(card_worth(c, worths) + style.blur(), -i, c) for i, c in enumerate(cards)]
    return [c for _, _, c in sorted(scored, reverse=True)]
