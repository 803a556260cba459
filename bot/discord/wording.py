"""Sentences about a game: catalog keys filled with player names (in their text form,
`bot.core.names.in_text`: no name makes a link, a mention or emphasis)."""

from __future__ import annotations

from typing import Any

from bot.core.names import in_text
from bot.core.service import LiveGame
from bot.i18n import t
from games.engine import Event


def name(live: LiveGame, seat: int) -> str:
    """A player's name inside a message's text."""
    return in_text(live.players[seat].display_name)


def name_params(live: LiveGame, params: dict[str, Any]) -> dict[str, Any]:
    """Add `player` for `seat` and `X_player` for `X_seat` (names for a text)."""
    named = dict(params)
    for key, value in params.items():
        if isinstance(value, int) and (key == "seat" or key.endswith("_seat")):
            name_key = "player" if key == "seat" else key.removesuffix("_seat") + "_player"
            if 0 <= value < len(live.players):
                named.setdefault(name_key, name(live, value))
    return named


def say(live: LiveGame, key: str, locale: str | None, **params: Any) -> str:
    return t(key, locale, **name_params(live, params))


def event_text(live: LiveGame, event: Event, locale: str | None) -> str:
    return say(live, event.key, locale, **event.params)
