"""`python -m bot`: run the bot on Discord, or the local sandbox when no token is set."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

from bot.config import Settings, SettingsError, load_settings

DESCRIPTION = """Run the tabletop games bot.

Settings come from the environment or a .env file in the working directory:
  DISCORD_TOKEN   the bot token; without one, the local sandbox starts instead
  DATABASE_PATH   the SQLite file (default data/tabletop.sqlite3)
  DEV_GUILD_ID    a server id whose slash commands update instantly (optional)
  LOG_LEVEL       DEBUG, INFO, WARNING or ERROR (default INFO)
  SANDBOX_PORT    the sandbox page's port on 127.0.0.1 (default 8080)
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
    if settings.discord_token is None or args.sandbox:
        return run_sandbox(settings)
    return run_discord(settings)


def run_discord(settings: Settings) -> int:
    import discord

    from bot.discord.app import TabletopBot

    assert settings.discord_token is not None
    bot = TabletopBot(database=str(settings.database_path), dev_guild_id=settings.dev_guild_id)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: check it in the developer portal.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the connection's intents.", file=sys.stderr)
        return 2
    return 0


def run_sandbox(settings: Settings) -> int:
    try:
        from bot.sandbox import serve
    except ImportError:
        print(
            "No DISCORD_TOKEN is set: put the bot token in the environment or in a .env file.",
            file=sys.stderr,
        )
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
