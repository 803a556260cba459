"""The lobby message: who has joined, the player range, and the lobby buttons."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.service import LiveGame
from bot.discord import ids
from bot.discord.ui import Button, Screen
from bot.discord.wording import say


def player_range(live: LiveGame, locale: str) -> str:
    game = live.game
    if game.max_players is None:
        return say(live, "lobby.range_open", locale, min=game.min_players)
    if game.min_players == game.max_players:
        return say(live, "lobby.range_exact", locale, min=game.min_players)
    return say(live, "lobby.range", locale, min=game.min_players, max=game.max_players)


def lobby_screen(live: LiveGame, locale: str, notes: Sequence[str] = ()) -> Screen:
    names = "\n".join(f"{p.seat + 1}. {p.display_name}" for p in live.players) or "—"
    options = " · ".join(
        f"{name.replace('_', ' ')} {_shown(value)}" for name, value in live.row.options.items()
    )
    text = "\n".join(
        [
            say(live, "lobby.host", locale, host=f"<@{live.row.host_id}>"),
            player_range(live, locale),
            say(live, "lobby.options", locale, options=options) if options else "",
            *notes,
            "",
            say(live, "lobby.players", locale, count=len(live.players)),
            names,
        ]
    ).strip()
    row = (
        Button(say(live, "lobby.join", locale), ids.lobby(live.id, "join"), "success"),
        Button(say(live, "lobby.leave", locale), ids.lobby(live.id, "leave")),
        Button(say(live, "lobby.start", locale), ids.lobby(live.id, "start"), "primary"),
        Button(say(live, "lobby.cancel", locale), ids.lobby(live.id, "cancel"), "danger"),
    )
    title = say(live, "lobby.title", locale, game=live.game.name)
    return Screen(embed_title=title, embed_text=text, rows=(row,))


def closed_screen(live: LiveGame, locale: str, key: str) -> Screen:
    return Screen(embed_title=live.game.name, embed_text=say(live, key, locale))


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value) if value not in ("", None) else "none"
