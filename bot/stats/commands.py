"""/stats (show, forget, reset), /leaderboard and /history, and their buttons.

Every answer is private (ephemeral). Discord allows no command that has subcommands to
be used alone, so a member's statistics are `/stats show [member] [game]`, beside
`/stats forget` and an admin's `/stats reset <game>`. Each button carries what its
click needs (`bot.stats.ids`) and reads the store afresh: a page of an old message
shows the board as it is now, and a page past its end the last one.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.core.errors import Refused
from bot.core.names import clean_name
from bot.core.service import GameService
from bot.core.store.stats import MIN_GAMES
from bot.core.store.stats_queries import StatsStore
from bot.discord.adapters import playable
from bot.discord.commands import command_text, option_text
from bot.discord.drawing import Drawing
from bot.discord.replies import guarded, locale_of, show
from bot.discord.router import is_manager
from bot.discord.translator import english, text
from bot.discord.ui import Button, Picture, Screen, send_kwargs
from bot.i18n import t
from bot.stats import ids
from bot.stats.chart import rating_chart
from bot.stats.past import PastGames
from bot.stats.screens import PER_PAGE, board_screen, game_name, history_screen, stats_screen
from bot.stats.sheet import best_sheet
from games.engine import AnyGame

TUFTELN = "tufteln"  # its best sheet is shown with its statistics


class StatsCommands:
    def __init__(
        self,
        service: GameService,
        games: list[AnyGame] | None = None,
        drawing: Drawing | None = None,
    ) -> None:
        self._service = service
        self._games = playable() if games is None else games
        # A finished game's page, replay and record (their screens drawn by `drawing`).
        self.past = PastGames(service, drawing if drawing is not None else Drawing(0))

    @property
    def _stats(self) -> StatsStore:
        return self._service.store.stats

    # -- what each command shows (also measured by tests/bench/bench_stats.py) ------------------

    async def stats_screen(
        self, guild_id: int, user_id: int, name: str, kind: str | None, locale: str, *, own: bool
    ) -> Screen:
        """A member's statistics (`name`: as shown); for one game, with the rating's
        history and, for Tüfteln, the best sheet (drawn beside the event loop)."""
        stats = await self._stats.member(guild_id, user_id, kind)
        pictures: list[Picture] = []
        if kind is not None and stats.lines and not stats.left:
            history = await self._stats.rating_history(guild_id, user_id, kind)
            decimal = t("stats.decimal", locale)
            chart = await asyncio.to_thread(
                rating_chart, history, name, game_name(kind), locale, decimal
            )
            pictures += [chart] if chart is not None else []
            best = await self._stats.best_game(guild_id, user_id, kind) if kind == TUFTELN else None
            if best is not None:
                game_id, seat, score, final = best
                drawn = await asyncio.to_thread(
                    best_sheet, game_id, final, seat, score, name, locale
                )
                pictures += [drawn] if drawn is not None else []
        return stats_screen(name, stats, kind, locale, own=own, pictures=tuple(pictures))

    async def board_screen(self, guild_id: int, kind: str, page: int, locale: str) -> Screen:
        board = await self._stats.board(guild_id, kind, page, PER_PAGE)
        return board_screen(board, locale, MIN_GAMES)

    async def history_screen(self, guild_id: int, page: int, locale: str) -> Screen:
        history = await self._stats.history(guild_id, page, PER_PAGE)
        gone = await self._service.store.places_gone(g.channel_id for g in history.games)
        return history_screen(history, gone, locale)

    # -- the commands ---------------------------------------------------------------------------

    def install(self, tree: app_commands.CommandTree) -> None:
        choices = [app_commands.Choice(name=g.name, value=g.id) for g in self._games]
        stats = app_commands.Group(
            name=command_text("stats", "name", "stats"),
            description=command_text("stats", "description", "Games, wins and ratings"),
            guild_only=True,
        )

        @stats.command(
            name=_sub("show", "name", "show"),
            description=_sub("show", "description", "A member's statistics"),
        )
        @app_commands.rename(
            member=_sub("show", "option.member.name", "member"),
            game=_sub("show", "option.game.name", "game"),
        )
        @app_commands.describe(
            member=_sub("show", "option.member.description", "Whose statistics"),
            game=_sub("show", "option.game.description", "Only this game"),
        )
        @app_commands.choices(game=choices)
        async def show_(
            interaction: discord.Interaction,
            member: discord.Member | None = None,
            game: app_commands.Choice[str] | None = None,
        ) -> None:
            kind = game.value if game is not None else None
            await guarded(interaction, lambda: self._show(interaction, member, kind))

        @stats.command(
            name=_sub("forget", "name", "forget"),
            description=_sub("forget", "description", "Remove your statistics"),
        )
        async def forget(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._ask_forget(interaction))

        @stats.command(
            name=_sub("reset", "name", "reset"),
            description=_sub("reset", "description", "Reset a leaderboard"),
        )
        @app_commands.rename(game=_sub("reset", "option.game.name", "game"))
        @app_commands.describe(game=_sub("reset", "option.game.description", "The game"))
        @app_commands.choices(game=choices)
        async def reset(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            await guarded(interaction, lambda: self._ask_reset(interaction, game.value))

        tree.add_command(stats)

        @tree.command(
            name=command_text("leaderboard", "name", "leaderboard"),
            description=command_text("leaderboard", "description", "A game's best players"),
        )
        @app_commands.rename(game=option_text("leaderboard", "game", "name", "game"))
        @app_commands.describe(game=option_text("leaderboard", "game", "description", "The game"))
        @app_commands.choices(game=choices)
        @app_commands.guild_only()
        async def leaderboard(
            interaction: discord.Interaction, game: app_commands.Choice[str]
        ) -> None:
            await guarded(interaction, lambda: self._board(interaction, game.value))

        @tree.command(
            name=command_text("history", "name", "history"),
            description=command_text("history", "description", "This server's last games"),
        )
        @app_commands.guild_only()
        async def history(interaction: discord.Interaction) -> None:
            await guarded(interaction, lambda: self._history(interaction))

    async def _show(
        self, interaction: discord.Interaction, member: discord.Member | None, kind: str | None
    ) -> None:
        guild_id = _guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = member or interaction.user
        name = clean_name(user.display_name)
        own = user.id == interaction.user.id
        screen = await self.stats_screen(
            guild_id, user.id, name, kind, locale_of(interaction), own=own
        )
        await show(interaction, screen)

    async def _board(self, interaction: discord.Interaction, kind: str) -> None:
        guild_id = _guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        screen = await self.board_screen(guild_id, kind, 0, locale_of(interaction))
        await show(interaction, screen)

    async def _history(self, interaction: discord.Interaction) -> None:
        guild_id = _guild(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        screen = await self.history_screen(guild_id, 0, locale_of(interaction))
        await show(interaction, screen)

    async def _ask_forget(self, interaction: discord.Interaction) -> None:
        _guild(interaction)
        locale = locale_of(interaction)
        question = Screen(
            content=t("stats.forget.confirm", locale),
            rows=(
                (
                    Button(t("stats.forget.yes", locale), ids.forget("yes"), "danger"),
                    Button(t("stats.forget.no", locale), ids.forget("no")),
                ),
            ),
        )
        await interaction.response.send_message(ephemeral=True, **send_kwargs(question))

    async def _ask_reset(self, interaction: discord.Interaction, kind: str) -> None:
        _guild(interaction)
        if not is_manager(interaction):
            raise Refused("host.managers_only")
        locale = locale_of(interaction)
        question = Screen(
            content=t("stats.reset.confirm", locale, game=game_name(kind)),
            rows=(
                (
                    Button(t("stats.reset.yes", locale), ids.reset(kind, "yes"), "danger"),
                    Button(t("stats.reset.no", locale), ids.reset(kind, "no")),
                ),
            ),
        )
        await interaction.response.send_message(ephemeral=True, **send_kwargs(question))

    # -- the buttons ----------------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        click = ids.parse(str(data.get("custom_id", "")))
        if click is not None:
            await guarded(interaction, lambda: self._click(interaction, click))

    async def _click(self, interaction: discord.Interaction, click: ids.Click) -> None:
        guild_id, locale = _guild(interaction), locale_of(interaction)
        if click.scope == "reset" and click.answer == "yes" and not is_manager(interaction):
            raise Refused("host.managers_only")
        if click.scope == "record" or click.new:  # a message of its own
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await _defer_in_place(interaction)
        if click.scope in ("past", "replay", "record"):
            await self.past.click(interaction, click, guild_id, locale)
            return
        user_id = interaction.user.id
        if click.scope == "board":
            screen = await self.board_screen(guild_id, click.kind, click.page, locale)
        elif click.scope == "history":
            screen = await self.history_screen(guild_id, click.page, locale)
        elif click.scope == "again":
            await self._stats.count_again(guild_id, user_id)
            screen = Screen(content=t("stats.counted_again", locale))
        elif click.scope == "forget":
            if click.answer == "yes":
                await self._stats.forget(guild_id, user_id)
            screen = Screen(content=t(f"stats.forget.{_done(click.answer)}", locale))
        else:
            game = game_name(click.kind)
            if click.answer == "yes":
                await self._stats.reset(guild_id, click.kind)
            screen = Screen(content=t(f"stats.reset.{_done(click.answer)}", locale, game=game))
        await interaction.edit_original_response(**send_kwargs(screen, editing=True))


def _sub(subcommand: str, part: str, default: str) -> app_commands.locale_str:
    """A /stats subcommand's name or description, or its option's
    (`command.stats.<subcommand>.<part>`)."""
    key = f"command.stats.{subcommand}.{part}"
    return text(english(key, default), key)


def _done(answer: str) -> str:
    return "done" if answer == "yes" else "kept"


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refused("host.guild_only")
    return interaction.guild_id


async def _defer_in_place(interaction: discord.Interaction) -> None:
    """A click on the member's own private message is answered in its place; any other
    (only a forged click can come from elsewhere) in a new private message, so no
    public message is ever edited into a private answer."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
