"""The bot: a discord.py client wired to the store, the game service and the presenter.

Always discord.py's sharded client, one code path: unconfigured, it runs every shard
Discord recommends (one for a bot below 2,500 servers); `ShardPlan` picks some.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from functools import cache

import discord
from discord import app_commands

from bot.core.clock import Clock, SystemClock
from bot.core.service import GameService
from bot.core.store import Store
from bot.discord.adapters import adapters
from bot.discord.budget import RequestBudget, keep_within, per_process
from bot.discord.commands import Commands
from bot.discord.drawing import Drawing, default_workers
from bot.discord.presenter import Presenter
from bot.discord.router import Router
from bot.discord.sharding import IdentifyGate, LocalIdentifyGate, ShardPlan
from bot.discord.translator import CatalogTranslator
from games.engine import AnyGame

log = logging.getLogger(__name__)


@cache
def _freeze_start_up() -> None:
    """What start-up made (modules, the games, the catalog) lives as long as the process:
    leave it out of garbage collections, whose full passes otherwise stop the event loop
    for about 50 ms each. Once per process (the tests start many bots in one)."""
    gc.collect()
    gc.freeze()


class SessionStartsExhausted(Exception):
    """Starting would spend more IDENTIFYs than Discord allows today (one sentence)."""


SHUTDOWN_GRACE = 5.0  # seconds to finish showing committed changes when stopping


class TabletopBot(discord.AutoShardedClient):
    """Needs no privileged intents: slash commands, components, the DMs it sends, and
    that messages are posted in a game's channel (not what they say)."""

    def __init__(
        self,
        *,
        database: str,
        dev_guild_id: int | None = None,
        clock: Clock | None = None,
        games: list[AnyGame] | None = None,
        drawing_workers: int | None = None,
        shards: ShardPlan | None = None,
        identify_gate: IdentifyGate | None = None,
        **options: object,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = True  # to see the talk move a table up (no content)
        # No message cache: nothing reads old messages, and a thousand parsed messages
        # kept alive make every full garbage collection longer.
        options.setdefault("max_messages", None)
        self.shard_plan = shards or ShardPlan()
        options["shard_count"] = self.shard_plan.count
        if self.shard_plan.ids is not None:
            options["shard_ids"] = list(self.shard_plan.ids)
        super().__init__(intents=intents, **options)  # type: ignore[arg-type]
        self.identify_gate: IdentifyGate = identify_gate or LocalIdentifyGate()
        # This process's share of the token's 50 requests a second (interaction
        # responses are not counted, and never wait for it).
        self.budget = RequestBudget(per_process(self.shard_plan.processes))
        keep_within(self.http, self.budget)
        self.tree = app_commands.CommandTree(self)
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.clock = clock or SystemClock()
        self.games = games  # the games /newgame offers; None: every playable game
        # Worker processes that build screens with pictures (0: threads of this process).
        self.drawing = Drawing(default_workers() if drawing_workers is None else drawing_workers)
        self.store: Store | None = None
        self.service: GameService | None = None
        self.presenter: Presenter | None = None
        self.router: Router | None = None
        self._sweeping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        await self._learn_gateway()
        self.drawing.start()  # the workers import the games while the rest starts up
        adapters()  # and so does this process: not on the loop at a game's first click
        self.store = await Store.open(self.database)
        self.service = GameService(self.store, self.clock)
        self.presenter = Presenter(self, self.service, self.drawing)
        self.service.listeners.append(self.presenter)
        self.router = Router(self.service, self.drawing, self.presenter.retirer)
        Commands(self, self.service, self.games).install(self.tree)
        await self.tree.set_translator(CatalogTranslator())  # German names for German clients
        if self.shard_plan.syncs_commands:
            await self._sync_commands()
        await self.presenter.retirer.load()  # DM prompts still to retire
        shown = await self.service.recover()  # what a crash kept from being said
        if shown:
            log.info("showing %s changes committed before the last stop", shown)
        _freeze_start_up()
        self.service.scheduler.start()  # overdue deadlines fire now, in order
        if self.store.shared:  # changes a process that died left unshown
            self._sweeping = asyncio.create_task(self.service.sweeping(), name="sweep")

    async def _learn_gateway(self) -> None:
        """GET /gateway/bot, once: how many shards may IDENTIFY at once and, unless
        configured, how many shards there are (Discord's recommendation)."""
        recommended, _, limits = await self.http.get_bot_gateway()
        self.identify_gate.max_concurrency = int(limits["max_concurrency"])
        if self.shard_count is None:
            self.shard_count = recommended
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count)
        remaining = int(limits["remaining"])
        if remaining < len(ids):  # past the day's budget Discord would reset the token
            minutes = int(limits["reset_after"]) / 60_000
            raise SessionStartsExhausted(
                f"Discord allows {remaining} more session starts today and {len(ids)}"
                f" shards need one: start again in {minutes:.0f} minutes."
            )
        log.info("connecting %s", ShardPlan(self.shard_count, tuple(ids)).describe())

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Spaces IDENTIFYs as Discord requires (instead of discord.py's 5 s each)."""
        await self.identify_gate.wait(shard_id or 0)

    async def _sync_commands(self) -> None:
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A game's thread or channel was deleted: nobody can see or play it any more."""
        if self.service is not None:
            await self.service.channel_gone(channel_id)

    async def on_message(self, message: discord.Message) -> None:
        own = self.user is not None and message.author.id == self.user.id  # counted on send
        if self.presenter is not None and message.guild is not None and not own:
            self.presenter.seen(message.channel.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self.router is not None:
            await self.router.on_interaction(interaction)

    async def close(self) -> None:
        if self._sweeping is not None:
            self._sweeping.cancel()
        if self.service is not None:
            await self.service.scheduler.stop()
            # Let what was committed be said (a few seconds at most); the rest stays in
            # the outbox and is said at the next start.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.service.shown(), SHUTDOWN_GRACE)
            await self.service.stop_showing()  # not against a closed connection
        await super().close()
        self.drawing.close()
        if self.store is not None:
            await self.store.close()
            self.store = None
