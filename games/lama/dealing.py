"""Dealing what one seat cannot see in No Prob-Lama: a full state, or a playout table,
that gives the seat exactly its view.

Unseen are the face-down cards (but the seat's own that it looked at), the cards in
the draw pile, the discard pile under its top card, and a card another player drew
and holds. Cards of one kind are alike, so a deal is dealt by kind from what the view
leaves of the deck; others' looks at two cards go to two of their face-down cards.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from games.lama.cards import DECK_LIST, KINDS, points
from games.lama.judgement import CODE, UNSEEN
from games.lama.models import LamaState
from games.lama.table import Table
from games.lama.views import LamaView


@dataclass
class Deal:
    layouts: list[list[str]]  # every card, row by row
    peeked: list[list[int]]
    draw: list[str]  # top last
    discard: list[str]  # top last
    held: str | None  # the card in the hand of the seat to act


def _holding(view: LamaView) -> bool:
    return view.step in ("drawn", "taken") and view.to_act is not None


def deal(view: LamaView, seat: int, rng: random.Random) -> Deal:
    over = view.step == "over"
    unseen = Counter({kind: copies for kind, copies in DECK_LIST})
    seen: list[str] = [k for layout in view.layouts for k in layout if k is not None]
    seen += [k for cards in view.received for k in cards]
    seen += list(view.known.values())
    if view.discard_top is not None:
        seen.append(view.discard_top)
    held = None
    if _holding(view):
        held = view.held if view.to_act == seat else view.taken
        if held is not None:
            seen.append(held)
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        raise ValueError("the view shows more cards of a kind than the deck holds")
    pool = sorted(unseen.elements(), key=KINDS.index)  # a fixed order, then shuffled
    rng.shuffle(pool)

    layouts = [
        [
            k if k is not None else view.known.get(p) if s == seat else None
            for p, k in enumerate(layout)
        ]
        for s, layout in enumerate(view.layouts)
    ]
    full = [[k if k is not None else pool.pop() for k in layout] for layout in layouts]
    if _holding(view) and held is None:
        held = pool.pop()
    discard = [pool.pop() for _ in range(max(0, view.discard_count - 1))]
    if view.discard_top is not None:
        discard.append(view.discard_top)
    draw = [pool.pop() for _ in range(view.draw_count)]
    assert not pool, "every card is dealt once"

    peeked: list[list[int]] = []
    for s, layout in enumerate(layouts):
        if view.step == "peek" and s in view.to_peek:
            peeked.append([])
            continue
        if s == seat and not over:
            looked = sorted(view.known)
            # Looked-at cards exchanged since are face up: any face-up position stands in.
            others = [p for p in range(9) if view.layouts[s][p] is not None]
        else:
            looked = []
            others = [p for p in range(9) if layout[p] is None] or list(range(9))
            rng.shuffle(others)
        for p in others:
            if len(looked) == 2:
                break
            if p not in looked:
                looked.append(p)
        peeked.append(sorted(looked))
    return Deal(full, peeked, draw, discard, held)


def state_of(view: LamaView, deal: Deal, rng: random.Random) -> LamaState:
    """The engine's state of a deal (ids by kind; a fresh seed for its shuffles)."""
    ids: dict[str, list[int]] = {}
    for index, kind in enumerate(KINDS):
        ids.setdefault(kind, []).append(index)

    def card(kind: str) -> int:
        return ids[kind].pop()

    over = view.step == "over"
    holding = _holding(view)
    state = LamaState(
        seats=view.seats,
        seed=rng.randrange(2**31),
        variant=view.variant,
        turn_seconds=0,
        target=view.target,
        round=view.round,
        dealer=view.dealer,
        starter=view.starter,
        phase="over" if over else "peek" if view.step == "peek" else "turn",
        layouts=[[card(k) for k in layout] for layout in deal.layouts],
        face_up=[[over or k is not None for k in layout] for layout in view.layouts],
        peeked=deal.peeked,
        received=[[card(k) for k in cards] for cards in view.received],
        draw_pile=[card(k) for k in deal.draw],
        discard=[card(k) for k in deal.discard],
        to_act=view.to_act if view.to_act is not None else view.starter,
        step=view.step if view.step in ("drawn", "taken") else "choose",
        held=card(deal.held) if holding and deal.held is not None else None,
        substep=1 if holding else 0,
        ender=view.ender,
        lamas=list(view.lamas),
        totals=list(view.totals),
        last_round=view.last_round,
        winners=view.winners,
    )
    return state


def table_of(view: LamaView, seat: int, deal: Deal, rng: random.Random) -> Table:
    """The playout table of a deal, as it stands before `seat` acts."""
    down = [[k is None for k in layout] for layout in view.layouts]
    cells = [[CODE[k] for k in layout] for layout in deal.layouts]
    return Table(
        cells=cells,
        down=down,
        sees=[
            [UNSEEN if down[s][p] and p not in deal.peeked[s] else cells[s][p] for p in range(9)]
            for s in range(view.seats)
        ],
        received=[sum(points(k) for k in cards) for cards in view.received],
        draw=[CODE[k] for k in deal.draw],
        discard=[CODE[k] for k in deal.discard],
        to_act=view.to_act if view.to_act is not None else seat,
        ender=view.ender,
        rng=random.Random(rng.random()),
        held=CODE[deal.held] if deal.held is not None else None,
    )
