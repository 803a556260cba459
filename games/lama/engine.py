"""No Prob-Lama: collect low cards and threes of a kind in a 3x3 layout.

Each round: deal, everyone looks at two of their own cards at once (the peek step),
then turns clockwise from the dealer's left until someone's nine cards are face up;
everyone else takes one final turn and the round is scored (see `rounds`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import combinations

from games.engine import Deadline, Event, Game, IllegalAction, Result, Seat
from games.lama.cards import is_special
from games.lama.models import (
    ACTION_MODEL,
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
from games.lama.rounds import deal, target_lamas
from games.lama.turns import PEEK_DEFAULT, default_step, peek, turn_action
from games.lama.views import LamaView, build_view

_PEEKS = [Peek(positions=pair) for pair in combinations(range(9), 2)]
_EXCHANGES = [Exchange(position=p) for p in range(9)]


class Lama(Game[LamaState, LamaAction, LamaOptions]):
    id = "lama"
    name = "No Prob-Lama"
    aliases = ("noproblama", "problama")
    min_players = 2
    max_players = 6
    options_model = LamaOptions
    state_model = LamaState
    action_model = ACTION_MODEL
    hidden = False

    def setup(self, seats: int, options: LamaOptions, seed: int) -> LamaState:
        if not self.min_players <= seats <= (self.max_players or seats):
            raise ValueError(f"No Prob-Lama needs 2 to 6 players, not {seats}")
        dealer = seats - 1  # so that seat 0 begins the first round
        state = LamaState(
            seats=seats,
            seed=seed,
            variant=options.variant,
            turn_seconds=options.turn_seconds,
            target=target_lamas(seats),
            dealer=dealer,
            starter=(dealer + 1) % seats,
            layouts=[],
            face_up=[],
            peeked=[],
            received=[],
            draw_pile=[],
            discard=[],
            lamas=[0] * seats,
            totals=[0] * seats,
        )
        deal(state)
        return state

    # -- turns --------------------------------------------------------------------------

    def active(self, state: LamaState) -> frozenset[Seat]:
        if state.phase == "peek":
            return frozenset(s for s in range(state.seats) if not state.peeked[s])
        if state.phase == "turn":
            return frozenset({state.to_act})
        return frozenset()

    def phase_key(self, state: LamaState) -> str:
        if state.phase == "over":
            return "over"
        if state.phase == "peek":
            return f"r{state.round}peek"
        return f"r{state.round}t{state.turn}s{state.substep}"

    def legal_actions(self, state: LamaState, seat: Seat) -> list[LamaAction]:
        if seat not in self.active(state):
            return []
        if state.phase == "peek":
            return list(_PEEKS)
        if state.step == "choose":
            return [Draw(), TakeDiscard()] if state.discard else [Draw()]
        assert state.held is not None
        if is_special(state.held):
            return [Give(to_seat=s) for s in range(state.seats) if s != seat]
        if state.step == "drawn":
            return [*_EXCHANGES, Discard()]
        return list(_EXCHANGES)

    def play(self, state: LamaState, seat: Seat, action: LamaAction) -> list[Event]:
        if state.phase == "peek":
            if not isinstance(action, Peek):
                raise IllegalAction("lama.peek_first")
            return peek(state, seat, action)
        return turn_action(state, seat, action)

    # -- time ---------------------------------------------------------------------------

    def deadline(self, state: LamaState, now: datetime) -> Deadline | None:
        if not state.turn_seconds or state.phase == "over":
            return None
        return Deadline(key=self.phase_key(state), at=now + timedelta(seconds=state.turn_seconds))

    def timeout(self, state: LamaState) -> list[Event]:
        """Peek step: everyone who has not looked sees their top-left and bottom-right
        cards. A turn step: `turns.default_step`; from the choosing step this plays the
        whole turn (draw, then discard or give the card to the next player)."""
        events: list[Event] = []
        if state.phase == "peek":
            for seat in sorted(self.active(state)):
                events.append(Event(key="lama.timed_out", params={"seat": seat}))
                events += peek(state, seat, Peek(positions=PEEK_DEFAULT))
            return events
        if state.phase != "turn":
            return events
        seat = state.to_act
        events.append(Event(key="lama.timed_out", params={"seat": seat}))
        events += turn_action(state, seat, default_step(state))
        if state.phase == "turn" and state.to_act == seat and state.step != "choose":
            events += turn_action(state, seat, default_step(state))
        return events

    # -- what people see ------------------------------------------------------------------

    def view(self, state: LamaState, seat: Seat | None) -> LamaView:
        return build_view(state, seat)

    def result(self, state: LamaState) -> Result | None:
        if state.winners is None:
            return None
        by_points = state.variant == "points"
        scores = state.totals if by_points else state.lamas
        return Result(scores=tuple(scores), winners=tuple(state.winners), lower_is_better=by_points)


GAME = Lama()
