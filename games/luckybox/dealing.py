"""Dealing what one seat cannot see in Super Mega Lucky Box: a full state that gives
the seat exactly its view.

Unseen are the numbers still to come this round (dealt from the round's 18 number
cards less those revealed), the deck, the discarded cards and the cards offered to
the others (dealt from the cards nobody has shown), the others' choices, and their
work in the current reveal: someone who has finished it played the timeout's
defaults here (`policy`), someone who has not has not begun.
"""

from __future__ import annotations

import random
from collections import Counter

from games.luckybox.deck import DECK_SIZE
from games.luckybox.engine import GAME, number
from games.luckybox.models import (
    KEEP,
    OFFER_LATER,
    OFFER_START,
    Board,
    Done,
    Held,
    LuckyState,
    Turn,
)
from games.luckybox.policy import turn_default
from games.luckybox.views import BoardView, LuckyView

NUMBER_CARDS = Counter({n: 2 for n in range(1, 10)})


def board_of(view: BoardView) -> Board:
    return Board(
        cards=[
            Held(card=c.card, crossed=sum(1 << b for b, x in enumerate(c.crossed) if x))
            for c in view.cards
        ],
        completed=[Done(card=d.card, round=d.round) for d in view.completed],
        lightning=view.lightning,
        moons=view.moons,
        stars=list(view.stars),
        card_points=list(view.card_points),
        star_points=list(view.star_points),
    )


def numbers_to_come(view: LuckyView, rng: random.Random) -> list[int]:
    """The round's number cards not revealed yet, in a random order."""
    left = NUMBER_CARDS - Counter(view.revealed)
    rest = sorted(left.elements())
    rng.shuffle(rest)
    return rest


def sample(view: LuckyView, seat: int, rng: random.Random) -> LuckyState:
    me = view.me
    assert me is not None and me.seat == seat, "the seat's own view"
    shown = {c.card for b in view.boards for c in b.cards}
    shown |= {d.card for b in view.boards for d in b.completed}
    shown |= {c.card for c in me.board.cards} | {d.card for d in me.board.completed}
    mine = [c.card for c in me.offers]
    pool = [c for c in range(DECK_SIZE) if c not in shown and c not in mine]
    rng.shuffle(pool)

    choosing = view.stage in ("keep", "choose")
    offers: list[list[int]] = []
    picks: list[list[int] | None] = []
    for s in range(view.seats):
        if not choosing:
            offers.append([])
            picks.append([])
            continue
        count = OFFER_START if view.stage == "keep" else OFFER_LATER
        offer = mine if s == seat else [pool.pop() for _ in range(count)]
        offers.append(offer)
        if not view.acted[s]:
            picks.append(None)
        elif s == seat:
            picks.append(list(me.picks))
        else:
            count = KEEP if view.stage == "keep" else 1
            picks.append(sorted(rng.sample(offer, count)))
    discarded = [pool.pop() for _ in range(view.discarded)]
    if len(pool) != view.deck_count:
        raise ValueError("the view's card counts do not add up")

    state = LuckyState(
        seats=view.seats,
        seed=rng.randrange(2**31),
        lightning_start=view.lightning_start,
        reveal_limit=60,
        stage=view.stage,
        round=view.round,
        deck=pool,
        offers=offers,
        picks=picks,
        discarded=discarded,
        boards=[board_of(b) for b in view.boards],
        reveal=view.reveal,
        winners=view.winners,
        tiebreak=view.tiebreak,
    )
    if view.stage != "reveal":
        return state
    state.numbers = list(view.revealed) + numbers_to_come(view, rng)
    state.auto_passed = list(view.auto_passed)
    state.turns = [
        Turn(board=board.model_copy(deep=True), based=passed)
        for board, passed in zip(state.boards, view.auto_passed, strict=True)
    ]
    state.turns[seat] = Turn(
        board=board_of(me.board),
        based=me.based,
        pending=list(me.pending),
        ordering=me.ordering,
        spent=me.spent,
        lost=me.lost,
        crossings=me.crossings,
        completed=len(me.board.completed) - len(view.boards[seat].completed),
    )
    for s in range(view.seats):
        if s == seat or not view.acted[s]:
            continue
        while s in GAME.active(state):  # done with this reveal: by the defaults, here
            turn = state.turns[s]
            assert turn is not None
            state, _ = GAME.apply(state, s, turn_default(turn, number(state)))
    return state
