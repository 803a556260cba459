"""Random games: cards are never created or lost, turns go clockwise, rounds and games end,
`apply` accepts exactly what `legal_actions` offers, and views leak nothing."""

from __future__ import annotations

import random
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalAction
from games.lama import GAME
from games.lama.models import (
    Discard,
    Draw,
    Exchange,
    Give,
    LamaAction,
    LamaOptions,
    LamaState,
    Peek,
    TakeDiscard,
)

MAX_STEPS = 20_000

# Every action anyone could send, legal or not (positions and seats out of range too).
UNIVERSE: list[LamaAction] = [
    Draw(),
    TakeDiscard(),
    Discard(),
    *(Exchange(position=p) for p in range(-1, 10)),
    *(Give(to_seat=s) for s in range(-1, 7)),
    Peek(positions=(0, 0)),
    Peek(positions=(2, 9)),
    *(Peek(positions=(a, b)) for a in range(9) for b in range(a + 1, 9)),
]


WAITING = ("engine.not_your_turn", "engine.game_over")


def check_exact_legality(state: LamaState) -> None:
    for seat in range(state.seats):
        legal = GAME.legal_actions(state, seat)
        for action in UNIVERSE:
            try:
                GAME.apply(state, seat, action)
                accepted = True
            except IllegalAction as refused:
                accepted = False
                # Refused in the game's own words, or as someone else's turn.
                assert refused.key.startswith("lama.") or refused.key in WAITING, refused
            assert accepted == (action in legal), (seat, action, state.phase, state.step)


def play_out(
    kit,
    seats: int,
    rng: random.Random,
    variant: Literal["lamas", "points"],
    timeouts: bool,
    check_every: int,
) -> LamaState:
    options = LamaOptions(variant=variant, turn_seconds=30 if timeouts else 0)
    state = GAME.setup(seats, options, rng.randrange(1 << 30))
    final_turns = 0
    for step in range(MAX_STEPS):
        if GAME.result(state) is not None:
            return state
        kit.assert_accounted(state)
        if step % check_every == 0:
            check_exact_legality(state)
            kit.assert_no_leak(state, step)
        before = state
        if timeouts and rng.random() < 0.1:
            state, _ = GAME.expire(state)
        else:
            seat = rng.choice(sorted(GAME.active(state)))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        turn_ended = state.round != before.round or state.turn != before.turn
        if before.ender is not None and turn_ended:
            final_turns += 1
        if state.round != before.round or state.phase == "over":
            # Everyone but the player who turned over their last card had one more turn.
            assert final_turns == seats - 1
            final_turns = 0
        if state.round != before.round:
            assert state.round == before.round + 1
            assert state.dealer == before.starter  # who began deals next
            assert state.to_act == (state.dealer + 1) % seats
            assert state.last_round is not None and state.last_round.round == before.round
        elif before.phase == "turn" and state.turn != before.turn:
            assert state.to_act == (before.to_act + 1) % seats  # clockwise
            assert state.turn == before.turn + 1
        if before.ender is not None and state.round == before.round:
            assert state.ender == before.ender
    raise AssertionError("the game did not end")


@settings(max_examples=30, deadline=None)
@given(
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(["lamas", "points"]),
    timeouts=st.booleans(),
)
def test_random_games_keep_every_card_and_end(kit, seats, seed, variant, timeouts) -> None:
    state = play_out(kit, seats, random.Random(seed), variant, timeouts, check_every=97)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert state.phase == "over" and GAME.active(state) == frozenset()
    if variant == "points":
        assert state.round == 4 and len(state.history) == 4
        assert list(result.scores) == [sum(col) for col in zip(*state.history, strict=True)]
    else:
        assert [state.lamas[s] for s in result.winners] == [state.target]
        assert sum(state.lamas) >= state.target
    kit.assert_accounted(state)


@settings(max_examples=6, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_apply_accepts_exactly_the_legal_actions(kit, seats, seed) -> None:
    play_out(kit, seats, random.Random(seed), "lamas", False, check_every=7)
