"""Slash commands: /newgame <game> (one subcommand per game, options from its model,
and the game's language), /games, /language (a server's default for its games),
/pause, /resume, /abort, /rules and /help."""

from __future__ import annotations

import contextlib
import inspect
import re
import types
import typing
from typing import Any, Literal

import discord
from discord import app_commands
from pydantic import BaseModel, ValidationError

from bot.core.computers import has_computers
from bot.core.errors import Refused
from bot.core.names import clean_name, in_text
from bot.core.service import GameService
from bot.discord import ids
from bot.discord.adapters import playable
from bot.discord.permissions import opens_thread, require_hosting
from bot.discord.replies import guarded, locale_of, show, tell
from bot.discord.router import is_manager
from bot.discord.translator import english, text
from bot.discord.ui import Button, Screen, send_kwargs
from bot.i18n import DEFAULT_LOCALE, catalogs, has, language, t
from games import registry
from games.computers import LEVELS
from games.engine import AnyGame, Options, option_key

COMMAND_NAME = re.compile(r"[a-z0-9_-]{1,32}")
MAX_SUBCOMMANDS = 25
THREAD_NAME = 100  # Discord's longest thread name
THREAD_HOURS: Literal[10080] = 10080  # a week of inactivity before Discord archives a game's thread


def option_parameters(model: type[BaseModel]) -> list[inspect.Parameter]:
    """Slash command parameters for an options model: types, ranges, defaults (a Literal
    field is a string; its choices come from `option_choices`)."""
    parameters = []
    for name, info in own_fields_first(model):
        annotation: Any = info.annotation
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
        low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
        if annotation is int and (low is not None or high is not None):
            annotation = app_commands.Range[int, low, high]
        if typing.get_origin(annotation) is Literal:
            annotation = str
        parameters.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None
            )
        )
    return parameters


def own_fields_first(model: type[BaseModel]) -> list[tuple[str, Any]]:
    """A game's options before the host's own (`games.engine.Options`), which pydantic
    lists first."""
    host = Options.model_fields
    fields = list(model.model_fields.items())
    return [f for f in fields if f[0] not in host] + [f for f in fields if f[0] in host]


def literal_values(model: type[BaseModel], field: str) -> tuple[str, ...]:
    """The values a Literal field allows (as strings), or () for any other field."""
    annotation: Any = model.model_fields[field].annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    if typing.get_origin(annotation) is not Literal:
        return ()
    return tuple(str(v) for v in typing.get_args(annotation))


def option_texts(
    game: AnyGame,
) -> tuple[
    dict[str, app_commands.locale_str],
    dict[str, app_commands.locale_str],
    dict[str, list[app_commands.Choice[str]]],
]:
    """A game's slash options as Discord shows them, by field: names, descriptions and
    choices, English from the catalog (the field and its description while a key is
    missing), each with its catalog key for the translator."""
    model = game.options_model
    names: dict[str, app_commands.locale_str] = {}
    descriptions: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for field, info in own_fields_first(model):
        key = option_key(game.id, field)
        names[field] = text(field, f"{key}.name")
        described = english(f"{key}.description", info.description or field)
        descriptions[field] = text(described[:100], f"{key}.description")
        values = literal_values(model, field)
        if values:
            choices[field] = [
                app_commands.Choice(
                    name=text(english(f"{key}.choice.{v}", v)[:100], f"{key}.choice.{v}"), value=v
                )
                for v in values
            ]
    return names, descriptions, choices


def chosen_as_shown(field: str, value: str, locale: str) -> str:
    """A host option's choice as the /newgame menu shows it ('pings: direct message'),
    not its stored value."""
    key = option_key("", field)
    return f"{t(f'{key}.name', locale)}: {t(f'{key}.choice.{value}', locale)}"


