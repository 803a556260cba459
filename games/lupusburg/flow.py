"""The cycle of phases: placement, night (Thief, Werewolf), day (privilege, betting,
discussion, two votes), the end of a game and of the series.

Every function changes the state in place and appends the events people are told.
`enter` bumps the step, which is the phase key: each step gets its own key and timer.
A step the clock took for a player (`timed_out`) is told as such, with its own keys
(`..._timeout`): nobody may read a default as a choice, which would mislead deduction.
"""

from __future__ import annotations

from games.engine import Event
from games.lupusburg.deal import clear_day, reset_game
from games.lupusburg.model import (
    COINS_PER_DRAW,
    THIEF,
    TOKENS,
    WEREWOLF,
    Ballot,
    Bet,
    Fallen,
    LupusState,
    Phase,
    Sight,
    Token,
)
from games.lupusburg.rules import (
    bet_of,
    clockwise,
    end_side,
    has_living,
    house_number,
    living,
    living_houses,
    owner_of,
    place,
    rank_houses,
    record_game,
    role_seat,
    series_winner,
)


def enter(state: LupusState, phase: Phase) -> None:
    state.phase = phase
    state.step += 1


def house_params(house: int, prefix: str = "") -> dict[str, int]:
    """Catalog parameters naming a house: its owner's seat and its number (1 or 2)."""
    return {f"{prefix}seat": owner_of(house), f"{prefix}n": house_number(house)}


# -- a game ----------------------------------------------------------------------------


def start_game(state: LupusState, events: list[Event]) -> None:
    reset_game(state)
    enter(state, "assign")
    events.append(
        Event(
            key="lupusburg.game_started",
            params={"number": state.game + 1, "series": state.series, "seat": state.burgomaster},
        )
    )


def assign(
    state: LupusState, seat: int, chest: int, events: list[Event], timed_out: bool = False
) -> None:
    for house, role in place(state.hands[seat], chest):
        state.houses[house].character = role
        state.houses[house].chest = house == chest
    state.assigned[seat] = True
    if timed_out:  # that the clock placed them is public; where the chest went is not
        events.append(Event(key="lupusburg.placed_timeout", params={"seat": seat}))
    key = "lupusburg.chest_placed" + ("_timeout" if timed_out else "")
    events.append(Event(key=key, params={"n": house_number(chest)}, to=(seat,)))
    if all(state.assigned):
        begin_night(state, events)


def check_end(state: LupusState, events: list[Event]) -> bool:
    """After a slaughter or a lynch: end the game if a side has won."""
    side = end_side(state)
    if side is None:
        return False
    record = record_game(state, side)
    state.records.append(record)
    for score in record.scores:
        state.totals[score.seat] += score.total
    if side == "werewolf":
        events.append(Event(key="lupusburg.werewolf_wins", params={"seat": record.werewolf}))
    else:
        events.append(
            Event(
                key="lupusburg.village_wins",
                params={"seat": record.werewolf, "winner_seat": record.winner},
            )
        )
    if state.game + 1 < state.series:
        state.game += 1
        start_game(state, events)
    else:
        enter(state, "over")
        if state.series > 1:
            events.append(Event(key="lupusburg.series_over", params={"seat": series_winner(state)}))
    return True


# -- the night ------------------------------------------------------------------------


def begin_night(state: LupusState, events: list[Event]) -> None:
    state.day += 1
    state.thief_done = False
    state.claw = None
    enter(state, "thief")
    events.append(Event(key="lupusburg.night", params={"day": state.day}))
    thief = role_seat(state, THIEF)
    if has_living(state, thief):  # the night's prompts go to the role alone
        events.append(Event(key="lupusburg.thief_prompt", to=(thief,)))


def peek(state: LupusState, seat: int, house: int, events: list[Event]) -> None:
    target = state.houses[house]
    assert target.character is not None
    state.sights.append(
        Sight(
            seat=seat,
            house=house,
            character=target.character,
            chest=target.chest,
            source="thief",
            day=state.day,
        )
    )
    state.thief_done = True
    key = f"lupusburg.peek_{target.character}" + ("_chest" if target.chest else "")
    events.append(Event(key=key, params=house_params(house), to=(seat,)))


def end_thief(state: LupusState, events: list[Event]) -> None:
    """The Thief's part of the night is over (it always runs its full time)."""
    enter(state, "werewolf")
    events.append(Event(key="lupusburg.werewolf_wakes"))
    events.append(Event(key="lupusburg.werewolf_prompt", to=(role_seat(state, WEREWOLF),)))


