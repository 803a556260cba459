"""The steps of a round: look at two cards, then turns: take a card (draw or discard
pile), then place, discard or give it. Each step trusts that it is legal (the engine's
phase table decides that), and the time limit's defaults are steps too."""

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
    Peek,
    TakeDiscard,
)
from games.lama.rounds import score_round

PEEK_DEFAULT = (0, 8)  # on timeout: the top-left and bottom-right cards


def play(state: LamaState, seat: int, action: LamaAction) -> list[Event]:
    """Apply one legal step by `seat`."""
    match action:
        case Peek(positions=positions):
            return peek(state, seat, positions)
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


def peek(state: LamaState, seat: int, positions: tuple[int, int]) -> list[Event]:
    state.peeked[seat] = list(positions)
    events = [Event(key="lama.peeked", params={"seat": seat})]
    if all(state.peeked):
        state.phase = "turn"
        events.append(Event(key="lama.turns_begin", params={"seat": state.to_act}))
    return events


def _draw(state: LamaState, seat: int) -> list[Event]:
    events = [Event(key="lama.drew", params={"seat": seat})]
    if not state.draw_pile:
        # RULES.md: the discard pile but its top card becomes the new draw pile.
        state.draw_pile = state.discard[:-1]
        state.discard = state.discard[-1:]
        state.rng().shuffle(state.draw_pile)
        events.insert(0, Event(key="lama.reshuffled", params={"count": len(state.draw_pile)}))
    state.held = state.draw_pile.pop()
    state.step = "drawn"
    state.substep += 1
    # The drawer alone learns the card.
    events.append(Event(key="lama.you_drew", params={"card": kind(state.held)}, to=(seat,)))
    return events


def _take(state: LamaState, seat: int) -> list[Event]:
    state.held = state.discard.pop()
    state.step = "taken"
    state.substep += 1
    return [Event(key="lama.took", params={"seat": seat, "card": kind(state.held)})]


def _exchange(state: LamaState, seat: int, position: int) -> list[Event]:
    held = _let_go(state)
    old = state.layouts[seat][position]
    state.layouts[seat][position] = held
    state.face_up[seat][position] = True
    state.discard.append(old)
    event = Event(
        key="lama.exchanged",
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


def _give(state: LamaState, seat: int, to_seat: int) -> list[Event]:
    held = _let_go(state)
    state.received[to_seat].append(held)
    event = Event(
        key="lama.gave",
        params={"seat": seat, "to_seat": to_seat, "card": kind(held)},
    )
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
            events.append(Event(key="lama.timed_out", params={"seat": seat}))
            events += peek(state, seat, PEEK_DEFAULT)
    return events


def choose_timeout(state: LamaState) -> list[Event]:
    """Before taking a card: draw, then the drawn card's default follows at once."""
    seat = state.to_act
    events = [Event(key="lama.timed_out", params={"seat": seat}), *_draw(state, seat)]
    return events + play(state, seat, held_default(state))


def held_timeout(state: LamaState) -> list[Event]:
    """Holding a card: its default (see `held_default`)."""
    seat = state.to_act
    events = [Event(key="lama.timed_out", params={"seat": seat})]
    return events + play(state, seat, held_default(state))


def held_default(state: LamaState) -> LamaAction:
    """The documented default for the card in hand when time runs out.

    A special card: give it to the next player clockwise. A drawn card: discard it. A
    card taken from the discard pile: exchange it for the first face-down card in
    reading order (or the top-left card if none is face down).
    """
    seat = state.to_act
    assert state.held is not None, "a card is held in this phase"
    if is_special(state.held):
        return Give(to_seat=(seat + 1) % state.seats)
    if state.step == "drawn":
        return Discard()
    face_down = [p for p in range(9) if not state.face_up[seat][p]]
    return Exchange(position=face_down[0] if face_down else 0)