LANGUAGE = "language"  # /newgame's host option beside the game's: the table's language
COMPUTERS, LEVEL = "computers", "level"  # /newgame's computer players, for games with them
MOST_COMPUTERS = 24  # where a game has no upper limit on its players


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages the host's catalog speaks (not only a game's), each named in
    itself (English, Deutsch)."""
    spoken = [code for code, sentences in catalogs().items() if "language.name" in sentences]
    codes = sorted(spoken, key=lambda code: (code != DEFAULT_LOCALE, code))
    return [app_commands.Choice(name=t("language.name", code), value=code) for code in codes]


def option_text(command: str, option: str, part: str, default: str) -> app_commands.locale_str:
    """A host command option's name or description (`command.<command>.option.<option>.*`)."""
    key = f"command.{command}.option.{option}.{part}"
    return text(english(key, default), key)


def command_text(command: str, part: str, default: str) -> app_commands.locale_str:
    """A host command's name or description (`command.<command>.<part>`)."""
    key = f"command.{command}.{part}"
    return text(english(key, default), key)


def subcommand_names(games: list[AnyGame]) -> list[tuple[str, AnyGame]]:
    """/newgame's subcommands: one per game (its id), plus each other name players know
    a game by (`/newgame tabula` for Lupusburg). An alias that only spells the game's id
    or name another way (`noproblama`, `problama` for No Prob-Lama) is no second entry:
    the command list would show the same game twice. An alias follows its game's id in
    the list. Discord allows 25."""
    ids = {registry.normalize(g.id) for g in games}
    names: dict[str, AnyGame] = {}
    for game in games:
        names[registry.normalize(game.id)] = game
        for alias in game.aliases:
            name = registry.normalize(alias)
            taken = name in ids or name in names
            if COMMAND_NAME.fullmatch(name) and not taken and not _spells(game, name):
                names[name] = game
    return list(names.items())[:MAX_SUBCOMMANDS]


def _spells(game: AnyGame, alias: str) -> bool:
    """Whether `alias` (normalized) is the game's id or name written another way: a
    part of its name, or a longer form of its id."""
    ident, name = registry.normalize(game.id), registry.normalize(game.name)
    return alias in name or ident in alias


