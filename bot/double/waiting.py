"""Waiting for the double's world to change: event-driven, with a timeout, no polling."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class WaitTimeout(AssertionError):
    """Raised when a condition a test waits for does not come true in time."""


class Notifier:
    """Wakes every waiter whenever anything in the double changes.

    Conditions on the bot's own side (an exception it recorded, a flag it set) change
    without the double knowing, so waiters also re-check every `tick` seconds.
    """

    tick = 0.02

    def __init__(self) -> None:
        self._waiters: set[asyncio.Future[None]] = set()
        self.version = 0
        self.epoch = secrets.token_hex(4)  # tells this run's versions from an earlier run's

    def notify(self) -> None:
        self.version += 1
        waiters, self._waiters = self._waiters, set()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(
        self,
        probe: Callable[[], T | None],
        within: float = 5.0,
        describe: str | Callable[[], str] = "the condition",
    ) -> T:
        """Return the first truthy result of `probe()`, re-checked after every change."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            result = probe()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                text = describe() if callable(describe) else describe
                raise WaitTimeout(f"Timed out after {within:g}s waiting for {text}")
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.add(waiter)
            try:
                await asyncio.wait_for(waiter, min(remaining, self.tick))
            except TimeoutError:
                pass
            finally:
                self._waiters.discard(waiter)
