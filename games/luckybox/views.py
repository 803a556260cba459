"""What each seat, or the public, may see.

Public: every board as of the last resolved reveal (cards in play with their crossed
boxes, completed cards, lightning, moons, stars, points), who has acted in the
current step (✓), the numbers revealed this round, and at the end the breakdown.
Private (a seat's own view, `me`): the cards offered to it, its choice, and its board
with this reveal's crossings and the bonuses it still has to resolve. Nobody sees
another player's choices before the step resolves, nor the order of the numbers or
cards still to come.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.engine import Result
from games.luckybox.board import done
from games.luckybox.deck import bonuses, digits
from games.luckybox.models import REVEALS, ROUNDS, Board, LuckyState, Stage
from games.luckybox.scoring import Breakdown, breakdowns


class CardView(BaseModel):
    card: int  # id; shown as number card + 1
    digits: list[int]
    bonuses: list[str]  # rows, then columns; "" for none
    crossed: list[bool]


class CompletedView(BaseModel):
    card: int
    round: int


class BoardView(BaseModel):
    cards: list[CardView]
    completed: list[CompletedView]
    lightning: int
    moons: int
    stars: list[int]  # per round
    star_points: list[int]
    card_points: list[int]


class Mine(BaseModel):
    """The reader's own secrets and work in progress."""

    seat: int
    board: BoardView  # with this reveal's crossings
    offers: list[CardView] = []  # cards to choose from now
    picks: list[int] = []  # chosen, not yet in play
    based: bool = False  # the reveal's crossing is made or passed
    pending: list[str] = []  # bonuses to resolve, the current first
    ordering: bool = False
    spent: int = 0
    lost: int = 0
    crossings: int = 0


class LuckyView(BaseModel):
    seats: int
    stage: Stage
    round: int
    rounds: int = ROUNDS
    reveal: int  # 1..9 in a round's reveals, else 0
    reveals: int = REVEALS
    number: int | None  # the number revealed now
    revealed: list[int]  # this round's numbers so far, the current last
    lightning_start: int
    boards: list[BoardView]
    acted: list[bool]  # done with the current step (✓)
    auto_passed: list[bool]  # no box within reach of this reveal
    deck_count: int
    discarded: int
    scores: list[Breakdown] | None = None
    winners: list[int] | None = None
    tiebreak: bool = False
    me: Mine | None = None


def card_view(card: int, crossed: int = 0) -> CardView:
    return CardView(
        card=card,
        digits=list(digits(card)),
        bonuses=list(bonuses(card)),
        crossed=[bool(crossed >> box & 1) for box in range(9)],
    )


def board_view(board: Board) -> BoardView:
    return BoardView(
        cards=[card_view(h.card, h.crossed) for h in board.cards],
        completed=[CompletedView(card=d.card, round=d.round) for d in board.completed],
        lightning=board.lightning,
        moons=board.moons,
        stars=list(board.stars),
        star_points=list(board.star_points),
        card_points=list(board.card_points),
    )


def _acted(state: LuckyState) -> list[bool]:
    if state.stage in ("keep", "choose"):
        return [p is not None for p in state.picks]
    if state.stage == "reveal":
        return [t is not None and done(t) for t in state.turns]
    return [False] * state.seats


def build_view(state: LuckyState, seat: int | None, result: Result | None) -> LuckyView:
    reveal = state.reveal if state.stage == "reveal" else 0
    view = LuckyView(
        seats=state.seats,
        stage=state.stage,
        round=state.round,
        reveal=reveal,
        number=state.numbers[reveal - 1] if reveal else None,
        revealed=state.numbers[:reveal] if reveal else [],
        lightning_start=state.lightning_start,
        boards=[board_view(b) for b in state.boards],
        acted=_acted(state),
        auto_passed=list(state.auto_passed) if reveal else [False] * state.seats,
        deck_count=len(state.deck),
        discarded=len(state.discarded),
    )
    if state.stage == "over":
        view.scores = breakdowns(state.boards)
        view.winners = list(result.winners) if result is not None else []
        view.tiebreak = state.tiebreak
    if seat is None or not 0 <= seat < state.seats:
        return view
    mine = Mine(seat=seat, board=board_view(state.boards[seat]))
    if state.stage in ("keep", "choose"):
        mine.offers = [card_view(c) for c in state.offers[seat]]
        mine.picks = list(state.picks[seat] or [])
    turn = state.turns[seat] if state.stage == "reveal" and state.turns else None
    if turn is not None:
        mine.board = board_view(turn.board)
        mine.based = turn.based
        mine.pending = list(turn.pending)
        mine.ordering = turn.ordering
        mine.spent = turn.spent
        mine.lost = turn.lost
        mine.crossings = turn.crossings
    view.me = mine
    return view
