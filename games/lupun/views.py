"""What each seat, or the public, may see.

Public, as on the table: the board and who placed each tile, every seat's tiles and
joker tiles still in hand, the win cards lying face up, the turned tiles, the scores,
and the last round's report (every task revealed at its end). A seat's own view adds
its own tasks (kept) and the 4 it drew while it chooses, its unconfirmed choice of
tile and space, and the tiles it means to turn. Nobody sees another seat's
tasks before the round's end, nor the stack's order.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.lupun import longgame
from games.lupun.board import space_name
from games.lupun.models import LupunState, Reason, RoundReport, Stage


class LupunView(BaseModel):
    seats: int
    variant: str
    goal: str
    rounds: int
    round: int
    first: int
    stage: Stage
    to_act: int | None  # whose placement it is
    placements: int  # made this round
    board: list[int | None]  # JOKER (-1) for a joker tile
    owners: list[int | None]
    tiles: list[list[int]]  # number tiles still in hand, by seat
    jokers: list[int]  # joker tiles in hand, by seat
    win_card: list[bool]
    turned: list[list[int]]
    to_keep: list[int]  # seats still choosing 3 of 4
    to_turn: list[int]  # seats still turning tiles
    budgets: list[int | None]  # points each seat may turn (None: the handicap)
    totals: list[int]
    history: list[list[int]]
    stack_count: int
    discard_count: int
    last_round: RoundReport | None
    winners: list[int] | None
    reason: Reason | None
    # The viewing seat's own secrets (None / empty in the public view).
    me: int | None = None
    hand: list[str] = []  # the tasks it kept (or holds with a win card)
    drawn: list[str] = []  # the 4 tasks to choose from, in the keep step
    pending: list[int] = []  # the tiles it means to turn (prefilled with the suggestion)
    suggestion: list[int] = []  # the turning step's suggestion
    draft: tuple[str, int] | None = None  # its chosen space and tile, not yet confirmed


def build_view(state: LupunState, seat: int | None) -> LupunView:
    turning = state.stage in ("turn", "handicap")
    view = LupunView(
        seats=state.seats,
        variant=state.variant,
        goal=state.goal,
        rounds=state.rounds,
        round=state.round,
        first=state.first,
        stage=state.stage,
        to_act=state.to_act if state.stage == "place" else None,
        placements=state.turn,
        board=list(state.board),
        owners=list(state.owners),
        tiles=[list(t) for t in state.tiles],
        jokers=list(state.jokers),
        win_card=list(state.win_card),
        turned=[list(t) for t in state.turned],
        to_keep=[s for s in range(state.seats) if state.drawn[s]] if state.drawn else [],
        to_turn=list(state.to_turn) if turning else [],
        budgets=[longgame.budget(state, s) if turning else None for s in range(state.seats)],
        totals=list(state.totals),
        history=[list(h) for h in state.history],
        stack_count=len(state.stack),
        discard_count=len(state.discard),
        last_round=state.last_round,
        winners=state.winners,
        reason=state.reason,
    )
    if seat is not None:
        view.me = seat
        if state.hands:
            view.hand = list(state.hands[seat])
        if state.drawn:
            view.drawn = list(state.drawn[seat])
        if turning and seat in state.to_turn:
            view.pending = list(state.pending[seat])
            view.suggestion = list(longgame.seat_suggestion(state, seat))
        if state.draft is not None and state.stage == "place" and state.to_act == seat:
            space, tile = state.draft
            view.draft = (space_name(space), tile)
    return view
