"""Per game: how to change what a reader may not see, and nothing else.

`SHUFFLES[game_id](state, viewer, rng)` returns a new state that differs from `state`
only in information hidden from `viewer` (a seat, or None for the public, who may see
no seat's secrets), consistent with what that reader knows. The hidden-information
check then asserts `view(state, viewer) == view(shuffled, viewer)`.

Each function reads the game's own models; it never calls `play`, so it cannot hide a
leak behind the engine's own bookkeeping. A game without an entry here is skipped by
that check (with a note saying so); a game with nothing hidden maps to `nothing`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engine import Seat, State, copy_state

Shuffle = Callable[[Any, Seat | None, random.Random], State]


def nothing(state: State, viewer: Seat | None, rng: random.Random) -> Any:
    return copy_state(state)


def _others(state: State, viewer: Seat | None) -> list[Seat]:
    return [s for s in range(state.seats) if s != viewer]


# -- race: each seat's lucky number --------------------------------------------------------


def race(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    new = copy_state(state)
    for seat in _others(new, viewer):
        new.lucky[seat] = rng.randint(1, 99)
    return new


# -- No Prob-Lama: the draw pile, face-down cards, a card drawn from the pile ------------


def lama(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    """Every card `viewer` cannot see changes places: the draw pile, every face-down
    card except the ones `viewer` looked at in its own layout, and the card another
    seat holds after drawing it from the pile (a card taken from the discard pile is
    public). The discard pile stays: each of its cards was face up once."""
    new = copy_state(state)
    if new.phase == "over":
        return new  # the final round is revealed
    slots: list[tuple[str, int, int]] = [("draw", i, 0) for i in range(len(new.draw_pile))]
    for seat in range(new.seats):
        for position in range(9):
            if new.face_up[seat][position]:
                continue
            if seat == viewer and position in new.peeked[seat]:
                continue
            slots.append(("layout", seat, position))
    holder_hidden = (
        new.phase == "turn"
        and new.held is not None
        and new.step != "taken"
        and new.to_act != viewer
    )
    if holder_hidden:
        slots.append(("held", 0, 0))

    def get(slot: tuple[str, int, int]) -> int:
        where, a, b = slot
        if where == "draw":
            return int(new.draw_pile[a])
        if where == "layout":
            return int(new.layouts[a][b])
        return int(new.held)

    cards = [get(slot) for slot in slots]
    rng.shuffle(cards)
    for (where, a, b), card in zip(slots, cards, strict=True):
        if where == "draw":
            new.draw_pile[a] = card
        elif where == "layout":
            new.layouts[a][b] = card
        else:
            new.held = card
    return new


# -- Lupusburg: characters and chests, coins, ballots ----------------------------------------


def lupusburg(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    """Hands (and the characters and chests under their houses) move between other
    seats about whom `viewer` learned nothing (no sight of their houses) and that are
    equally far in placing them; coins `viewer` has not seen change places (the bag,
    other seats' sealed bets, another bettor's drawn coins); other voters' ballots of
    the same size swap. The dead stay dead and the sights stay (they are the seats'
    own knowledge)."""
    new = copy_state(state)
    if new.phase == "over":
        return new  # everything is revealed
    known = {s.house // 2 for s in new.sights if s.seat == viewer}
    movable = [s for s in _others(new, viewer) if s not in known]
    for assigned in (True, False):
        group = [s for s in movable if new.assigned[s] == assigned]
        order = group[:]
        rng.shuffle(order)
        bundles = {
            s: (
                list(state.hands[s]),
                [
                    (state.houses[2 * s + k].character, state.houses[2 * s + k].chest)
                    for k in (0, 1)
                ],
            )
            for s in group
        }
        for target, source in zip(group, order, strict=True):
            hand, houses = bundles[source]
            new.hands[target] = hand
            for k, (character, chest) in enumerate(houses):
                new.houses[2 * target + k].character = character
                new.houses[2 * target + k].chest = chest

    drawer = new.order[new.turn] if new.phase == "bet" and new.order else None
    coins = list(new.bag)
    other_bets = [b for b in new.bets if b.bettor != viewer]
    coins += [b.coin for b in other_bets]
    hidden_draw = drawer is not None and drawer != viewer
    if hidden_draw:
        coins += new.drawn
    rng.shuffle(coins)
    new.bag = coins[: len(new.bag)]
    rest = coins[len(new.bag) :]
    for bet in other_bets:
        bet.coin = rest.pop()
    if hidden_draw:
        new.drawn = sorted(rest, reverse=True)

    if new.second_totals is None:
        others = [b for b in new.ballots if b.seat != viewer]
        for size in {len(b.houses) for b in others}:
            same = [b for b in others if len(b.houses) == size]
            contents = [list(b.houses) for b in same]
            rng.shuffle(contents)
            for ballot, houses in zip(same, contents, strict=True):
                ballot.houses = houses
    return new


# -- Tüfteln: other players' sheets, until the end ----------------------------------------------


def tufteln(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    """Every other seat's sheet is filled anew: the same rolls, placed elsewhere (legal
    placements, the same count). Once the game is over every sheet is public."""
    from games.tufteln.placement import assignments, fill, legal_pairs
    from games.tufteln.sheet import BLANK_SHEET, FIELD_NAMES

    new = copy_state(state)
    if new.over:
        return new
    for seat in _others(new, viewer):
        sheet, last = BLANK_SHEET, ("", "")
        for index in range(new.placed[seat]):
            dice = new.rolls[index]
            i, j = rng.choice(assignments(legal_pairs(sheet, new.variant), dice))
            sheet = fill(sheet, (i, j), dice)
            last = (FIELD_NAMES[i], FIELD_NAMES[j])
        new.sheets[seat] = sheet
        new.last[seat] = last
    return new


# -- Super Mega Lucky Box: unresolved choices, offers, the cards and numbers to come ----


def luckybox(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    """The numbers still to come and the undealt cards change order; other seats' offers
    change (drawn anew with the undealt cards) and so do their choices; other seats'
    work in the current reveal is played anew from their public boards at random
    (finished if it was, left fresh if not). Boards, discards and who has acted stay."""
    from games.luckybox import engine
    from games.luckybox.board import done
    from games.luckybox.models import Turn

    new = copy_state(state)
    if new.stage == "over":
        return new
    start = new.reveal if new.stage == "reveal" else 0
    rest = new.numbers[start:]
    rng.shuffle(rest)
    new.numbers[start:] = rest
    others = _others(new, viewer)
    if new.stage in ("keep", "choose"):
        pool = list(new.deck) + [c for s in others for c in new.offers[s]]
        rng.shuffle(pool)
        for seat in others:
            size = len(new.offers[seat])
            new.offers[seat], pool = pool[:size], pool[size:]
            if new.picks[seat] is not None:
                new.picks[seat] = sorted(rng.sample(new.offers[seat], len(new.picks[seat])))
        new.deck = pool
    else:
        rng.shuffle(new.deck)
    if new.stage == "reveal":
        for seat in others:
            turn = new.turns[seat]
            fresh = Turn(board=new.boards[seat].model_copy(deep=True), based=new.auto_passed[seat])
            new.turns[seat] = fresh  # the moves below are listed from it
            if turn is not None and done(turn):
                while not done(fresh):
                    engine._step(new, fresh, rng.choice(engine.turn_moves(new, seat)))
    return new


# -- Miss Lupun: other players' tasks and the stack ---------------------------------------------


def lupun(state: Any, viewer: Seat | None, rng: random.Random) -> Any:
    """Task cards `viewer` cannot see change places: other seats' kept tasks and the 4
    they drew, and the stack's task cards; then the stack's order is shuffled. Joker
    and win cards drawn are public (the tiles and the face-up card); the discard pile
    holds revealed cards. A finished round's tasks are in its public report."""
    new = copy_state(state)
    slots: list[tuple[list[str], int]] = []
    for seat in _others(new, viewer):
        for pile in (new.hands[seat], new.drawn[seat]) if new.hands else ():
            slots += [(pile, i) for i in range(len(pile))]
    specials = {f"J{n}" for n in range(1, 8)} | {f"W{n}" for n in range(1, 4)}
    slots += [(new.stack, i) for i, card in enumerate(new.stack) if card not in specials]
    cards = [pile[i] for pile, i in slots]
    rng.shuffle(cards)
    for (pile, i), card in zip(slots, cards, strict=True):
        pile[i] = card
    rng.shuffle(new.stack)
    for seat in _others(new, viewer):  # what another seat means to turn, unconfirmed
        if new.pending and new.pending[seat]:
            new.pending[seat] = sorted(rng.sample(new.pending[seat], rng.randint(0, 1)))
    if new.draft is not None and new.to_act != viewer:  # another placer's unconfirmed choice
        empty = [s for s, v in enumerate(new.board) if v is None]
        new.draft = (rng.choice(empty), new.draft[1])
    return new


SHUFFLES: dict[str, Shuffle] = {
    "race": race,
    "lama": lama,
    "lupusburg": lupusburg,
    "tufteln": tufteln,
    "luckybox": luckybox,
    "lupun": lupun,
}