def end_werewolf(state: LupusState, victim: int, events: list[Event]) -> None:
    """Dawn: the claw's victim leaves play face down."""
    state.houses[victim].alive = False
    state.last_victim = victim
    state.claw = None
    state.fallen.append(Fallen(house=victim, how="slain", day=state.day))
    events.append(Event(key="lupusburg.slaughtered", params=house_params(victim)))
    if not check_end(state, events):
        begin_day(state, events)


# -- the day: privilege and betting ------------------------------------------------------------


def call_candidates(state: LupusState) -> list[int]:
    """Who the Burgomaster may call on: other players with a living character.

    A Burgomaster without living characters has nothing to show back: no privilege.
    """
    if not has_living(state, state.burgomaster):
        return []
    return [s for s in clockwise(state.seats, state.burgomaster)[1:] if has_living(state, s)]


def begin_day(state: LupusState, events: list[Event]) -> None:
    clear_day(state)
    if call_candidates(state):
        enter(state, "privilege")
    else:
        begin_betting(state, events)


def call(
    state: LupusState, target: int | None, events: list[Event], timed_out: bool = False
) -> None:
    burgo = state.burgomaster
    if target is None:
        key = "lupusburg.no_call" + ("_timeout" if timed_out else "")
        events.append(Event(key=key, params={"seat": burgo}))
        begin_betting(state, events)
        return
    state.called = target
    enter(state, "show")
    events.append(Event(key="lupusburg.called", params={"seat": burgo, "target_seat": target}))


def show(
    state: LupusState, seat: int, house: int, events: list[Event], timed_out: bool = False
) -> None:
    """`seat` shows a character: the called player to the Burgomaster, then back.

    That a character was shown is public; which one, only the two of them know. When the
    clock chose it, the shower learns which house was shown, the viewer that it was chance.
    """
    to = state.burgomaster if state.phase == "show" else state.called
    assert to is not None
    character = state.houses[house].character
    assert character is not None
    state.sights.append(
        Sight(
            seat=to, house=house, character=character, chest=None, source="privilege", day=state.day
        )
    )
    late = "_timeout" if timed_out else ""
    shown = {"seat": seat, "target_seat": to}
    events.append(Event(key=f"lupusburg.character_shown{late}", params=shown))
    events.append(
        Event(key=f"lupusburg.shown_{character}{late}", params=house_params(house), to=(to,))
    )
    if timed_out:
        params = {"n": house_number(house), "target_seat": to}
        events.append(Event(key="lupusburg.showed_timeout", params=params, to=(seat,)))
    if state.phase == "show":
        enter(state, "show_back")
    else:
        begin_betting(state, events)


def begin_betting(state: LupusState, events: list[Event]) -> None:
    """Clockwise from the Burgomaster, everyone whose seal is still unused."""
    order = clockwise(state.seats, state.burgomaster)
    state.order = [s for s in order if bet_of(state.bets, s) is None]
    state.turn = 0
    if state.order:
        enter(state, "betting")
    else:
        begin_discussion(state, events)


def draw(state: LupusState, seat: int, events: list[Event]) -> None:
    rng = state.rng()
    count = min(COINS_PER_DRAW, len(state.bag))
    picks = sorted(rng.sample(range(len(state.bag)), count), reverse=True)
    state.drawn = sorted((state.bag.pop(i) for i in picks), reverse=True)
    enter(state, "bet")
    events.append(Event(key="lupusburg.drew", params={"seat": seat}))
    coins = ", ".join(str(c) for c in state.drawn)
    params = {"coins": coins, "count": len(state.drawn)}
    events.append(Event(key="lupusburg.drew_coins", params=params, to=(seat,)))


def place_bet(state: LupusState, seat: int, coin: int, target: int, events: list[Event]) -> None:
    state.drawn.remove(coin)
    state.bets.append(Bet(bettor=seat, target=target, coin=coin))
    events.append(Event(key="lupusburg.bet_placed", params={"seat": seat, "target_seat": target}))
    events.append(
        Event(key="lupusburg.bet_coin", params={"coin": coin, "target_seat": target}, to=(seat,))
    )
    next_bettor(state, events)


def no_bet(state: LupusState, seat: int, events: list[Event], timed_out: bool = False) -> None:
    """No bet today: passed, or the time ran out (before drawing, or after: the coins go
    back and the seal stays unused)."""
    key = "lupusburg.no_bet"
    if timed_out:
        key = "lupusburg.bet_timeout" if state.phase == "bet" else "lupusburg.no_bet_timeout"
    events.append(Event(key=key, params={"seat": seat}))
    next_bettor(state, events)


def next_bettor(state: LupusState, events: list[Event]) -> None:
    state.bag.extend(state.drawn)  # the coins not kept go back into the bag
    state.drawn = []
    state.turn += 1
    if state.turn < len(state.order):
        enter(state, "betting")
    else:
        begin_discussion(state, events)


