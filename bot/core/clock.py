"""Time as a dependency: the real clock in production, a fake one in tests
(`tests/support/clock.py`).

Everything that waits (the timer scheduler, the Discord double's token expiry)
asks a `Clock`, so tests move time forward instantly instead of sleeping.
"""

from __future__ import annotations

import asyncio
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
