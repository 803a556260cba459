"""Per-route rate limits: off by default, switched on per route for tests.

Every answer carries the X-RateLimit headers discord.py reads. A limited route answers
429 with `retry_after` (and the `Via` header discord.py looks for before it retries).
Buckets count in real time, since discord.py sleeps in real time before retrying.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from aiohttp import web

from bot.double.http_app import json

HEADROOM = 50


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
