"""No Prob-Lama's computer players (`games/computers.py`).

- default: the time limit's defaults for one seat (`turns`): look at the top-left and
  bottom-right cards, draw, and put the card on the first face-down card (a special
  card to the next player).
- casual: the plain player of `mind`, with noise on what each option is worth.
- strong: determinized Monte Carlo. For each of a few candidate moves (every source of
  a card; the best few places for a card in hand, discarding it, and turning over the
  last card; every gift), it deals what it cannot see at random (`dealing`), plays the
  round out on a fast table (`table`) with every seat playing the casual choices from
  what that seat knows, and keeps the move that wins the round most often.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.computers import Computers, Decision
from games.engine import Seat
from games.lama.cards import points
from games.lama.dealing import deal, state_of, table_of
from games.lama.judgement import CODE, SPECIAL_CODES, UNSEEN, change, estimate
from games.lama.mind import EXACT, Outlook, Style, ending, gift, place, take_discard
from games.lama.models import (
    Discard,
    Draw,
    Exchange,
    Give,
    LamaAction,
    LamaState,
    Pass,
    Peek,
    TakeDiscard,
)
from games.lama.table import Table
from games.lama.turns import PEEK_DEFAULT
from games.lama.views import LamaView

CASUAL_NOISE = 1.0  # points of blur on each option's worth: the casual player's mistakes
PLACES = 3  # the strong player's candidate places for a card in hand (besides the last card)
MIN_DEALS = 2
USELESS = 0.5  # a card that lowers no place's estimate by this much is not worth a search


def outlook(view: LamaView, seat: Seat) -> Outlook:
    layout = view.layouts[seat]
    mine = [
        CODE[k] if k is not None else CODE[view.known[p]] if p in view.known else UNSEEN
        for p, k in enumerate(layout)
    ]

    def rivals() -> list[tuple[int, float]]:
        return [
            (
                s,
                estimate(
                    [CODE[k] if k is not None else UNSEEN for k in view.layouts[s]], final=True
                )
                + sum(points(k) for k in view.received[s]),
            )
            for s in range(view.seats)
            if s != seat
        ]

    return Outlook(
        seat=seat,
        mine=mine,
        down=[k is None for k in layout],
        received=sum(points(k) for k in view.received[seat]),
        top=CODE[view.discard_top] if view.discard_top is not None else None,
        ender=view.ender,
        rivals=rivals,
    )


# -- default -------------------------------------------------------------------------------


def default(decision: Decision) -> LamaAction:
    legal = decision.legal
    view: LamaView = decision.view
    first = legal[0]
    if isinstance(first, Peek):
        return Peek(positions=PEEK_DEFAULT)
    if isinstance(first, Draw):
        return Draw()
    if isinstance(first, Give):
        return Give(to_seat=(decision.seat + 1) % view.seats)
    face_down = [p for p, k in enumerate(view.layouts[decision.seat]) if k is None]
    return Exchange(position=face_down[0] if face_down else 0)


# -- casual --------------------------------------------------------------------------------


def choose(decision: Decision, style: Style) -> LamaAction:
    """The plain player's move, blurred by `style`."""
    legal = decision.legal
    first = legal[0]
    if isinstance(first, Peek):
        return decision.rng.choice(list(legal))  # type: ignore[no-any-return]
    view: LamaView = decision.view
    look = outlook(view, decision.seat)
    if isinstance(first, Draw):
        return TakeDiscard() if take_discard(look, style) else Draw()
    assert view.held is not None
    held = CODE[view.held]
    if isinstance(first, Give):
        return Give(to_seat=gift(look, held, style))
    position = place(look, held, drawn=Discard() in legal, style=style)
    return Discard() if position is None else Exchange(position=position)


def casual(decision: Decision) -> LamaAction:
    return choose(decision, Style(noise=CASUAL_NOISE, rng=decision.rng))


# -- strong --------------------------------------------------------------------------------


def candidates(decision: Decision) -> list[LamaAction]:
    """The moves worth a playout: a card in hand goes to one of its best places, the
    last face-down card (ending the round) or the discard pile; the rest all. Before
    the final turns, a move is plain (no playouts) when no place would take the card
    (the top discard, or the card drawn) for a gain and it cannot end the round."""
    legal = list(decision.legal)
    view: LamaView = decision.view
    look = outlook(view, decision.seat)
    last = ending(look)

    def useless(card: int) -> bool:
        gains = [change(look.mine, p, card) for p in range(9) if p != last]
        return last is None and look.ender is None and min(gains) >= USELESS

    if Draw() in legal:
        top = look.top
        if top is not None and top not in SPECIAL_CODES and useless(top):
            return [Draw()]
        return legal
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    if not exchanges:
        return legal
    assert view.held is not None
    held = CODE[view.held]
    if Discard() in legal and useless(held):
        return [Discard()]
    ranked = sorted(range(9), key=lambda p: (change(look.mine, p, held), p))
    chosen = ranked[:PLACES] + [p for p in ranked[PLACES:] if p == last]
    out: list[LamaAction] = [Exchange(position=p) for p in sorted(chosen)]
    if Discard() in legal:
        out.append(Discard())
    return out


def worth(scores: list[int], seat: Seat, variant: str) -> float:
    """A played-out round's worth to `seat`: winning it (a Lama), and a little for the
    margin; in the points variant, the margin."""
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    margin = sum(others) / len(others) - mine
    if variant == "points":
        return margin / 10
    return (1.0 if mine <= min(others) else 0.0) + margin / 100


def start(table: Table, action: LamaAction) -> None:
    """Play the seat's move on a playout table (the rest of its turn: the casual choices)."""
    match action:
        case Draw():
            table.pick_up()
            table.play_held(drawn=True)
        case TakeDiscard():
            table.take()
            table.play_held(drawn=False)
        case Pass():
            table.end_turn()
        case Exchange(position=position):
            table.exchange(position)
        case Discard():
            table.throw()
        case Give(to_seat=to_seat):
            table.give(to_seat)


def strong(decision: Decision) -> LamaAction:
    legal = decision.legal
    if isinstance(legal[0], Peek):
        return choose(decision, EXACT)
    options = candidates(decision)
    if len(options) == 1:
        return options[0]
    view: LamaView = decision.view
    seat = decision.seat
    totals = [0.0] * len(options)
    deadline = time.process_time() + decision.budget
    deals = 0
    while (
        deals < decision.samples
        if decision.samples is not None
        else deals < MIN_DEALS or time.process_time() < deadline
    ):
        dealt = deal(view, seat, decision.rng)
        table = table_of(view, seat, dealt, decision.rng)
        seed = decision.rng.random()
        for index, action in enumerate(options):
            played = table.copy(seed)
            start(played, action)
            totals[index] += worth(played.play_out(), seat, view.variant)
        deals += 1
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]


def sample(view: Any, seat: Seat, rng: random.Random) -> LamaState:
    return state_of(view, deal(view, seat, rng), rng)


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)

__all__ = ["COMPUTERS"]
