"""Small wording helpers shared by the table, the panel and the notices."""

from __future__ import annotations

from typing import cast

from PIL import Image

from bot.i18n import t
from bot.core.service import LiveGame
from bot.discord.ui import Picture
from games.lama.cards import DRAMA, JOKER, KARMA, points
from games.lama.views import LamaView
from games.pictures import to_png

_NAMED = (JOKER, DRAMA, KARMA)


def public_view(live: LiveGame) -> LamaView:
    """What everyone may see (the only source of the table and the notices)."""
    return cast(LamaView, live.game.view(live.state, None))


def seat_view(live: LiveGame, seat: int) -> LamaView:
    """What `seat` may see (the only source of their panel)."""
    return cast(LamaView, live.game.view(live.state, seat))


def names(live: LiveGame) -> list[str]:
    return [p.display_name for p in live.players]


def card(kind: str, locale: str) -> str:
    """A card's name in a sentence: '7', '-2', 'Drama-Lama (+3)'."""
    return t(f"lama.ui.card.{kind}", locale) if kind in _NAMED else kind


def short(kind: str, locale: str) -> str:
    """A card's name on a button."""
    return t(f"lama.ui.short.{kind}", locale) if kind in _NAMED else kind


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def specials(kinds: list[str], locale: str) -> tuple[str, str]:
    """Received special cards as text, and their sum."""
    return ", ".join(card(k, locale) for k in kinds), signed(sum(points(k) for k in kinds))


def joined(live: LiveGame, seats: list[int]) -> str:
    return ", ".join(live.players[s].display_name for s in seats)


def countdown(live: LiveGame) -> str | None:
    """A Discord timestamp that counts down to the current step's deadline."""
    return f"<t:{int(live.deadline_at)}:R>" if live.deadline_at is not None else None


def picture(name: str, drawn: tuple[Image.Image, str]) -> Picture:
    """A rendered picture (image, alt text) as a PNG attachment."""
    image, alt = drawn
    return Picture(name, to_png(image), alt)
