"""The real bot in its own process, pointed at a Discord double over 127.0.0.1: the
process the crash and cluster tests kill with SIGKILL and start again.

    python -m tests.crash.botproc --url http://127.0.0.1:PORT [--database FILE]
        [--games race,lama,...]

The database and the shards are read from the environment as `python -m bot` reads
them (`DATABASE_URL` or `DATABASE_PATH`, `SHARD_COUNT`, `SHARD_IDS`); `--database`
names a SQLite file (or a PostgreSQL URL) instead. It offers Race to Ten (registered
as the test suite does) and, by default, the games without a night (No Prob-Lama,
Tüfteln, Miss Lupun, Super Mega Lucky Box), and runs on the real clock. SIGTERM stops
it gracefully, as it does the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import logging

import yarl
from discord.asset import Asset
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import quiet_voice_warnings
from bot.config import load_settings
from bot.discord.app import TabletopBot
from bot.discord.sharding import ShardPlan
from bot.stopping import until_signalled
from games import registry
from tests.support.race import install

NIGHTLESS = "race,lama,tufteln,lupun,luckybox"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.crash.botproc")
    parser.add_argument("--url", required=True, help="the double's base URL (http://host:port)")
    parser.add_argument("--database", help="a SQLite file or PostgreSQL URL (else as the bot)")
    parser.add_argument("--games", default=NIGHTLESS, help="the games /newgame offers")
    parser.add_argument("--token", default="double-bot-token")
    return parser.parse_args(argv)


def point_at(url: str) -> None:
    """The same three hooks as `bot.double.discordpy.point_discord_py_at`, from a URL."""
    Route.BASE = f"{url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http", "ws", 1) + "/gateway-ws")
    Asset.BASE = f"{url}/cdn"


async def run(args: argparse.Namespace) -> None:
    install()  # Race to Ten is hidden from players: registered as tests/conftest.py does
    settings = load_settings()
    ids = tuple(settings.shard_ids) if settings.shard_ids is not None else None
    bot = TabletopBot(
        database=args.database or settings.database,
        games=[registry.get(kind) for kind in args.games.split(",")],
        shards=ShardPlan(settings.shard_count, ids),
        guild_ready_timeout=0,
    )
    async with bot:
        await bot.start(args.token, reconnect=True)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    quiet_voice_warnings()
    point_at(args.url)
    asyncio.run(until_signalled(run(args)))


if __name__ == "__main__":
    main()
