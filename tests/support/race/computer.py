"""The example game's computer players: tiny, so the host's tests stay fast.

`default` adds 1 (the timeout's default); `casual` takes a win it sees, else adds at
random; `strong` takes a win, else leaves the next player no win where it can. What a
seat cannot see is the other seats' lucky numbers, which no policy uses anyway.
"""

from __future__ import annotations

import random

from games.computers import Computers, Decision
from games.engine import Seat
from tests.support.race.engine import Add, RaceState, RaceView


def _winning(decision: Decision) -> Add | None:
    view: RaceView = decision.view
    return next((a for a in decision.legal if view.counter + a.amount >= view.target), None)


def default(decision: Decision) -> Add:
    moves: list[Add] = list(decision.legal)
    return next(a for a in moves if a.amount == 1)


def casual(decision: Decision) -> Add:
    won = _winning(decision)
    moves: list[Add] = list(decision.legal)
    return won if won is not None else decision.rng.choice(moves)


def strong(decision: Decision) -> Add:
    won = _winning(decision)
    if won is not None:
        return won
    left = decision.view.target - decision.view.counter
    moves: list[Add] = list(decision.legal)
    safe = [a for a in moves if (left - a.amount) % 3 == 0]
    return safe[0] if safe else moves[0]


def sample(view: RaceView, seat: Seat, rng: random.Random) -> RaceState:
    """A state with this view: the other seats' lucky numbers dealt anew."""
    lucky = [view.my_lucky if s == seat else rng.randint(1, 99) for s in range(view.seats)]
    winner = None if view.counter < view.target else (view.turn - 1) % view.seats
    return RaceState(
        seats=view.seats,
        seed=rng.getrandbits(32),
        target=view.target,
        turn_seconds=0,
        counter=view.counter,
        turn=view.turn,
        lucky=[n or 0 for n in lucky],
        winner=winner,
    )


COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)
