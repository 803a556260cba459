"""The Discord double: one object that runs the HTTP API and Gateway on 127.0.0.1."""

from __future__ import annotations

import contextlib
import errno
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TypeVar

from aiohttp import web

from bot.core.clock import Clock, SystemClock
from bot.double.errors import ApiError
from bot.double.gateway import Gateway
from bot.double.http_app import Exchange, build_app
from bot.double.ids import new_token
from bot.double.interactions import ACK_DEADLINE, Interactions
from bot.double.model import Channel, Guild, Json, Message
from bot.double.ratelimit import GlobalLimit, RateLimits
from bot.double.schema import SpecValidator
from bot.double.state import GUILDS, DoubleState
from bot.double.users import SimUser

T = TypeVar("T")


WILDCARDS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


class AddressUnavailable(Exception):
    """The double cannot listen on host:port (`in_use`: another program has the port)."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        super().__init__(f"cannot listen on {host}:{port}: {error.strerror or error}")
        self.host = host
        self.port = port
        self.in_use = error.errno == errno.EADDRINUSE
        self.reason = error.strerror or str(error)


class DiscordDouble:
    """A local stand-in for Discord's HTTP API v10 and Gateway v10.

    `host`: the address to listen on; on a wildcard (0.0.0.0, ::) it listens on every
    address and the bot and the page's links use the loopback one.
    `openapi`: a path to Discord's OpenAPI description, `None` for the default location
    (`<repo>/../shared/discord-api-spec/openapi.json` or $DISCORD_OPENAPI), or `False`
    to skip schema validation.
    """

    def __init__(
        self,
        clock: Clock | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_name: str = "Tabletop",
        guild_name: str = "Test Server",
        bot_token: str = "double-bot-token",
        openapi: str | Path | bool | None = None,
        ack_timeout: float = ACK_DEADLINE,
    ) -> None:
        self.clock: Clock = clock or SystemClock()
        self.host = host
        self.port = port
        self.bot_token = bot_token
        self.state = DoubleState(self.clock, bot_name=bot_name, guild_name=guild_name)
        self.gateway = Gateway(
            self.state, lambda: self.bot_token, lambda: self.gateway_url, self._reset_token
        )
        self.interactions = Interactions(self.state, ack_timeout=ack_timeout)
        self.rate_limits = RateLimits()
        self.global_limit = GlobalLimit()
        self.spec: SpecValidator | None = None
        if openapi is not False:
            path = Path(openapi) if isinstance(openapi, str | Path) else None
            validator = SpecValidator(path)
            self.spec = validator if validator.available else None
        self.exchanges: deque[Exchange] = deque(maxlen=10_000)
        self.unhandled: list[str] = []
        # Fault injection for tests: called with each API request's route ("POST
        # /channels/{channel_id}/messages") and path; an error it returns is the answer,
        # before the request is handled (e.g. `errors.unavailable()`, a 503).
        self.fault: Callable[[str, str], ApiError | None] | None = None
        self.in_flight = 0
        self.last_request = 0.0
        self._users: dict[int, SimUser] = {}
        self._runner: web.AppRunner | None = None

    # -- lifecycle -----------------------------------------------------------------

    async def start(self) -> DiscordDouble:
        self._runner = web.AppRunner(build_app(self), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await self._runner.cleanup()
            self._runner = None
            raise AddressUnavailable(self.host, self.port, error) from error
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self.state.base_url = self.url
        return self

    async def stop(self) -> None:
        self.interactions.close()
        self.state.changed()  # answers pending long-polls of the sandbox page
        await self.gateway.disconnect_all(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def reachable_host(self) -> str:
        """The address to connect to: the loopback one when listening on every address."""
        host = WILDCARDS.get(self.host, self.host)
        return f"[{host}]" if ":" in host else host

    @property
    def url(self) -> str:
        return f"http://{self.reachable_host}:{self.port}"

    @property
    def api_base(self) -> str:
        return self.url + "/api/v10"

    @property
    def page_url(self) -> str:
        """The sandbox page (see `bot.double.web`)."""
        return self.url + "/sandbox/"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.reachable_host}:{self.port}/gateway-ws"

    def _reset_token(self) -> None:
        self.bot_token = new_token("reset.")

    def discord_limits(self, on: bool = True) -> None:
        """Discord's limits on the token, all at once: the global 50 requests/s and
        IDENTIFY's `max_concurrency` per 5 s (tests of sharding and load run with them)."""
        self.global_limit.enforced = on
        self.gateway.starts.enforced = on

    # -- the world -----------------------------------------------------------------

    @property
    def guild(self) -> Guild:
        return self.state.guild

    @property
    def bot(self) -> SimUser:
        return SimUser(self, self.state.bot)

    def channel(self, name_or_id: str | int, guild: Guild | None = None) -> Channel:
        if isinstance(name_or_id, int):
            return self.state.channel(name_or_id)
        found = self.state.find_channel(guild or self.guild, name_or_id)
        if found is None:
            names = [c.name for c in (guild or self.guild).channels.values() if not c.deleted]
            raise LookupError(f"no channel {name_or_id!r}; channels: {names}")
        return found

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """Another server with the bot in it (and a #general); `shard=(id, count)`: one
        whose id Discord's sharding formula puts on that shard. Its GUILD_CREATE goes
        to the sessions of its shard."""
        guild_id = self.state.ids.next_on_shard(*shard) if shard is not None else None
        with self.state.muted():
            guild = self.state.create_guild(name, guild_id)
        self.state.emit("GUILD_CREATE", self.state.describe_guild(guild), GUILDS)
        self.state.changed()
        return guild

    def join(self, sim: SimUser, guild: Guild, *, admin: bool = False) -> None:
        """An existing member joins another server too."""
        roles = [self.state.admin_role(guild).id] if admin else []
        self.state.add_member(guild, sim.user, roles)

    def add_channel(
        self,
        name: str,
        *,
        threads: bool = True,
        topic: str | None = None,
        guild: Guild | None = None,
    ) -> Channel:
        """A text channel; `threads=False` denies thread creation there (for fallbacks)."""
        return self.state.add_channel(guild or self.guild, name, threads=threads, topic=topic)

    def delete_channel(self, channel: Channel | str) -> None:
        self.state.delete_channel(self.channel(channel) if isinstance(channel, str) else channel)

    def add_member(
        self,
        name: str,
        *,
        admin: bool = False,
        dms_open: bool = True,
        permissions: int = 0,
        guild: Guild | None = None,
        locale: str = "en-US",
    ) -> SimUser:
        """A new member of the server; `admin` gives the Admin role (Manage Server);
        `locale`: the language of their Discord client."""
        guild = guild or self.guild
        user = self.state.create_user(name, dms_open=dms_open)
        user.locale = locale
        roles = [self.state.admin_role(guild).id] if admin else []
        if permissions:
            roles.append(self.state.add_role(guild, f"{name}'s role", permissions).id)
        self.state.add_member(guild, user, roles)
        sim = SimUser(self, user)
        self._users[user.id] = sim
        return sim

    def user(self, name: str) -> SimUser:
        """The member called `name`, created (without special roles) if new."""
        for sim in self._users.values():
            if name in (sim.name, sim.user.username):
                return sim
        return self.add_member(name)

    @property
    def members(self) -> list[SimUser]:
        return list(self._users.values())

    def make_admin(self, sim: SimUser, admin: bool = True) -> None:
        member = self.guild.members[sim.id]
        role = self.state.admin_role(self.guild).id
        member.roles = [r for r in member.roles if r != role] + ([role] if admin else [])
        self.state.member_update(self.guild, member)

    def messages(self, channel: Channel | str) -> list[Message]:
        """What everyone sees in a channel or thread (no ephemerals), oldest first."""
        target = self.channel(channel) if isinstance(channel, str) else channel
        return target.visible_messages()

    def threads(self, channel: Channel | str | None = None) -> list[Channel]:
        parent = self.channel(channel) if isinstance(channel, str) else channel
        return [t for t in self.guild.threads() if parent is None or t.parent_id == parent.id]

    def commands(self, guild: Guild | None = None) -> list[Json]:
        """The commands a member sees (guild commands, then global ones)."""
        return self.state.commands_for((guild or self.guild).id)

    # -- health checks for tests -----------------------------------------------------

    @property
    def failures(self) -> list[str]:
        """What failed on Discord's side: interactions not acknowledged within 3 seconds,
        edits refused as too many to a message older than an hour (30046)."""
        return self.state.failures

    @property
    def http_errors(self) -> list[Exchange]:
        """Error answers the bot got (429s from configured rate limits and the faults a
        test injected excluded)."""
        return [e for e in self.exchanges if e.status >= 400 and e.status != 429 and not e.injected]

    def assert_healthy(self) -> None:
        """Fail if an interaction failed, or the bot got an error answer it should not have."""
        problems = list(self.failures)
        problems += [f"{e.route} -> {e.status} {e.error}" for e in self.http_errors]
        problems += [f"unimplemented route {r}" for r in self.unhandled]
        if problems:
            raise AssertionError("Discord double saw problems:\n" + "\n".join(problems))

    def reset_health(self) -> None:
        self.state.failures.clear()
        self.exchanges.clear()
        self.unhandled.clear()

    async def wait_for(
        self,
        probe: Callable[[], T | None],
        within: float = 5.0,
        describe: str | Callable[[], str] = "the condition",
    ) -> T:
        """Wait until `probe()` returns something truthy (re-checked on every change)."""
        return await self.state.notifier.wait_for(probe, within, describe)

    async def wait_for_message(
        self,
        channel: Channel | str,
        predicate: Callable[[Message], bool] | None = None,
        within: float = 5.0,
    ) -> Message:
        target = self.channel(channel) if isinstance(channel, str) else channel
        start = len(target.messages)

        def probe() -> Message | None:
            for message in target.messages[start:]:
                visible = message.visible_to is None and not message.deleted
                if visible and (predicate is None or predicate(message)):
                    return message
            return None

        return await self.wait_for(probe, within, f"a new message in #{target.name}")

    async def idle(self, quiet: float = 0.05, within: float = 5.0) -> None:
        """Wait until the bot has no request in flight and has sent none for `quiet` s.

        A fallback for "the bot has finished reacting" when no specific condition fits;
        prefer `result.reply()`, `result.followup()` or `wait_for(...)`.
        """
        await self.wait_for(
            lambda: self.in_flight == 0 and time.monotonic() - self.last_request >= quiet,
            within,
            "the bot to go quiet",
        )

    async def wait_connected(self, within: float = 5.0) -> None:
        await self.wait_for(lambda: self.gateway.connected, within, "the bot to connect")

    def bot_can(self, channel: Channel, permission: int) -> bool:
        return bool(self.state.permissions(self.state.bot, channel) & permission)


@contextlib.asynccontextmanager
async def running_double(
    clock: Clock | None = None, **options: object
) -> AsyncIterator[DiscordDouble]:
    """`async with running_double(clock=FakeClock()) as double:` started, then stopped."""
    double = DiscordDouble(clock, **options)  # type: ignore[arg-type]
    await double.start()
    try:
        yield double
    finally:
        await double.stop()


__all__ = ["AddressUnavailable", "DiscordDouble", "running_double"]
