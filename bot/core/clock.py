"""Time as a dependency: the real clock in production, a fake one in tests
(`tests/support/clock.py`).

Everything that waits (the timer scheduler, the Discord double's token expiry)
asks a `Clock`, so tests move time forward instantly instead of sleeping.

Deadlines are stored as Unix seconds (they outlive the process), but the wall clock
can step (NTP, a VM resumed) while time runs on. `SteppedClock` notices a step the
moment anyone reads the time, by comparing the wall clock with the monotonic one, and
tells its owner, who moves every pending deadline by the step so each keeps the time
it had left.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

log = logging.getLogger(__name__)

# Wall and monotonic time drifting apart by more than this (seconds) between two
# readings is a step, not a clock being slewed or a thread descheduled.
STEP_TOLERANCE = 2.0


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""
        ...

    def monotonic(self) -> float:
        """Seconds on a clock nothing can step (only differences mean anything)."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Return once `now() >= when` (as far as `now()` looked when the sleep began:
        the sleep itself runs on monotonic time)."""
        ...


def as_datetime(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


class SystemClock:
    def now(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep_until(self, when: float) -> None:
        delay = when - time.time()
        if delay > 0:
            await asyncio.sleep(delay)


class SteppedClock:
    """A clock that notices its wall time stepping: `on_step(seconds)` is called, once
    per step and before the new time is returned, with how far it jumped (negative:
    back)."""

    def __init__(self, clock: Clock, on_step: Callable[[float], None]) -> None:
        self.inner = clock
        self._on_step = on_step
        self._offset = clock.now() - clock.monotonic()

    def now(self) -> float:
        wall = self.inner.now()
        offset = wall - self.inner.monotonic()
        step, self._offset = offset - self._offset, offset
        if abs(step) > STEP_TOLERANCE:
            log.warning("the wall clock stepped by %+.1f s: pending deadlines move with it", step)
            self._on_step(step)
        return wall

    def monotonic(self) -> float:
        return self.inner.monotonic()

    async def sleep_until(self, when: float) -> None:
        await self.inner.sleep_until(when)