# -- the day: discussion and the votes -----------------------------------------------------------


def begin_discussion(state: LupusState, events: list[Event]) -> None:
    state.ready = []
    enter(state, "discussion")
    if state.discussion_seconds:
        minutes = state.discussion_seconds // 60
        events.append(Event(key="lupusburg.discussion", params={"count": minutes}))
    else:
        events.append(Event(key="lupusburg.discussion_untimed"))


def done(state: LupusState, seat: int, events: list[Event]) -> None:
    state.ready.append(seat)
    if state.phase == "discussion" and len(state.ready) == state.seats:
        begin_first_vote(state, events)
    elif state.phase == "defence" and set(state.ready) >= defenders(state):
        begin_second_vote(state, events)


def begin_first_vote(state: LupusState, events: list[Event]) -> None:
    state.order = clockwise(state.seats, state.burgomaster) * TOKENS
    state.turn = 0
    state.tokens = []
    enter(state, "first_vote")
    events.append(Event(key="lupusburg.first_vote"))


def vote(
    state: LupusState, seat: int, house: int, events: list[Event], timed_out: bool = False
) -> None:
    state.tokens.append(Token(seat=seat, house=house))
    key = "lupusburg.voted" + ("_timeout" if timed_out else "")
    events.append(Event(key=key, params={"seat": seat, **house_params(house, "owner_")}))
    state.turn += 1
    if state.turn < len(state.order):
        enter(state, "first_vote")
        return
    counts: dict[int, int] = {}
    for token in state.tokens:
        counts[token.house] = counts.get(token.house, 0) + 1
    state.suspects = rank_houses(state, counts, living_houses(state))[:2]
    first, second = state.suspects
    events.append(
        Event(
            key="lupusburg.suspects",
            params={**house_params(first, "first_"), **house_params(second, "second_")},
        )
    )
    state.ready = []
    enter(state, "defence")


def defenders(state: LupusState) -> set[int]:
    return {owner_of(h) for h in state.suspects}


def ballot_tokens(state: LupusState, seat: int) -> int:
    """How many tokens `seat` casts in the second vote (0: does not vote)."""
    unsuspected = [h for h in living(state, seat) if h not in state.suspects]
    if state.second_vote_by == "characters":
        return len(unsuspected)
    owns_suspect = any(owner_of(h) == seat for h in state.suspects)
    return 0 if owns_suspect or not has_living(state, seat) else TOKENS


def begin_second_vote(state: LupusState, events: list[Event]) -> None:
    state.voters = [s for s in range(state.seats) if ballot_tokens(state, s)]
    state.ballots = []
    enter(state, "second_vote")
    events.append(Event(key="lupusburg.second_vote"))
    if not state.voters:
        tally(state, events)


def cast(state: LupusState, seat: int, houses: list[int], events: list[Event]) -> None:
    state.ballots.append(Ballot(seat=seat, houses=sorted(houses)))
    events.append(Event(key="lupusburg.ballot_cast", params={"seat": seat}))
    if len(state.ballots) == len(state.voters):
        tally(state, events)


def ballots_missed(state: LupusState, events: list[Event]) -> None:
    """The second vote's time ran out: a ballot not cast counts for nobody. Then the tally."""
    cast = {b.seat for b in state.ballots}
    for seat in state.voters:
        if seat not in cast:
            params = {"seat": seat, "count": ballot_tokens(state, seat)}
            events.append(Event(key="lupusburg.ballot_timeout", params=params))
    tally(state, events)


def tally(state: LupusState, events: list[Event]) -> None:
    """Uncover the ballots; the suspect with most votes (ties as before) is lynched."""
    counts = {h: 0 for h in state.suspects}
    for ballot in state.ballots:
        for house in ballot.houses:
            counts[house] += 1
    state.second_totals = [counts[h] for h in state.suspects]
    lynched = rank_houses(state, counts, state.suspects)[0]
    first, second = state.suspects
    events.append(
        Event(
            key="lupusburg.tally",
            params={
                **house_params(first, "first_"),
                "first_votes": counts[first],
                **house_params(second, "second_"),
                "second_votes": counts[second],
            },
        )
    )
    state.houses[lynched].alive = False
    state.lynched = lynched
    state.fallen.append(Fallen(house=lynched, how="lynched", day=state.day))
    events.append(Event(key="lupusburg.lynched", params=house_params(lynched)))
    if check_end(state, events):
        return
    state.burgomaster = (state.burgomaster + 1) % state.seats
    events.append(Event(key="lupusburg.burgomaster", params={"seat": state.burgomaster}))
    begin_night(state, events)
