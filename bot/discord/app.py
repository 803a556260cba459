"""The bot: a discord.py client wired to the store, the game service and the presenter.

Always discord.py's sharded client, one code path: unconfigured, it runs every shard
Discord recommends (one for a bot below 2,500 servers); `ShardPlan` picks some, or has
the process claim them in the database (`leases`), starting and stopping shards while
it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.gateway import DiscordWebSocket

from bot.core import garbage
from bot.core.clock import Clock, SystemClock
from bot.core.service import GameService
from bot.core.store import Store
from bot.core.store.rows import StoreBusy
from bot.core.store.shards import ShardLeases
from bot.core.thinking import Thinker
from bot.discord.adapters import adapters
from bot.discord.budget import PacedConnector, RequestBudget, keep_within, per_process
from bot.discord.commands import Commands
from bot.discord.cycles import release
from bot.discord.drawing import Drawing, default_workers
from bot.discord.leases import LeaseTiming, ShardKeeper, process_name
from bot.discord.presenter import Presenter
from bot.discord.router import Router
from bot.discord.sharding import (
    DatabaseIdentifyGate,
    IdentifyGate,
    LocalIdentifyGate,
    ShardPlan,
)
from bot.discord.translator import CatalogTranslator
from bot.discord.unparsed import parse_less
from bot.stats.commands import StatsCommands
from games.engine import AnyGame

log = logging.getLogger(__name__)


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
        thinking_workers: int | None = None,
        shards: ShardPlan | None = None,
        identify_gate: IdentifyGate | None = None,
        lease_timing: LeaseTiming | None = None,
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
        # This process's share of the token's 50 requests a second, taken as each
        # attempt leaves (interaction responses are not counted, and never wait for it).
        self.budget = RequestBudget(per_process(self.shard_plan.processes))
        super().__init__(intents=intents, **options)  # type: ignore[arg-type]
        keep_within(self.http, self.budget)
        parse_less(self)
        # Spaced across processes when others may run beside this one.
        self.identify_gate: IdentifyGate = identify_gate or (
            DatabaseIdentifyGate() if self.shard_plan.shared else LocalIdentifyGate()
        )
        self.lease_timing = lease_timing
        self.keeper: ShardKeeper | None = None  # when this process claims its shards
        self._launched = False  # the gateway sessions were launched (`launch_shards`)
        self._launching: dict[int, asyncio.Task[None]] = {}  # shards claimed while running
        self.tree = app_commands.CommandTree(self)
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.clock = clock or SystemClock()
        self.games = games  # the games /newgame offers; None: every playable game
        # Worker processes that build screens with pictures (0: threads of this process).
        self.drawing = Drawing(default_workers() if drawing_workers is None else drawing_workers)
        # Worker processes where computer players choose their moves (0: threads).
        self.thinker = Thinker(thinking_workers)
        self.store: Store | None = None
        self.service: GameService | None = None
        self.presenter: Presenter | None = None
        self.router: Router | None = None
        self.stats: StatsCommands | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self._listening: asyncio.Task[None] | None = None
        self._backlog: asyncio.Task[None] | None = None

    async def login(self, token: str) -> None:
        # Made here, in the running loop, as discord.py would make its own.
        self.http.connector = PacedConnector(limit=0)
        await super().login(token)

    async def setup_hook(self) -> None:
        limits = await self._learn_gateway()
        self.drawing.start()  # the workers import the games while the rest starts up
        adapters()  # and so does this process: not on the loop at a game's first click
        self.store = await Store.open(self.database)
        if isinstance(self.identify_gate, DatabaseIdentifyGate):
            self.identify_gate.bind(self.store)
        try:  # a refused start closes the database at once
            if self.shard_plan.claims:
                await self._claim_shards(self.store)
            self._check_session_starts(limits)
        except BaseException:
            await self.store.close()
            self.store = None
            raise
        self.service = GameService(self.store, self.clock, self.thinker)
        self.presenter = Presenter(self, self.service, self.drawing)
        self.service.listeners.append(self.presenter)
        self.router = Router(self.service, self.drawing, self.presenter.retirer)
        Commands(self, self.service, self.games).install(self.tree)
        self.stats = StatsCommands(self.service, self.games, self.drawing)
        self.stats.install(self.tree)
        await self.tree.set_translator(CatalogTranslator())  # German names for German clients
        if self.shard_plan.syncs_commands:
            await self._sync_commands()
        await self.presenter.retirer.load()  # DM prompts still to retire
        shown = await self.service.recover()  # what a crash kept from being said
        if shown:
            log.info("showing %s changes committed before the last stop", shown)
        garbage.settle()  # start-up is done
        self.service.scheduler.start()  # overdue deadlines fire now, in order
        self._backlog = asyncio.create_task(self._record_backlog(), name="stats backlog")
        if self.store.shared:  # changes a process that died left unshown
            self._sweeping = asyncio.create_task(self.service.sweeping(), name="sweep")
            # Other processes' timers and released deliveries, as they are committed.
            self._listening = asyncio.create_task(
                self.store.listen(self.service.woken), name="wake-ups"
            )
        if self.keeper is not None:
            self.keeper.start(self)

    async def _record_backlog(self) -> None:
        """Games that finished before the statistics existed go into them once, beside
        the games going on (a database that cannot be reached: at the next start)."""
        assert self.service is not None
        try:
            recorded = await self.service.record_backlog()
        except StoreBusy:  # locked or unreachable
            log.warning("games finished before the statistics: recorded at the next start")
            return
        if recorded:
            log.info("recorded %s games finished before the statistics existed", recorded)

    async def _learn_gateway(self) -> dict[str, Any]:
        """GET /gateway/bot, once: how many shards may IDENTIFY at once and, unless
        configured, how many shards there are (Discord's recommendation)."""
        recommended, _, limits = await self.http.get_bot_gateway()
        self.identify_gate.max_concurrency = int(limits["max_concurrency"])
        if self.shard_count is None:
            self.shard_count = recommended
        return dict(limits)

    async def _claim_shards(self, store: Store) -> None:
        """This process's shards, claimed in the database (none: it waits for one)."""
        self.keeper = ShardKeeper(
            ShardLeases(store, process_name()),
            self.shard_plan,
            self.clock,
            self.budget,
            self.lease_timing,
        )
        mine = await self.keeper.claim()
        self.shard_ids = list(mine)
        self.shard_plan = ShardPlan(self.shard_plan.count, mine, self.shard_plan.per_process)

    def _check_session_starts(self, limits: dict[str, Any]) -> None:
        assert self.shard_count is not None
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count)
        remaining = int(limits["remaining"])
        if remaining < len(ids):  # past the day's budget Discord would reset the token
            minutes = int(limits["reset_after"]) / 60_000
            raise SessionStartsExhausted(
                f"Discord allows {remaining} more session starts today and {len(ids)}"
                f" shards need one: start again in {minutes:.0f} minutes."
            )
        if ids:
            log.info("connecting %s", ShardPlan(self.shard_count, tuple(ids)).describe())

    async def launch_shards(self) -> None:
        """As discord.py's, and for a process that claimed no shard (another process
        runs each): no session until the keeper claims one."""
        self._launched = True
        if self.shard_ids == [] and self.shard_count is not None:
            self._connection.shard_count = self.shard_count
            self._connection.shard_ids = []
            return
        await super().launch_shards()

    def start_shard(self, shard_id: int) -> None:
        """A shard claimed while running: its session starts (IDENTIFY through the gate)."""
        if self.shard_ids is None or shard_id in self.shard_ids:
            return
        self.shard_ids = sorted([*self.shard_ids, shard_id])
        self._connection.shard_ids = self.shard_ids
        if self._launched and not self.is_closed():
            gateway = DiscordWebSocket.DEFAULT_GATEWAY
            self._launching[shard_id] = asyncio.create_task(self.launch_shard(gateway, shard_id))

    async def stop_shard(self, shard_id: int) -> None:
        """A shard whose lease this process lost: its session ends, and its servers are
        forgotten (their events now reach the process that holds it)."""
        launching = self._launching.pop(shard_id, None)
        if launching is not None:
            launching.cancel()
        if self.shard_ids is not None:
            self.shard_ids = [s for s in self.shard_ids if s != shard_id]
            self._connection.shard_ids = self.shard_ids
        sessions: dict[int, Any] = getattr(self, "_AutoShardedClient__shards")  # noqa: B009
        shard = sessions.pop(shard_id, None)
        if shard is not None:
            # A reconnection it had queued must not bring the session back.
            shard.reconnect = shard.reidentify = _nothing
            await shard.close()
        for guild in [g for g in self.guilds if g.shard_id == shard_id]:
            self._connection._remove_guild(guild)

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
        try:
            if self.router is not None:
                await self.router.on_interaction(interaction)
            if self.stats is not None:  # (each handles its own controls, ignores the other's)
                await self.stats.on_interaction(interaction)
        finally:
            release(interaction)  # handled: freed at once, not by the garbage collector

    async def close(self) -> None:
        tasks = (self._sweeping, self._listening, self._backlog)
        background = [t for t in tasks if t is not None]
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)  # the listener's connection
        if self.keeper is not None:
            await self.keeper.stop()  # no shard started or stopped from here on
        for launching in self._launching.values():
            launching.cancel()
        if self.service is not None:
            await self.service.scheduler.stop()
            # Let what was committed be said (a few seconds at most); the rest stays in
            # the outbox and is said at the next start.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.service.shown(), SHUTDOWN_GRACE)
            await self.service.stop_showing()  # not against a closed connection
        await super().close()
        if self.keeper is not None:
            await self.keeper.release()  # its sessions are closed: others may take them
            self.keeper = None
        self.drawing.close()
        self.thinker.close()
        if self.store is not None:
            await self.store.close()
            self.store = None


async def _nothing(*args: object) -> None:
    """In place of a stopped shard's reconnection."""
