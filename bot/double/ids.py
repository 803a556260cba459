"""Snowflake ids and ISO timestamps taken from the double's clock."""

from __future__ import annotations

import secrets

from bot.core.clock import Clock, as_datetime

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Discord-shaped ids: the clock's milliseconds in the high bits, always increasing."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.now() * 1000) - DISCORD_EPOCH_MS
        candidate = max(ms, 0) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id that Discord's sharding formula, `(id >> 22) % shard_count`, puts
        on `shard_id` (a guild on a chosen shard); ids stay increasing."""
        first = self.next()
        millis = first >> 22
        later = (shard_id - millis) % shard_count
        if later:
            self._last = (millis + later) << 22
        return self._last


def iso(timestamp: float) -> str:
    return as_datetime(timestamp).isoformat()


def new_token(prefix: str = "") -> str:
    return prefix + secrets.token_urlsafe(48)
