"""`python -m bot`: run the bot on Discord, or the local sandbox when no token is set.

Whatever stops start-up (a setting, a refused token, a busy port, a database that is
corrupted, read-only, not a file, locked by another process for more than a few
seconds, or migrated by a newer release) is one sentence on stderr and exit status 2,
never a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from typing import TYPE_CHECKING

from bot.config import Settings, SettingsError, load_settings
from bot.core.store import DatabaseUnusable, check_database
from bot.stopping import until_signalled

if TYPE_CHECKING:
    from bot.double.server import AddressUnavailable

DESCRIPTION = """Run the tabletop games bot.

Settings come from the environment or a .env file in the working directory:
  DISCORD_TOKEN   the bot token; without one, the local sandbox starts instead
  DATABASE_PATH   the SQLite file (default data/tabletop.sqlite3)
  DATABASE_URL    a PostgreSQL server instead (postgresql://user:password@host/db)
  DEV_GUILD_ID    a server id whose slash commands update instantly (optional)
  LOG_LEVEL       DEBUG, INFO, WARNING or ERROR (default INFO)
  SANDBOX_PORT    the sandbox page's port (default 8080)
  SANDBOX_HOST    the sandbox's address (default 127.0.0.1; 0.0.0.0 in Docker)
  SHARD_COUNT     shards in all processes together (default: as Discord recommends)
  SHARD_IDS       this process's shards, e.g. 0,1 (default: claimed in the database
                  with SHARD_COUNT, else all of them)
  SHARDS_PER_PROCESS  shards a process claims at most (default: all it finds free)
"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--database", help="the SQLite file (overrides DATABASE_PATH)")
    parser.add_argument("--log-level", help="overrides LOG_LEVEL")
    parser.add_argument(
        "--sandbox", action="store_true", help="run the local sandbox even if a token is set"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    overrides = {
        key: value
        for key, value in (("database_path", args.database), ("log_level", args.log_level))
        if value is not None
    }
    try:
        settings = load_settings(**overrides)
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level_number,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    quiet_voice_warnings()
    sandbox = settings.discord_token is None or args.sandbox
    try:  # before anything starts: a bad database is one sentence, not a hang
        check_database(database_of(settings, sandbox=sandbox))
    except DatabaseUnusable as error:
        print(error, file=sys.stderr)
        return 2
    return run_sandbox(settings) if sandbox else run_discord(settings)


def database_of(settings: Settings, *, sandbox: bool) -> str:
    """The database this run will use: the PostgreSQL URL or the SQLite file (the
    sandbox keeps its own file, never the real bot's database)."""
    if sandbox:
        with contextlib.suppress(ImportError):  # without the double, run_sandbox says so
            from bot.sandbox import sandbox_database

            return str(sandbox_database(settings))
    return settings.database


def quiet_voice_warnings() -> None:
    """The bot plays no audio: discord.py's warnings at start that its voice libraries
    (PyNaCl, davey) are missing concern nothing it does. Its own switches turn them off
    (they exist so that it warns once)."""
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False


def run_discord(settings: Settings) -> int:
    import discord

    from bot.discord.app import SessionStartsExhausted, TabletopBot
    from bot.discord.sharding import ShardPlan

    assert settings.discord_token is not None
    ids = tuple(settings.shard_ids) if settings.shard_ids is not None else None
    bot = TabletopBot(
        database=settings.database,
        dev_guild_id=settings.dev_guild_id,
        shards=ShardPlan(settings.shard_count, ids, settings.shards_per_process),
    )
    token = settings.discord_token.get_secret_value()

    async def run() -> None:
        async with bot:  # closed gracefully on the way out, a stop signal included
            await bot.start(token)

    try:
        asyncio.run(until_signalled(run()))
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: check it in the developer portal.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the connection's intents.", file=sys.stderr)
        return 2
    except (SessionStartsExhausted, DatabaseUnusable) as error:  # e.g. another SHARD_COUNT
        print(error, file=sys.stderr)
        return 2
    return 0


def run_sandbox(settings: Settings) -> int:
    try:
        from bot.double.server import AddressUnavailable
        from bot.sandbox import load_sandbox_settings, serve
    except ImportError:
        print(
            "No DISCORD_TOKEN is set: put the bot token in the environment or in a .env file.",
            file=sys.stderr,
        )
        return 2
    try:
        sandbox = load_sandbox_settings()
        asyncio.run(until_signalled(serve(settings, sandbox)))
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    except AddressUnavailable as error:
        print(unavailable(error), file=sys.stderr)
        return 2
    return 0


def unavailable(error: AddressUnavailable) -> str:
    """One sentence for a sandbox that cannot listen, naming the setting to change."""
    if error.in_use:
        return (
            f"The sandbox cannot start: port {error.port} is in use by another program;"
            " set SANDBOX_PORT to a free port (0 picks any free one)."
        )
    return (
        f"The sandbox cannot listen on {error.host} port {error.port} ({error.reason});"
        " check SANDBOX_HOST and SANDBOX_PORT."
    )


if __name__ == "__main__":
    sys.exit(main())
