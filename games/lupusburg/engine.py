"""Lupusburg (Tabula): a hidden Werewolf among the village's houses.

The bot is the moderator; the Burgomaster is a player role that passes left each day.
Night phases always run their full time and never end early, so nobody can tell
from the clock whether the Thief or the Werewolf is alive or has acted.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import combinations_with_replacement
from typing import Any

from games.engine import Deadline, Event, Game, IllegalAction, Result, Seat
from games.lupusburg import flow
from games.lupusburg.actions import (
    Assign,
    Call,
    CastBallot,
    Claw,
    Done,
    Draw,
    LupusAction,
    Pass,
    Peek,
    PlaceBet,
    Show,
    Vote,
)
from games.lupusburg.model import NIGHT_PHASES, THIEF, WEREWOLF, LupusOptions, LupusState
from games.lupusburg.rules import (
    has_living,
    houses_of,
    living,
    living_houses,
    owner_of,
    role_seat,
    series_winner,
)
from games.lupusburg.views import LupusView, build_view

# The action kinds each phase accepts; any other kind is refused as the wrong step.
_PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "assign": (Assign,),
    "thief": (Peek,),
    "werewolf": (Claw,),
    "privilege": (Call,),
    "show": (Show,),
    "show_back": (Show,),
    "betting": (Draw, Pass),
    "bet": (PlaceBet,),
    "discussion": (Done,),
    "first_vote": (Vote,),
    "defence": (Done,),
    "second_vote": (CastBallot,),
    "over": (),
}


class Lupusburg(Game[LupusState, Any, LupusOptions]):
    id = "lupusburg"
    name = "Lupusburg"
    aliases = ("tabula",)
    min_players = 4
    max_players = 8
    options_model = LupusOptions
    state_model = LupusState
    action_model = LupusAction
    hidden = False

    # -- construction -----------------------------------------------------------------

    def setup(self, seats: int, options: LupusOptions, seed: int) -> LupusState:
        state = LupusState(
            seats=seats,
            seed=seed,
            night_seconds=options.night_seconds,
            discussion_seconds=options.discussion_minutes * 60,
            defence_seconds=options.defence_seconds,
            turn_seconds=options.turn_seconds,
            series=options.series,
            second_vote_by=options.second_vote,
            first_burgomaster=0,
            totals=[0] * seats,
            burgomaster=0,
            hands=[],
            houses=[],
            assigned=[],
            bag=[],
        )
        if options.burgomaster == "random":
            state.first_burgomaster = state.rng().randrange(seats)
        flow.start_game(state, [])
        return state

    # -- whose move ---------------------------------------------------------------------

    def waiting_for(self, state: LupusState) -> frozenset[Seat]:
        """Who is to act, as the table may know it: nobody during the night.

        The host shows and pings the active seats in public, so the night's roles are
        left out here; they act through `active` and their own panel.
        """
        if state.phase in NIGHT_PHASES:
            return frozenset()
        return self.active(state)

    def active(self, state: LupusState) -> frozenset[Seat]:
        """Who may act now, the Thief or the Werewolf at night included (a secret)."""
        phase = state.phase
        if phase == "assign":
            return frozenset(s for s in range(state.seats) if not state.assigned[s])
        if phase == "thief":
            thief = role_seat(state, THIEF)
            alive = has_living(state, thief)
            return frozenset({thief}) if alive and not state.thief_done else frozenset()
        if phase == "werewolf":
            return frozenset({role_seat(state, WEREWOLF)}) if state.claw is None else frozenset()
        if phase in ("privilege", "show_back"):
            return frozenset({state.burgomaster})
        if phase == "show":
            assert state.called is not None
            return frozenset({state.called})
        if phase in ("betting", "bet", "first_vote"):
            return frozenset({state.order[state.turn]})
        if phase == "discussion":
            return frozenset(range(state.seats)) - set(state.ready)
        if phase == "defence":
            return frozenset(flow.defenders(state)) - set(state.ready)
        if phase == "second_vote":
            return frozenset(state.voters) - {b.seat for b in state.ballots}
        return frozenset()

    def phase_key(self, state: LupusState) -> str:
        # Unchanged by moves inside a simultaneous or night phase: its timer runs on.
        return f"{state.phase}{state.step}"

    # -- legal moves ----------------------------------------------------------------------

    def legal_actions(self, state: LupusState, seat: Seat) -> list[Any]:
        if seat not in self.active(state):
            return []
        phase = state.phase
        if phase == "assign":
            return [Assign(chest=h) for h in houses_of(seat)]
        if phase == "thief":
            return [Peek(house=h) for h in living_houses(state) if owner_of(h) != seat]
        if phase == "werewolf":
            return [Claw(house=h) for h in living_houses(state)]
        if phase == "privilege":
            return [Call(target=None)] + [Call(target=s) for s in flow.call_candidates(state)]
        if phase in ("show", "show_back"):
            return [Show(house=h) for h in living(state, seat)]
        if phase == "betting":
            return [Draw(), Pass()]
        if phase == "bet":
            targets = [s for s in range(state.seats) if s != seat]
            coins = sorted(set(state.drawn), reverse=True)
            return [PlaceBet(coin=c, target=t) for c in coins for t in targets]
        if phase in ("discussion", "defence"):
            return [Done()]
        if phase == "first_vote":
            return [Vote(house=h) for h in living_houses(state)]
        if phase == "second_vote":
            count = flow.ballot_tokens(state, seat)
            combos = combinations_with_replacement(sorted(state.suspects), count)
            return [CastBallot(houses=combo) for combo in combos]
        return []

    # -- moves ------------------------------------------------------------------------------

    def play(self, state: LupusState, seat: Seat, action: Any) -> list[Event]:
        if not isinstance(action, _PHASE_ACTIONS[state.phase]):
            raise IllegalAction("lupusburg.wrong_step")
        events: list[Event] = []
        match action:
            case Assign(chest=chest):
                if chest not in houses_of(seat):
                    raise IllegalAction("lupusburg.not_your_house")
                flow.assign(state, seat, chest, events)
            case Peek(house=house):
                self._require_living(state, house)
                if owner_of(house) == seat:
                    raise IllegalAction("lupusburg.own_house")
                flow.peek(state, seat, house, events)
            case Claw(house=house):
                self._require_living(state, house)
                state.claw = house
                events.append(
                    Event(key="lupusburg.claw_set", params=flow.house_params(house), to=(seat,))
                )
            case Call(target=target):
                if target is not None and target not in flow.call_candidates(state):
                    raise IllegalAction("lupusburg.cannot_call")
                flow.call(state, target, events)
            case Show(house=house):
                if house not in living(state, seat):
                    raise IllegalAction("lupusburg.not_your_living")
                flow.show(state, seat, house, events)
            case Draw():
                flow.draw(state, seat, events)
            case Pass():
                flow.no_bet(state, seat, events)
            case PlaceBet(coin=coin, target=target):
                if coin not in state.drawn:
                    raise IllegalAction("lupusburg.no_such_coin", coin=coin)
                if target == seat or not 0 <= target < state.seats:
                    raise IllegalAction("lupusburg.bad_bet_target")
                flow.place_bet(state, seat, coin, target, events)
            case Done():
                flow.done(state, seat, events)
            case Vote(house=house):
                self._require_living(state, house)
                flow.vote(state, seat, house, events)
            case CastBallot(houses=houses):
                count = flow.ballot_tokens(state, seat)
                if len(houses) != count:
                    raise IllegalAction("lupusburg.token_count", count=count)
                if any(h not in state.suspects for h in houses):
                    raise IllegalAction("lupusburg.not_a_suspect")
                flow.cast(state, seat, list(houses), events)
        return events

    @staticmethod
    def _require_living(state: LupusState, house: int) -> None:
        if not 0 <= house < len(state.houses) or not state.houses[house].alive:
            raise IllegalAction("lupusburg.not_in_play")

    # -- time ---------------------------------------------------------------------------------

    def seconds(self, state: LupusState) -> int:
        """The current phase's time limit in seconds (0: none)."""
        if state.phase in ("thief", "werewolf"):
            return state.night_seconds
        if state.phase == "discussion":
            return state.discussion_seconds
        if state.phase == "defence":
            return state.defence_seconds
        if state.phase == "over":
            return 0
        return state.turn_seconds

    def deadline(self, state: LupusState, now: datetime) -> Deadline | None:
        seconds = self.seconds(state)
        if not seconds:
            return None
        return Deadline(key=self.phase_key(state), at=now + timedelta(seconds=seconds))

    def timeout(self, state: LupusState) -> list[Event]:
        """The documented defaults when a phase's time runs out."""
        events: list[Event] = []
        phase = state.phase
        if phase == "assign":
            # Not placed in time: the chest goes into a random one of the two houses.
            for seat in range(state.seats):
                if not state.assigned[seat]:
                    chest = state.rng().choice(houses_of(seat))
                    flow.assign(state, seat, chest, events)
        elif phase == "thief":
            flow.end_thief(state, events)  # a Thief who did not look sees nothing
        elif phase == "werewolf":
            wolf = role_seat(state, WEREWOLF)
            victim = state.claw
            if victim is None:  # the claw falls on a random living character not its own
                choices = [h for h in living_houses(state) if owner_of(h) != wolf]
                victim = state.rng().choice(choices)
                events.append(
                    Event(
                        key="lupusburg.claw_default", params=flow.house_params(victim), to=(wolf,)
                    )
                )
            flow.end_werewolf(state, victim, events)
        elif phase == "privilege":
            flow.call(state, None, events)
        elif phase in ("show", "show_back"):
            seat = next(iter(self.active(state)))
            flow.show(state, seat, state.rng().choice(living(state, seat)), events)
        elif phase in ("betting", "bet"):
            flow.no_bet(state, state.order[state.turn], events)
        elif phase == "discussion":
            flow.begin_first_vote(state, events)
        elif phase == "first_vote":
            seat = state.order[state.turn]
            choices = [h for h in living_houses(state) if owner_of(h) != seat]
            flow.vote(state, seat, state.rng().choice(choices), events)
        elif phase == "defence":
            flow.begin_second_vote(state, events)
        elif phase == "second_vote":
            flow.tally(state, events)  # a ballot not cast counts no votes
        return events

    # -- what people see -------------------------------------------------------------------------

    def view(self, state: LupusState, seat: Seat | None) -> LupusView:
        return build_view(state, seat, sorted(self.active(state)), self.seconds(state))

    def result(self, state: LupusState) -> Result | None:
        if state.phase != "over":
            return None
        return Result(scores=tuple(state.totals), winners=(series_winner(state),))


GAME = Lupusburg()
