"""The durable store: games, players, the action log and timers in SQLite.

One aiosqlite connection in WAL mode. Every write is one explicit transaction under
a lock (coroutines share the connection, so their transactions must not interleave).
Committing an action checks the game's version: of two concurrent applies made from
the same version, exactly one lands; the other raises `VersionConflict`.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
OPEN_STATUSES = ("lobby", "running")


class VersionConflict(Exception):
    """The game changed since the version the caller started from."""


class ChannelBusy(Exception):
    """The thread or channel already has an open game."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    parent_id: int | None
    kind: str
    options: dict[str, Any]
    status: str
    host_id: int
    locale: str
    seed: int
    state: dict[str, Any] | None
    version: int
    table_message_id: int | None
    created_at: float
    updated_at: float

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    user_id: int
    display_name: str


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]


_GAME_COLUMNS = (
    "id, guild_id, channel_id, parent_id, kind, options, status, host_id, locale, seed,"
    " state, version, table_message_id, created_at, updated_at"
)


def _game(row: aiosqlite.Row) -> GameRow:
    values = dict(row)
    values["options"] = json.loads(values["options"])
    values["state"] = json.loads(values["state"]) if values["state"] else None
    return GameRow(**values)


def _timer(row: aiosqlite.Row) -> TimerRow:
    return TimerRow(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        due_at=row["due_at"],
        payload=json.loads(row["payload"]),
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS) -> Store:
        """Open (creating if needed) the database and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a commit survives a crash of the bot; only a power cut
        # can lose the last transactions. Much faster than FULL.
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db)
        await store.migrate(migrations)
        return store

    async def close(self) -> None:
        await self._db.close()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _fetchone(self, sql: str, args: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        async with self._lock, self._db.execute(sql, args) as cursor:
            return await cursor.fetchone()

    async def _fetchall(self, sql: str, args: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        async with self._lock, self._db.execute(sql, args) as cursor:
            return list(await cursor.fetchall())

    # -- schema --------------------------------------------------------------------------

    async def migrate(self, folder: Path = MIGRATIONS) -> list[int]:
        """Apply the numbered `NNN_name.sql` files not yet recorded, in order."""
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        rows = await self._fetchall("SELECT version FROM schema_migrations")
        done = {row["version"] for row in rows}
        applied = []
        for number, path in migration_files(folder):
            if number in done:
                continue
            statements = [s for s in _split_sql(path.read_text(encoding="utf-8")) if s]
            async with self._transaction() as db:
                for statement in statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, datetime('now'))",
                    (number, path.name),
                )
            applied.append(number)
        return applied

    async def applied_migrations(self) -> list[int]:
        rows = await self._fetchall("SELECT version FROM schema_migrations ORDER BY version")
        return [row["version"] for row in rows]

    # -- games ---------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        parent_id: int | None,
        kind: str,
        options: dict[str, Any],
        host_id: int,
        host_name: str,
        locale: str,
        seed: int,
        now: float,
    ) -> GameRow:
        """A new game in its lobby, with the host seated first."""
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, parent_id, kind, options, host_id,"
                    " locale, seed, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (
                        guild_id,
                        channel_id,
                        parent_id,
                        kind,
                        _dumps(options),
                        host_id,
                        locale,
                        seed,
                        now,
                        now,
                    ),
                )
                game_id = cursor.lastrowid
                await db.execute(
                    "INSERT INTO players VALUES (?, 0, ?, ?)", (game_id, host_id, host_name)
                )
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(channel_id) from error
        game = await self.game(game_id)  # type: ignore[arg-type]
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"
            " AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: int, limit: int = 25) -> list[GameRow]:
        """The guild's games, open ones first, newest first."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ?"
            " ORDER BY status NOT IN ('lobby', 'running'), updated_at DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_game(row) for row in rows]

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._fetchall(
            "SELECT seat, user_id, display_name FROM players WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [PlayerRow(row["seat"], row["user_id"], row["display_name"]) for row in rows]

    async def _bump(self, db: aiosqlite.Connection, game_id: int, expected: int, now: float) -> int:
        cursor = await db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            (now, game_id, expected),
        )
        if cursor.rowcount != 1:
            raise VersionConflict(game_id)
        return expected + 1

    async def join(
        self, game_id: int, user_id: int, name: str, *, expected: int, now: float
    ) -> int:
        """Seat the user last; the new version. Raises VersionConflict."""
        async with self._transaction() as db:
            version = await self._bump(db, game_id, expected, now)
            await db.execute(
                "INSERT INTO players SELECT ?, COALESCE(MAX(seat) + 1, 0), ?, ? FROM players"
                " WHERE game_id = ?",
                (game_id, user_id, name, game_id),
            )
        return version

    async def leave(self, game_id: int, user_id: int, *, expected: int, now: float) -> int:
        """Unseat the user and close the gap in seat order; the new version."""
        async with self._transaction() as db:
            version = await self._bump(db, game_id, expected, now)
            async with db.execute(
                "SELECT seat FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ) as cursor:
                row = await cursor.fetchone()
            if row is not None:
                await db.execute(
                    "DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
                # Two steps so the primary key never sees two rows on one seat.
                await db.execute(
                    "UPDATE players SET seat = -seat WHERE game_id = ? AND seat > ?",
                    (game_id, row["seat"]),
                )
                await db.execute(
                    "UPDATE players SET seat = -seat - 1 WHERE game_id = ? AND seat < 0",
                    (game_id,),
                )
        return version

    async def start(self, game_id: int, state: dict[str, Any], *, expected: int, now: float) -> int:
        """The lobby becomes a running game with its first state."""
        async with self._transaction() as db:
            version = await self._bump(db, game_id, expected, now)
            await db.execute(
                "UPDATE games SET status = 'running', state = ? WHERE id = ?",
                (_dumps(state), game_id),
            )
        return version

    async def commit_action(
        self,
        game_id: int,
        *,
        expected: int,
        user_id: int | None,
        action: dict[str, Any],
        state: dict[str, Any],
        status: str = "running",
        now: float,
    ) -> int:
        """Log the action and store the state it produced, in one transaction.

        Raises VersionConflict when another action landed since `expected`.
        """
        async with self._transaction() as db:
            version = await self._bump(db, game_id, expected, now)
            await db.execute(
                "UPDATE games SET state = ?, status = ? WHERE id = ?",
                (_dumps(state), status, game_id),
            )
            await db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (game_id, version, user_id, _dumps(action), now),
            )
            if status != "running":
                await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
        return version

    async def close_game(self, game_id: int, status: str, *, expected: int, now: float) -> int:
        """End a game as cancelled, aborted or finished; its timers go with it."""
        async with self._transaction() as db:
            version = await self._bump(db, game_id, expected, now)
            await db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))
            await db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
        return version

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def actions(self, game_id: int) -> list[tuple[int, int | None, dict[str, Any]]]:
        """The action log: (sequence, user id or None, action)."""
        rows = await self._fetchall(
            "SELECT seq, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [(row["seq"], row["user_id"], json.loads(row["action"])) for row in rows]

    # -- timers --------------------------------------------------------------------------

    async def set_timer(
        self, game_id: int, kind: str, due_at: float, payload: dict[str, Any]
    ) -> TimerRow:
        """Create or replace the game's timer of this kind (a replaced one gets a new id)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))
            cursor = await db.execute(
                "INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                (game_id, kind, due_at, _dumps(payload)),
            )
            timer_id = cursor.lastrowid
        return TimerRow(timer_id, game_id, kind, due_at, payload)  # type: ignore[arg-type]

    async def cancel_timer(self, game_id: int, kind: str) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def delete_timer(self, timer_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    async def next_timer(self) -> TimerRow | None:
        row = await self._fetchone("SELECT * FROM timers ORDER BY due_at, id LIMIT 1")
        return _timer(row) if row else None

    async def timers(self, game_id: int) -> list[TimerRow]:
        rows = await self._fetchall(
            "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)
        )
        return [_timer(row) for row in rows]


def migration_files(folder: Path) -> list[tuple[int, Path]]:
    """The `NNN_name.sql` files in `folder`, by number; a repeated number is an error."""
    found: dict[int, Path] = {}
    for path in folder.glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if not match:
            continue
        number = int(match.group(1))
        if number in found:
            raise RuntimeError(f"two migrations numbered {number}: {found[number]}, {path}")
        found[number] = path
    return sorted(found.items())


def _split_sql(script: str) -> list[str]:
    """Statements of a migration file (no triggers with inner semicolons are used)."""
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";")]
