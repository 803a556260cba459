"""The sandbox: the real bot against the local Discord double, with a web page to play
in as any of a few simulated members. Games and the server itself are kept under the
database's folder, so they survive a restart."""

from __future__ import annotations

from bot.config import Settings
from bot.discord.app import TabletopBot
from bot.double.web.sandbox import serve_sandbox


async def serve(settings: Settings) -> None:
    bot = TabletopBot(database=str(settings.database_path), guild_ready_timeout=0)
    world = settings.database_path.with_name(settings.database_path.stem + "-sandbox.pickle")
    await serve_sandbox(bot, port=settings.sandbox_port, world=world)
