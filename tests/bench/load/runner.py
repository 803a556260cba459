"""The measured process: the real bot (or the bare client) pointed at a Discord double by
URL, with an event-loop lag sampler beside it. On SIGTERM it stops and writes the lag
samples to `--lag` (JSON). The bot is wrapped here, not changed.

    python -m tests.bench.load.runner --url http://127.0.0.1:PORT --database FILE \
        --lag FILE [--bare] [--games lama,tufteln,lupusburg,lupun,luckybox]

`--database` is a SQLite file or a PostgreSQL URL; the shards are read from the
environment as `python -m bot` reads them (SHARD_COUNT, SHARD_IDS).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import time
from pathlib import Path

import discord

from bot.__main__ import quiet_voice_warnings
from bot.config import load_settings
from bot.discord.app import TabletopBot
from bot.discord.sharding import ShardPlan
from games import registry
from tests.bench.load.bare import BareClient
from tests.bench.load.lag import LagSampler
from tests.crash.botproc import point_at


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.load.runner")
    parser.add_argument("--url", required=True, help="the double's base URL")
    parser.add_argument("--database", required=True, help="a SQLite file or PostgreSQL URL")
    parser.add_argument("--lag", required=True, type=Path, help="where to write lag samples")
    parser.add_argument("--bare", action="store_true", help="the bare client, not the bot")
    every = "lama,tufteln,lupusburg,lupun,luckybox"
    parser.add_argument("--games", default=every, help="offered games")
    parser.add_argument("--token", default="double-bot-token")
    return parser.parse_args(argv)


def client_for(args: argparse.Namespace) -> discord.Client:
    if args.bare:
        return BareClient()
    games = [registry.get(kind) for kind in args.games.split(",")]
    settings = load_settings()
    ids = tuple(settings.shard_ids) if settings.shard_ids is not None else None
    return TabletopBot(
        database=args.database,
        games=games,
        shards=ShardPlan(settings.shard_count, ids),
        guild_ready_timeout=0,
    )


def record_sends(client: discord.Client, sent: list[float]) -> None:
    """Note when each counted attempt leaves (its turn of the token's budget granted):
    what the process sent, apart from when the double's loop got to count it."""
    if not isinstance(client, TabletopBot):
        return
    take = client.budget.take

    async def taken() -> None:
        await take()
        sent.append(time.monotonic())

    client.budget.take = taken  # type: ignore[method-assign]


async def run(args: argparse.Namespace) -> None:
    sampler = LagSampler()
    sampler.start()
    client = client_for(args)
    record_sends(client, sampler.sent)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    try:
        async with client:
            runs = asyncio.create_task(client.start(args.token, reconnect=True))
            waits = asyncio.create_task(stop.wait())
            await asyncio.wait({runs, waits}, return_when=asyncio.FIRST_COMPLETED)
            for task in (runs, waits):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
    finally:
        sampler.stop()
        sampler.write(args.lag)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    quiet_voice_warnings()
    point_at(args.url)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
