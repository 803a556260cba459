"""Sharding: which shards this process runs, which process syncs the commands, and
IDENTIFYs spaced as Discord requires.

Discord routes a guild's events to shard `(guild_id >> 22) % shard_count`, and events
without a guild (DMs, clicks in DMs) to shard 0 only. A process runs some shards
(`SHARD_IDS` of `SHARD_COUNT`) with discord.py's sharded client; unset, it runs them
all, as many as Discord recommends.

With `SHARD_COUNT` but no `SHARD_IDS`, processes started alike (`docker compose up
--scale bot=3`) claim their shards in the database (`bot.discord.leases`), up to
`SHARDS_PER_PROCESS` each (default: all of them).

IDENTIFY: one per 5 s per rate-limit key, `shard_id % max_concurrency`, 1,000 a day.
A process that may have company (it claims its shards, or runs some of `SHARD_IDS`)
keeps to that with `DatabaseIdentifyGate`: each key's latest IDENTIFY is a row every
process reserves its turn from, so processes started together identify spaced, without
a refused IDENTIFY. A lone process uses `LocalIdentifyGate`, and so does the database
gate while the database cannot be reached: an IDENTIFY Discord refused anyway (another
process identified the same key: Invalid Session) waits 5 s and tries again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from bot.core.store import Store, StoreBusy
from bot.core.store.shards import reserve_identify

log = logging.getLogger(__name__)

SPACING = 5.0  # seconds between two IDENTIFYs of one rate-limit key
MARGIN = 0.25  # beyond it: the two clocks (ours, Discord's) never quite agree
LATE_TURNS = 3  # turns reserved at most for one IDENTIFY (see `DatabaseIdentifyGate`)


@dataclass(frozen=True)
class ShardPlan:
    """`count`: shards in all (None: as Discord recommends); `ids`: this process's
    (None: every one, or, with a `count`, the ones it claims, at most `per_process`)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None
    per_process: int | None = None  # claimed shards at most (None: all of them)

    @property
    def claims(self) -> bool:
        """Whether this process finds its shards by claiming them in the database."""
        return self.count is not None and self.ids is None

    @property
    def shared(self) -> bool:
        """Whether other processes may run beside this one (its shards claimed, or some
        of them named): IDENTIFYs are then spaced across processes."""
        return self.count is not None and (self.ids is None or len(self.ids) < self.count)

    @property
    def share(self) -> int:
        """Shards this process claims at most."""
        assert self.count is not None
        return min(self.per_process or self.count, self.count)

    @property
    def syncs_commands(self) -> bool:
        """Only the process that runs shard 0 syncs the slash commands: every process
        would send the same commands, each write counting against the token's budget."""
        return self.ids is None or 0 in self.ids

    @property
    def processes(self) -> int:
        """How many processes share the token, as far as this one's settings tell (each
        running as many shards as this one)."""
        if self.count is None or self.ids is None:
            return 1
        return -(-self.count // len(self.ids))

    def describe(self) -> str:
        if self.count is None:
            return "every shard Discord recommends"
        ids = self.ids if self.ids is not None else range(self.count)
        return f"shard{'s' if len(ids) != 1 else ''} {', '.join(map(str, ids))} of {self.count}"


class IdentifyGate(Protocol):
    """Waits until this shard may IDENTIFY."""

    max_concurrency: int

    async def wait(self, shard_id: int) -> None: ...


class LocalIdentifyGate:
    """This process's IDENTIFYs: one per rate-limit key per 5 s. A shard's second and
    later IDENTIFYs (its session was refused or lost) wait 5 s more, as discord.py's
    own hook does: the refusal may mean another process has just identified."""

    def __init__(
        self,
        max_concurrency: int = 1,
        *,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.max_concurrency = max_concurrency
        self._now = now
        self._sleep = sleep
        self._free_at: dict[int, float] = {}  # rate-limit key -> earliest next IDENTIFY
        self._started: set[int] = set()

    async def wait(self, shard_id: int) -> None:
        key = shard_id % max(self.max_concurrency, 1)
        now = self._now()
        earliest = now if shard_id not in self._started else now + SPACING + MARGIN
        at = max(self._free_at.get(key, now), earliest)
        self._free_at[key] = at + SPACING + MARGIN  # reserved before waiting: no race
        self._started.add(shard_id)
        wait = at - self._now()
        if wait > 0:
            log.debug("shard %s identifies in %.1f s (rate-limit key %s)", shard_id, wait, key)
            await self._sleep(wait)


class DatabaseIdentifyGate:
    """IDENTIFYs spaced across processes: a row per rate-limit key holds the moment of
    its latest IDENTIFY. A shard reserves its turn in one short transaction (the row
    locked by the upsert: that moment plus 5 s, or now, whichever is later, written
    back), commits, waits for the turn, and identifies. Reserving before waiting keeps
    the row locked for milliseconds, not seconds; a process that dies after reserving
    only leaves a turn unused.

    Moments are wall-clock seconds (`now`), comparable across machines kept in step by
    NTP (the margin covers what they disagree by). Until `bind` gives it the store, or
    while the database cannot be reached, it spaces this process's own IDENTIFYs only.
    """

    def __init__(
        self,
        max_concurrency: int = 1,
        *,
        now: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.max_concurrency = max_concurrency
        self._now = now
        self._sleep = sleep
        self._store: Store | None = None
        self._started: set[int] = set()
        self._alone = LocalIdentifyGate(max_concurrency, now=now, sleep=sleep)

    def bind(self, store: Store) -> None:
        self._store = store

    async def wait(self, shard_id: int) -> None:
        key = shard_id % max(self.max_concurrency, 1)
        self._alone.max_concurrency = self.max_concurrency
        if self._store is None:
            await self._alone.wait(shard_id)
            return
        now = self._now()
        # A shard's later IDENTIFYs (its session was refused or lost) wait 5 s more.
        earliest = now if shard_id not in self._started else now + SPACING + MARGIN
        self._started.add(shard_id)
        try:
            at = await self._reserve(key, earliest)
        except StoreBusy:
            log.warning("shard %s identifies without the database's turns (it is away)", shard_id)
            await self._alone.wait(shard_id)
            return
        wait = at - self._now()
        if wait > 0:
            log.debug("shard %s identifies in %.1f s (rate-limit key %s)", shard_id, wait, key)
            await self._sleep(wait)

    async def _reserve(self, key: int, earliest: float) -> float:
        """A turn that is not past already: one that came back late (the database was
        slow to answer) may be followed by another process's within 5 s of now, so it
        is given up for the next one."""
        assert self._store is not None
        for _ in range(LATE_TURNS):
            at = await reserve_identify(
                self._store, key, earliest=earliest, spacing=SPACING + MARGIN
            )
            now = self._now()
            if now <= at + MARGIN:
                break
            earliest = now
        return at
