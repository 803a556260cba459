"""Wake-ups between processes on one PostgreSQL database (LISTEN/NOTIFY).

A transaction that commits work another process could claim says so (`wake`): a timer
planned (with its due time), a game's delivery released (another process may be
waiting to show that game's changes). PostgreSQL hands the word to every listening
process as the transaction commits, never before and never for a rolled-back one.

A wake-up is only a hint to look again now: what is due or free is read from the
tables, as ever. Wake-ups lost (a listener reconnecting, a server restart) cost only
latency: the timers are looked at every `SHARED_POLL` seconds, a waiting delivery
tries its claim again after a pause, and a listener that (re)connects wakes its
process once for everything it may have missed. A SQLite file has one process:
nobody to wake, and its transactions have no `notify`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.core.store.engine import Connection

CHANNEL = "tabletop_wake"
TIMER, DELIVERY, EVERYTHING = "t", "d", "*"


def wake(db: Connection, kind: str, value: object = "") -> None:
    """(In a transaction.) Wake the other processes once it commits, where they listen:
    a timer (TIMER, its due time), a delivery released (DELIVERY, the game's id). Only
    PostgreSQL's connection can (its `notify` sends the words and its process's name);
    looked up as an attribute: checking a runtime Protocol took 12 µs, on every commit
    (a timer's, a delivery's)."""
    notify: Callable[[str], None] | None = getattr(db, "notify", None)
    if notify is not None:
        notify(f"{kind} {value}")


@dataclass(frozen=True)
class Wakeup:
    """What process `sender` committed: a timer due `at` (TIMER), the delivery of game
    `game_id` released (DELIVERY), or anything (EVERYTHING: look at it all again)."""

    kind: str
    sender: str = ""
    at: float | None = None
    game_id: int | None = None

    @classmethod
    def parse(cls, payload: str) -> Wakeup:
        """A notification's payload, "kind value sender"; anything else wakes for
        everything."""
        kind, _, rest = payload.partition(" ")
        value, _, sender = rest.partition(" ")
        try:
            if kind == TIMER:
                return cls(TIMER, sender, at=float(value))
            if kind == DELIVERY:
                return cls(DELIVERY, sender, game_id=int(value))
        except ValueError:
            pass
        return cls(EVERYTHING, sender if kind == EVERYTHING else "")
