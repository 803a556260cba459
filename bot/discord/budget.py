"""The token's global rate limit, kept by each process: Discord allows 50 requests a
second per bot token, across all its processes; past it every request waits.

How: a share per process. Each process sends at most its share of the budget (90 % of
50, split among the processes) in any second. How many processes share it: those
alive in the database (`bot.discord.leases`, renewed every few seconds) for processes
that claim their shards, else as many as the shard settings imply. A process that
joins others holds back its requests until each of them has counted it (their next
renewal), so the shares never add up past the budget while the count catches up.

Why: it needs nothing on a request's path (no database round trip per message, no
proxy hop), holds when the database is away, and has no single process whose death
silences every other (a REST proxy would). What it gives up: a busy process cannot
borrow an idle one's share; games spread over guilds and deliveries claimed by any
process keep the load even, and clicks never wait for it (below). The 10 % spare
covers requests that bunch up on their way to Discord.

When: as each attempt leaves, not when a request is asked for. discord.py first waits
in the route's own bucket (a channel's message edits, say), then may send a request
again after a 429 or a 5xx, and a request's turn taken before all that would let
requests out bunched (a bucket's waiters all at once when it frees) and retries not
counted at all. So the turn is taken where aiohttp gets each attempt its connection
(`PacedConnector`, discord.py's `connector`), right before it goes out, retries
included. (aiohttp's request hooks could do it too, but any hook makes aiohttp trace
every step of every request: about 3 % of the main process's CPU under load.)

Only counted requests take a turn: those of `HTTPClient.request` (marked by a context
variable for the connector). discord.py sends interaction responses (the callback,
`@original` edits, follow-ups) through its webhook adapter, on the same connection
pool but not through `HTTPClient.request`, and Discord exempts them; so a click's
acknowledgement never waits behind the table edits of other games. Nor do the gateway's
connections and CDN downloads, which Discord does not count either.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

import aiohttp
from discord.http import HTTPClient

DISCORD_GLOBAL = 50  # requests per second per token
SHARE = 0.9  # of it, split among the processes
WINDOW = 1.0


def per_process(processes: int) -> int:
    """Requests a process may send in any second, its share of the token's."""
    return max(1, int(DISCORD_GLOBAL * SHARE / max(processes, 1)))


class RequestBudget:
    """At most `limit` requests in any second, sent evenly: a small burst at once, then
    one every 1/rate seconds (GCRA), `rate + burst == limit`. Evenly, so that requests
    that reach Discord late do not meet the next second's in one window. Waiters go in
    order."""

    def __init__(
        self,
        limit: int,
        *,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._now = now
        self._sleep = sleep
        self._due = 0.0  # when the next request would be due at the steady rate
        self._turn = asyncio.Lock()
        self._held_until = 0.0
        self.pauses = 0  # times the share was used up and a request waited
        self.share_of(limit)

    def share_of(self, limit: int) -> None:
        self.limit = limit
        self.burst = max(1, limit // 10)
        self.rate = max(limit - self.burst, 1)

    def share(self, processes: int) -> None:
        """Processes sharing the token: each takes its part (the shard claims set it)."""
        self.share_of(per_process(processes))

    def hold(self, seconds: float) -> None:
        """Send nothing for `seconds` (a process that has just joined others)."""
        self._held_until = max(self._held_until, self._now() + seconds)

    async def take(self) -> None:
        async with self._turn:
            if self._held_until > self._now():
                self.pauses += 1
                await self._sleep(self._held_until - self._now())
            interval = 1.0 / self.rate
            now = self._now()
            due = max(self._due, now)
            allowed = due - (self.burst - 1) * interval
            if allowed > now:
                self.pauses += 1
                await self._sleep(allowed - now)
            self._due = due + interval


# The budget an attempt sent from here takes its turn from: set for the time of one
# `HTTPClient.request` call (its task and what it awaits), unset everywhere else.
_COUNTED: ContextVar[RequestBudget | None] = ContextVar("counted_request", default=None)


class PacedConnector(aiohttp.TCPConnector):
    """discord.py's connector (as its own: no limit on connections), holding every
    counted attempt until its turn, just before it goes out."""

    async def connect(
        self,
        req: aiohttp.ClientRequest,
        traces: list[Any],
        timeout: aiohttp.ClientTimeout,  # noqa: ASYNC109 (aiohttp's signature)
    ) -> Any:
        budget = _COUNTED.get()
        if budget is not None:
            await budget.take()
        return await super().connect(req, traces, timeout)


def keep_within(http: HTTPClient, budget: RequestBudget) -> None:
    """Every attempt of a request of discord.py's HTTP client (its connector a
    `PacedConnector`) takes its turn from `budget` as it leaves."""
    send = http.request

    async def request(route: Any, **options: Any) -> Any:
        counted = _COUNTED.set(budget)
        try:
            return await send(route, **options)
        finally:
            _COUNTED.reset(counted)

    setattr(http, "request", request)  # noqa: B010 (a method replaced on one instance)
