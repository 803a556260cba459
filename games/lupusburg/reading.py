"""Reading a seat's view for the computer players: who is alive, who bet or voted on
whom, and the seat's own role. Nothing here looks past the view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from games.lupusburg.model import THIEF, TOWNSFOLK, WEREWOLF, Role
from games.lupusburg.rules import owner_of
from games.lupusburg.views import LupusView

T = TypeVar("T")


def role(view: LupusView) -> Role:
    """The seat's side in this game: Werewolf, Thief or (two) Townsfolk."""
    if WEREWOLF in view.hand:
        return WEREWOLF
    return THIEF if THIEF in view.hand else TOWNSFOLK


def me(view: LupusView) -> int:
    assert view.me is not None, "a computer decides from a seat's view"
    return view.me


def living(view: LupusView, seat: int) -> list[int]:
    """The seat's houses still in play."""
    return [h.house for h in view.houses if h.owner == seat and h.in_play]


def slain(view: LupusView, seat: int) -> int:
    """How many of the seat's characters the claw took this game."""
    return sum(1 for f in view.fallen if f.how == "slain" and owner_of(f.house) == seat)


def tokens_on(view: LupusView) -> Counter[int]:
    """Today's first-vote tokens per house."""
    return Counter(t.house for t in view.tokens)


def distance(view: LupusView, house: int) -> int:
    """How far clockwise a house lies from the Burgomaster's first (ties go to the
    closer one)."""
    return (house - 2 * view.burgomaster) % (2 * view.seats)


def my_house_of(view: LupusView, character: Role) -> int | None:
    """The seat's own living house holding `character`, if any."""
    mine = me(view)
    for house in view.houses:
        if house.owner == mine and house.in_play and house.character == character:
            return house.house
    return None


def first(legal: Sequence[T], wanted: Callable[[T], bool]) -> T | None:
    return next((a for a in legal if wanted(a)), None)


def best(options: Sequence[T], key: Callable[[T], Any]) -> T:
    """The option with the highest key (the first of equals, so choices replay)."""
    top = options[0]
    top_key = key(top)
    for option in options[1:]:
        k = key(option)
        if k > top_key:
            top, top_key = option, k
    return top
