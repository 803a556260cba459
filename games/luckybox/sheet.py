"""One player's Lucky Box cards as plain lists, and how a computer player judges them.

The engine's boards are pydantic models; the strong player plays thousands of reveals
a decision, so it copies its own cards into a `Sheet` and plays there by the same
rules as `board` (lightning shifts a number, completed lines give their bonus, a number
or ? bonus crosses again, a completed card scores and leaves play).

A crossing's worth (`Judge`) is what it gains at once (a line's bonus, a card's points)
plus the change of the cards' potential: crossed boxes count towards the end's points
and towards finishing the card (more so when many reveals remain), and a line nearly
crossed counts part of its bonus. Lightning spent costs its worth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from games.luckybox.board import CARD_POINTS, cost
from games.luckybox.deck import DIGITS, FULL, LIGHTNING, LINES, LINES_OF, MOON, QUESTION, STAR
from games.luckybox.deck import bonuses as card_bonuses
from games.luckybox.deck import digits as card_digits
from games.luckybox.models import REVEALS, ROUNDS
from games.luckybox.scoring import STAR_POINTS

LINE_MASKS = tuple(sum(1 << b for b in line) for line in LINES)
COST = tuple(tuple(cost(a, b) for b in range(10)) for a in range(10))
STAR_STEP = tuple(STAR_POINTS[min(n + 1, 3)] - STAR_POINTS[min(n, 3)] for n in range(10))
LEVELS = 9  # potentials by reveals left in the game, in steps of four


@dataclass(frozen=True)
class Worths:
    """What a player counts things for, in points."""

    lightning: float = 0.9  # a token kept: a third of a point at the end, and a shift
    moon: float = 2.5  # towards most moons (+6) and away from fewest (-6)
    number: float = 1.2  # a number bonus: a free crossing (if a box matches)
    question: float = 2.0  # a ? bonus: a free crossing anywhere
    star: float = 2.0  # a line's star, while it is open (a star taken counts its step)
    finish: float = 9.0  # a card's finishing worth at most, while reveals remain


def bonus_worth(bonus: str, worths: Worths, stars: int) -> float:
    """What a line's bonus is worth when gained (a star: its step of this round's score)."""
    if bonus == STAR:
        return float(STAR_STEP[stars])
    if bonus == MOON:
        return worths.moon
    if bonus in LIGHTNING:
        return LIGHTNING[bonus] * worths.lightning
    if bonus == QUESTION:
        return worths.question
    if bonus in DIGITS:
        return worths.number
    return 0.0


@cache
def potential(card: int, level: int, worths: Worths = Worths()) -> tuple[float, ...]:
    """A card's potential by crossed boxes (a mask), with `level` (0..LEVELS-1) standing
    for the reveals left in the game: none at 0, where only the end's points count."""
    share = level / (LEVELS - 1)
    gains = card_bonuses(card)
    out = []
    for mask in range(FULL + 1):
        if mask == FULL:
            out.append(0.0)  # a completed card left play; its points were counted
            continue
        crossed = mask.bit_count()
        value = crossed / 2  # the end: a point per two boxes of an unfinished card
        value += share * worths.finish * (crossed / 9) ** 3
        for line, bonus in zip(LINE_MASKS, gains, strict=True):
            if bonus:
                done = (mask & line).bit_count()
                worth = worths.star if bonus == STAR else bonus_worth(bonus, worths, 0)
                value += share * worth * (0.0, 0.15, 0.45, 0.0)[done]  # a finished line was paid
        out.append(value)
    return tuple(out)


def level_of(round_: int, reveal: int) -> int:
    """The potential level after `reveal` reveals of `round_`."""
    left = (ROUNDS - round_) * REVEALS + (REVEALS - reveal)
    return min(LEVELS - 1, (left + 3) // 4)


@dataclass
class Sheet:
    """One player's cards in play ([card, crossed mask]) and what they gathered."""

    cards: list[list[int]]
    lightning: int
    moons: int
    stars: int  # this round's
    round: int
    points: int = 0  # card points gained here
    pending: list[str] = field(default_factory=list)  # number and ? bonuses to use

    def copy(self) -> Sheet:
        return Sheet(
            [list(c) for c in self.cards],
            self.lightning,
            self.moons,
            self.stars,
            self.round,
            self.points,
            list(self.pending),
        )

    def cross(self, index: int, box: int) -> None:
        """Cross a box (lightning already paid) and gain what it completes."""
        held = self.cards[index]
        card, mask = held
        mask |= 1 << box
        held[1] = mask
        steps = []
        gains = card_bonuses(card)
        for line in LINES_OF[box]:
            bonus = gains[line]
            if bonus and mask & LINE_MASKS[line] == LINE_MASKS[line]:
                if bonus in LIGHTNING:
                    self.lightning += LIGHTNING[bonus]
                elif bonus == STAR:
                    self.stars += 1
                elif bonus == MOON:
                    self.moons += 1
                else:
                    steps.append(bonus)
        if mask == FULL:
            del self.cards[index]
            self.points += CARD_POINTS[self.round - 1]
        self.pending[:0] = steps

    def options(self, number: int) -> list[tuple[int, int, int]]:
        """(card index, box, lightning) of every box `number` may cross."""
        out = []
        for index, (card, mask) in enumerate(self.cards):
            row = COST[number]
            ds = card_digits(card)
            for box in range(9):
                if not mask >> box & 1:
                    price = row[ds[box]]
                    if price <= self.lightning:
                        out.append((index, box, price))
        return out

    def targets(self, bonus: str) -> list[tuple[int, int]]:
        """(card index, box) a number bonus (that digit) or a ? may cross."""
        anything = bonus == QUESTION
        digit = 0 if anything else int(bonus)
        out = []
        for index, (card, mask) in enumerate(self.cards):
            ds = card_digits(card)
            for box in range(9):
                if not mask >> box & 1 and (anything or ds[box] == digit):
                    out.append((index, box))
        return out


class Judge:
    """Worths of crossings on a sheet at a point of the game (`level`)."""

    def __init__(self, worths: Worths, level: int) -> None:
        self.worths = worths
        self.level = level

    def gain(self, sheet: Sheet, index: int, box: int) -> float:
        """What crossing `box` of card `index` is worth (its lightning not counted)."""
        card, mask = sheet.cards[index]
        after = mask | 1 << box
        table = potential(card, self.level, self.worths)
        value = table[after] - table[mask]
        gains = card_bonuses(card)
        stars = sheet.stars
        for line in LINES_OF[box]:
            bonus = gains[line]
            if bonus and after & LINE_MASKS[line] == LINE_MASKS[line]:
                value += bonus_worth(bonus, self.worths, stars)
                if bonus == STAR:
                    stars += 1
        if after == FULL:
            value += CARD_POINTS[sheet.round - 1]
        return value

    def value(self, sheet: Sheet) -> float:
        """A sheet's worth: what it gathered and its cards' potential (its stars are
        scored by the caller at the round's end)."""
        kept = self.worths.lightning if self.level else 1 / 3  # at the end: a third
        total = sheet.points + sheet.lightning * kept
        total += sheet.moons * self.worths.moon
        for card, mask in sheet.cards:
            total += potential(card, self.level, self.worths)[mask]
        return total
