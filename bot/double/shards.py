"""Sharding and session starts, as Discord's Gateway does them.

A session identified with `shard: [id, count]` gets the events of the guilds that
Discord's formula puts on it, `(guild_id >> 22) % count == id`; an event without a
guild (a DM, a click in a DM) goes to shard 0 only. A session without `shard` gets
every event, as shard 0 of 1.

Session starts (IDENTIFY) are limited as on Discord: one per 5 seconds per rate-limit
key, `shard_id % max_concurrency` (so `max_concurrency` shards may start together); one
too early is answered Invalid Session (op 9, `d: false`), after which discord.py waits
5 s and identifies again. And 1,000 a day for the token: past that Discord ends every
session and resets the token. Both count in real time, as discord.py waits in real
time; `now` can be replaced (a test's controllable clock).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

SPACING = 5.0  # seconds between two IDENTIFYs of one rate-limit key
DAY = 86_400.0
DAILY_STARTS = 1000
GUILDS_PER_SHARD = 2500  # more on one session: closed with 4011 (sharding required)
GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")  # their `id` is the guild's


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to; None for a DM or a click in a DM."""
    raw = data.get("guild_id")
    if raw is None and event in GUILD_EVENTS:
        raw = data.get("id")
    return int(raw) if raw is not None else None


@dataclass(frozen=True)
class Shard:
    id: int
    count: int

    def receives(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.id == 0
        return shard_of(guild_id, self.count) == self.id


def parse_shard(value: object) -> Shard | None:
    """IDENTIFY's `shard`; ValueError for one Discord refuses (close code 4010)."""
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(value)
    shard_id, count = (int(v) for v in value)
    if count < 1 or not 0 <= shard_id < count:
        raise ValueError(value)
    return Shard(shard_id, count)


class Start(Enum):
    ACCEPTED = "accepted"
    TOO_EARLY = "too early"  # answered Invalid Session
    EXHAUSTED = "exhausted"  # the day's budget is spent: sessions end, the token is reset


@dataclass(frozen=True)
class Attempt:
    at: float
    shard_id: int
    outcome: Start


class SessionStarts:
    """The IDENTIFY budget: `max_concurrency` per 5 s (enforced when `enforced`; off by
    default, since tests restart bots quicker than that) and 1,000 a day (always)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.enforced = False
        self.max_concurrency = 1
        self.total = DAILY_STARTS
        self.used = 0
        self._day_began: float | None = None
        self._last: dict[int, float] = {}  # rate-limit key -> last accepted IDENTIFY
        self.attempts: deque[Attempt] = deque(maxlen=DAILY_STARTS)

    @property
    def refused(self) -> list[Attempt]:
        """IDENTIFYs answered Invalid Session for coming too early."""
        return [a for a in self.attempts if a.outcome is Start.TOO_EARLY]

    def _day(self) -> float:
        now = self.now()
        if self._day_began is None:
            self._day_began = now
        elif now - self._day_began >= DAY:
            self._day_began, self.used = now, 0
        return now

    @property
    def remaining(self) -> int:
        self._day()
        return max(self.total - self.used, 0)

    @property
    def reset_after(self) -> float:
        """Seconds until the day's budget is whole again."""
        now = self._day()
        began = now if self._day_began is None else self._day_began
        return DAY - (now - began)

    def start(self, shard_id: int) -> Start:
        """Count one IDENTIFY for `shard_id` (every IDENTIFY counts, refused or not)."""
        now = self._day()
        self.used += 1
        outcome = Start.ACCEPTED
        if self.used > self.total:
            outcome = Start.EXHAUSTED
        elif self.enforced:
            key = shard_id % self.max_concurrency
            last = self._last.get(key)
            if last is not None and now - last < SPACING:
                outcome = Start.TOO_EARLY
            else:
                self._last[key] = now
        self.attempts.append(Attempt(now, shard_id, outcome))
        return outcome

    def limit_object(self) -> dict[str, int]:
        """GET /gateway/bot's `session_start_limit`."""
        return {
            "total": self.total,
            "remaining": self.remaining,
            "reset_after": int(self.reset_after * 1000),
            "max_concurrency": self.max_concurrency,
        }
