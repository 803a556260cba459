"""The lobby message: who has joined, the player range, and the lobby buttons."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.computers import has_computers
from bot.core.service import LiveGame
from bot.discord import ids
from bot.discord.ui import Button, Option, Row, Screen, Section, Select, Separator
from bot.discord.wording import name, say
from bot.i18n import has
from games.computers import LEVELS
from games.engine import Options, option_key

ADD_COMPUTER, REMOVE_COMPUTER = "computer", "remove"  # the lobby's selects (see the router)
OPTION_TEXT = 100  # Discord's longest select option description


def player_range(live: LiveGame, locale: str) -> str:
    game = live.game
    if game.max_players is None:
        return say(live, "lobby.range_open", locale, count=game.min_players)
    if game.min_players == game.max_players:
        return say(live, "lobby.range_exact", locale, count=game.min_players)
    return say(live, "lobby.range", locale, min=game.min_players, count=game.max_players)


def option_line(live: LiveGame, locale: str) -> str:
    """The chosen options as the lobby shows them: 'Seconds per turn: 30 · ...'; the
    host's own (every game's, e.g. turn pings) after them, and only when changed."""
    host = Options.model_fields
    own = [(n, v) for n, v in live.row.options.items() if n not in host]
    changed = [(n, v) for n, v in live.row.options.items() if n in host and v != host[n].default]
    chosen = [
        say(live, "lobby.option", locale, label=_label(live, name, locale), value=value_text)
        for name, value in own + changed
        if (value_text := _shown(live, name, value, locale))
    ]
    return say(live, "lobby.options", locale, options=" · ".join(chosen)) if chosen else ""


def lobby_screen(live: LiveGame, locale: str, notes: Sequence[str] = ()) -> Screen:
    """The lobby card: who hosts, the player range, options and notes, then who has
    joined with the Join button beside them, then Leave, Start and Cancel."""
    names = "\n".join(f"{p.seat + 1}. {name(live, p.seat)}" for p in live.players) or "—"
    text = "\n".join(
        [
            say(live, "lobby.host", locale, host=f"<@{live.row.host_id}>"),
            player_range(live, locale),
            option_line(live, locale),
            *notes,
            say(live, "lobby.closes", locale, at=f"<t:{int(live.lobby_closes_at)}:R>"),
        ]
    ).strip()
    players = say(live, "lobby.players", locale, count=len(live.players)) + "\n" + names
    join = Button(say(live, "lobby.join", locale), ids.lobby(live.id, "join"), "success")
    row = (
        Button(say(live, "lobby.leave", locale), ids.lobby(live.id, "leave")),
        Button(say(live, "lobby.start", locale), ids.lobby(live.id, "start"), "primary"),
        Button(say(live, "lobby.cancel", locale), ids.lobby(live.id, "cancel"), "danger"),
    )
    title = say(live, "lobby.title", locale, game=live.game.name)
    blocks = (Separator(), Section((players,), join))
    rows = (row, *computer_rows(live, locale))
    return Screen(embed_title=title, embed_text=text, blocks=blocks, rows=rows)


def computer_rows(live: LiveGame, locale: str) -> list[Row]:
    """The host's selects for computer players: add one of a level (while a seat is
    free), remove one (while any is seated). None for a game without computers."""
    game = live.game
    if not has_computers(game):
        return []
    rows: list[Row] = []
    if game.max_players is None or len(live.players) < game.max_players:
        levels = tuple(
            Option(
                _capital(say(live, f"computer.level.{level}", locale)),
                level,
                _how(live, level, locale),
            )
            for level in LEVELS
        )
        placeholder = say(live, "lobby.add_computer", locale)
        rows.append(Select(ids.lobby(live.id, ADD_COMPUTER), levels, placeholder))
    seated = tuple(Option(p.display_name, str(p.user_id)) for p in live.players if p.is_computer)
    if seated:
        placeholder = say(live, "lobby.remove_computer", locale)
        rows.append(Select(ids.lobby(live.id, REMOVE_COMPUTER), seated, placeholder))
    return rows


def _how(live: LiveGame, level: str, locale: str) -> str:
    """A level's line under its name: how the game's computer of that level plays."""
    own = f"{live.row.kind}.computer.{level}"
    line = say(live, own if has(own) else f"computer.level_hint.{level}", locale)
    return line if len(line) <= OPTION_TEXT else line[: OPTION_TEXT - 1] + "…"


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def closed_screen(live: LiveGame, locale: str, key: str) -> Screen:
    return Screen(embed_title=live.game.name, embed_text=say(live, key, locale))


def _label(live: LiveGame, name: str, locale: str) -> str:
    key = f"{option_key(live.row.kind, name)}.label"
    return say(live, key, locale) if has(key) else name.replace("_", " ")


def _shown(live: LiveGame, name: str, value: object, locale: str) -> str:
    """An option's value in words: on/off, a choice's name, 'none' for nothing, and
    for 0 the option's own words where it has them (`<option>.zero`: "no limit", "one
    per other player ({others})"; `others`: the other players once it starts, so far)."""
    if isinstance(value, bool):
        return say(live, "lobby.on" if value else "lobby.off", locale)
    if value in ("", None):
        return say(live, "lobby.none", locale)
    key = option_key(live.row.kind, name)
    if value == 0 and has(f"{key}.zero"):
        seats = max(len(live.players), live.game.min_players)
        return say(live, f"{key}.zero", locale, others=seats - 1)
    choice = f"{key}.choice.{value}"
    return say(live, choice, locale) if has(choice) else str(value)
