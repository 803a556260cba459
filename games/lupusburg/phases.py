"""Lupusburg's flow as data: for each phase, the actions it accepts, who acts, their moves,
its time limit and what its timeout does (the documented defaults). `flow` carries the
steps out; the night phases are `secret`, so the table never learns who acts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from itertools import combinations_with_replacement

from games.engine import Event, Phase, Seat, in_seconds
from games.lupusburg import flow
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
from games.lupusburg.model import THIEF, WEREWOLF, LupusState
from games.lupusburg.rules import has_living, houses_of, living, living_houses, owner_of, role_seat

Timer = Callable[[LupusState, datetime], datetime | None]


def _lasts(seconds: Callable[[LupusState], int]) -> Timer:
    """A phase that times out after `seconds(state)` (0: untimed)."""
    return lambda state, now: in_seconds(now, seconds(state))


_turn = _lasts(lambda state: state.turn_seconds)
_night = _lasts(lambda state: state.night_seconds)

REMIND_BEFORE = 60  # seconds before the end, or a quarter of a shorter phase
REMIND_MIN_PHASE = 20  # shorter phases get no reminder: it would come too late to help


def _remind(state: LupusState, start: datetime, end: datetime) -> datetime | None:
    """When to remind whoever a simultaneous or night phase still waits for: a minute
    before its end, or at three quarters of a phase shorter than four minutes."""
    length = (end - start).total_seconds()
    if length < REMIND_MIN_PHASE:
        return None
    return end - timedelta(seconds=min(REMIND_BEFORE, length / 4))


def _in_turn(state: LupusState) -> set[Seat]:
    """The seat whose turn it is in a clockwise round (betting, the first vote)."""
    return {state.order[state.turn]}


def _shower(state: LupusState) -> Seat:
    """Who shows a character now: the called player, then the Burgomaster back."""
    shower = state.called if state.phase == "show" else state.burgomaster
    assert shower is not None
    return shower


# -- each phase's active seats and moves ----------------------------------------------------


def _thief(state: LupusState) -> set[Seat]:
    thief = role_seat(state, THIEF)
    return {thief} if has_living(state, thief) and not state.thief_done else set()


def _werewolf(state: LupusState) -> set[Seat]:
    return {role_seat(state, WEREWOLF)} if state.claw is None else set()


def _bets(state: LupusState, seat: Seat) -> list[PlaceBet]:
    targets = [s for s in range(state.seats) if s != seat]
    coins = sorted(set(state.drawn), reverse=True)
    return [PlaceBet(coin=c, target=t) for c in coins for t in targets]


def _ballots(state: LupusState, seat: Seat) -> list[CastBallot]:
    count = flow.ballot_tokens(state, seat)
    combos = combinations_with_replacement(sorted(state.suspects), count)
    return [CastBallot(houses=combo) for combo in combos]


# -- each phase's timeout: the documented defaults ------------------------------------------

Step = Callable[[LupusState, list[Event]], None]  # a step of `flow`: in place, telling events


def _step(step: Step) -> Callable[[LupusState], list[Event]]:
    """A timeout that takes `step` and returns the events it tells."""

    def run(state: LupusState) -> list[Event]:
        events: list[Event] = []
        step(state, events)
        return events

    return run


def _placed_at_random(state: LupusState, events: list[Event]) -> None:
    """Not placed in time: the chest goes into a random one of the two houses."""
    for seat in range(state.seats):
        if not state.assigned[seat]:
            flow.assign(state, seat, state.rng().choice(houses_of(seat)), events, timed_out=True)


def _thief_sleeps(state: LupusState, events: list[Event]) -> None:
    """The Thief's time is up. One who had not looked learns, in private, that it saw
    nothing tonight; the table hears the same whatever the Thief did."""
    for thief in _thief(state):
        events.append(Event(key="lupusburg.peek_timeout", to=(thief,)))
    flow.end_thief(state, events)


def _claw_falls(state: LupusState, events: list[Event]) -> None:
    """Dawn. No choice made: a random living character not the Werewolf's own."""
    victim = state.claw
    if victim is None:
        wolf = role_seat(state, WEREWOLF)
        victim = state.rng().choice([h for h in living_houses(state) if owner_of(h) != wolf])
        params = flow.house_params(victim)
        events.append(Event(key="lupusburg.claw_default", params=params, to=(wolf,)))
    flow.end_werewolf(state, victim, events)


