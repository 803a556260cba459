"""The sandbox: the double, a few members, the real bot, and the page to play in.

    async with start_sandbox(client, port=8080) as double:
        print("Open", double.page_url)
        ...

or `await serve_sandbox(client, port=8080)` to run until cancelled (Ctrl-C). The
page and the API listen on `host` (127.0.0.1; 0.0.0.0 to be reachable from outside,
as from a Docker container's published port).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path

import discord

from bot.core.clock import Clock
from bot.double.discordpy import connected
from bot.double.persistence import load_world, save_world
from bot.double.server import DiscordDouble, running_double

DEFAULT_MEMBERS = ("Ana", "Ben", "Cleo", "Dev")
DEFAULT_CHANNELS: Mapping[str, bool] = {"games": True, "no-threads": False}


@contextlib.asynccontextmanager
async def start_sandbox(
    client: discord.Client,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    members: Sequence[str] = DEFAULT_MEMBERS,
    admins: Sequence[str] = ("Ana",),
    closed_dms: Sequence[str] = ("Dev",),
    channels: Mapping[str, bool] = DEFAULT_CHANNELS,
    clock: Clock | None = None,
    token: str | None = None,
    world: Path | None = None,
) -> AsyncIterator[DiscordDouble]:
    """Start the double on host:port with members and channels, and connect `client`.

    `channels` maps extra channel names to whether threads may be created there.
    Members in `admins` get the Admin role (Manage Server); those in `closed_dms`
    refuse DMs from the bot. `world`: a file that keeps the server (channels, threads,
    messages, members) across restarts, saved every few seconds and at the end.
    """
    async with running_double(clock, host=host, port=port) as double:
        if world is None or not load_world(double, world):
            for name, threads in channels.items():
                double.add_channel(name, threads=threads)
            for name in members:
                double.add_member(name, admin=name in admins, dms_open=name not in closed_dms)
        saver = asyncio.create_task(_keep_saving(double, world)) if world else None
        try:
            async with connected(double, client, token=token):
                yield double
        finally:
            if saver is not None:
                saver.cancel()
            if world is not None:
                save_world(double, world)


async def _keep_saving(double: DiscordDouble, world: Path, every: float = 3.0) -> None:
    while True:
        await asyncio.sleep(every)
        save_world(double, world)


def print_address(double: DiscordDouble) -> None:
    print(f"Sandbox ready: open {double.page_url} in a browser", flush=True)


async def serve_sandbox(
    client: discord.Client,
    *,
    host: str = "127.0.0.1",
    port: int = 8080,
    announce: Callable[[DiscordDouble], object] = print_address,
    **options: object,
) -> None:
    """Run the sandbox until cancelled; `announce` tells where once it is ready.
    `AddressUnavailable` if it cannot listen on host:port."""
    async with start_sandbox(client, host=host, port=port, **options) as double:  # type: ignore[arg-type]
        announce(double)
        await asyncio.Event().wait()
