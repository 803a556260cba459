"""Slash commands: /newgame <game> (one subcommand per game, options from its model),
/games, /pause, /resume, /abort, /rules and /help."""

from __future__ import annotations

import inspect
import re
import types
import typing
from typing import Any, Literal

import discord
from discord import app_commands
from pydantic import BaseModel, ValidationError

from bot.core.errors import Refused
from bot.core.service import GameService
from bot.discord import ids
from bot.discord.adapters import playable
from bot.discord.replies import guarded, locale_of, tell
from bot.discord.router import is_manager
from bot.discord.ui import Button, Screen, send_kwargs
from bot.i18n import t
from games import registry
from games.engine import AnyGame

COMMAND_NAME = re.compile(r"[a-z0-9_-]{1,32}")
MAX_SUBCOMMANDS = 25
THREAD_HOURS: Literal[10080] = 10080  # a week of inactivity before Discord archives a game's thread


def option_parameters(model: type[BaseModel]) -> list[inspect.Parameter]:
    """Slash command parameters for an options model: types, ranges, choices, defaults."""
    parameters = []
    for name, info in model.model_fields.items():
        annotation: Any = info.annotation
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
        low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
        if annotation is int and (low is not None or high is not None):
            annotation = app_commands.Range[int, low, high]
        if typing.get_origin(annotation) is Literal:
            annotation = Literal.__getitem__(tuple(str(v) for v in typing.get_args(annotation)))
        parameters.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=None
            )
        )
    return parameters


def subcommand_names(games: list[AnyGame]) -> list[tuple[str, AnyGame]]:
    """/newgame's subcommands: each game's id, then its aliases that are valid command
    names not taken already (`/newgame tabula` for Lupusburg). Discord allows 25."""
    names = {registry.normalize(g.id): g for g in games}
    for game in games:
        for alias in game.aliases:
            name = registry.normalize(alias)
            if COMMAND_NAME.fullmatch(name) and name not in names:
                names[name] = game
    return list(names.items())[:MAX_SUBCOMMANDS]


def required_permissions(granted: discord.Permissions) -> list[str]:
    """What the bot lacks in a channel to host a game there (in words)."""
    checks = (
        ("send messages", granted.send_messages or granted.send_messages_in_threads),
        ("embed links", granted.embed_links),
        ("attach files", granted.attach_files),
    )
    return [name for name, ok in checks if not ok]


class Commands:
    def __init__(
        self, client: discord.Client, service: GameService, games: list[AnyGame] | None = None
    ) -> None:
        self._client = client
        self._service = service
        self._games = playable() if games is None else games

    def install(self, tree: app_commands.CommandTree) -> None:
        newgame = app_commands.Group(
            name="newgame", description="Start a new game in this channel", guild_only=True
        )
        for name, game in subcommand_names(self._games):
            newgame.add_command(self._newgame_command(game, name))
        tree.add_command(newgame)
        choices = [app_commands.Choice(name=g.name, value=g.id) for g in self._games]

        @tree.command(name="rules", description="A summary of a game's rules")
        @app_commands.describe(game="The game")
        @app_commands.choices(game=choices)
        async def rules(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            text = t(f"{game.value}.rules", locale_of(interaction))
            await tell(interaction, f"**{game.name}**\n{text}")

        @tree.command(name="help", description="What this bot does and how to play")
        async def help_(interaction: discord.Interaction) -> None:
            games = ", ".join(f"`/newgame {g.id}` ({g.name})" for g in self._games)
            await tell(interaction, t("help.text", locale_of(interaction), games=games))

        @tree.command(name="games", description="This server's games")
        @app_commands.guild_only()
        async def games(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._list_games(interaction))

        @tree.command(name="pause", description="Pause the game in this thread (host)")
        @app_commands.guild_only()
        async def pause(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._pause(interaction, resume=False))

        @tree.command(name="resume", description="Resume the paused game in this thread (host)")
        @app_commands.guild_only()
        async def resume(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._pause(interaction, resume=True))

        @tree.command(name="abort", description="End the game in this thread (asks first)")
        @app_commands.guild_only()
        async def abort(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._abort(interaction))

    def _newgame_command(self, game: AnyGame, name: str) -> app_commands.Command[Any, ..., None]:
        parameters = option_parameters(game.options_model)

        async def callback(interaction: discord.Interaction, **options: Any) -> None:
            chosen = {k: v for k, v in options.items() if v is not None}
            await guarded(interaction, lambda: self._newgame(interaction, game, chosen))

        callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                               annotation=discord.Interaction), *parameters]
        )  # fmt: skip
        descriptions = {
            name: (info.description or name)[:100]
            for name, info in game.options_model.model_fields.items()
        }
        app_commands.describe(**descriptions)(callback)
        return app_commands.Command(
            name=name,
            description=f"Start a game of {game.name}"[:100],
            callback=callback,
        )

    async def _newgame(
        self, interaction: discord.Interaction, game: AnyGame, options: dict[str, Any]
    ) -> None:
        locale = locale_of(interaction)
        if interaction.guild_id is None or interaction.channel is None:
            raise Refused("host.guild_only")
        try:
            game.parse_options(options)
        except ValidationError as error:
            reason = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise Refused("host.bad_options", reason=reason) from None
        needed = required_permissions(interaction.app_permissions)
        if needed:
            raise Refused("host.missing_permissions", what=", ".join(needed))
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        user = interaction.user
        may_thread = interaction.app_permissions.create_public_threads
        place, parent = await self._game_place(channel, game, user.display_name, may_thread)
        live = await self._service.open_lobby(
            kind=game.id,
            options=options,
            guild_id=interaction.guild_id,
            channel_id=place.id,
            parent_id=parent,
            host_id=user.id,
            host_name=user.display_name,
            locale=str(interaction.guild_locale.value) if interaction.guild_locale else locale,
        )
        await tell(
            interaction,
            t("newgame.opened", locale, game=game.name, place=f"<#{live.row.channel_id}>"),
        )

    async def _game_place(
        self, channel: Any, game: AnyGame, host: str, may_thread: bool
    ) -> tuple[discord.abc.Snowflake, int | None]:
        """A new thread from the channel; the channel itself where threads are not allowed."""
        if isinstance(channel, discord.TextChannel) and may_thread:
            try:
                thread = await channel.create_thread(
                    name=f"{game.name}: {host}"[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_HOURS,
                )
                return thread, channel.id
            except discord.HTTPException:
                pass  # no permission to create threads here: play in the channel
        return channel, None

    async def _list_games(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        rows = await self._service.store.games_in_guild(interaction.guild_id or 0)
        if not rows:
            await tell(interaction, t("games.none", locale))
            return
        lines = [
            t(
                f"games.{row.status}",
                locale,
                game=registry.get(row.kind).name,
                place=f"<#{row.channel_id}>",
                host=f"<@{row.host_id}>",
            )
            for row in rows
        ]
        await tell(interaction, t("games.title", locale) + "\n" + "\n".join(lines))

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
