"""Helpers to drive Lupusburg through scripted nights and days (the `lb` fixture)."""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import pytest

from games.engine import Event
from games.lupusburg import GAME
from games.lupusburg.actions import (
    Assign,
    Call,
    CastBallot,
    Claw,
    Done,
    Pass,
    Peek,
    Vote,
)
from games.lupusburg.model import LupusState, Role
from games.lupusburg.rules import houses_of, living_houses

ROLES: dict[str, Role] = {"W": "werewolf", "T": "thief", "V": "townsfolk"}
NAMES = ("Andrew", "Bea", "Carl", "David", "Emma", "Fiona", "Gus", "Hannah")

events: list[Event] = []  # the events of the last helper call that applied something


def hands(*specs: str) -> list[list[Role]]:
    """`hands("WV", "TV", "VV")`: W Werewolf, T Thief, V Townsfolk."""
    return [[ROLES[c] for c in spec] for spec in specs]


def default_hands(n: int) -> list[list[Role]]:
    """The Werewolf with seat 1, the Thief with seat 2."""
    specs = ["VV"] * n
    specs[1], specs[2] = "WV", "TV"
    return hands(*specs)


def act(state: LupusState, seat: int, action: Any) -> LupusState:
    new, evs = GAME.apply(state, seat, action)
    events.extend(evs)
    return new


def expire(state: LupusState) -> LupusState:
    new, evs = GAME.expire(state)
    events.extend(evs)
    return new


def setup(
    n: int, seed: int = 1, deal: list[list[Role]] | None = None, **options: Any
) -> LupusState:
    """A game in the placement phase, with the hands given (or the default hands)."""
    state = GAME.setup(n, GAME.parse_options(options), seed)
    state.hands = deal if deal is not None else default_hands(n)
    return state


def new(
    n: int,
    seed: int = 1,
    deal: list[list[Role]] | None = None,
    chests: list[int] | None = None,
    **options: Any,
) -> LupusState:
    """A game placed and at its first night. `chests`: each seat's chest house."""
    events.clear()
    state = setup(n, seed, deal, **options)
    for seat in range(n):
        chest = chests[seat] if chests else houses_of(seat)[0]
        state = act(state, seat, Assign(chest=chest))
    assert state.phase == "thief"
    return state


def night(state: LupusState, claw: int, peek: int | None = None) -> LupusState:
    """The Thief looks under `peek` (if given), the Werewolf slaughters `claw`."""
    assert state.phase == "thief"
    if peek is not None:
        (thief,) = GAME.active(state)
        state = act(state, thief, Peek(house=peek))
    state = expire(state)
    (wolf,) = GAME.active(state)
    state = act(state, wolf, Claw(house=claw))
    return expire(state)


def to_discussion(state: LupusState) -> LupusState:
    """Skip the privilege and let everyone pass on betting."""
    if state.phase == "privilege":
        state = act(state, state.burgomaster, Call(target=None))
    while state.phase == "betting":
        (seat,) = GAME.waiting_for(state)
        state = act(state, seat, Pass())
    assert state.phase == "discussion"
    return state


def all_done(state: LupusState) -> LupusState:
    phase = state.phase
    while state.phase == phase and GAME.waiting_for(state):
        state = act(state, min(GAME.waiting_for(state)), Done())
    return state


def first_vote(state: LupusState, houses: list[int]) -> LupusState:
    """The tokens in playing order (clockwise from the Burgomaster, twice round)."""
    assert state.phase == "first_vote"
    for house in houses:
        (seat,) = GAME.waiting_for(state)
        state = act(state, seat, Vote(house=house))
    return state


def lynch(state: LupusState, house: int) -> LupusState:
    """A whole day that lynches `house`: all tokens on it, every ballot for it."""
    game = state.game
    state = all_done(to_discussion(state))
    state = first_vote(state, [house] * 2 * state.seats)
    assert house in state.suspects
    state = all_done(state)
    for seat in sorted(GAME.waiting_for(state)):
        ballot = GAME.legal_actions(state, seat)[0]
        assert isinstance(ballot, CastBallot)
        state = act(state, seat, CastBallot(houses=(house,) * len(ballot.houses)))
    if state.phase == "second_vote":
        state = expire(state)
    assert state.game != game or not state.houses[house].alive
    return state


def finish(state: LupusState) -> LupusState:
    """Let every deadline pass (all defaults) until the current game is over."""
    game = state.game
    for _ in range(2000):
        if state.game != game or state.phase == "over":
            return state
        state = expire(state)
    raise AssertionError("the game did not end")


def others_living(state: LupusState, seat: int) -> list[int]:
    return [h for h in living_houses(state) if h // 2 != seat]


@pytest.fixture
def lb() -> ModuleType:
    return sys.modules[__name__]
