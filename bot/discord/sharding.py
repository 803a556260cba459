"""Sharding: which shards this process runs, which process syncs the commands, and
IDENTIFYs spaced as Discord requires.

Discord routes a guild's events to shard `(guild_id >> 22) % shard_count`, and events
without a guild (DMs, clicks in DMs) to shard 0 only. A process runs some shards
(`SHARD_IDS` of `SHARD_COUNT`) with discord.py's sharded client; unset, it runs them
all, as many as Discord recommends.

IDENTIFY: one per 5 s per rate-limit key, `shard_id % max_concurrency`, 1,000 a day.
Within a process the `IdentifyGate` keeps to that; an IDENTIFY Discord refused anyway
(another process identified the same key: Invalid Session) waits 5 s and tries again,
so processes started together end up spaced, at the cost of a refused IDENTIFY each.
Spacing them without any refusal needs the processes to share the gate (the database,
where the shards are claimed, can hold each key's last IDENTIFY: see `IdentifyGate`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger(__name__)

SPACING = 5.0  # seconds between two IDENTIFYs of one rate-limit key
MARGIN = 0.25  # beyond it: the two clocks (ours, Discord's) never quite agree


@dataclass(frozen=True)
class ShardPlan:
    """`count`: shards in all (None: as Discord recommends); `ids`: this process's
    (None: every one)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

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
    """Waits until this shard may IDENTIFY. A gate shared by every process (a row per
    rate-limit key in the database, taken with `SELECT ... FOR UPDATE`: wait until its
    time plus 5 s, write the new time, commit, identify) would start processes that
    come up together without a refused IDENTIFY."""

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
        if at > now:
            log.debug("shard %s identifies in %.1f s (rate-limit key %s)", shard_id, at - now, key)
            await self._sleep(at - now)
