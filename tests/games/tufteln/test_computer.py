"""Tüfteln's computer players: the sampler deals only what a seat cannot see, the
policies choose legal placements from the seat's view alone, and a game of computers
ends."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from games.computers import Decision, playout, sees_only_its_view
from games.tufteln import GAME
from games.tufteln.computer import COMPUTERS
from games.tufteln.models import TuftelnState
from games.tufteln.scoring import total


def deal(view: Any, seat: int, rng: random.Random) -> TuftelnState:
    """The sampler, typed as this game's state."""
    return cast(TuftelnState, COMPUTERS.sample(view, seat, rng))


def live(seats: int, rolls: int, variant: str = "A", seed: int = 3) -> TuftelnState:
    """A live game after `rolls` rolls placed by the casual player."""
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), seed)
    for _ in range(rolls):
        for seat in range(seats):
            decision = Decision.of(GAME, state, seat, f"t{seat}")
            state, _ = GAME.apply(state, seat, COMPUTERS.casual(decision))
    return state


def behind() -> TuftelnState:
    """A scheduled game after 6 rolls: seat 0 placed 2 of them, seat 1 all 6."""
    state = GAME.setup(2, GAME.parse_options({"schedule": "every 4h"}), 5)
    for _ in range(6):
        state, _ = GAME.expire(state)
        decision = Decision.of(GAME, state, 1, "t")
        state, _ = GAME.apply(state, 1, COMPUTERS.casual(decision))
    for _ in range(2):
        state, _ = GAME.apply(state, 0, COMPUTERS.casual(Decision.of(GAME, state, 0, "t")))
    return state


POSITIONS = {
    "first roll": lambda: live(3, 0),
    "middle": lambda: live(3, 7),
    "second last": lambda: live(2, 13),
    "last roll": lambda: live(2, 14),
    "variant B": lambda: live(2, 5, variant="B"),
    "behind on a schedule": behind,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_sampler_keeps_the_seats_view_and_moves(name: str) -> None:
    state = POSITIONS[name]()
    rng = random.Random(1)
    for seat in range(state.seats):
        view = GAME.view(state, seat)
        for _ in range(3):
            dealt = deal(view, seat, rng)
            assert GAME.view(dealt, seat) == view
            assert GAME.legal_actions(dealt, seat) == GAME.legal_actions(state, seat)


def test_the_sampler_deals_the_other_sheets_anew() -> None:
    state = live(3, 7)
    dealt = deal(GAME.view(state, 0), 0, random.Random(2))
    assert dealt.sheets[0] == state.sheets[0]
    assert dealt.sheets[1:] != state.sheets[1:]
    assert dealt.seed != state.seed  # the dice to come


def test_the_sampler_keeps_a_finished_game() -> None:
    state = live(2, 15)
    assert state.over
    dealt = deal(GAME.view(state, 1), 1, random.Random(0))
    assert dealt.sheets == state.sheets
    assert GAME.view(dealt, 1) == GAME.view(state, 1)


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", ["casual", "strong"])
def test_a_computer_sees_only_its_view(name: str, level: str) -> None:
    state = POSITIONS[name]()
    seat = min(GAME.active(state))
    assert sees_only_its_view(GAME, COMPUTERS.policy(level), state, seat, "s", deals=2)


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level", ["default", "casual", "strong"])
def test_every_policy_places_legally(name: str, level: str) -> None:
    state = POSITIONS[name]()
    for seat in GAME.active(state):
        decision = Decision.of(GAME, state, seat, "p", samples=2)
        assert GAME.is_legal(state, seat, COMPUTERS.policy(level)(decision))


def test_the_strong_player_takes_the_best_last_placement() -> None:
    state = live(2, 14)
    decision = Decision.of(GAME, state, 0, "x", samples=1)
    best = max(total(GAME.apply(state, 0, a)[0].sheets[0]) for a in decision.legal)
    after, _ = GAME.apply(state, 0, COMPUTERS.strong(decision))
    assert total(after.sheets[0]) == best


def test_casual_beats_the_default_on_the_same_dice() -> None:
    """Both seats get the same 15 rolls: the casual sheet scores far more."""
    scores = []
    for seed in range(3):
        state = GAME.setup(2, GAME.parse_options({}), seed)
        while not state.over:
            for seat, level in enumerate(("casual", "default")):
                decision = Decision.of(GAME, state, seat, "c")
                state, _ = GAME.apply(state, seat, COMPUTERS.policy(level)(decision))
        scores.append(tuple(total(sheet) for sheet in state.sheets))
    assert sum(c for c, _ in scores) > sum(d for _, d in scores) + 15


def test_a_game_of_computers_ends() -> None:
    state = GAME.setup(2, GAME.parse_options({}), 9)

    def mixed(decision: Decision) -> object:
        level = "strong" if decision.seat == 0 else "casual"
        return COMPUTERS.policy(level)(
            Decision(decision.seat, decision.view, decision.legal, decision.rng, samples=1)
        )

    final = cast(TuftelnState, playout(GAME, state, mixed, random.Random(0)))
    result = GAME.result(final)
    assert result is not None
    assert len(result.scores) == 2
