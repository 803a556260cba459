"""The shards of a process that claims them (`SHARD_COUNT` without `SHARD_IDS`): the
processes of `docker compose up --scale bot=3` get the same settings, so each finds
its shards in the database (`bot.core.store.shards`).

At start-up a process frees the leases of this machine's processes that are gone
(its predecessor, killed and restarted: `ShardLeases.release_gone`), then claims free
shards, up to `SHARDS_PER_PROCESS` (default: all of them), with a lease of
`LeaseTiming.lease` seconds; one that finds none free waits as a standby. Every
`renew` seconds it renews its leases, starts a shard it has newly claimed (a dead
process's, once its lease ran out; or, past its share, a shard nobody has held for a
whole lease) and stops a shard whose lease another process holds now.
When it cannot renew (the database is away) it stops its shards before their leases
run out, so that two processes never run one shard; they come back once it renews.

The same tick counts the processes alive, and this process's share of the token's
requests follows (`RequestBudget.share`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from dataclasses import dataclass
from typing import Protocol

from bot.core.clock import Clock
from bot.core.store import StoreBusy
from bot.core.store.shards import ShardLeases, Tick
from bot.discord.budget import RequestBudget
from bot.discord.sharding import ShardPlan

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LeaseTiming:
    """Seconds: how long a lease lasts, how often it is renewed, and the margin kept
    for a renewal that is late (a busy event loop, clocks a little apart)."""

    lease: float = 15.0
    renew: float = 5.0
    margin: float = 1.0

    @property
    def hold(self) -> float:
        """How long a process joining others sends nothing: until every other process
        has ticked once and counted it."""
        return self.renew + self.margin


def process_name() -> str:
    """This process's name in the leases: where it runs, and unique per start."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Sessions(Protocol):
    """The gateway sessions the keeper starts and stops (the bot's shards)."""

    def start_shard(self, shard_id: int) -> None: ...

    async def stop_shard(self, shard_id: int) -> None: ...


class ShardKeeper:
    def __init__(
        self,
        leases: ShardLeases,
        plan: ShardPlan,
        clock: Clock,
        budget: RequestBudget,
        timing: LeaseTiming | None = None,
    ) -> None:
        assert plan.count is not None
        self.leases = leases
        self.count = plan.count
        self.share = plan.share
        self.clock = clock
        self.budget = budget
        self.timing = timing or LeaseTiming()
        self.running: tuple[int, ...] = ()  # the shards this process runs
        self.expires_at = 0.0  # until when its leases are known to hold
        self.processes = 1
        self._sessions: Sessions | None = None
        self._task: asyncio.Task[None] | None = None
        self._renewing_now = False  # woken, renewing: not yet waiting for the next time
        self._parked = asyncio.Event()

    async def claim(self) -> tuple[int, ...]:
        """Start-up: the shards this process runs (none: a standby). Raises
        ShardCountDiffers (one sentence) beside processes of another SHARD_COUNT."""
        now = self.clock.now()
        for owner, shards in (await self.leases.release_gone(now)).items():
            log.info(
                "the process %s that ran here is gone: %s free at once",
                owner,
                f"its shards {', '.join(map(str, shards))} are" if shards else "its share is",
            )
        others = await self.leases.others_alive(now)
        tick = await self.leases.tick(
            count=self.count, share=self.share, now=now, lease=self.timing.lease, first=True
        )
        self._counted(tick)
        self.running = tick.mine
        if others:
            self.budget.hold(self.timing.hold)
        if not tick.mine:
            log.info(
                "every shard of %s is claimed by another process: this one waits for one"
                " to be free",
                self.count,
            )
        return tick.mine

    def start(self, sessions: Sessions) -> None:
        """Renew every `renew` seconds from now on, starting and stopping `sessions`."""
        self._sessions = sessions
        self._task = asyncio.create_task(self._renewing(), name="shard leases")

    async def _renewing(self) -> None:
        while True:
            self._renewing_now = False
            self._parked.set()
            await self.clock.sleep_until(self.clock.now() + self.timing.renew)
            self._renewing_now = True
            try:
                await self.tick()
            except Exception:  # never the end of the leases: the next tick tries again
                log.exception("renewing the shard leases failed")

    async def idle(self) -> None:
        """Return once no renewal is under way (for tests on a fake clock)."""
        while self._task is not None and not self._task.done() and self._renewing_now:
            self._parked.clear()
            await self._parked.wait()

    async def tick(self) -> None:
        assert self._sessions is not None
        try:
            tick = await self.leases.tick(
                count=self.count, share=self.share, now=self.clock.now(), lease=self.timing.lease
            )
        except StoreBusy as error:
            await self._unrenewed(error)
            return
        self._counted(tick)
        for shard in self.running:
            if shard not in tick.mine:
                log.warning("shard %s is another process's now: stopping it here", shard)
                await self._sessions.stop_shard(shard)
        for shard in tick.mine:
            if shard not in self.running:
                log.info("claimed shard %s of %s: starting it", shard, self.count)
                self._sessions.start_shard(shard)
        self.running = tick.mine

    def _counted(self, tick: Tick) -> None:
        self.expires_at = tick.expires_at
        if tick.processes != self.processes:
            log.info("%s bot processes share the token's requests", tick.processes)
        self.processes = tick.processes
        self.budget.share(tick.processes)

    async def _unrenewed(self, error: StoreBusy) -> None:
        """The leases could not be renewed: keep the shards while the leases hold past
        the next attempt, else stop them (another process may take them at expiry)."""
        assert self._sessions is not None
        now = self.clock.now()
        if not self.running or now + self.timing.renew + self.timing.margin < self.expires_at:
            return
        log.warning(
            "could not renew the leases of shards %s (%s): stopping them before another"
            " process may take them",
            ", ".join(map(str, self.running)),
            error,
        )
        for shard in self.running:
            await self._sessions.stop_shard(shard)
        self.running = ()

    async def stop(self) -> None:
        """No more renewals (the leases run out by themselves, as after a crash)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def release(self) -> None:
        """A graceful stop, once its sessions are closed: its shards are free at once."""
        await self.stop()
        try:
            await self.leases.release(self.clock.now())
        except StoreBusy as error:
            log.warning("could not free the shard leases (%s): they run out by themselves", error)
