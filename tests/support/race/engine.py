"""Race to a target: players take turns adding 1 or 2 to a shared counter.

The player who reaches the target wins. Each turn may have a time limit; when it
runs out, the default action adds 1. It exercises turns, deadlines, events,
public and private views (each seat has a secret lucky number), and the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, Field

from games.engine import Event, Game, IllegalAction, Options, Phase, Result, Seat, State, in_seconds

if TYPE_CHECKING:
    from games.computers import Computers


class RaceOptions(Options):
    target: int = Field(10, ge=3, le=50, description="The number to reach")
    turn_seconds: int = Field(0, ge=0, le=3600, description="Seconds per turn, 0 for none")


class Add(BaseModel):
    type: Literal["add"] = "add"
    amount: int


class RaceState(State):
    target: int
    turn_seconds: int
    counter: int = 0
    turn: int = 0  # counts turns taken; the seat to act is turn % seats
    lucky: list[int]  # each seat's secret number
    winner: Seat | None = None


class RaceView(BaseModel):
    seats: int
    turn: int
    counter: int
    lap: int  # each seat has had this many turns
    target: int
    to_act: Seat | None
    winner: Seat | None
    my_lucky: int | None = None


def _to_act(state: RaceState) -> set[Seat]:
    return {state.turn % state.seats}


def _add(state: RaceState, seat: Seat, amount: int, *, timed_out: bool = False) -> list[Event]:
    state.counter = min(state.target, state.counter + amount)
    state.turn += 1
    key = "race.timed_out" if timed_out else "race.added"
    events = [Event(key=key, params={"seat": seat, "amount": amount})]
    if state.counter >= state.target:
        state.winner = seat
        events.append(Event(key="race.won", params={"seat": seat}))
    return events


class Race(Game[RaceState, Add, RaceOptions, RaceView]):
    id = "race"
    name = "Race to Ten"
    aliases = ("racetoten",)
    min_players = 1
    max_players = 4
    options_model = RaceOptions
    state_model = RaceState
    action_model = Add
    hidden = True
    phases: ClassVar[Mapping[str, Phase[RaceState]]] = {
        "turn": Phase[RaceState](
            actions=(Add,),
            active=_to_act,
            ends=lambda state, now: in_seconds(now, state.turn_seconds),
            # the default: +1
            timeout=lambda state: _add(state, state.turn % state.seats, 1, timed_out=True),
        ),
        "won": Phase[RaceState](),
    }

    def setup(self, seats: int, options: RaceOptions, seed: int) -> RaceState:
        state = RaceState(
            seats=seats,
            seed=seed,
            target=options.target,
            turn_seconds=options.turn_seconds,
            lucky=[],
        )
        rng = state.rng()
        state.lucky = [rng.randint(1, 99) for _ in range(seats)]
        return state

    def phase(self, state: RaceState) -> str:
        return "turn" if state.winner is None else "won"

    def phase_key(self, state: RaceState) -> str:
        return f"t{state.turn}"

    def moves(self, state: RaceState, seat: Seat) -> Iterable[Add]:
        return [Add(amount=n) for n in (1, 2)]

    def explain(self, state: RaceState, seat: Seat, action: Add) -> IllegalAction | None:
        if seat in self.active(state) and action.amount not in (1, 2):
            return IllegalAction("race.bad_amount", amount=action.amount)
        return None

    def play(self, state: RaceState, seat: Seat, action: Add) -> list[Event]:
        return _add(state, seat, action.amount)

    def view(self, state: RaceState, seat: Seat | None) -> RaceView:
        return RaceView(
            seats=state.seats,
            turn=state.turn,
            counter=state.counter,
            lap=state.turn // state.seats,
            target=state.target,
            to_act=min(self.active(state), default=None),
            winner=state.winner,
            my_lucky=None if seat is None else state.lucky[seat],
        )

    def computers(self) -> Computers:
        from tests.support.race.computer import COMPUTERS

        return COMPUTERS

    def result(self, state: RaceState) -> Result | None:
        if state.winner is None:
            return None
        scores = tuple(1 if s == state.winner else 0 for s in range(state.seats))
        return Result(scores=scores, winners=(state.winner,))


GAME = Race()
