"""How Lupusburg names things in messages: houses, characters, countdowns."""

from __future__ import annotations

from bot.core.service import LiveGame
from bot.discord.wording import say
from games.pictures import player_letter

UI = "lupusburg.ui."


def ui(live: LiveGame, key: str, locale: str | None, **params: object) -> str:
    """A sentence of the adapter's own (`[lupusburg.ui]` in the game's catalog)."""
    return say(live, UI + key, locale, **params)


def code(house: int) -> str:
    """The short name the pictures print on a house: owner letter and number, e.g. 'B1'."""
    return f"{player_letter(house // 2)}{house % 2 + 1}"


def house(live: LiveGame, index: int, locale: str | None) -> str:
    """'Bea's house 1 (B1)'."""
    return ui(live, "house", locale, seat=index // 2, n=index % 2 + 1, code=code(index))


def house_option(live: LiveGame, index: int, locale: str | None) -> str:
    """A select option's label: 'B1 · Bea, house 1'."""
    return ui(live, "house_option", locale, seat=index // 2, n=index % 2 + 1, code=code(index))


def role(live: LiveGame, name: str, locale: str | None) -> str:
    return ui(live, name, locale)


def name(live: LiveGame, seat: int) -> str:
    return live.players[seat].display_name


def names(live: LiveGame, seats: list[int] | set[int] | frozenset[int]) -> str:
    return ", ".join(name(live, s) for s in sorted(seats))


def countdown(live: LiveGame) -> str:
    """A Discord timestamp that every client animates ('in 25 seconds'), or ''."""
    return f"<t:{int(live.deadline_at)}:R>" if live.deadline_at is not None else ""
