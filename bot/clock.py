"""Time as a dependency: the real clock in production, a fake one in tests.

Everything that waits (the timer scheduler, the Discord double's token expiry)
asks a `Clock`, so tests move time forward instantly instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once `now() >= when`."""
        ...


def as_datetime(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)


class FakeClock:
    """A clock that only moves when told to; sleepers wake in time order."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

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
        """Move time forward, waking each sleeper at its moment, and let them run."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, when)
            if not future.done():
                future.set_result(None)
            await settle()
        self._now = target
        await settle()


async def settle(rounds: int = 20) -> None:
    """Let ready tasks run (a few event-loop turns)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
