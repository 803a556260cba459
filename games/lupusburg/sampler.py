"""A full state built from one seat's view, with what it cannot see dealt at random.

The roles and chests come from the seat's `Belief` (consistent with its hand, its
sights and the game going on); the coins of others' bets and of the bag are dealt from
those the seat has not seen; the Thief's past looks and others' ballots are filled in at
random. Everything public is copied from the view, so the seat sees exactly its view and
has the same legal actions. The seed is fresh: the future coin draws are unknown too.
"""

from __future__ import annotations

import random

from games.lupusburg.belief import Belief, Pair, role_of
from games.lupusburg.flow import ballot_tokens
from games.lupusburg.model import (
    COINS,
    NIGHT_PHASES,
    THIEF,
    TOKENS,
    TOWNSFOLK,
    WEREWOLF,
    Ballot,
    Bet,
    House,
    LupusState,
    Role,
    Sight,
)
from games.lupusburg.rules import clockwise, houses_of, owner_of, place
from games.lupusburg.views import LupusView

_TURN_PHASES = {"assign", "privilege", "show", "show_back", "betting", "bet", "first_vote"}


def sample(view: LupusView, seat: int, rng: random.Random) -> LupusState:
    """A state giving `seat` exactly `view`, dealt from its belief (hard facts only)."""
    return deal(view, seat, rng, Belief(view, seat))


def deal(view: LupusView, seat: int, rng: random.Random, belief: Belief) -> LupusState:
    """A state giving `seat` exactly `view`, with the roles drawn from `belief`."""
    pair = belief.sample_pair(rng.random()) if view.phase != "over" else _revealed(view)
    state = _public(view, rng)
    _deal_roles(state, view, seat, pair, belief, rng)
    _deal_coins(state, view, seat, rng)
    _fill_secrets(state, view, seat, pair, rng)
    return state


def _revealed(view: LupusView) -> Pair:
    roles = {h.character: h.owner for h in view.houses}
    return roles.get(WEREWOLF, 0), roles.get(THIEF, 1)


def _settings(view: LupusView) -> dict[str, int]:
    """The time settings, with the current phase's own from the view's `seconds`."""
    settings = {
        "night_seconds": 30,
        "discussion_seconds": 180,
        "defence_seconds": 60,
        "turn_seconds": 60,
    }
    if view.phase in NIGHT_PHASES:
        settings["night_seconds"] = view.seconds
    elif view.phase == "discussion":
        settings["discussion_seconds"] = view.seconds
    elif view.phase == "defence":
        settings["defence_seconds"] = view.seconds
    elif view.phase in _TURN_PHASES or view.phase == "second_vote":
        settings["turn_seconds"] = view.seconds
    return settings


def _public(view: LupusView, rng: random.Random) -> LupusState:
    started = (view.burgomaster - max(view.day - 1, 0)) % view.seats  # this game's first
    state = LupusState(
        seats=view.seats,
        seed=rng.getrandbits(32),
        **_settings(view),
        series=view.series,
        second_vote_by=view.second_vote_by,
        first_burgomaster=(started - (view.game - 1)) % view.seats,
        game=view.game - 1,
        totals=list(view.totals),
        records=[view.previous.model_copy(deep=True)] if view.previous else [],
        phase=view.phase,
        day=view.day,
        burgomaster=view.burgomaster,
        hands=[],
        houses=[House(owner=h.owner, alive=h.in_play) for h in view.houses],
        assigned=[not (view.phase == "assign" and s in view.to_act) for s in range(view.seats)],
        bag=[],
        last_victim=view.last_victim,
        lynched=view.lynched,
        fallen=[f.model_copy() for f in view.fallen],
        called=view.called,
        tokens=[t.model_copy() for t in view.tokens],
        suspects=list(view.suspects),
        ready=list(view.ready),
        voters=list(view.voters),
        second_totals=None if view.second_totals is None else list(view.second_totals),
    )
    _turn_order(state, view)
    return state


def _turn_order(state: LupusState, view: LupusView) -> None:
    if view.phase in ("betting", "bet"):
        current = view.to_act[0]
        bettors = {b.bettor for b in view.bets}
        after = clockwise(view.seats, view.burgomaster)
        rest = after[after.index(current) + 1 :]
        state.order = [current] + [s for s in rest if s not in bettors]
    elif view.phase == "first_vote":
        state.order = clockwise(view.seats, view.burgomaster) * TOKENS
        state.turn = len(view.tokens)


def _deal_roles(
    state: LupusState,
    view: LupusView,
    seat: int,
    pair: Pair,
    belief: Belief,
    rng: random.Random,
) -> None:
    for owner in range(view.seats):
        role = role_of(pair, owner)
        if owner == seat:
            state.hands.append(list(view.hand))
        else:
            hand: list[Role] = [TOWNSFOLK, role]
            rng.shuffle(hand)
            state.hands.append(hand)
        if not state.assigned[owner]:
            continue
        if view.phase == "over":
            for house in houses_of(owner):
                shown = view.houses[house]
                state.houses[house].character = shown.character
                state.houses[house].chest = bool(shown.chest)
            continue
        chest = rng.choice(belief.chests(owner, role))
        for house, character in place(state.hands[owner], chest):
            state.houses[house].character = character
            state.houses[house].chest = house == chest


