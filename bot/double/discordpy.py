"""Pointing the real discord.py at the double, and running a client against it.

discord.py builds every REST and webhook URL from `discord.http.Route.BASE` and
connects a plain `Client` to `DiscordWebSocket.DEFAULT_GATEWAY` (only sharded clients
ask `GET /gateway/bot`); asset URLs use `discord.asset.Asset.BASE`. These three are
the hooks; the bot's own code needs no change.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

import discord
import yarl
from discord.asset import Asset
from discord.gateway import DiscordWebSocket
from discord.http import Route

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble

ClientT = TypeVar("ClientT", bound=discord.Client)


class point_discord_py_at:
    """Point discord.py at the double now; `.restore()` (or leaving `with`) undoes it."""

    def __init__(self, double: DiscordDouble) -> None:
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, Asset.BASE)
        Route.BASE = double.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(double.gateway_url)
        Asset.BASE = double.url + "/cdn"

    def restore(self) -> None:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, Asset.BASE = self._saved

    def __enter__(self) -> point_discord_py_at:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.restore()


@contextlib.asynccontextmanager
async def connected(
    double: DiscordDouble,
    client: ClientT,
    *,
    token: str | None = None,
    within: float = 10.0,
) -> AsyncIterator[ClientT]:
    """Log `client` in to the double, connect it, wait for on_ready; close it after.

    Tip: `discord.Client(..., guild_ready_timeout=0)` makes on_ready fire at once
    instead of 2 s after the last GUILD_CREATE.
    """
    with point_discord_py_at(double):
        runner: asyncio.Task[None] | None = None
        try:
            # A start-up that fails (setup_hook raising) still closes what it opened.
            await client.login(token or double.bot_token)
            runner = asyncio.create_task(client.connect(reconnect=True))
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {runner, ready}, timeout=within, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                ready.cancel()
                if runner in done:
                    runner.result()
                raise TimeoutError(f"discord.py did not become ready within {within}s")
            yield client
        finally:
            await client.close()
            if runner is not None:
                runner.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await runner
