"""Hypothesis playouts of whole Miss Lupun games: every game ends, no tile is placed
twice, no card is lost, and no view shows a seat's tasks to anyone else before the
round's end."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lupun import GAME
from games.lupun.cards import starting_stack
from games.lupun.models import (
    JOKER,
    TILES,
    Confirm,
    Done,
    LupunAction,
    LupunOptions,
    LupunState,
)
from tests.conformance.secrets import lupun as shuffle_secrets
from tests.games.lupun.rig import all_cards

MAX_STEPS = 6000


def check_invariants(state: LupunState, deck: str) -> None:
    assert Counter(all_cards(state)) == Counter(starting_stack(deck, state.variant))
    if state.stage in ("keep", "place"):
        for seat in range(state.seats):
            placed = [
                v
                for v, o in zip(state.board, state.owners, strict=True)
                if o == seat and v is not None and v != JOKER
            ]
            assert len(placed) == len(set(placed))  # no tile placed twice
            assert sorted(placed + state.tiles[seat]) == list(TILES)
    assert all(len(set(t)) == len(t) for t in state.turned)


def check_views(state: LupunState, rng: random.Random) -> None:
    public = GAME.view(state, None)
    assert public.hand == [] and public.drawn == [] and public.draft is None
    for viewer in [None, *range(state.seats)]:
        view = GAME.view(state, viewer)
        assert GAME.view(shuffle_secrets(state, viewer, rng), viewer) == view


def choose(state: LupunState, seat: int, rng: random.Random) -> LupunAction:
    """A random legal action, finishing steps often enough for games to end."""
    legal = GAME.legal_actions(state, seat)
    finish = [a for a in legal if isinstance(a, Confirm | Done)]
    if finish and rng.random() < 0.6:
        return finish[0]
    return rng.choice(legal)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
    variant=st.sampled_from(["basic", "jokers"]),
    goal=st.sampled_from(["rounds", "tiles"]),
    deck=st.sampled_from(["full", "short"]),
    timed=st.booleans(),
)
def test_whole_games_end_and_keep_their_invariants(
    seats: int, seed: int, variant: str, goal: str, deck: str, timed: bool
) -> None:
    options = LupunOptions(
        variant=variant,
        goal=goal,
        deck=deck,
        turn_seconds=30 if timed else 0,
    )
    state = GAME.setup(seats, options, seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if GAME.result(state) is not None:
            break
        check_invariants(state, deck)
        if step % 25 == 0:
            check_views(state, rng)
        if timed and rng.random() < 0.05:
            state, _ = GAME.expire(state)
            continue
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, choose(state, seat, rng))
    result = GAME.result(state)
    assert result is not None, "the game did not end"
    check_invariants(state, deck)
    assert state.winners and state.reason is not None
    assert result.winners == tuple(state.winners)
