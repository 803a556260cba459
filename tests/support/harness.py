"""The real bot against the Discord double: for end-to-end tests, benchmarks and the
sandbox. Time is one clock shared by the bot's timers and the double."""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, cast

from bot.core.clock import Clock
from bot.core.service import LiveGame
from bot.discord.app import TabletopBot
from bot.double import DiscordDouble, InteractionResult, SimUser, connected
from bot.double.model import Channel, Message
from games.engine import AnyGame
from tests.support.clock import FakeClock

CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 4, 5  # interaction callback types


@dataclass
class World:
    double: DiscordDouble
    clock: Clock
    database: Path | str  # a SQLite file or a PostgreSQL URL
    games: list[AnyGame] | None
    bot: TabletopBot | None = None
    # Threads by default: tests change the catalog in this process, which a worker
    # process would not see (`tests/e2e/test_drawing.py` plays with workers).
    drawing_workers: int = 0
    # Computer players think in threads too: a test may give a game stand-in policies.
    thinking_workers: int = 0
    _stack: contextlib.AsyncExitStack = field(default_factory=contextlib.AsyncExitStack)

    async def start_bot(self) -> TabletopBot:
        bot = TabletopBot(
            database=str(self.database),
            clock=self.clock,
            games=self.games,
            guild_ready_timeout=0,
            drawing_workers=self.drawing_workers,
            thinking_workers=self.thinking_workers,
        )
        await self._stack.enter_async_context(connected(self.double, bot))
        self.bot = bot
        if isinstance(self.clock, FakeClock) and bot.service is not None:
            # Advancing the clock waits until the timers it made due have fired.
            self.clock.quiet_checks.append(bot.service.scheduler.idle)
            self.clock.quiet_checks.append(bot.service.shown)
        return bot

    async def stop_bot(self) -> None:
        """Stop the bot (its database file stays)."""
        await self._stack.aclose()
        self._stack = contextlib.AsyncExitStack()
        self.bot = None

    async def restart(self) -> TabletopBot:
        """Stop the bot, then start a new one on the same file."""
        await self.stop_bot()
        return await self.start_bot()

    async def close(self) -> None:
        await self._stack.aclose()

    def users(self, *names: str) -> list[SimUser]:
        return [self.double.user(name) for name in names]

    @property
    def channel(self) -> Channel:
        return self.double.channel("general")

    async def settle(self) -> None:
        """Wait until the bot has finished reacting: every interaction handler done,
        every due timer fired, no request in flight."""
        while True:
            if isinstance(self.clock, FakeClock):
                await self.clock.advance(0)  # lets due timers fire and their handlers end
            handlers = _bot_handlers()
            if handlers:
                await asyncio.wait(handlers)
                continue
            if self.bot is not None and self.bot.service is not None:
                await self.bot.service.shown()  # every change shown in Discord
            await self.double.idle(quiet=0.01)
            if not _bot_handlers():
                return

    async def advance(self, seconds: float) -> None:
        """Move the fake clock on; the bot's timers fire and settle on the way."""
        assert isinstance(self.clock, FakeClock), "only a fake clock can be moved"
        await self.clock.advance(seconds)

    # -- playing ---------------------------------------------------------------------------

    async def open_game(
        self, host: SimUser, game: str, channel: Channel | None = None, **options: Any
    ) -> Channel:
        """`/newgame <game>` by `host`; the thread (or channel) where the lobby is."""
        result = await host.slash(f"newgame {game}", channel=channel or self.channel, **options)
        reply = await result.reply()
        assert reply.ephemeral and "<#" in reply.said, reply.said
        place = self.double.channel(int(reply.said.split("<#")[1].split(">")[0]))
        await self.settle()
        return place

    async def press(self, user: SimUser, message: Message, label: str) -> str | None:
        """Click a button and wait until the bot has shown the consequences; the
        ephemeral sentence it answered with, if any."""
        result = await user.click(message, label)
        await self.settle()
        private = [m for m in result.messages if m.ephemeral]
        return private[-1].said if private else None

    async def answer(self, result: InteractionResult) -> Message:
        """The bot's answer to an interaction: the filled-in deferred reply, or the first
        follow-up after a silent acknowledgement."""
        replied = result.response_type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE)
        return await (result.reply() if replied else result.followup())

    async def panel(self, user: SimUser, place: Channel, label: str) -> Message:
        """Open `user`'s private panel from the table's button."""
        return await self.answer(await user.click(table(place), label))

    def check_clean(self) -> None:
        """Nothing Discord would have refused: no late acknowledgement, no invalid
        payload, no unknown route. A DM to a user with closed DMs is expected."""
        closed_dms = 50007
        problems = list(self.double.failures)
        problems += [
            f"{e.route} -> {e.status} {e.error}"
            for e in self.double.http_errors
            if not (e.error and e.error.get("code") == closed_dms)
        ]
        problems += [f"unimplemented route {r}" for r in self.double.unhandled]
        assert not problems, "\n".join(problems)


def _bot_handlers() -> set[asyncio.Task[object]]:
    """discord.py's running tasks for slash commands and events (clicks, deletions)."""
    return {
        task
        for task in asyncio.all_tasks()
        if not task.done()
        and (
            task.get_name() == "CommandTree-invoker"
            or task.get_name().startswith("discord.py: on_")  # events: clicks, deletions
        )
    }


def table(place: Channel) -> Message:
    """The game's lobby / table message as it is now: the first message in its place,
    or, once the table moved down, the message the newest "moved down" line (a bare
    line linking to a message of the place) leads to: the bot keeps only the newest."""
    messages = place.visible_messages()
    by_id = {m.id: m for m in messages}
    for message in reversed(messages):
        if message.buttons or message.cards or message.attachments:
            continue
        moved = _LINK.search(message.said)
        target = by_id.get(int(moved.group(1))) if moved is not None else None
        if target is not None and (target.buttons or target.cards):
            return target
    return messages[0]


_LINK = re.compile(r"/channels/\d+/\d+/(\d+)")


S = TypeVar("S")


@dataclass
class GameTable(Generic[S]):
    """A started game as an end-to-end test drives it: its thread, its players by seat
    and its id; `state_type` is the game's state model (set by each game's subclass)."""

    world: World
    place: Channel
    users: list[SimUser]  # by seat
    game_id: int
    state_type: ClassVar[type[Any]]

    async def live(self) -> LiveGame:
        assert self.world.bot is not None and self.world.bot.service is not None
        return await self.world.bot.service.load(self.game_id)

    async def state(self) -> S:
        state = (await self.live()).state
        assert isinstance(state, self.state_type)
        return cast(S, state)


async def panel_updated(
    world: World, panel: Message, before: int, result: InteractionResult
) -> None:
    """Wait until a click's panel shows its outcome (edited past revision `before`, or
    answered by a follow-up), and the bot has shown the rest."""
    await world.double.wait_for(
        lambda: panel.revision > before or result.followups, 5.0, "the panel's update"
    )
    await world.settle()


def buttons(message: Message) -> list[str]:
    """The labels of a message's buttons: in its rows, and beside its sections' texts."""
    return [str(b.get("label", "")) for b in message.buttons]
