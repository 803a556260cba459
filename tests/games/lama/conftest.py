"""Helpers for the No Prob-Lama tests: rigged deals with every card still accounted for."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from games.lama import GAME
from games.lama.cards import DECK_SIZE, KINDS
from games.lama.models import LamaOptions, LamaState


def all_cards(state: LamaState) -> list[int]:
    """Every card id the state holds anywhere."""
    cards = [c for layout in state.layouts for c in layout]
    cards += [c for pile in state.received for c in pile]
    cards += state.draw_pile + state.discard
    if state.held is not None:
        cards.append(state.held)
    return cards


def assert_accounted(state: LamaState) -> None:
    cards = all_cards(state)
    assert len(cards) == DECK_SIZE
    assert sorted(cards) == list(range(DECK_SIZE))


def rig(
    seats: int = 2,
    layouts: Sequence[Sequence[str]] | None = None,
    *,
    draw: Sequence[str] = (),
    discard: Sequence[str] = ("5",),
    received: Sequence[Sequence[str]] | None = None,
    face_up: Sequence[Sequence[bool]] | None = None,
    options: LamaOptions | None = None,
    peeked: bool = True,
    seed: int = 1,
) -> LamaState:
    """A state after the deal with chosen cards.

    `draw` lists the next cards drawn, first drawn first; `discard` ends with the top
    card. Unnamed layout cards and the rest of the draw pile come from what is left.
    """
    state = GAME.setup(seats, options or LamaOptions(), seed)
    pool: dict[str, list[int]] = {}
    for card, kind in enumerate(KINDS):
        pool.setdefault(kind, []).append(card)

    def take(kind: str) -> int:
        return pool[kind].pop()

    wanted = Counter(k for layout in layouts or () for k in layout)
    wanted += Counter(draw) + Counter(discard)
    wanted += Counter(k for r in received or () for k in r)
    for kind, count in wanted.items():
        assert len(pool[kind]) >= count, f"not enough {kind}"
    chosen = [[take(k) for k in layout] for layout in layouts or ()]
    top_draws = [take(k) for k in draw]
    state.discard = [take(k) for k in discard]
    state.received = [[take(k) for k in r] for r in received or [[] for _ in range(seats)]]
    # Fill the rest of the layouts with low-risk plain numbers from what is left.
    rest = [c for cards in pool.values() for c in cards]
    rest.sort(key=lambda c: KINDS[c] in ("drama", "karma", "joker"))
    state.layouts = []
    for seat in range(seats):
        cards = chosen[seat] if seat < len(chosen) else []
        state.layouts.append([*cards, *[rest.pop(0) for _ in range(9 - len(cards))]])
    # The top of the pile is the end of the list; plain numbers come up first.
    state.draw_pile = rest[::-1] + top_draws[::-1]
    state.face_up = [list(f) for f in face_up] if face_up else [[False] * 9 for _ in range(seats)]
    if peeked:
        state.peeked = [[0, 8] for _ in range(seats)]
        state.phase = "turn"
    assert_accounted(state)
    return state


def play(state: LamaState, seat: int, action) -> LamaState:
    new, _ = GAME.apply(state, seat, action)
    return new


def scramble_secrets(state: LamaState, seat: int | None, rng: random.Random) -> LamaState:
    """A copy in which every card `seat` may not see is shuffled among the others.

    If a view leaks nothing, the view of the copy is identical to the original's.
    """
    copy = state.model_copy(deep=True)
    slots: list[tuple[list[int], int]] = []
    for owner in range(copy.seats):
        known = set(copy.peeked[owner]) if owner == seat else set()
        for pos in range(9):
            if not copy.face_up[owner][pos] and pos not in known:
                slots.append((copy.layouts[owner], pos))
    slots += [(copy.draw_pile, i) for i in range(len(copy.draw_pile))]
    holder: list[int] = []
    drawn_by_other = copy.phase == "turn" and copy.step == "drawn" and copy.to_act != seat
    if drawn_by_other and copy.held is not None:
        holder = [copy.held]
        slots.append((holder, 0))
    cards = [container[i] for container, i in slots]
    rng.shuffle(cards)
    for (container, i), card in zip(slots, cards, strict=True):
        container[i] = card
    if holder:
        copy.held = holder[0]
    return copy


def assert_no_leak(state: LamaState, seed: int = 0) -> None:
    rng = random.Random(seed)
    for seat in [None, *range(state.seats)]:
        original = GAME.view(state, seat).model_dump_json()
        for _ in range(2):
            other = GAME.view(scramble_secrets(state, seat, rng), seat).model_dump_json()
            assert other == original, f"view of {seat} depends on a hidden card"


class Kit:
    """The helpers, handed to tests as the `kit` fixture (conftest is not importable)."""

    rig = staticmethod(rig)
    play = staticmethod(play)
    assert_accounted = staticmethod(assert_accounted)
    all_cards = staticmethod(all_cards)
    assert_no_leak = staticmethod(assert_no_leak)


@pytest.fixture(scope="session")
def kit() -> type[Kit]:
    return Kit
