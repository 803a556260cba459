"""No Prob-Lama: collect low cards and threes of a kind in a 3x3 layout.

Each round: deal, everyone looks at two of their own cards at once (the peek phase),
then turns clockwise from the dealer's left until someone's nine cards are face up;
everyone else takes one final turn, which they may pass, and the round is scored (see
`rounds`).

A turn is two phases: `choose` (draw from the pile or take the top discard), then
what the card in hand allows: `drawn` (exchange or discard it), `taken` (exchange
it) or `special` (a Drama- or Karma-Lama: give it away). Every step is timed by the
`turn_seconds` option; `turns` holds the defaults played when time runs out (they
move the round towards its end, so that a table of absent players finishes).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from games.engine import Event, Game, IllegalAction, Phase, Result, Seat, in_seconds
from games.lama import turns
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
    Pass,
    Peek,
    TakeDiscard,
)
from games.lama.rounds import deal, target_lamas
from games.lama.views import LamaView, build_view

if TYPE_CHECKING:
    from games.computers import Computers

_PEEKS = [Peek(positions=pair) for pair in combinations(range(9), 2)]
_EXCHANGES = [Exchange(position=p) for p in range(9)]


def _to_peek(state: LamaState) -> list[Seat]:
    return [s for s in range(state.seats) if not state.peeked[s]]


# Only a long look at two cards reminds (by DM) whoever has not looked: in a short one
# the players are at the table, and the countdown there says it all.
REMIND_FROM = timedelta(minutes=5)


def _remind_peek(state: LamaState, start: datetime, end: datetime) -> datetime | None:
    """A quarter of the time before a long look at two cards runs out."""
    return end - (end - start) / 4 if end - start >= REMIND_FROM else None


def _to_act(state: LamaState) -> tuple[Seat]:
    return (state.to_act,)


def _timed(state: LamaState, now: datetime) -> datetime | None:
    return in_seconds(now, state.turn_seconds)


def _choices(state: LamaState, seat: Seat) -> list[LamaAction]:
    choices: list[LamaAction] = [Draw(), TakeDiscard()] if state.discard else [Draw()]
    if state.ender is not None:
        choices.append(Pass())  # a final turn may be passed (RULES.md)
    return choices


def _gifts(state: LamaState, seat: Seat) -> list[Give]:
    return [Give(to_seat=s) for s in range(state.seats) if s != seat]


class Lama(Game[LamaState, LamaAction, LamaOptions, LamaView]):
    id = "lama"
    name = "No Prob-Lama"
    aliases = ("noproblama", "problama")
    min_players = 2
    max_players = 6
    options_model = LamaOptions
    state_model = LamaState
    action_model = ACTION_MODEL
    hidden = False
    phases: ClassVar[Mapping[str, Phase[LamaState]]] = {
        "peek": Phase[LamaState](
            actions=(Peek,),
            active=_to_peek,
            moves=lambda state, seat: _PEEKS,
            ends=_timed,
            timeout=turns.peek_timeout,
            remind=_remind_peek,
        ),
        "choose": Phase[LamaState](
            actions=(Draw, TakeDiscard, Pass),
            active=_to_act,
            moves=_choices,
            ends=_timed,
            timeout=turns.choose_timeout,
        ),
        "drawn": Phase[LamaState](
            actions=(Exchange, Discard),
            active=_to_act,
            moves=lambda state, seat: [*_EXCHANGES, Discard()],
            ends=_timed,
            timeout=turns.held_timeout,
        ),
        "taken": Phase[LamaState](
            actions=(Exchange,),
            active=_to_act,
            moves=lambda state, seat: _EXCHANGES,
            ends=_timed,
            timeout=turns.held_timeout,
        ),
        "special": Phase[LamaState](
            actions=(Give,),
            active=_to_act,
            moves=_gifts,
            ends=_timed,
            timeout=turns.held_timeout,
        ),
        "over": Phase[LamaState](),
    }

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

    # -- the flow -----------------------------------------------------------------------

    def phase(self, state: LamaState) -> str:
        if state.phase != "turn":
            return state.phase  # peek, over
        if state.held is not None and is_special(state.held):
            return "special"
        return state.step  # choose, drawn, taken

    def phase_key(self, state: LamaState) -> str:
        if state.phase == "over":
            return "over"
        if state.phase == "peek":
            return f"r{state.round}peek"
        return f"r{state.round}t{state.turn}s{state.substep}"

    def play(self, state: LamaState, seat: Seat, action: LamaAction) -> list[Event]:
        return turns.play(state, seat, action)

    # -- refusals -------------------------------------------------------------------------

    def explain(self, state: LamaState, seat: Seat, action: LamaAction) -> IllegalAction | None:
        """Why `action` is refused (never decides it): a second look at two cards is
        named as such, and a step of the turn taken too early or too late is explained
        (e.g. "first take a card"). Another player's turn: the contract's words."""
        phase = self.phase(state)
        if phase == "peek" and isinstance(action, Peek) and state.peeked[seat]:
            return IllegalAction("lama.ui.already_peeked")
        if seat not in self.active(state):
            return None
        if phase == "peek":
            return IllegalAction("lama.bad_peek" if isinstance(action, Peek) else "lama.peek_first")
        if isinstance(action, Peek):
            return IllegalAction("lama.peek_over")
        if phase == "choose":
            if isinstance(action, Pass):
                return IllegalAction("lama.pass_final_only")
            empty = isinstance(action, TakeDiscard)
            return IllegalAction("lama.discard_empty" if empty else "lama.take_first")
        if isinstance(action, Draw | TakeDiscard | Pass):
            return IllegalAction("lama.already_holding")
        if phase == "special":
            if isinstance(action, Give):
                return IllegalAction(
                    "lama.give_self" if action.to_seat == seat else "lama.bad_seat"
                )
            return IllegalAction("lama.must_give")
        if isinstance(action, Give):
            return IllegalAction("lama.not_special")
        if isinstance(action, Exchange):
            return IllegalAction("lama.bad_position")
        return IllegalAction("lama.must_exchange")  # a taken card cannot be discarded

    # -- what people see ------------------------------------------------------------------

    def view(self, state: LamaState, seat: Seat | None) -> LamaView:
        return build_view(state, seat)

    def computers(self) -> Computers:
        from games.lama.computer import COMPUTERS

        return COMPUTERS

    def result(self, state: LamaState) -> Result | None:
        if state.winners is None:
            return None
        by_points = state.variant == "points"
        scores = state.totals if by_points else state.lamas
        return Result(scores=tuple(scores), winners=tuple(state.winners), lower_is_better=by_points)


GAME = Lama()
