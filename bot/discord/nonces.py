"""What makes delivering a change twice post each message once.

Every change is delivered at least once: after a crash between a commit and the end of
its delivery, the outbox delivers it again, and a delivery that Discord refused for a
while (a 5xx) is tried again. Each message of a delivery has a slot named by its
purpose and count ("a0" the announcement, "d3-1" the second DM to seat 3), rather than
by its position in the delivery, so a message that is sent on one delivery and not on
the other (e.g. the table moving down) shifts no other message's slot.

Two guards, for two kinds of repeat:
- each message that went out is recorded by its slot (in the store, beside the
  change's outbox row, and in memory): delivering the change again skips it, however
  long the bot was down;
- a message whose send was cut short before its record carries a nonce derived from
  the change and its slot, sent with `enforce_nonce`, so Discord answers a repeat
  within a few minutes with the message it already created instead of a second one.

The table posted anew is the exception: it shows the game as it is, not one change's
news, and a newer change may be the one to finish a post cut short. Its nonce is its
own (`table_nonce`), stored with the game before the post.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

MAX_LENGTH = 25  # Discord's limit on a nonce
Sent = tuple[int, int]  # (channel id, message id) of a message that went out


class Delivery:
    """One change being delivered (`version` None: a change without an outbox row,
    such as a reminder, whose messages carry no nonce and are recorded in memory only)."""

    def __init__(self, game_id: int, version: int | None, sent: dict[str, Sent]) -> None:
        self.game_id = game_id
        self.version = version
        self.sent = sent  # slot -> the message that went out for it
        self.counts: Counter[str] = Counter()

    def slot(self, purpose: str) -> str:
        """The next message's slot for `purpose`."""
        count = self.counts[purpose]
        self.counts[purpose] += 1
        return f"{purpose}{count}"

    def nonce(self, slot: str) -> dict[str, Any]:
        """Keyword arguments for `send`: the slot's nonce, if it has one."""
        if self.version is None:
            return {}
        value = f"{self.game_id}.{self.version}.{slot}"
        return {"nonce": value} if len(value) <= MAX_LENGTH else {}


def table_nonce(game_id: int) -> str:
    """A nonce for a table posted anew: the table's own, not a change's (whichever
    change finishes a post cut short sends it again; see the presenter)."""
    token = secrets.token_hex(4)
    nonce = f"{game_id}.table{token}"
    return nonce if len(nonce) <= MAX_LENGTH else f"table{token}"


_current: ContextVar[Delivery | None] = ContextVar("delivery", default=None)


@contextmanager
def delivering(delivery: Delivery) -> Iterator[None]:
    """Messages sent inside belong to `delivery`."""
    token = _current.set(delivery)
    try:
        yield
    finally:
        _current.reset(token)


def current() -> Delivery | None:
    """The delivery messages are sent for now (none outside a listener)."""
    return _current.get()