class Commands:
    def __init__(
        self, client: discord.Client, service: GameService, games: list[AnyGame] | None = None
    ) -> None:
        self._client = client
        self._service = service
        self._games = playable() if games is None else games

    def install(self, tree: app_commands.CommandTree) -> None:
        newgame = app_commands.Group(
            name=command_text("newgame", "name", "newgame"),
            description=command_text("newgame", "description", "Start a new game in this channel"),
            guild_only=True,
        )
        for name, game in subcommand_names(self._games):
            newgame.add_command(self._newgame_command(game, name))
        tree.add_command(newgame)
        choices = [app_commands.Choice(name=g.name, value=g.id) for g in self._games]

        @tree.command(
            name=command_text("rules", "name", "rules"),
            description=command_text("rules", "description", "A summary of a game's rules"),
        )
        @app_commands.rename(game=text("game", "command.rules.option.game.name"))
        @app_commands.describe(
            game=text(english("command.rules.option.game.description", "The game"),
                      "command.rules.option.game.description")
        )  # fmt: skip
        @app_commands.choices(game=choices)
        async def rules(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            locale = locale_of(interaction)
            summary = "\n\n".join(
                filter(
                    None, [t(f"{game.value}.rules", locale), computer_levels(game.value, locale)]
                )
            )
            await show(interaction, Screen(embed_title=game.name, embed_text=summary))

        @tree.command(
            name=command_text("help", "name", "help"),
            description=command_text("help", "description", "What this bot does and how to play"),
        )
        async def help_(interaction: discord.Interaction) -> None:
            locale = locale_of(interaction)
            command = t("command.newgame.name", locale)
            games = "\n".join(
                t("help.game", locale, command=command, id=g.id, name=g.name) for g in self._games
            )
            pings = {v: chosen_as_shown("pings", v, locale) for v in ("dm", "off")}
            helped = Screen(
                embed_title=t("help.title", locale),
                embed_text=t("help.text", locale, games=games, **pings),
                blocks=(t("help.commands", locale),),
            )
            await show(interaction, helped)

        @tree.command(
            name=command_text("games", "name", "games"),
            description=command_text("games", "description", "This server's games"),
        )
        @app_commands.guild_only()
        async def games(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._list_games(interaction))

        @tree.command(
            name=command_text("language", "name", "language"),
            description=command_text(
                "language", "description", "Set the language of this server's new games"
            ),
        )
        @app_commands.rename(language=option_text("language", "language", "name", "language"))
        @app_commands.describe(
            language=option_text("language", "language", "description", "The language")
        )
        @app_commands.choices(language=language_choices())
        @app_commands.default_permissions(manage_guild=True)
        @app_commands.guild_only()
        async def language_(
            interaction: discord.Interaction, language: app_commands.Choice[str]
        ) -> None:
            await guarded(interaction, lambda: self._set_language(interaction, language.value))

        @tree.command(
            name=command_text("pause", "name", "pause"),
            description=command_text("pause", "description", "Pause the game in this thread"),
        )
        @app_commands.guild_only()
        async def pause(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._pause(interaction, resume=False))

        @tree.command(
            name=command_text("resume", "name", "resume"),
            description=command_text("resume", "description", "Resume the game in this thread"),
        )
        @app_commands.guild_only()
        async def resume(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._pause(interaction, resume=True))

        @tree.command(
            name=command_text("away", "name", "away"),
            description=command_text("away", "description", "The bot plays for an absent player"),
        )
        @app_commands.rename(player=text("player", "command.away.option.player.name"))
        @app_commands.describe(
            player=text(english("command.away.option.player.description", "The absent player"),
                        "command.away.option.player.description")
        )  # fmt: skip
        @app_commands.guild_only()
        async def away(interaction: discord.Interaction, player: discord.Member) -> None:
            await guarded(interaction, lambda: self._away(interaction, player, away=True))

        @tree.command(
            name=command_text("back", "name", "back"),
            description=command_text("back", "description", "You (or a player) play again"),
        )
        @app_commands.rename(player=text("player", "command.back.option.player.name"))
        @app_commands.describe(
            player=text(english("command.back.option.player.description", "Who is back"),
                        "command.back.option.player.description")
        )  # fmt: skip
        @app_commands.guild_only()
        async def back(
            interaction: discord.Interaction, player: discord.Member | None = None
        ) -> None:
            who = player or interaction.user
            await guarded(interaction, lambda: self._away(interaction, who, away=False))

        @tree.command(
            name=command_text("abort", "name", "abort"),
            description=command_text("abort", "description", "End the game in this thread"),
        )
        @app_commands.guild_only()
        async def abort(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._abort(interaction))

    def _newgame_command(self, game: AnyGame, name: str) -> app_commands.Command[Any, ..., None]:
        """A game's /newgame subcommand: the game's options, then the host's `language`
        (a host matter, kept as the game's locale, not among its options) and, for a
        game with computer players, how many to seat at once and how well they play."""
        parameters = option_parameters(game.options_model)
        assert not {LANGUAGE, COMPUTERS, LEVEL} & game.options_model.model_fields.keys(), game.id
        keyword = inspect.Parameter.KEYWORD_ONLY
        host = [inspect.Parameter(LANGUAGE, keyword, annotation=str, default=None)]
        seats = computer_seats(game)
        if seats:
            count = app_commands.Range[int, 1, seats]
            host.append(inspect.Parameter(COMPUTERS, keyword, annotation=count, default=None))
            host.append(inspect.Parameter(LEVEL, keyword, annotation=str, default=None))

        async def callback(interaction: discord.Interaction, **options: Any) -> None:
            spoken = options.pop(LANGUAGE, None)
            level, count = options.pop(LEVEL, None), options.pop(COMPUTERS, None)
            if count is None:
                count = 1 if level is not None else 0  # a level alone: one such computer
            computers = [level or LEVELS[0]] * count
            chosen = {k: v for k, v in options.items() if v is not None}
            await guarded(
                interaction, lambda: self._newgame(interaction, game, chosen, spoken, computers)
            )

        callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                               annotation=discord.Interaction), *parameters, *host]
        )  # fmt: skip
        names, descriptions, choices = option_texts(game)
        names[LANGUAGE] = option_text("newgame", LANGUAGE, "name", LANGUAGE)
        descriptions[LANGUAGE] = option_text(
            "newgame", LANGUAGE, "description", "The language of the lobby, table and notices"
        )
        choices[LANGUAGE] = language_choices()
        if seats:
            names[COMPUTERS] = option_text("newgame", COMPUTERS, "name", COMPUTERS)
            descriptions[COMPUTERS] = option_text(
                "newgame", COMPUTERS, "description", "Computer players to seat at once"
            )
            names[LEVEL] = option_text("newgame", LEVEL, "name", LEVEL)
            descriptions[LEVEL] = option_text(
                "newgame", LEVEL, "description", "How well the computer players play"
            )
            choices[LEVEL] = [
                app_commands.Choice(
                    name=text(english(f"computer.level.{v}", v), f"computer.level.{v}"), value=v
                )
                for v in LEVELS
            ]
        app_commands.rename(**names)(callback)
        app_commands.describe(**descriptions)(callback)
        if choices:
            app_commands.choices(**choices)(callback)
        key = f"{game.id}.command"
        return app_commands.Command(
            name=name,
            description=text(english(key, f"Start a game of {game.name}")[:100], key),
            callback=callback,
        )

    async def _newgame(
        self,
        interaction: discord.Interaction,
        game: AnyGame,
        options: dict[str, Any],
        spoken: str | None = None,
        computers: list[str] | None = None,
    ) -> None:
        locale = locale_of(interaction)
        if interaction.guild_id is None or interaction.channel is None:
            raise Refused("host.guild_only")
        try:
            game.parse_options(options)
        except ValidationError as error:
            reason = error.errors()[0]["msg"].removeprefix("Value error, ")
            if has(reason):  # a game's validator names a catalog sentence
                reason = t(reason, locale)
            raise Refused("host.bad_options", reason=reason) from None
        channel, granted = interaction.channel, interaction.app_permissions
        may_thread = opens_thread(channel, granted)
        in_thread = may_thread or isinstance(channel, discord.Thread)
        require_hosting(channel, granted, in_thread=in_thread, locale=locale)
        if not may_thread and await self._service.game_in(channel.id) is not None:
            raise Refused("host.channel_busy")  # e.g. typed in a running game's thread
        user = interaction.user
        # Checked again when the lobby is stored; here, before a thread is made for it.
        await self._service.require_room_for_lobby(interaction.guild_id, user.id, channel.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # A thread's name: one line, numbered from the host's second game of the kind.
        hosted = await self._service.store.hosted(interaction.guild_id, user.id, game.id)
        number = f" ({hosted + 1})" if hosted else ""
        title = f"{game.name}: {clean_name(user.display_name)}"[: THREAD_NAME - len(number)]
        title += number
        place, parent = await self._game_place(channel, title, may_thread)
        try:
            live = await self._service.open_lobby(
                kind=game.id,
                options=options,
                guild_id=interaction.guild_id,
                channel_id=place.id,
                parent_id=parent,
                host_id=user.id,
                host_name=user.display_name,
                locale=await self._table_language(interaction.guild_id, spoken, locale),
                computers=computers or (),
            )
        except BaseException:
            # Only a thread made by this command (never the one it was typed in).
            if isinstance(place, discord.Thread) and place is not channel:
                with contextlib.suppress(discord.HTTPException):
                    await place.delete()
            raise
        await tell(
            interaction,
            t("newgame.opened", locale, game=game.name, place=f"<#{live.row.channel_id}>"),
        )

    async def _table_language(self, guild_id: int, chosen: str | None, host_locale: str) -> str:
        """The language of a game's public messages: the host's choice, else the server's
        default (set with /language; Discord's own server locale is en-US on every server
        that is not a Community one, so it tells nothing), else the host's client's."""
        if chosen is None:
            chosen = await self._service.store.guild_locale(guild_id)
        return language(chosen or host_locale)

    async def _set_language(self, interaction: discord.Interaction, code: str) -> None:
        if interaction.guild_id is None:
            raise Refused("host.guild_only")
        if not is_manager(interaction):
            raise Refused("host.managers_only")
        await self._service.store.set_guild_locale(interaction.guild_id, language(code))
        said = t("language.set", locale_of(interaction), language=t("language.name", code))
        await tell(interaction, said)

    async def _game_place(
        self, channel: Any, title: str, may_thread: bool
    ) -> tuple[discord.abc.Snowflake, int | None]:
        """A new thread from the channel; the channel itself where threads are not allowed."""
        if isinstance(channel, discord.TextChannel) and may_thread:
            try:
                thread = await channel.create_thread(
                    name=title,
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_HOURS,
                )
                return thread, channel.id
            except discord.HTTPException:
                pass  # no permission to create threads here: play in the channel
        return channel, None

    async def _list_games(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        store = self._service.store
        rows = await store.games_in_guild(interaction.guild_id or 0)
        if not rows:
            await tell(interaction, t("games.none", locale))
            return
        # Discord shows a deleted thread's mention as "#unknown": say what it was.
        gone = await store.places_gone(row.channel_id for row in rows)
        deleted = {
            False: t("games.deleted_channel", locale),
            True: t("games.deleted_thread", locale),
        }
        lines = [
            t(
                f"games.{row.status}",
                locale,
                game=_game_name(row.kind),
                place=(
                    deleted[row.parent_id is not None]
                    if row.channel_id in gone
                    else f"<#{row.channel_id}>"
                ),
                host=f"<@{row.host_id}>",
            )
            for row in rows
        ]
        listed = Screen(embed_title=t("games.title", locale), embed_text="\n".join(lines))
        await show(interaction, listed)

    async def _pause(self, interaction: discord.Interaction, *, resume: bool) -> None:
        live = await self._service.game_in(interaction.channel_id or 0)
        if live is None:
            raise Refused("host.no_game_here")
        await interaction.response.defer(ephemeral=True, thinking=True)
        change = self._service.resume if resume else self._service.pause
        await change(live.id, interaction.user.id, manager=is_manager(interaction))
        await tell(
            interaction, t("host.resumed" if resume else "host.paused_done", locale_of(interaction))
        )

    async def _away(
        self, interaction: discord.Interaction, player: discord.abc.User, *, away: bool
    ) -> None:
        """The host marks a player away (the bot plays for them at once) or back; a
        player may say they are back themselves."""
        live = await self._service.game_in(interaction.channel_id or 0)
        if live is None:
            raise Refused("host.no_game_here")
        seat, name = live.seat_of(player.id), in_text(clean_name(player.display_name))
        if seat is None:
            raise Refused("host.not_a_player_named", name=name)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._service.set_away(
            live.id, interaction.user.id, seat, away, manager=is_manager(interaction)
        )
        key = "host.away_marked" if away else "host.back_marked"
        await tell(interaction, t(key, locale_of(interaction), name=name))

    async def _abort(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        live = await self._service.game_in(interaction.channel_id or 0)
        if live is None:
            raise Refused("host.no_game_here")
        if interaction.user.id != live.row.host_id and not is_manager(interaction):
            raise Refused("lobby.host_only")
        confirm = Screen(
            content=t("abort.confirm", locale, game=live.game.name),
            rows=(
                (
                    Button(t("abort.yes", locale), ids.abort(live.id, "yes"), "danger"),
                    Button(t("abort.no", locale), ids.abort(live.id, "no")),
                ),
            ),
        )
        await interaction.response.send_message(ephemeral=True, **send_kwargs(confirm))


def computer_seats(game: AnyGame) -> int:
    """How many computer players /newgame may seat beside the host (0: none)."""
    if not has_computers(game):
        return 0
    top = game.max_players
    return MOST_COMPUTERS if top is None else top - 1


def computer_levels(game_id: str, locale: str) -> str:
    """/rules' lines on the game's computer players, a line per level, where the game's
    catalog says how each plays; '' where it does not."""
    keys = {level: f"{game_id}.computer.{level}" for level in LEVELS}
    if not all(has(key) for key in keys.values()):
        return ""
    lines = [
        t("computer.level_line", locale, level=t(f"computer.level.{level}", locale),
          how=t(key, locale))
        for level, key in keys.items()
    ]  # fmt: skip
    return "\n".join([t("computer.computers", locale), *lines])


def _game_name(kind: str) -> str:
    """A listed game's name; a kind this release does not know (a game removed since,
    a bad hand edit) is listed by its id rather than failing the whole list."""
    try:
        return registry.get(kind).name
    except KeyError:
        return kind
