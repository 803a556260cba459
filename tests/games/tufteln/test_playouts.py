"""Random playouts: every sheet completes in exactly 15 rolls, in both variants and modes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from games.tufteln.scoring import total
from games.tufteln.sheet import EMPTY, PRINTED


def check_invariants(state: TuftelnState) -> None:
    for seat, sheet in enumerate(state.sheets):
        assert all(sheet[i] == str(v) for i, v in PRINTED.items())
        assert 36 - len(PRINTED) - sheet.count(EMPTY) == 2 * state.placed[seat]
        assert state.placed[seat] <= len(state.rolls) <= 15
        if seat in GAME.active(state):
            # No dead ends: whoever has an open roll can always place it.
            assert GAME.legal_actions(state, seat)


def check_finished(state: TuftelnState) -> None:
    assert state.over
    assert len(state.rolls) == 15
    assert state.placed == [15] * state.seats
    assert all(EMPTY not in sheet for sheet in state.sheets)
    result = GAME.result(state)
    assert result is not None
    assert list(result.scores) == [total(sheet) for sheet in state.sheets]
    assert set(result.winners) == {
        s for s, p in enumerate(result.scores) if p == max(result.scores)
    }


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(["A", "B"]),
    seats=st.integers(1, 5),
    seed=st.integers(0, 10**9),
    rnd=st.randoms(use_true_random=False),
)
def test_live_playouts_fill_every_sheet_in_15_rolls(
    variant: str, seats: int, seed: int, rnd: random.Random
) -> None:
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), seed)
    rounds = 0
    while not state.over:
        check_invariants(state)
        rounds += 1
        made = len(state.rolls)
        for seat in sorted(GAME.active(state), key=lambda _: rnd.random()):
            if rnd.random() < 0.1:
                continue  # missing: the turn limit will place it
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
        if len(state.rolls) == made and not state.over:
            state, _ = GAME.expire(state)  # the turn limit: defaults, then the next roll
    assert rounds == 15
    check_finished(state)


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(["A", "B"]),
    seats=st.integers(1, 6),
    seed=st.integers(0, 10**9),
    rnd=st.randoms(use_true_random=False),
)
def test_scheduled_playouts_with_lagging_players_complete(
    variant: str, seats: int, seed: int, rnd: random.Random
) -> None:
    options = GAME.parse_options({"variant": variant, "schedule": "every 1h"})
    state = GAME.setup(seats, options, seed)
    diligence = [rnd.random() for _ in range(seats)]  # how keen each player is
    while not state.over:
        check_invariants(state)
        for seat in sorted(GAME.active(state)):
            while seat in GAME.active(state) and rnd.random() < diligence[seat]:
                state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
                if state.over:
                    break
        if not state.over and rnd.random() < 0.7:
            state, _ = GAME.expire(state)  # the next roll, or the final deadline
    check_finished(state)
