"""Lama's own words, shared by the table, the panel and the notices: card names."""

from __future__ import annotations

from PIL import Image

from bot.discord.adapters.context import Context
from bot.discord.ui import Picture
from games.lama.cards import DRAMA, JOKER, KARMA, points
from games.lama.views import LamaView
from games.pictures import to_png

Ctx = Context[LamaView]

_NAMED = (JOKER, DRAMA, KARMA)


def card(ctx: Ctx, kind: str) -> str:
    """A card's name in a sentence: '7', '-2', 'Drama-Lama (+3)'."""
    return ctx.say(f"lama.ui.card.{kind}") if kind in _NAMED else kind


def short(ctx: Ctx, kind: str) -> str:
    """A card's name on a button."""
    return ctx.say(f"lama.ui.short.{kind}") if kind in _NAMED else kind


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def specials(ctx: Ctx, kinds: list[str]) -> tuple[str, str]:
    """Received special cards as text, and their sum."""
    return ", ".join(card(ctx, k) for k in kinds), signed(sum(points(k) for k in kinds))


def picture(name: str, drawn: tuple[Image.Image, str]) -> Picture:
    """A rendered picture (image, alt text) as a PNG attachment."""
    image, alt = drawn
    return Picture(name, to_png(image), alt)
