"""The store's transactions that more than one write shares, as plain functions of a
connection (see `engine.Connection`): the same SQL for every engine."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.store.engine import Connection, Row
from bot.core.store.rows import Notice, PlayerRow, TimerUpdate, VersionConflict, dumps
from bot.core.store.wakeups import TIMER, wake


def bump(
    db: Connection,
    game_id: int,
    expected: int,
    now: float,
    *,
    state: str | None = None,
    status: str | None = None,
    schema: int | None = None,
    notice: Notice | None = None,
) -> int:
    """Move the game from version `expected` to the next, saving its state (and the
    state's schema version) and status if given, and the change's `notice` into the
    outbox; VersionConflict when it is no longer at `expected`."""
    cursor = db.execute(
        "UPDATE games SET version = version + 1, updated_at = ?,"
        " state = COALESCE(?, state), status = COALESCE(?, status),"
        " state_version = COALESCE(?, state_version)"
        " WHERE id = ? AND version = ?",
        (now, state, status, schema, game_id, expected),
    )
    if cursor.rowcount != 1:
        raise VersionConflict(game_id)
    if notice is not None:
        to_outbox(db, game_id, expected + 1, notice, now)
    return expected + 1


def to_outbox(db: Connection, game_id: int, version: int, notice: Notice, now: float) -> None:
    db.execute(
        "INSERT INTO outbox VALUES (?, ?, ?, ?) ON CONFLICT (game_id, version)"
        " DO UPDATE SET change = excluded.change, created_at = excluded.created_at",
        (game_id, version, dumps(notice), now),
    )


def seat_host_first(db: Connection, game_id: int, host_id: int) -> None:
    """Turn a lobby's seats, keeping their clockwise order, so the host sits on seat 0:
    whoever begins a game begins with the host, even after the host left the lobby and
    joined again. Nothing changes when the host is not seated."""
    row = db.execute(
        "SELECT seat, (SELECT COUNT(*) FROM players WHERE game_id = ?) AS seats"
        " FROM players WHERE game_id = ? AND user_id = ?",
        (game_id, game_id, host_id),
    ).fetchone()
    if row is None or row["seat"] == 0:
        return
    # Two steps so the primary key never sees two rows on one seat.
    db.execute(
        "UPDATE players SET seat = -1 - ((seat - ? + ?) % ?) WHERE game_id = ?",
        (row["seat"], row["seats"], row["seats"], game_id),
    )
    db.execute("UPDATE players SET seat = -seat - 1 WHERE game_id = ?", (game_id,))


def seat_as_before(db: Connection, game_id: int) -> None:
    """In a rematch's lobby, seat the last game's players in their clockwise order
    from the host, whatever order they joined in, and the other players after them."""
    previous = db.execute(
        "SELECT previous_id, host_id FROM rematches JOIN games ON games.id = game_id"
        " WHERE game_id = ?",
        (game_id,),
    ).fetchone()
    if previous is None:
        return
    before = {
        row["user_id"]: row["seat"]
        for row in db.execute(
            "SELECT user_id, seat FROM players WHERE game_id = ?", (previous["previous_id"],)
        )
    }
    start, count = before.get(previous["host_id"], 0), len(before)
    seated = db.execute(
        "SELECT user_id, seat FROM players WHERE game_id = ?", (game_id,)
    ).fetchall()

    def place(row: Row) -> int:
        old = before.get(row["user_id"])
        return int(row["seat"]) + count if old is None else (old - start) % count

    order = sorted(seated, key=place)
    # Two steps so the primary key never sees two rows on one seat.
    db.executemany(
        "UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?",
        [(-1 - seat, game_id, row["user_id"]) for seat, row in enumerate(order)],
    )
    db.execute("UPDATE players SET seat = -seat - 1 WHERE game_id = ?", (game_id,))


def update_seats(db: Connection, game_id: int, seats: Sequence[PlayerRow]) -> None:
    db.executemany(
        "UPDATE players SET timeouts = ?, away = ? WHERE game_id = ? AND seat = ?",
        [(p.timeouts, int(p.away), game_id, p.seat) for p in seats],
    )


def update_timer(db: Connection, game_id: int, timer: TimerUpdate, version: int) -> None:
    """Set or cancel the game's timer of the kind, as planned by the game's `version`."""
    if timer.due_at is None:
        db.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, timer.kind))
        return
    db.execute(
        "INSERT INTO timers (game_id, kind, due_at, payload, version) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, kind) DO UPDATE"
        " SET due_at = excluded.due_at, payload = excluded.payload, version = excluded.version,"
        " claimed_by = NULL, claimed_until = NULL",  # a timer planned anew: nobody's yet
        (game_id, timer.kind, timer.due_at, dumps(timer.payload), version),
    )
    wake(db, TIMER, timer.due_at)  # another process may fire it (this one dying first)
