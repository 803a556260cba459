"""What each seat, or the public, may see.

Public: face-up cards (face-down ones as None), piles, special cards received, whose
turn and which step, Lamas and totals, and the last round's full report. A seat's own
view adds the cards it looked at (while they stay face down) and the card it holds.
The public never learns what a player drew from the pile until it is placed,
discarded or given: its step is just "drawn", special card or not.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.lama.cards import kind
from games.lama.models import LamaState, RoundReport

ViewStep = Literal["peek", "choose", "drawn", "taken", "over"]


class LamaView(BaseModel):
    seats: int
    variant: Literal["lamas", "points"]
    round: int
    dealer: int
    starter: int
    target: int
    lamas: list[int]
    totals: list[int]
    layouts: list[list[str | None]]  # kinds row by row; None = face down
    received: list[list[str]]
    discard_top: str | None
    discard_count: int
    draw_count: int
    step: ViewStep
    to_act: int | None  # the seat whose turn it is (None in the peek step and at the end)
    to_peek: list[int]  # seats still to look at their two cards
    taken: str | None  # a card taken from the discard pile, not yet placed (public)
    final_turns: bool
    ender: int | None  # who turned over their last card
    last_round: RoundReport | None
    winners: list[int] | None
    # The viewing seat's own secrets (None / empty in the public view).
    me: int | None = None
    known: dict[int, str] = {}  # own face-down cards looked at, by position
    held: str | None = None  # the card this seat holds (drawn or taken)


def build_view(state: LamaState, seat: int | None) -> LamaView:
    over = state.phase == "over"
    step: ViewStep = "over" if over else "peek" if state.phase == "peek" else state.step
    layouts: list[list[str | None]] = [
        [kind(c) if up else None for c, up in zip(cards, ups, strict=True)]
        for cards, ups in zip(state.layouts, state.face_up, strict=True)
    ]
    if over and state.last_round is not None:
        # The final round was revealed when it was scored.
        layouts = [list(result.cards) for result in state.last_round.seats]
    held = state.held if state.phase == "turn" else None
    view = LamaView(
        seats=state.seats,
        variant=state.variant,
        round=state.round,
        dealer=state.dealer,
        starter=state.starter,
        target=state.target,
        lamas=list(state.lamas),
        totals=list(state.totals),
        layouts=layouts,
        received=[[kind(c) for c in r] for r in state.received],
        discard_top=kind(state.discard[-1]) if state.discard else None,
        discard_count=len(state.discard),
        draw_count=len(state.draw_pile),
        step=step,
        to_act=state.to_act if step in ("choose", "drawn", "taken") else None,
        to_peek=[s for s in range(state.seats) if not state.peeked[s]] if step == "peek" else [],
        taken=kind(held) if held is not None and state.step == "taken" else None,
        final_turns=state.ender is not None and not over,
        ender=None if over else state.ender,
        last_round=state.last_round,
        winners=state.winners,
    )
    if seat is not None:
        view.me = seat
        view.known = {  # at the end every card is revealed: none is known to one seat only
            p: kind(state.layouts[seat][p])
            for p in sorted(state.peeked[seat])
            if not state.face_up[seat][p] and not over
        }
        if held is not None and state.to_act == seat:
            view.held = kind(held)
    return view
