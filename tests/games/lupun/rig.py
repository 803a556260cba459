"""Helpers for the Miss Lupun engine tests: rigged draws and boards, every card
accounted for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.lupun import GAME, rounds
from games.lupun.board import space_index
from games.lupun.cards import starting_stack
from games.lupun.models import (
    JOKER,
    Confirm,
    Done,
    Keep,
    LupunAction,
    LupunOptions,
    LupunState,
    Place,
    Toggle,
)


def options(**chosen: Any) -> LupunOptions:
    return LupunOptions(**chosen)


def all_cards(state: LupunState) -> list[str]:
    """Every card the state holds anywhere."""
    found = list(state.stack) + list(state.discard)
    for pile in (*state.drawn, *state.hands, *state.specials):
        found += pile
    return found


def assert_accounted(state: LupunState, deck: str = "full") -> None:
    expected = Counter(starting_stack(deck, state.variant))
    assert Counter(all_cards(state)) == expected


def deal(
    seats: int, top: Sequence[str] = (), *, first: int = 0, seed: int = 1, **chosen: Any
) -> LupunState:
    """A new round whose stack begins with `top` (first drawn first), in turn order
    from `first`: seat `first` draws first."""
    opts = options(**chosen)
    state = GAME.setup(seats, opts, seed)
    cards = starting_stack(opts.deck, opts.variant)
    rest = [c for c in cards if c not in top]
    state.stack = rest + list(reversed(top))
    state.discard = []
    state.stage = "keep"
    state.first = first
    state.turned = [[] for _ in range(seats)]
    rounds.begin_round(state)
    assert_accounted(state, opts.deck)
    return state


def play(state: LupunState, seat: int, action: LupunAction) -> LupunState:
    new, _ = GAME.apply(state, seat, action)
    return new


def put(state: LupunState, seat: int, space: str, tile: int) -> LupunState:
    """`seat` chooses a tile and a space, and confirms."""
    return play(play(state, seat, Place(space=space, tile=tile)), seat, Confirm())


def turn(state: LupunState, seat: int, tiles: Sequence[int]) -> LupunState:
    """`seat` turns exactly `tiles` (changing its prefilled choice), then is done."""
    chosen = set(state.pending[seat])
    for tile in [*sorted(chosen - set(tiles)), *sorted(set(tiles) - chosen)]:  # out, then in
        state = play(state, seat, Toggle(tile=tile))
    assert sorted(state.pending[seat]) == sorted(tiles)
    return play(state, seat, Done())


def keep_all(state: LupunState) -> LupunState:
    """Every seat still choosing gives back its last task drawn."""
    for seat in range(state.seats):
        if state.drawn[seat]:
            state = play(state, seat, Keep(drop=state.drawn[seat][-1]))
    return state


def grid(rows: str) -> list[int | None]:
    """A board from 6 lines of 4 marks (A..D): a digit, J for a joker, . for empty."""
    lines = [line.split() for line in rows.strip().splitlines()]
    assert len(lines) == 6 and all(len(line) == 4 for line in lines)
    marks = [mark for line in lines for mark in line]
    return [None if m == "." else JOKER if m == "J" else int(m) for m in marks]


def spaces(names: str) -> list[int]:
    return [space_index(name) for name in names.split()]


def give_hands(state: LupunState, hands: Mapping[int, Sequence[str]]) -> LupunState:
    """The seats hold these tasks (kept); everyone else keeps what they drew. Placing
    begins (the cards come from the stack, so every card stays accounted for)."""
    for seat in range(state.seats):
        state.stack = [*state.drawn[seat], *state.hands[seat], *state.specials[seat], *state.stack]
        state.drawn[seat], state.hands[seat], state.specials[seat] = [], [], []
        state.jokers[seat], state.win_card[seat] = 0, False
    for seat in range(state.seats):
        wanted = hands.get(seat)
        if wanted is None:
            wanted = [c for c in state.stack if c.startswith("t")][-3:]
        for card in wanted:
            state.stack.remove(card)
        state.hands[seat] = list(wanted)
    state.stage = "place"
    state.to_act = state.first
    return state


def set_board(
    state: LupunState, values: Sequence[int | None], owners: Sequence[int | None]
) -> LupunState:
    """Tiles on the board, taken from their owners' hands (jokers included)."""
    state.board = list(values)
    state.owners = list(owners)
    for value, owner in zip(values, owners, strict=True):
        if value is None:
            continue
        assert owner is not None
        if value == JOKER:
            state.jokers[owner] -= 1
        else:
            state.tiles[owner].remove(value)
    state.turn = sum(v is not None for v in values)
    return state


def owners_for(
    values: Sequence[int | None], seats: int, jokers: dict[int, int]
) -> list[int | None]:
    """Who placed each tile: the given owners of the jokers, and for each number a seat
    that still has it, the one that placed fewest so far (each seat has 0..9 once)."""
    left = [set(range(10)) for _ in range(seats)]
    placed = [0] * seats
    owners: list[int | None] = []
    for space, value in enumerate(values):
        if value is None:
            owners.append(None)
            continue
        seat = (
            jokers[space]
            if value == JOKER
            else min((s for s in range(seats) if value in left[s]), key=lambda s: (placed[s], s))
        )
        if value != JOKER:
            left[seat].remove(value)
        placed[seat] += 1
        owners.append(seat)
    return owners
