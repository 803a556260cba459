"""Claims: any process may fire a due timer or show a game's committed changes, and a
claim with a lease makes sure only one does (migration 015). A claim names its process
(`owner`) and lapses at `claimed_until` (Unix seconds, the store's clock), so the work
of a process that died is taken over once its leases run out. The claim itself is
taken in a transaction that locks what it claims (PostgreSQL: FOR UPDATE SKIP LOCKED,
so two processes claiming at once take different timers; SQLite lets one writer in).
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Sequence
from typing import Any

from bot.core.store.engine import Connection
from bot.core.store.wakeups import DELIVERY, EVERYTHING, wake

TIMER_LEASE = 30.0  # seconds a fired timer's handler has before another may take it
DELIVERY_LEASE = 30.0  # seconds a process may show a game's changes before another may


def new_owner() -> str:
    """A name for this process's claims: its machine and id, and a random part (two
    stores in one process, as tests make, claim apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def gone(owner: str, me: str) -> bool:
    """Whether the process named `owner` is known to be gone: it ran on this machine
    and its process no longer exists, or it had this process's id (an earlier run of a
    container's PID 1). Another machine's process is only known gone by its leases."""
    host, _, rest = owner.partition(":")
    pid_text, _, _ = rest.partition(":")
    if host != me.partition(":")[0] or owner == me or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def release_gone(db: Connection, me: str) -> int:
    """(A transaction, at start-up.) Release the claims of this machine's processes
    that are gone, so a restarted bot need not wait for their leases: how many."""
    owners = {
        row["claimed_by"]
        for table in ("timers", "deliveries")
        for row in db.execute(f"SELECT DISTINCT claimed_by FROM {table}")  # (no input)
        if row["claimed_by"] is not None
    }
    dead = [owner for owner in owners if gone(owner, me)]
    for owner in dead:
        db.execute(
            "UPDATE timers SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
            (owner,),
        )
        db.execute("DELETE FROM deliveries WHERE claimed_by = ?", (owner,))
    if dead:
        wake(db, EVERYTHING)
    return len(dead)


def _unless(skip: Sequence[int]) -> str:
    return f" AND id NOT IN ({','.join('?' * len(skip))})" if skip else ""


def next_wake_sql(skip: Sequence[int]) -> str:
    """When this process may next fire a timer: its due time, or, for one another
    process holds, the end of that claim's lease (args: now, owner, *skip)."""
    return (
        "SELECT MIN(CASE WHEN claimed_until > ? AND claimed_by <> ? AND claimed_until > due_at"
        " THEN claimed_until ELSE due_at END) AS at FROM timers WHERE 1 = 1" + _unless(skip)
    )


def claim_timer(
    db: Connection, owner: str, now: float, lease: float, skip: Sequence[int], lock: str
) -> Any:
    """(A transaction.) The first due timer nobody else holds, claimed for `lease`
    seconds; its row as it was, or None."""
    row = db.execute(
        "SELECT * FROM timers WHERE due_at <= ?"
        " AND (claimed_until IS NULL OR claimed_until <= ? OR claimed_by = ?)"
        + _unless(skip)
        + " ORDER BY due_at, id LIMIT 1"
        + lock,
        (now, now, owner, *skip),
    ).fetchone()
    if row is not None:
        db.execute(
            "UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE id = ?",
            (owner, now + lease, row["id"]),
        )
    return row


def renew_timer(db: Connection, owner: str, timer_id: int, until: float) -> None:
    db.execute(
        "UPDATE timers SET claimed_until = ? WHERE id = ? AND claimed_by = ?",
        (until, timer_id, owner),
    )


def claim_delivery(db: Connection, owner: str, game_id: int, now: float, lease: float) -> bool:
    """(A transaction.) Whether this process may show the game's changes now: nobody
    holds them, or this process does, or the holder's lease ran out."""
    taken = db.execute(
        "INSERT INTO deliveries (game_id, claimed_by, claimed_until) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET claimed_by = excluded.claimed_by,"
        " claimed_until = excluded.claimed_until"
        " WHERE deliveries.claimed_by = excluded.claimed_by OR deliveries.claimed_until <= ?",
        (game_id, owner, now + lease, now),
    )
    return taken.rowcount == 1


def release_delivery(db: Connection, owner: str, game_id: int) -> None:
    released = db.execute(
        "DELETE FROM deliveries WHERE game_id = ? AND claimed_by = ?", (game_id, owner)
    )
    if released.rowcount:  # a process waiting to show the game's changes may go on now
        wake(db, DELIVERY, game_id)
