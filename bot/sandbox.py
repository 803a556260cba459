"""The sandbox: the real bot against the local Discord double, with a web page to play
in as any of a few simulated members.

It keeps its games in its own SQLite file beside the real bot's (`data/tabletop.sqlite3`
gives `data/tabletop-sandbox.sqlite3`), never in the real bot's, and the simulated
server (channels, threads, messages, members) in `data/tabletop-sandbox.pickle`, so
both survive a restart. It listens on SANDBOX_HOST (127.0.0.1; 0.0.0.0 in a Docker
container, whose own 127.0.0.1 no browser outside can reach) and SANDBOX_PORT.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.config import Settings, SettingsError
from bot.discord.app import TabletopBot
from bot.double.server import WILDCARDS, DiscordDouble
from bot.double.web.sandbox import serve_sandbox

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class SandboxSettings(BaseSettings):
    """The sandbox's own setting beside `Settings.sandbox_port` (same sources)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    sandbox_host: str = Field("127.0.0.1", description="The address the sandbox listens on")

    @field_validator("sandbox_host")
    @classmethod
    def _an_address(cls, value: str) -> str:
        host = value.strip().strip("[]")
        if not host or any(c.isspace() or c == "/" for c in host):
            raise ValueError("must be an address such as 127.0.0.1 or 0.0.0.0")
        return host


def load_sandbox_settings() -> SandboxSettings:
    """SandboxSettings, or SettingsError with one sentence naming the setting."""
    try:
        return SandboxSettings()
    except ValidationError as error:
        message = error.errors()[0]["msg"].removeprefix("Value error, ")
        raise SettingsError(f"The setting SANDBOX_HOST is not valid: {message}.") from None


def sandbox_database(settings: Settings) -> Path:
    """The sandbox's SQLite file: the real one's name with `-sandbox`, in its folder."""
    real = settings.database_path
    return real.with_name(f"{real.stem}-sandbox{real.suffix or '.sqlite3'}")


def in_container(root: Path = Path("/")) -> bool:
    """Whether this process likely runs in a container (Docker, Podman, Kubernetes)."""
    markers = (root / ".dockerenv", root / "run" / ".containerenv")
    return any(m.exists() for m in markers) or "KUBERNETES_SERVICE_HOST" in os.environ


def start_line(double: DiscordDouble, database: Path, *, container: bool) -> str:
    """The one line printed once the sandbox is ready: where to open it, where its
    games are kept, and why a browser outside a container cannot reach it."""
    line = f"Sandbox ready: open {double.page_url} in a browser (games kept in {database})."
    if double.host in WILDCARDS:
        line += f" It listens on every address of this machine, port {double.port}."
    elif double.host in LOOPBACK and container:
        line += (
            f" This looks like a container: {double.host} is reachable only from inside it;"
            f" set SANDBOX_HOST=0.0.0.0 and publish the port (docker run -p"
            f" {double.port}:{double.port} ...)."
        )
    return line


async def serve(settings: Settings, sandbox: SandboxSettings) -> None:
    """Run the sandbox until cancelled; `AddressUnavailable` if it cannot listen."""
    database = sandbox_database(settings)  # the store makes its folder
    bot = TabletopBot(database=str(database), guild_ready_timeout=0)
    world = database.with_suffix(".pickle")
    container = in_container()

    def announce(double: DiscordDouble) -> None:
        print(start_line(double, database, container=container), flush=True)

    await serve_sandbox(
        bot, host=sandbox.sandbox_host, port=settings.sandbox_port, world=world, announce=announce
    )
