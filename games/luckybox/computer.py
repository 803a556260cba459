"""Super Mega Lucky Box's computer players (`games/computers.py`).

- default: the time limit's defaults for one seat (`policy`): exact matches only, every
  bonus taken in printed order, the cards with the most bonus slots.
- casual: the plain player of `mind`: what gains most now, lightning counted at its
  worth, the cards whose bonuses are worth most; with noise on each worth.
- strong: determinized Monte Carlo. For each of its best few moves by the casual worths
  (and passing), it deals the numbers still to come this round at random, plays the
  round out on its own cards (`sheet`) by the casual choices, and keeps the move whose
  rounds end worth most: points, stars, and what the cards still promise. Choosing
  cards is searched the same way, on the round to come.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from games.computers import Computers, Decision
from games.engine import Seat
from games.luckybox import mind
from games.luckybox.board import cost
from games.luckybox.dealing import board_of, numbers_to_come, sample
from games.luckybox.deck import digits
from games.luckybox.mind import Style
from games.luckybox.models import (
    REVEALS,
    Bonus,
    Cross,
    Decline,
    Keep,
    LuckyAction,
    Order,
    Pass,
    Take,
    Turn,
)
from games.luckybox.policy import keep_default, take_default, turn_default
from games.luckybox.sheet import Judge, Sheet, Worths, level_of
from games.luckybox.views import BoardView, LuckyView

WORTHS = Worths()
CASUAL_NOISE = 0.3  # points of blur on each crossing's worth: the casual player's mistakes
CASUAL_PICK_NOISE = 1.0  # and on each offered card's
CANDIDATES = 5  # the strong player's crossings or bonus targets tried (besides passing)
MIN_DEALS = 2


def sheet_of(board: BoardView, round_: int, pending: Sequence[str] = ()) -> Sheet:
    return Sheet(
        cards=[[c.card, sum(1 << b for b, x in enumerate(c.crossed) if x)] for c in board.cards],
        lightning=board.lightning,
        moons=board.moons,
        stars=board.stars[round_ - 1],
        round=round_,
        pending=list(pending),
    )


def _mine(view: LuckyView) -> Sheet:
    me = view.me
    assert me is not None
    return sheet_of(me.board, view.round, me.pending)


def _index(sheet: Sheet, card: int) -> int:
    return next(i for i, (c, _) in enumerate(sheet.cards) if c == card)


# -- default ---------------------------------------------------------------------------------


def default(decision: Decision) -> LuckyAction:
    view: LuckyView = decision.view
    me = view.me
    assert me is not None
    first = decision.legal[0]
    offer = [c.card for c in me.offers]
    if isinstance(first, Keep):
        return keep_default(offer)
    if isinstance(first, Take):
        return take_default(offer)
    turn = Turn(
        board=board_of(me.board), based=me.based, pending=list(me.pending), ordering=me.ordering
    )
    assert view.number is not None
    return turn_default(turn, view.number)


# -- casual ----------------------------------------------------------------------------------


def choose(decision: Decision, style: Style, pick_style: Style) -> LuckyAction:
    view: LuckyView = decision.view
    me = view.me
    assert me is not None
    legal = decision.legal
    first = legal[0]
    if isinstance(first, Keep):
        a, b, c = sorted(mind.ranked([o.card for o in me.offers], WORTHS, pick_style)[:3])
        return Keep(cards=(a, b, c))
    if isinstance(first, Take):
        return Take(card=mind.ranked([o.card for o in me.offers], WORTHS, pick_style)[0])
    if isinstance(first, Order):
        return first  # the printed order
    sheet = _mine(view)
    judge = Judge(WORTHS, level_of(view.round, view.reveal))
    if me.pending:
        found = mind.target(sheet, judge, me.pending[0], style)
        return Decline() if found is None else Bonus(card=sheet.cards[found[0]][0], box=found[1])
    assert view.number is not None
    crossing = mind.crossing(sheet, judge, view.number, style)
    if crossing is None:
        return Pass()
    return Cross(card=sheet.cards[crossing[0]][0], box=crossing[1])


def casual(decision: Decision) -> LuckyAction:
    return choose(
        decision,
        Style(CASUAL_NOISE, decision.rng),
        Style(CASUAL_PICK_NOISE, decision.rng),
    )


# -- strong ----------------------------------------------------------------------------------


def candidates(view: LuckyView, legal: Sequence[LuckyAction]) -> list[LuckyAction]:
    """The moves worth a playout: the best few crossings (or bonus targets) by the casual
    worths, and passing; choices of cards and orders all."""
    first = legal[0]
    if isinstance(first, Keep | Take | Order):
        return list(legal)
    sheet = _mine(view)
    judge = Judge(WORTHS, level_of(view.round, view.reveal))
    price = WORTHS.lightning
    me = view.me
    assert me is not None

    def worth(action: LuckyAction) -> float:
        if not isinstance(action, Cross | Bonus):
            return 0.0
        index = _index(sheet, action.card)
        spent = (
            cost(digits(action.card)[action.box], view.number or 0)
            if isinstance(action, Cross)
            else 0
        )
        return judge.gain(sheet, index, action.box) - spent * price

    moves = [a for a in legal if isinstance(a, Cross | Bonus)]
    best: list[LuckyAction] = [*sorted(moves, key=lambda a: -worth(a))[:CANDIDATES]]
    if isinstance(first, Cross | Pass) and Pass() in legal:
        best.append(Pass())
    return best or list(legal)


def start(sheet: Sheet, action: LuckyAction, number: int | None) -> None:
    """The seat's move on its sheet."""
    match action:
        case Cross(card=card, box=box):
            assert number is not None
            sheet.lightning -= cost(digits(card)[box], number)
            sheet.cross(_index(sheet, card), box)
        case Bonus(card=card, box=box):
            sheet.pending.pop(0)
            sheet.cross(_index(sheet, card), box)
        case Decline():
            sheet.pending.pop(0)
        case Order(first=first):
            if sheet.pending[0] != first:
                sheet.pending[0], sheet.pending[1] = sheet.pending[1], sheet.pending[0]
        case Take(card=card):
            sheet.cards.append([card, 0])
        case Keep(cards=cards):
            sheet.cards = [[c, 0] for c in cards]


