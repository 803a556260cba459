"""Shared helpers for the Tüfteln tests: games played with chosen dice."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.tufteln import GAME
from games.tufteln.models import Place, TuftelnState
from games.tufteln.sheet import COLOURS, FIELD_NAMES

# A perfect pairing of the blue fields by side-by-side adjacency.
BLUE_PAIRS = (("A2", "A3"), ("D2", "E2"), ("D3", "E3"), ("C4", "D4"), ("B5", "C5"), ("F5", "F6"))


def variant_a_placements(sheet: str) -> list[tuple[str, str, int, int]]:
    """15 variant-A placements (field 1, field 2, die 1, die 2) that fill `sheet`."""
    value = {name: int(sheet[i]) for i, name in enumerate(FIELD_NAMES)}
    light = [name for i, name in enumerate(FIELD_NAMES) if COLOURS[i] in ("white", "yellow")]
    pairs = list(BLUE_PAIRS) + list(zip(light[::2], light[1::2], strict=True))
    return [(a, b, value[a], value[b]) for a, b in pairs]


def place_with_dice(
    state: TuftelnState, seat: int, first: str, second: str, dice: tuple[int, int]
) -> TuftelnState:
    """Place `seat`'s open roll after setting that roll to `dice` (a rigged die)."""
    index = state.placed[seat]
    state.rolls[index] = dice
    state, _ = GAME.apply(state, seat, Place(roll=index + 1, first=first, second=second))
    return state


@pytest.fixture
def play_sheet() -> Callable[[str], TuftelnState]:
    """Play a one-player live variant-A game that ends with exactly `sheet`."""

    def play(sheet: str) -> TuftelnState:
        state = GAME.setup(1, GAME.parse_options({}), seed=1)
        for first, second, a, b in variant_a_placements(sheet):
            state = place_with_dice(state, 0, first, second, (a, b))
        return state

    return play


@pytest.fixture
def place() -> Callable[[TuftelnState, int, str, str, tuple[int, int]], TuftelnState]:
    return place_with_dice
