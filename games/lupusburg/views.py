"""What each seat, or the public, may see of a Lupusburg game.

The public view never holds a character, a chest, a coin's value, a ballot or which
house the Thief looked under, until the series is over; the night's prompts are not
shown as anyone's turn. A seat's view adds only that seat's own secrets: its
characters and chest, what it learned (Thief, privilege), its coins and its ballot.
A finished game of a series is shown whole in `previous`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.lupusburg.model import Fallen, GameRecord, LupusState, Phase, Role, Sight, Token
from games.lupusburg.rules import house_number, series_winner


class HouseView(BaseModel):
    house: int
    owner: int
    number: int  # 1 or 2: the owner's first or second house, clockwise
    in_play: bool
    character: Role | None = None  # the owner's own, or everyone's when revealed
    chest: bool | None = None


class BetView(BaseModel):
    bettor: int
    target: int  # public: the sealed coin lies in front of the target
    coin: int | None = None  # the bettor's own, or everyone's when revealed


class LupusView(BaseModel):
    seats: int
    phase: Phase
    seconds: int  # the phase's time limit (0: none)
    game: int  # 1-based
    series: int
    day: int
    burgomaster: int
    to_act: list[int]  # public: never the night's roles
    houses: list[HouseView]
    last_victim: int | None  # the house the claw took last night
    lynched: int | None  # the house lynched today
    fallen: list[Fallen]  # every character out of play this game: how and when
    called: int | None  # the player the Burgomaster called on today
    bets: list[BetView]
    coins_in_bag: int
    tokens: list[Token]  # first vote, public
    suspects: list[int]  # houses
    second_totals: list[int] | None  # per suspect, only once the ballots are uncovered
    voters: list[int]
    ready: list[int]
    totals: list[int]  # series tally
    previous: GameRecord | None  # the last finished game, revealed
    winners: list[int] | None  # when the series is over
    # the option (public), which sets each player's tokens in the second vote
    second_vote_by: Literal["characters", "players"] = "characters"
    # the seat's own secrets (None/empty in the public view)
    me: int | None = None
    my_turn: bool = False
    hand: list[Role] = []
    sights: list[Sight] = []
    drawn: list[int] = []
    ballot: list[int] | None = None


def build_view(
    state: LupusState, seat: int | None, *, actors: list[int], to_act: list[int], seconds: int
) -> LupusView:
    """`actors`: who may act now, secret night roles included (shown only to themselves);
    `to_act`: who the table may know it waits for; `seconds`: the phase's time limit."""
    over = state.phase == "over"
    houses = []
    for index, house in enumerate(state.houses):
        shown = over or (seat is not None and house.owner == seat and house.character is not None)
        houses.append(
            HouseView(
                house=index,
                owner=house.owner,
                number=house_number(index),
                in_play=house.alive,
                character=house.character if shown else None,
                chest=house.chest if shown else None,
            )
        )
    bets = [
        BetView(
            bettor=b.bettor,
            target=b.target,
            coin=b.coin if over or b.bettor == seat else None,
        )
        for b in state.bets
    ]
    view = LupusView(
        seats=state.seats,
        phase=state.phase,
        seconds=seconds,
        game=state.game + 1,
        series=state.series,
        day=state.day,
        burgomaster=state.burgomaster,
        to_act=to_act,
        houses=houses,
        last_victim=state.last_victim,
        lynched=state.lynched,
        fallen=[f.model_copy() for f in state.fallen],
        called=state.called,
        bets=bets,
        coins_in_bag=len(state.bag),
        tokens=[t.model_copy() for t in state.tokens],
        suspects=list(state.suspects),
        second_totals=None if state.second_totals is None else list(state.second_totals),
        voters=list(state.voters),
        ready=list(state.ready),
        totals=list(state.totals),
        previous=state.records[-1].model_copy(deep=True) if state.records else None,
        winners=[series_winner(state)] if over else None,
        second_vote_by=state.second_vote_by,
    )
    if seat is None:
        return view
    view.me = seat
    view.my_turn = seat in actors
    view.hand = list(state.hands[seat])
    view.sights = [s.model_copy() for s in state.sights if s.seat == seat]
    if state.phase == "bet" and state.order[state.turn] == seat:
        view.drawn = list(state.drawn)
    ballot = next((b for b in state.ballots if b.seat == seat), None)
    view.ballot = None if ballot is None else list(ballot.houses)
    return view
