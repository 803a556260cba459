"""Nonces that make delivering a change twice post each message once.

Every change is delivered at least once: after a crash between a commit and the end of
its delivery, the outbox delivers it again. Each message of a delivery carries a nonce
derived from the change (game id, version) and the message's purpose, and discord.py
sends it with `enforce_nonce`, so Discord answers a repeat within a few minutes with the
message it already created instead of a second one.

Nonces are by purpose and count ("a0" the announcement, "d3-1" the second DM to seat 3)
rather than by position in the delivery, so a message that is sent on one delivery and
not on the other (e.g. the table moving down) shifts no other message's nonce.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

MAX_LENGTH = 25  # Discord's limit on a nonce


class Delivery:
    def __init__(self, game_id: int, version: int) -> None:
        self.key = f"{game_id}.{version}"
        self.counts: Counter[str] = Counter()

    def nonce(self, purpose: str) -> str | None:
        count = self.counts[purpose]
        self.counts[purpose] += 1
        value = f"{self.key}.{purpose}{count}"
        return value if len(value) <= MAX_LENGTH else None


_current: ContextVar[Delivery | None] = ContextVar("delivery", default=None)


@contextmanager
def delivering(game_id: int, version: int | None) -> Iterator[None]:
    """Messages sent inside carry nonces of this change (none for a change that has no
    outbox row, such as a reminder: its version is not its own)."""
    token = _current.set(Delivery(game_id, version) if version is not None else None)
    try:
        yield
    finally:
        _current.reset(token)


def nonce(purpose: str) -> dict[str, Any]:
    """The next nonce for a message of `purpose` in the current delivery, as keyword
    arguments for `send` (none outside a delivery)."""
    delivery = _current.get()
    value = delivery.nonce(purpose) if delivery is not None else None
    return {"nonce": value} if value is not None else {}
