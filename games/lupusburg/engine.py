"""Lupusburg (Tabula): a hidden Werewolf among the village's houses.

The bot is the moderator; the Burgomaster is a player role that passes left each day.
Night phases always run their full time and never end early, so nobody can tell
from the clock whether the Thief or the Werewolf is alive or has acted.

The flow is the phase table in `phases`; `flow` carries its steps out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from games.engine import Event, Game, IllegalAction, Match, Phase, Result, Seat
from games.lupusburg import flow
from games.lupusburg.actions import (
    Action,
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
from games.lupusburg.model import LupusOptions, LupusState
from games.lupusburg.phases import PHASES, time_limit
from games.lupusburg.rules import houses_of, living, owner_of, series_winner
from games.lupusburg.views import LupusView, build_view

if TYPE_CHECKING:
    from games.computers import Computers


class Lupusburg(Game[LupusState, Action, LupusOptions, LupusView]):
    id = "lupusburg"
    name = "Lupusburg"
    aliases = ("tabula",)
    min_players = 4
    max_players = 8
    options_model = LupusOptions
    state_model = LupusState
    action_model = LupusAction
    hidden = False
    phases: ClassVar[Mapping[str, Phase[LupusState]]] = PHASES

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

    # -- the flow ---------------------------------------------------------------------------

    def phase(self, state: LupusState) -> str:
        return state.phase

    def phase_key(self, state: LupusState) -> str:
        # Unchanged by moves inside a simultaneous or night phase: its timer runs on.
        return f"{state.phase}{state.step}"

    # -- moves ------------------------------------------------------------------------------

    def play(self, state: LupusState, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        match action:
            case Assign(chest=chest):
                flow.assign(state, seat, chest, events)
            case Peek(house=house):
                flow.peek(state, seat, house, events)
            case Claw(house=house):
                state.claw = house
                params = flow.house_params(house)
                events.append(Event(key="lupusburg.claw_set", params=params, to=(seat,)))
            case Call(target=target):
                flow.call(state, target, events)
            case Show(house=house):
                flow.show(state, seat, house, events)
            case Draw():
                flow.draw(state, seat, events)
            case Pass():
                flow.no_bet(state, seat, events)
            case PlaceBet(coin=coin, target=target):
                flow.place_bet(state, seat, coin, target, events)
            case Done():
                flow.done(state, seat, events)
            case Vote(house=house):
                flow.vote(state, seat, house, events)
            case CastBallot(houses=houses):
                flow.cast(state, seat, list(houses), events)
        return events

    # -- refusals, in the players' words ------------------------------------------------------

    def explain(self, state: LupusState, seat: Seat, action: Action) -> IllegalAction | None:
        if seat not in self.active(state):
            return None  # the contract's "not your turn"
        if not isinstance(action, self.current(state).actions):
            return IllegalAction("lupusburg.wrong_step")
        if isinstance(action, Peek | Claw | Vote) and not _in_play(state, action.house):
            return IllegalAction("lupusburg.not_in_play")
        match action:
            case Assign(chest=chest) if chest not in houses_of(seat):
                return IllegalAction("lupusburg.not_your_house")
            case Peek(house=house) if owner_of(house) == seat:
                return IllegalAction("lupusburg.own_house")
            case Call(target=target) if target not in (None, *flow.call_candidates(state)):
                return IllegalAction("lupusburg.cannot_call")
            case Show(house=house) if house not in living(state, seat):
                return IllegalAction("lupusburg.not_your_living")
            case PlaceBet(coin=coin) if coin not in state.drawn:
                return IllegalAction("lupusburg.no_such_coin", coin=coin)
            case PlaceBet(target=target) if target == seat or not 0 <= target < state.seats:
                return IllegalAction("lupusburg.bad_bet_target")
            case CastBallot(houses=houses) if len(houses) != flow.ballot_tokens(state, seat):
                return IllegalAction("lupusburg.token_count", count=flow.ballot_tokens(state, seat))
            case CastBallot(houses=houses) if any(h not in state.suspects for h in houses):
                return IllegalAction("lupusburg.not_a_suspect")
        return None

    # -- what people see -------------------------------------------------------------------------

    def view(self, state: LupusState, seat: Seat | None) -> LupusView:
        return build_view(
            state,
            seat,
            actors=sorted(self.active(state)),
            to_act=sorted(self.waiting_for(state)),
            seconds=time_limit(state),
        )

    def computers(self) -> Computers:
        from games.lupusburg.computer import COMPUTERS  # the policies read views only

        return COMPUTERS

    def result(self, state: LupusState) -> Result | None:
        if state.phase != "over":
            return None
        return Result(scores=tuple(state.totals), winners=(series_winner(state),))

    def matches(self, state: LupusState) -> tuple[Match, ...]:
        """Each game of the series is rated as sides: the Werewolf's player against
        the village (everyone else), the side that won first."""
        if state.phase != "over":
            return ()
        return tuple(
            Match(
                teams=((r.werewolf,), tuple(s for s in range(state.seats) if s != r.werewolf)),
                places=(0, 1) if r.side == "werewolf" else (1, 0),
            )
            for r in state.records
        )


def _in_play(state: LupusState, house: int) -> bool:
    return 0 <= house < len(state.houses) and state.houses[house].alive


GAME = Lupusburg()