def _shown_at_random(state: LupusState, events: list[Event]) -> None:
    seat = _shower(state)
    flow.show(state, seat, state.rng().choice(living(state, seat)), events, timed_out=True)


def _no_bet(state: LupusState, events: list[Event]) -> None:
    flow.no_bet(state, state.order[state.turn], events, timed_out=True)


def _token_at_random(state: LupusState, events: list[Event]) -> None:
    """A token on a random living character not your own."""
    seat = state.order[state.turn]
    choices = [h for h in living_houses(state) if owner_of(h) != seat]
    flow.vote(state, seat, state.rng().choice(choices), events, timed_out=True)


_show = Phase[LupusState](
    actions=(Show,),
    active=lambda state: {_shower(state)},
    moves=lambda state, seat: [Show(house=h) for h in living(state, seat)],
    ends=_turn,
    timeout=_step(_shown_at_random),
)
_betting = Phase[LupusState](
    actions=(Draw, Pass),
    active=_in_turn,
    moves=lambda state, seat: [Draw(), Pass()],
    ends=_turn,
    timeout=_step(_no_bet),
)

PHASES: Mapping[str, Phase[LupusState]] = {
    "assign": Phase(
        actions=(Assign,),
        active=lambda state: {s for s in range(state.seats) if not state.assigned[s]},
        moves=lambda state, seat: [Assign(chest=h) for h in houses_of(seat)],
        ends=_turn,
        timeout=_step(_placed_at_random),
        remind=_remind,
    ),
    "thief": Phase(
        actions=(Peek,),
        active=_thief,
        moves=lambda state, seat: [
            Peek(house=h) for h in living_houses(state) if owner_of(h) != seat
        ],
        ends=_night,
        timeout=_step(_thief_sleeps),  # the Thief sees nothing
        secret=True,
        remind=_remind,
    ),
    "werewolf": Phase(
        actions=(Claw,),
        active=_werewolf,
        moves=lambda state, seat: [Claw(house=h) for h in living_houses(state)],
        ends=_night,
        timeout=_step(_claw_falls),
        secret=True,
        remind=_remind,
    ),
    "privilege": Phase(
        actions=(Call,),
        active=lambda state: {state.burgomaster},
        moves=lambda state, seat: [Call(target=t) for t in [None, *flow.call_candidates(state)]],
        ends=_turn,
        timeout=_step(lambda state, events: flow.call(state, None, events, timed_out=True)),
    ),
    "show": _show,
    "show_back": _show,
    "betting": _betting,
    "bet": Phase(
        actions=(PlaceBet,), active=_in_turn, moves=_bets, ends=_turn, timeout=_step(_no_bet)
    ),
    "discussion": Phase(
        actions=(Done,),
        active=lambda state: set(range(state.seats)) - set(state.ready),
        moves=lambda state, seat: [Done()],
        ends=_lasts(lambda state: state.discussion_seconds),
        timeout=_step(flow.begin_first_vote),
    ),
    "first_vote": Phase(
        actions=(Vote,),
        active=_in_turn,
        moves=lambda state, seat: [Vote(house=h) for h in living_houses(state)],
        ends=_turn,
        timeout=_step(_token_at_random),
    ),
    "defence": Phase(
        actions=(Done,),
        active=lambda state: flow.defenders(state) - set(state.ready),
        moves=lambda state, seat: [Done()],
        ends=_lasts(lambda state: state.defence_seconds),
        timeout=_step(flow.begin_second_vote),
    ),
    "second_vote": Phase(
        actions=(CastBallot,),
        active=lambda state: set(state.voters) - {b.seat for b in state.ballots},
        moves=_ballots,
        ends=_turn,
        timeout=_step(flow.ballots_missed),  # a ballot not cast counts no votes
        remind=_remind,
    ),
    "over": Phase(),
}

_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


def time_limit(state: LupusState) -> int:
    """The current phase's time limit in seconds (0: none), as its `ends` says."""
    ends = PHASES[state.phase].ends
    at = ends(state, _EPOCH) if ends is not None else None
    return 0 if at is None else int((at - _EPOCH).total_seconds())
