"""Lama's own words, shared by the table, the panel and the notices: card names, and
the engine's events with their cards named in the reader's language."""

from __future__ import annotations

from bot.discord.adapters.context import Context
from games.engine import Event
from games.lama.cards import DRAMA, JOKER, KARMA, points
from games.lama.views import LamaView

Ctx = Context[LamaView]

_NAMED = (JOKER, DRAMA, KARMA)
_CARD_PARAMS = ("card", "old")  # an event's parameters that hold a card's kind


def card(ctx: Ctx, kind: str) -> str:
    """A card's name in a sentence: '7', '-2', 'Drama-Lama (+3)'."""
    return ctx.say(f"lama.ui.card.{kind}") if kind in _NAMED else kind


def short(ctx: Ctx, kind: str) -> str:
    """A card's name on a button."""
    return ctx.say(f"lama.ui.short.{kind}") if kind in _NAMED else kind


def event(ctx: Ctx, happened: Event) -> str:
    """An engine event as a sentence: its cards (kinds) named as in `card`."""
    params = dict(happened.params)
    for key in _CARD_PARAMS:
        if isinstance(params.get(key), str):
            params[key] = card(ctx, params[key])
    return ctx.say(happened.key, **params)


def cards(ctx: Ctx, count: int) -> str:
    """'1 card', '12 cards'."""
    return ctx.say("lama.ui.cards", count=count)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def specials(ctx: Ctx, kinds: list[str]) -> tuple[str, str]:
    """Received special cards as text, and their sum."""
    return ", ".join(card(ctx, k) for k in kinds), signed(sum(points(k) for k in kinds))
