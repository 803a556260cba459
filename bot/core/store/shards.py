"""Shard leases, the live processes and IDENTIFY's rate-limit keys, in the database
(migration 016): how processes started with the same settings split the shards.

A process claims free shards (up to its share) with a lease until `now + lease`, and
renews what it holds at each tick; a lease not renewed in time is free again, and a
shard nobody has held for a whole lease (its process died, and no process had room
for it) is taken by any process, whatever its share: no shard stays without one.
Of two processes claiming one shard, the conditional UPDATE lets exactly one have it
(PostgreSQL checks the condition again on the row it waited for).

Times are Unix seconds from the caller's clock (several machines: kept in step by NTP,
well within the lease's margin); no statement reads the database's own clock, so both
engines run the same SQL and tests move time on a fake clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.store.claims import gone
from bot.core.store.engine import Connection
from bot.core.store.queries import Store
from bot.core.store.rows import DatabaseUnusable


class ShardCountDiffers(DatabaseUnusable):
    """Live processes on this database run another SHARD_COUNT (one sentence)."""


@dataclass(frozen=True)
class Tick:
    """What one tick found: the shards this process holds until `expires_at` (the ones
    it held before that are not among them are another's now), and how many processes
    are alive, this one included."""

    mine: tuple[int, ...]
    expires_at: float
    processes: int


class ShardLeases:
    """One process's leases (`owner`: unique per process start) on `store`'s database."""

    def __init__(self, store: Store, owner: str) -> None:
        self.store = store
        self.owner = owner

    async def others_alive(self, now: float) -> int:
        """Processes alive besides this one (before it first ticks: they have not
        counted it yet)."""
        row = await self.store._fetchone(
            "SELECT COUNT(*) AS n FROM bot_processes WHERE expires_at > ? AND owner <> ?",
            (now, self.owner),
        )
        return int(row["n"]) if row else 0

    async def tick(
        self, *, count: int, share: int, now: float, lease: float, first: bool = False
    ) -> Tick:
        """In one transaction: say this process is alive, renew its leases, and claim free
        shards up to `share` (and at most one shard nobody has held for a lease).
        `first`: its first tick, refused (ShardCountDiffers) beside live processes of
        another SHARD_COUNT."""

        def work(db: Connection) -> Tick:
            return _tick(
                db, self.owner, count=count, share=share, now=now, lease=lease, first=first
            )

        return await self.store._write(work)

    async def release_gone(self, now: float) -> dict[str, tuple[int, ...]]:
        """Start-up: free at once the leases of this machine's processes that are gone
        (a restarted bot's predecessor, killed: same host name, its PID no longer
        there, or this PID in a container run again), and stop counting them, rather
        than wait out their leases. What was freed: owner -> its shards."""

        def work(db: Connection) -> dict[str, tuple[int, ...]]:
            return _release_gone(db, self.owner, now)

        return await self.store._write(work)

    async def release(self, now: float) -> None:
        """A graceful stop: its shards are free at once, and it is no longer counted."""

        def work(db: Connection) -> None:
            db.execute(
                "UPDATE shard_leases SET expires_at = ? WHERE owner = ? AND expires_at > ?",
                (now, self.owner, now),
            )
            db.execute("DELETE FROM bot_processes WHERE owner = ?", (self.owner,))

        await self.store._write(work)


def _tick(
    db: Connection, owner: str, *, count: int, share: int, now: float, lease: float, first: bool
) -> Tick:
    until = now + lease
    db.execute("DELETE FROM bot_processes WHERE expires_at <= ?", (now,))
    db.execute(
        "INSERT INTO bot_processes (owner, started_at, expires_at) VALUES (?, ?, ?)"
        " ON CONFLICT (owner) DO UPDATE SET expires_at = excluded.expires_at",
        (owner, now, until),
    )
    rows = db.execute(
        "SELECT shard_id, shard_count, owner, expires_at FROM shard_leases ORDER BY shard_id"
    ).fetchall()
    differs = {r["shard_count"] for r in rows if r["expires_at"] > now and r["owner"] != owner}
    differs.discard(count)
    if first and differs:
        raise ShardCountDiffers(
            f"Bot processes with SHARD_COUNT={min(differs)} are running on this database and"
            f" this one has SHARD_COUNT={count}: give every process the same SHARD_COUNT."
        )
    known = {r["shard_id"] for r in rows}
    missing = [(shard, count, now) for shard in range(count) if shard not in known]
    if missing:  # free since now: the orphan rule starts counting from here
        db.executemany(
            "INSERT INTO shard_leases (shard_id, shard_count, owner, expires_at)"
            " VALUES (?, ?, '', ?) ON CONFLICT (shard_id) DO NOTHING",
            missing,
        )
    # Renewed: its own leases, even one that lapsed while nobody took it.
    mine = [
        r["shard_id"]
        for r in db.execute(
            "UPDATE shard_leases SET expires_at = ?, shard_count = ?"
            " WHERE owner = ? AND shard_id < ? RETURNING shard_id",
            (until, count, owner, count),
        ).fetchall()
    ]
    free = [
        r for r in rows if r["shard_id"] < count and r["owner"] != owner and r["expires_at"] <= now
    ]
    free += [{"shard_id": shard, "expires_at": now} for shard, _, _ in missing]
    room = max(share - len(mine), 0)
    beyond = 1  # shards nobody held for a lease, taken past the share: one per tick
    for row in free:
        orphan = row["expires_at"] <= now - lease
        if not room and not (orphan and beyond):
            continue
        if _take(db, owner, row["shard_id"], count=count, now=now, until=until):
            mine.append(row["shard_id"])
            if room:
                room -= 1
            else:
                beyond = 0
    live = db.execute("SELECT COUNT(*) AS n FROM bot_processes WHERE expires_at > ?", (now,))
    return Tick(tuple(sorted(mine)), until, int(live.fetchone()["n"]))


def _release_gone(db: Connection, me: str, now: float) -> dict[str, tuple[int, ...]]:
    held: dict[str, list[int]] = {}
    for row in db.execute(
        "SELECT owner, shard_id FROM shard_leases WHERE expires_at > ? AND owner <> ''"
        " ORDER BY shard_id",
        (now,),
    ):
        held.setdefault(row["owner"], []).append(row["shard_id"])
    for row in db.execute("SELECT owner FROM bot_processes WHERE expires_at > ?", (now,)):
        held.setdefault(row["owner"], [])
    dead = {owner: tuple(shards) for owner, shards in held.items() if gone(owner, me)}
    for owner in dead:
        db.execute(
            "UPDATE shard_leases SET expires_at = ? WHERE owner = ? AND expires_at > ?",
            (now, owner, now),
        )
        db.execute("DELETE FROM bot_processes WHERE owner = ?", (owner,))
    return dead


def _take(db: Connection, owner: str, shard: int, *, count: int, now: float, until: float) -> bool:
    """The shard, if it is still free (another process may have just taken it)."""
    taken = db.execute(
        "UPDATE shard_leases SET owner = ?, expires_at = ?, shard_count = ?"
        " WHERE shard_id = ? AND expires_at <= ? RETURNING shard_id",
        (owner, until, count, shard, now),
    ).fetchall()
    return bool(taken)


async def reserve_identify(
    store: Store, rate_key: int, *, earliest: float, spacing: float
) -> float:
    """The moment this IDENTIFY may go out: `earliest`, or `spacing` after the latest
    one reserved for the key by any process, whichever is later. Reserved before
    waiting for it: the row's lock (the upsert) is held only for this transaction."""

    def work(db: Connection) -> float:
        row = db.execute(
            "INSERT INTO identify_keys (rate_key, identified_at) VALUES (?, ?)"
            " ON CONFLICT (rate_key) DO UPDATE SET identified_at = CASE"
            " WHEN identify_keys.identified_at + ? > excluded.identified_at"
            " THEN identify_keys.identified_at + ? ELSE excluded.identified_at END"
            " RETURNING identified_at",
            (rate_key, earliest, spacing, spacing),
        ).fetchone()
        return float(row["identified_at"])

    return await store._write(work)