def round_worth(sheet: Sheet, numbers: Sequence[int], first: int) -> float:
    """Finish this reveal's bonuses, play the round's `numbers` from reveal `first` on,
    and judge the sheet at the round's end."""
    mind.resolve(sheet, Judge(WORTHS, level_of(sheet.round, max(first - 1, 0))))
    stars = mind.play_round(sheet, WORTHS, numbers, first)
    return Judge(WORTHS, level_of(sheet.round, REVEALS)).value(sheet) + stars


def strong(decision: Decision) -> LuckyAction:
    view: LuckyView = decision.view
    options = candidates(view, decision.legal)
    if len(options) == 1:
        return options[0]
    base = _mine(view)
    choosing = view.stage in ("keep", "choose")
    # The round to come when choosing cards; else the rest of this one.
    first = 1 if choosing else view.reveal + 1
    reveals_left = REVEALS - first + 1
    totals = [0.0] * len(options)
    deadline = time.process_time() + decision.budget
    deals = 0
    while (
        deals < decision.samples
        if decision.samples is not None
        else deals < MIN_DEALS or time.process_time() < deadline
    ):
        numbers = numbers_to_come(view, decision.rng)[:reveals_left]
        for index, action in enumerate(options):
            sheet = base.copy()
            start(sheet, action, view.number)
            totals[index] += round_worth(sheet, numbers, first)
        deals += 1
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]


def _sample(view: Any, seat: Seat, rng: random.Random) -> Any:
    return sample(view, seat, rng)


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=_sample)

__all__ = ["COMPUTERS"]
