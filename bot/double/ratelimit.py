"""Rate limits: per route (off by default, switched on per route for tests) and the
token's global budget (`GlobalLimit`: always counted, enforced on demand).

Every answer carries the X-RateLimit headers discord.py reads. A limited route answers
429 with `retry_after` (and the `Via` header discord.py looks for before it retries).
Buckets count in real time, since discord.py sleeps in real time before retrying.
"""

from __future__ import annotations

import hashlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from aiohttp import web

from bot.double.http_app import json

HEADROOM = 50
GLOBAL_PER_SECOND = 50


@dataclass
class Rule:
    pattern: str
    limit: int
    per: float
    hits: dict[str, list[float]] = field(default_factory=dict)
    forced: int = 0
    retry_after: float = 0.0


class RateLimits:
    """`limit("POST /channels/*/messages", 2, per=1.0)` or `fail_next("POST *", 1)`."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []
        self.limited: list[str] = []

    def limit(self, pattern: str, limit: int, per: float = 1.0) -> None:
        """Allow `limit` requests per `per` seconds on each route matching `pattern`."""
        self.rules.append(Rule(pattern, limit, per))

    def fail_next(self, pattern: str, count: int = 1, retry_after: float = 0.05) -> None:
        """Answer the next `count` matching requests with 429."""
        self.rules.append(Rule(pattern, HEADROOM, 1.0, forced=count, retry_after=retry_after))

    def clear(self) -> None:
        self.rules.clear()

    def check(self, method: str, template: str, major: str) -> tuple[dict[str, str], float | None]:
        """Headers for this request, and a retry_after if it must be refused."""
        route = f"{method} {template}"
        bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
        now = time.monotonic()
        for rule in self.rules:
            if not fnmatchcase(route, rule.pattern):
                continue
            if rule.forced > 0:
                rule.forced -= 1
                return self._headers(bucket, rule.limit, 0, rule.retry_after), rule.retry_after
            hits = [t for t in rule.hits.get(major, []) if now - t < rule.per]
            if len(hits) >= rule.limit:
                retry = max(rule.per - (now - hits[0]), 0.001)
                rule.hits[major] = hits
                return self._headers(bucket, rule.limit, 0, retry), retry
            hits.append(now)
            rule.hits[major] = hits
            reset = rule.per - (now - hits[0])
            return self._headers(bucket, rule.limit, rule.limit - len(hits), reset), None
        return self._headers(bucket, HEADROOM, HEADROOM - 1, 1.0), None

    @staticmethod
    def _headers(bucket: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }

    def refuse(self, route: str, headers: dict[str, str], retry_after: float) -> web.Response:
        self.limited.append(route)
        headers = {**headers, "Retry-After": str(max(1, round(retry_after))), "Via": "1.1 double"}
        headers["X-RateLimit-Scope"] = "user"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": False,
        }
        return json(body, 429, headers)


class GlobalLimit:
    """Discord's global rate limit: 50 requests per second per token, whichever process
    or client sends them (keyed by the Authorization header; without one, by address).
    Interaction responses are exempt (the caller decides which requests count).

    Counted in any window of one second (a sliding window: a client that stays within
    it stays within a fixed window too). Past it: 429 with `global: true`,
    `X-RateLimit-Global` and `X-RateLimit-Scope: global`, as Discord answers.

    Not `enforced` by default: end-to-end tests play hours on a fake clock in seconds
    of real time, far above any real traffic. Requests are counted all the same, so a
    run can report its rate and `peak`; the multi-process tests and the load benchmark
    enforce it (`DiscordDouble.discord_limits()`).
    """

    def __init__(
        self,
        limit: int = GLOBAL_PER_SECOND,
        per: float = 1.0,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.enforced = False
        self.limit = limit
        self.per = per
        self.now = now
        self.counted = 0  # requests that counted against the budget
        self.exempt = 0  # interaction responses, which do not
        self.peak = 0  # the most counted requests of one key in one window
        self.refused: list[str] = []  # routes answered 429 global
        self._windows: dict[str, deque[float]] = {}

    def admit(self, key: str) -> float | None:
        """Count a request of `key`; the retry_after if it is refused."""
        now = self.now()
        window = self._windows.setdefault(key, deque())
        while window and now - window[0] >= self.per:
            window.popleft()
        if self.enforced and len(window) >= self.limit:
            return max(window[0] + self.per - now, 0.001)
        window.append(now)
        self.counted += 1
        self.peak = max(self.peak, len(window))
        return None

    def refuse(self, route: str, retry_after: float) -> web.Response:
        self.refused.append(route)
        headers = {
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
            "Via": "1.1 double",
        }
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": True,
        }
        return json(body, 429, headers)

    def reset_stats(self) -> None:
        self.counted = self.exempt = self.peak = 0
        self.refused.clear()
