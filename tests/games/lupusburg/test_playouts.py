"""Random playouts (random legal actions, random time-outs, 4-8 players): every game
ends, views never leak a secret, and `apply` accepts exactly what `legal_actions` offers."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import has
from games.engine import Event, IllegalAction, dump_action
from games.lupusburg import GAME
from games.lupusburg.actions import (
    Assign,
    Call,
    CastBallot,
    Claw,
    Done,
    Draw,
    Pass,
    Peek,
    PlaceBet,
    Show,
    Vote,
)
from games.lupusburg.deal import character_deck, needs_redeal
from games.lupusburg.model import COINS, NIGHT_PHASES, LupusState
from games.lupusburg.rules import houses_of, living_houses, place

PRIVATE_EVENTS: tuple[str, ...] = ("peek_", "shown_", "showed_", "claw_set", "claw_default")
PRIVATE_EVENTS += ("drew_coins", "bet_coin", "chest_placed", "thief_prompt", "werewolf_prompt")
TURN_PHASES = {"privilege", "show", "show_back", "betting", "bet", "first_vote"}


def universe(state: LupusState) -> list[Any]:
    """Every action of every kind that could be tried now, legal or not."""
    houses = range(2 * state.seats)
    seats = range(state.seats)
    pool = {*state.suspects, 0, 2 * state.seats - 1}
    ballots = [c for k in (1, 2) for c in combinations_with_replacement(sorted(pool), k)]
    return [
        *(Assign(chest=h) for h in houses),
        *(Peek(house=h) for h in houses),
        *(Claw(house=h) for h in houses),
        Call(target=None),
        *(Call(target=s) for s in seats),
        *(Show(house=h) for h in houses),
        Draw(),
        Pass(),
        *(PlaceBet(coin=c, target=t) for c in (2, 5, 8) for t in seats),
        Done(),
        *(Vote(house=h) for h in houses),
        *(CastBallot(houses=b) for b in ballots),
    ]


def scramble(state: LupusState, rng: random.Random) -> LupusState:
    """The same public situation with every secret dealt differently."""
    other = state.model_copy(deep=True)
    while True:
        cards = character_deck(state.seats)
        rng.shuffle(cards)
        hands = [cards[i : i + 2] for i in range(0, len(cards), 2)]
        if not needs_redeal(hands):
            break
    other.hands = hands
    for seat in range(state.seats):
        if state.assigned[seat]:
            chest = rng.choice(houses_of(seat))
            for house, role in place(hands[seat], chest):
                other.houses[house].character = role
                other.houses[house].chest = house == chest
    coins = list(COINS)
    rng.shuffle(coins)
    for bet in other.bets:
        bet.coin = coins.pop()
    other.drawn = [coins.pop() for _ in state.drawn]
    other.bag = coins
    for ballot in other.ballots:
        ballot.houses = sorted(rng.choice(state.suspects) for _ in ballot.houses)
    other.sights = []
    other.thief_done = rng.random() < 0.5
    other.claw = rng.choice([None, *living_houses(state)])
    return other


def check_views(state: LupusState, rng: random.Random) -> None:
    over = state.phase == "over"
    public = GAME.view(state, None)
    assert public.me is None and public.hand == [] and public.sights == []
    assert public.drawn == [] and public.ballot is None and not public.my_turn
    if state.phase in NIGHT_PHASES:
        assert public.to_act == []
    if not over:
        assert all(h.character is None and h.chest is None for h in public.houses)
        assert all(b.coin is None for b in public.bets)
        assert public.second_totals is None or state.phase not in ("second_vote",)
        # The public view depends on public facts only: re-deal every secret, same view.
        assert GAME.view(scramble(state, rng), None) == public
    for seat in range(state.seats):
        view = GAME.view(state, seat)
        assert view.hand == state.hands[seat]
        for house in view.houses:
            if house.owner != seat and not over:
                assert house.character is None and house.chest is None
        for bet in view.bets:
            if bet.bettor != seat and not over:
                assert bet.coin is None
        assert all(s.seat == seat for s in view.sights)
        assert [s for s in state.sights if s.seat == seat] == view.sights
        if view.drawn:
            assert state.phase == "bet" and state.order[state.turn] == seat
        own = [b.houses for b in state.ballots if b.seat == seat]
        assert view.ballot == (own[0] if own else None)


def check_events(events: list[Event]) -> None:
    for event in events:
        assert has(event.key), event.key
        private = event.key.removeprefix("lupusburg.").startswith(PRIVATE_EVENTS)
        if private:
            assert event.to is not None and len(event.to) == 1
        else:
            assert event.to is None


def check_apply_matches_legal(state: LupusState, rng: random.Random) -> None:
    seat = rng.randrange(state.seats)
    legal = GAME.legal_actions(state, seat)
    tries = rng.sample(universe(state), 6) + legal[:2]
    for action in tries:
        try:
            GAME.apply(state, seat, action)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (action in legal), (state.phase, seat, action)


def playout(players: int, seed: int, options: dict[str, Any], p_timeout: float) -> LupusState:
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.parse_options(options), seed)
    for _ in range(3000):
        if GAME.result(state) is not None:
            return state
        check_views(state, rng)
        if rng.random() < 0.05:  # the host stores states as JSON
            assert GAME.parse_state(state.model_dump(mode="json")) == state
        if rng.random() < 0.15:
            check_apply_matches_legal(state, rng)
        active = sorted(GAME.active(state))
        if state.phase in NIGHT_PHASES:
            assert GAME.waiting_for(state) == frozenset()  # the host pings active seats in public
        else:
            assert GAME.waiting_for(state) == GAME.active(state)
        before_key, phase = GAME.phase_key(state), state.phase
        if not active or rng.random() < p_timeout:
            state, events = GAME.expire(state)
            assert GAME.phase_key(state) != before_key  # a deadline always moves on
        else:
            seat = rng.choice(active)
            legal = GAME.legal_actions(state, seat)
            assert legal
            action = rng.choice(legal)
            assert GAME.parse_action(dump_action(action)) == action  # the action log
            state, events = GAME.apply(state, seat, action)
            if phase in NIGHT_PHASES:  # acting never ends a night phase
                assert state.phase == phase and GAME.phase_key(state) == before_key
            elif phase in TURN_PHASES:
                assert GAME.phase_key(state) != before_key
        check_events(events)
    raise AssertionError("the playout did not end")


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(4, 8),
    seed=st.integers(0, 2**32),
    series=st.sampled_from([1, 1, 2]),
    second_vote=st.sampled_from(["players", "characters"]),
    burgomaster=st.sampled_from(["host", "random"]),
    p_timeout=st.sampled_from([0.0, 0.1, 0.4, 1.0]),
)
def test_random_playouts(
    players: int, seed: int, series: int, second_vote: str, burgomaster: str, p_timeout: float
) -> None:
    options = {"series": series, "second_vote": second_vote, "burgomaster": burgomaster}
    state = playout(players, seed, options, p_timeout)
    result = GAME.result(state)
    assert result is not None
    assert len(state.records) == series and len(result.scores) == players
    assert list(result.scores) == [
        sum(r.scores[s].total for r in state.records) for s in range(players)
    ]
    for record in state.records:
        wolf_alive = sum(h.alive for h in record.houses if h.owner == record.werewolf)
        others = sum(h.alive for h in record.houses) - wolf_alive
        assert (record.side == "village") == (wolf_alive == 0)
        assert record.side == "village" or wolf_alive == others
    check_views(state, random.Random(seed))
