"""A clock for tests that only moves when told to (timers without sleeps)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable


class FakeClock:
    """A clock that only moves when told to; sleepers wake in time order."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        # Awaited before each step of `advance`: each returns once its owner (the
        # timer scheduler) has finished reacting to the time it was woken at.
        self.quiet_checks: list[Callable[[], Awaitable[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), future))
        await future

    async def advance(self, seconds: float) -> None:
        """Move time forward step by step: each sleeper wakes at its own moment, and
        whatever it sets off settles before time moves on."""
        target = self._now + seconds
        await self._quiet()
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            if future.done():
                continue  # its sleeper gave up waiting
            self._now = max(self._now, when)
            future.set_result(None)
            await self._quiet()
        self._now = target
        await self._quiet()

    async def _quiet(self) -> None:
        await settle()
        for check in self.quiet_checks:
            await check()


async def settle(rounds: int = 20) -> None:
    """Let ready tasks run (a few event-loop turns)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
