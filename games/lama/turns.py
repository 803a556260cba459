"""The steps of a round: look at two cards, then turns: take a card (draw or discard
pile), then place, discard or give it; in the final turns a player may pass instead.
Each step trusts that it is legal (the engine's phase table decides that).

The time limit's defaults (RULES.md) move the round towards its end, so that a table
of absent players always finishes: a turn that times out draws, and the drawn card
replaces the player's first face-down card in reading order (a special card goes to
the next player). Their events say that the time ran out, never that the player chose.
"""

from __future__ import annotations

from games.engine import Event
from games.lama.cards import is_special, kind
from games.lama.models import (
    Discard,
    Draw,
    Exchange,
    Give,
    LamaAction,
    LamaState,
    Pass,
    Peek,
    TakeDiscard,
)
from games.lama.rounds import score_round

PEEK_DEFAULT = (0, 8)  # on timeout: the top-left and bottom-right cards


def play(state: LamaState, seat: int, action: LamaAction) -> list[Event]:
    """Apply one legal step by `seat`."""
    match action:
        case Peek(positions=positions):
            state.peeked[seat] = list(positions)
            return [Event(key="lama.peeked", params={"seat": seat}), *_begin_if_all_looked(state)]
        case Draw():
            return _draw(state, seat)
        case TakeDiscard():
            return _take(state, seat)
        case Exchange(position=position):
            return _exchange(state, seat, position)
        case Discard():
            return _discard(state, seat)
        case Give(to_seat=to_seat):
            return _give(state, seat, to_seat)
        case Pass():
            return [Event(key="lama.passed", params={"seat": seat}), *end_turn(state)]


def _begin_if_all_looked(state: LamaState) -> list[Event]:
    if not all(state.peeked):
        return []
    state.phase = "turn"
    return [Event(key="lama.turns_begin", params={"seat": state.to_act})]


def _draw(state: LamaState, seat: int) -> list[Event]:
    events = [*_pick_up(state), Event(key="lama.drew", params={"seat": seat})]
    # The drawer alone learns the card.
    assert state.held is not None
    events.append(Event(key="lama.you_drew", params={"card": kind(state.held)}, to=(seat,)))
    return events


def _pick_up(state: LamaState) -> list[Event]:
    """The draw pile's top card into the hand (refilling the pile first if empty)."""
    events = []
    if not state.draw_pile:
        # RULES.md: the discard pile but its top card becomes the new draw pile.
        state.draw_pile = state.discard[:-1]
        state.discard = state.discard[-1:]
        state.rng().shuffle(state.draw_pile)
        events.append(Event(key="lama.reshuffled", params={"count": len(state.draw_pile)}))
    state.held = state.draw_pile.pop()
    state.step = "drawn"
    state.substep += 1
    return events


def _take(state: LamaState, seat: int) -> list[Event]:
    state.held = state.discard.pop()
    state.step = "taken"
    state.substep += 1
    return [Event(key="lama.took", params={"seat": seat, "card": kind(state.held)})]


def _exchange(
    state: LamaState, seat: int, position: int, key: str = "lama.exchanged"
) -> list[Event]:
    """The held card replaces the card at `position`, which goes face up on the discard
    pile; `key` words it (a player's choice, or a timeout's default)."""
    held = _let_go(state)
    old = state.layouts[seat][position]
    state.layouts[seat][position] = held
    state.face_up[seat][position] = True
    state.discard.append(old)
    event = Event(
        key=key,
        params={
            "seat": seat,
            "card": kind(held),
            "old": kind(old),
            "row": position // 3 + 1,
            "column": position % 3 + 1,
        },
    )
    events = [event]
    if state.ender is None and all(state.face_up[seat]):
        state.ender = seat
        events.append(Event(key="lama.last_card", params={"seat": seat}))
    return events + end_turn(state)


def _discard(state: LamaState, seat: int) -> list[Event]:
    held = _let_go(state)
    state.discard.append(held)
    event = Event(key="lama.discarded", params={"seat": seat, "card": kind(held)})
    return [event, *end_turn(state)]


def _give(state: LamaState, seat: int, to_seat: int, key: str = "lama.gave") -> list[Event]:
    held = _let_go(state)
    state.received[to_seat].append(held)
    event = Event(key=key, params={"seat": seat, "to_seat": to_seat, "card": kind(held)})
    return [event, *end_turn(state)]


def _let_go(state: LamaState) -> int:
    """The held card, which leaves the player's hand."""
    held = state.held
    assert held is not None, "a card is held in this phase"
    state.held = None
    return held


def end_turn(state: LamaState) -> list[Event]:
    """Pass the turn clockwise; after the last final turn, score the round."""
    state.to_act = (state.to_act + 1) % state.seats
    state.step = "choose"
    state.turn += 1
    state.substep = 0
    if state.ender is not None and state.to_act == state.ender:
        return score_round(state)
    return []


# -- the time limit's defaults ---------------------------------------------------------------


def peek_timeout(state: LamaState) -> list[Event]:
    """Everyone who has not looked sees their top-left and bottom-right cards."""
    events: list[Event] = []
    for seat in range(state.seats):
        if not state.peeked[seat]:
            state.peeked[seat] = list(PEEK_DEFAULT)
            events.append(Event(key="lama.timeout_peek", params={"seat": seat}))
    return events + _begin_if_all_looked(state)


def choose_timeout(state: LamaState) -> list[Event]:
    """Before taking a card: draw, then the held card's default follows at once."""
    events = _pick_up(state)
    return events + _play_held(state, drew=True)


def held_timeout(state: LamaState) -> list[Event]:
    """Holding a card (drawn or taken): its default."""
    return _play_held(state, drew=False)


def _play_held(state: LamaState, *, drew: bool) -> list[Event]:
    """The default for the card in hand: a special card goes to the next player
    clockwise; any other card replaces the first face-down card in reading order.

    `drew`: the timeout also drew the card (the turn had not begun), which its words
    say. A player who acts always has a face-down card (nine face up end the round
    for them); the top-left card is only a guard."""
    seat = state.to_act
    assert state.held is not None, "a card is held in this phase"
    if is_special(state.held):
        gave = "lama.timeout_drew_gave" if drew else "lama.timeout_gave"
        return _give(state, seat, (seat + 1) % state.seats, key=gave)
    face_down = [p for p in range(9) if not state.face_up[seat][p]]
    swapped = "lama.timeout_drew_swapped" if drew else "lama.timeout_swapped"
    return _exchange(state, seat, face_down[0] if face_down else 0, key=swapped)
