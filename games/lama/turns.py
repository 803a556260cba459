"""The steps of a turn: take a card (draw or discard pile), then place, discard or give it."""

from __future__ import annotations

from games.engine import Event, IllegalAction
from games.lama.cards import is_special, kind, label
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


def peek(state: LamaState, seat: int, action: Peek) -> list[Event]:
    a, b = action.positions
    if a == b or not (0 <= a <= 8 and 0 <= b <= 8):
        raise IllegalAction("lama.bad_peek")
    state.peeked[seat] = [a, b]
    events = [Event(key="lama.peeked", params={"seat": seat})]
    if all(state.peeked):
        state.phase = "turn"
        events.append(Event(key="lama.turns_begin", params={"seat": state.to_act}))
    return events


def turn_action(state: LamaState, seat: int, action: LamaAction) -> list[Event]:
    """Apply one turn step by the seat to act (the caller checked it is theirs)."""
    if isinstance(action, Peek):
        raise IllegalAction("lama.peek_over")
    if state.step == "choose":
        if isinstance(action, Draw):
            return _draw(state, seat)
        if isinstance(action, TakeDiscard):
            return _take(state, seat)
        raise IllegalAction("lama.take_first")
    if isinstance(action, Draw | TakeDiscard):
        raise IllegalAction("lama.already_holding")
    assert state.held is not None
    if is_special(state.held):
        if isinstance(action, Give):
            return _give(state, seat, action.to_seat)
        raise IllegalAction("lama.must_give")
    if isinstance(action, Give):
        raise IllegalAction("lama.not_special")
    if isinstance(action, Exchange):
        return _exchange(state, seat, action.position)
    if state.step == "taken":
        raise IllegalAction("lama.must_exchange")
    return _discard(state, seat)


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
    events.append(Event(key="lama.you_drew", params={"card": label(kind(state.held))}, to=(seat,)))
    return events


def _take(state: LamaState, seat: int) -> list[Event]:
    if not state.discard:
        raise IllegalAction("lama.discard_empty")
    state.held = state.discard.pop()
    state.step = "taken"
    state.substep += 1
    return [Event(key="lama.took", params={"seat": seat, "card": label(kind(state.held))})]


def _exchange(state: LamaState, seat: int, position: int) -> list[Event]:
    if not 0 <= position <= 8:
        raise IllegalAction("lama.bad_position")
    assert state.held is not None
    old = state.layouts[seat][position]
    state.layouts[seat][position] = state.held
    state.face_up[seat][position] = True
    state.discard.append(old)
    state.held = None
    event = Event(
        key="lama.exchanged",
        params={
            "seat": seat,
            "card": label(kind(state.layouts[seat][position])),
            "old": label(kind(old)),
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
    assert state.held is not None
    state.discard.append(state.held)
    event = Event(key="lama.discarded", params={"seat": seat, "card": label(kind(state.held))})
    state.held = None
    return [event, *end_turn(state)]


def _give(state: LamaState, seat: int, to_seat: int) -> list[Event]:
    if not 0 <= to_seat < state.seats:
        raise IllegalAction("lama.bad_seat")
    if to_seat == seat:
        raise IllegalAction("lama.give_self")
    assert state.held is not None
    state.received[to_seat].append(state.held)
    event = Event(
        key="lama.gave",
        params={"seat": seat, "to_seat": to_seat, "card": label(kind(state.held))},
    )
    state.held = None
    return [event, *end_turn(state)]


def end_turn(state: LamaState) -> list[Event]:
    """Pass the turn clockwise; after the last final turn, score the round."""
    state.to_act = (state.to_act + 1) % state.seats
    state.step = "choose"
    state.turn += 1
    state.substep = 0
    if state.ender is not None and state.to_act == state.ender:
        return score_round(state)
    return []


def default_step(state: LamaState) -> LamaAction:
    """The documented default when a turn step's time runs out.

    Before taking a card: draw (the next step's default follows at once). Holding a
    special card: give it to the next player clockwise. Holding a drawn card: discard
    it. Holding a card taken from the discard pile: exchange it for the first
    face-down card in reading order (or the top-left card if none is face down).
    """
    seat = state.to_act
    if state.step == "choose":
        return Draw()
    assert state.held is not None
    if is_special(state.held):
        return Give(to_seat=(seat + 1) % state.seats)
    if state.step == "drawn":
        return Discard()
    face_down = [p for p in range(9) if not state.face_up[seat][p]]
    return Exchange(position=face_down[0] if face_down else 0)
