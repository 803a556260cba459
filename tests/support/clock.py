"""A clock for tests that only moves when told to (timers without sleeps)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable


class FakeClock:
    """A clock that only moves when told to; sleepers wake in time order.

    Like the system's, it has a wall clock (`now`) and a monotonic one: `advance` moves
    both, `step` only the wall clock (NTP, a VM resumed). A sleeper sleeps on monotonic
    time, as `asyncio.sleep` does: it wakes after the time it was to wait has passed,
    whatever the wall clock did meanwhile.
    """

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._mono = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []  # by monotonic
        self._order = itertools.count()
        # Awaited before each step of `advance`: each returns once its owner (the
        # timer scheduler) has finished reacting to the time it was woken at.
        self.quiet_checks: list[Callable[[], Awaitable[None]]] = []

    def now(self) -> float:
        return self._now

    def monotonic(self) -> float:
        return self._mono

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        wake = self._mono + (when - self._now)
        heapq.heappush(self._sleepers, (wake, next(self._order), future))
        await future

    def step(self, seconds: float) -> None:
        """The wall clock jumps by `seconds` (back if negative); no time passes."""
        self._now += seconds

    async def advance(self, seconds: float) -> None:
        """Move time forward step by step: each sleeper wakes at its own moment, and
        whatever it sets off settles before time moves on."""
        target = self._mono + seconds
        await self._quiet()
        while self._sleepers and self._sleepers[0][0] <= target:
            wake = self._sleepers[0][0]
            self._move_to(max(self._mono, wake))
            # Every sleeper of this moment wakes before anyone settles: two schedulers
            # (two processes on one database) may wait for the same timer.
            while self._sleepers and self._sleepers[0][0] <= wake:
                _, _, future = heapq.heappop(self._sleepers)
                if not future.done():  # (else its sleeper gave up waiting)
                    future.set_result(None)
            await self._quiet()
        self._move_to(target)
        await self._quiet()

    def _move_to(self, mono: float) -> None:
        self._now += mono - self._mono
        self._mono = mono

    async def _quiet(self) -> None:
        await settle()
        for check in self.quiet_checks:
            await check()


async def settle(rounds: int = 20) -> None:
    """Let ready tasks run (a few event-loop turns)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