def _deal_coins(state: LupusState, view: LupusView, seat: int, rng: random.Random) -> None:
    """Others' bets, the coins in another bettor's hand and the bag, from the coins
    the seat has not seen."""
    unseen = list(COINS)
    for bet in view.bets:
        if bet.coin is not None:
            unseen.remove(bet.coin)
    for coin in view.drawn:
        unseen.remove(coin)
    rng.shuffle(unseen)
    for bet in view.bets:
        coin = bet.coin if bet.coin is not None else unseen.pop()
        state.bets.append(Bet(bettor=bet.bettor, target=bet.target, coin=coin))
    if view.phase == "bet":
        if view.drawn:
            state.drawn = list(view.drawn)
        else:
            count = len(unseen) - view.coins_in_bag
            state.drawn = sorted((unseen.pop() for _ in range(count)), reverse=True)
    state.bag = unseen


def _fill_secrets(
    state: LupusState, view: LupusView, seat: int, pair: Pair, rng: random.Random
) -> None:
    """The seat's own sights; the Thief's looks, the shown characters and the ballots
    of the others, at random where the seat cannot know them."""
    wolf, thief = pair
    state.sights = [s.model_copy() for s in view.sights]
    if thief != seat:
        state.sights += _thief_looks(state, view, thief, rng)
    _privilege_sights(state, view, seat, wolf)
    if view.phase in NIGHT_PHASES:
        mine = view.my_turn
        state.thief_done = view.phase == "thief" and thief == seat and not mine
        if view.phase == "werewolf" and wolf == seat and not mine:
            choices = [h for h in range(len(state.houses)) if state.houses[h].alive]
            state.claw = rng.choice([h for h in choices if owner_of(h) != seat] or choices)
    _ballots(state, view, seat, rng)


def _living_at_night(view: LupusView, day: int) -> list[int]:
    """The houses in play on night `day`: those that had not fallen before it."""
    gone = {f.house for f in view.fallen if f.day < day}
    return [h.house for h in view.houses if h.house not in gone]


def _thief_looks(state: LupusState, view: LupusView, thief: int, rng: random.Random) -> list[Sight]:
    """A look on each night the Thief has had (at random: the seat cannot know where)."""
    nights = view.day - 1 if view.phase == "thief" else view.day
    looks = []
    for day in range(1, nights + 1):
        living = _living_at_night(view, day)
        choices = [h for h in living if owner_of(h) != thief]
        if choices and any(owner_of(h) == thief for h in living):
            index = rng.choice(choices)
            house = state.houses[index]
            character = house.character or TOWNSFOLK
            looks.append(
                Sight(
                    seat=thief,
                    house=index,
                    character=character,
                    chest=house.chest,
                    source="thief",
                    day=day,
                )
            )
    return looks


def _privilege_sights(state: LupusState, view: LupusView, seat: int, wolf: int) -> None:
    """Today's shown characters between the Burgomaster and the called player."""
    if view.called is None or view.phase in ("privilege", "show"):
        return
    burgo, called = view.burgomaster, view.called
    pairs = [(called, burgo)] + ([(burgo, called)] if view.phase != "show_back" else [])
    for shower, viewer in pairs:
        if viewer == seat:
            continue  # the seat's own sights are in its view
        living = [h for h in houses_of(shower) if state.houses[h].alive]
        if not living:
            continue
        house = living[0] if shower != wolf else _townsfolk_first(state, living)
        character = state.houses[house].character or TOWNSFOLK
        sight = Sight(
            seat=viewer,
            house=house,
            character=character,
            chest=None,
            source="privilege",
            day=view.day,
        )
        state.sights.append(sight)


def _townsfolk_first(state: LupusState, living: list[int]) -> int:
    return next((h for h in living if state.houses[h].character == TOWNSFOLK), living[0])


def _ballots(state: LupusState, view: LupusView, seat: int, rng: random.Random) -> None:
    """The cast ballots: the seat's own (shown to it until the next day), and during the
    second vote the others' cast so far, at random over the suspects."""
    if view.phase == "second_vote":
        cast = [s for s in view.voters if s not in view.to_act]
    else:
        cast = [seat] if view.ballot is not None else []
    for voter in cast:
        if voter == seat and view.ballot is not None:
            houses = list(view.ballot)
        else:
            count = ballot_tokens(state, voter)
            houses = sorted(rng.choice(view.suspects) for _ in range(count))
        state.ballots.append(Ballot(seat=voter, houses=houses))
