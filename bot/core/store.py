"""The durable store: games, players, the action log and timers in SQLite.

One aiosqlite connection in WAL mode. Every write is one explicit transaction under
a lock (coroutines share the connection, so their transactions must not interleave).
Committing an action checks the game's version: of two concurrent applies made from
the same version, exactly one lands; the other raises `VersionConflict`.

Another process may hold the database's write lock. A write never waits for it inside
SQLite (that would stop the event loop): it tries again a little later, and gives up
after `WRITE_PATIENCE` with `StoreBusy` (background writes keep trying).

Every JSON column is decoded in one place (`Store._decode`): a value that cannot be
read (a torn write, a flipped bit, a bad hand edit) never stops a query; its game is
remembered as unreadable (`Store.unreadable`) and the host marks it broken.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.core.names import clean_name

# The numbered SQL files: the top-level migrations/ folder, shipped as `bot.migrations`.
MIGRATIONS = Path(str(resources.files("bot.migrations")))
T = TypeVar("T")
Notice = dict[str, Any]  # a committed change, as the outbox keeps it (see the service)
OPEN_STATUSES = ("lobby", "running")

# How long a player's write may wait for another process's write lock (seconds): a
# click is answered (deferred) first, and its outcome is due well before Discord's
# interaction token lapses.
WRITE_PATIENCE = 2.0
FIRST_PAUSE, LAST_PAUSE = 0.005, 0.1  # between attempts at a locked write (doubling)
LOCK_WAIT_AT_START = 5.0  # how long the start-up check waits for a locked database


class VersionConflict(Exception):
    """The game changed since the version the caller started from."""


class DatabaseUnusable(Exception):
    """The database cannot serve the bot (not a file, corrupted, read-only): the
    message is one sentence for the operator."""


class ChannelBusy(Exception):
    """The thread or channel already has an open game."""


class StoreBusy(Exception):
    """Another process held the database's write lock for longer than the write could
    wait: nothing was written."""


class Unreadable(ValueError):
    """A stored JSON value that cannot be decoded; the message names the column and
    what is wrong, never the value (a state holds every player's secrets)."""


class _Undecoded(str):
    """Text that was not valid UTF-8 (a flipped bit), with the bad bytes replaced."""


def _text(data: bytes) -> str:
    """SQLite's text as str: bad UTF-8 must not fail the whole query (nor put the
    column's text in an exception); `Store._decode` refuses it for JSON columns."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        return _Undecoded(data.decode(errors="replace"))


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
    paused_remaining: float | None = None  # set while paused: the phase's time left
    state_version: int = 1  # the game's `state_version` when `state` was written
    table_posted_at: float | None = None  # when the table message was posted
    table_chapter: str = ""  # the game's chapter when it was posted (see the presenter)
    table_fingerprint: str = ""  # a digest of what the table message shows now
    table_moved_from: int | None = None  # an old table message still to shrink to a link
    table_stub: int | None = None  # the newest old table shrunk to a link

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def paused(self) -> bool:
        return self.paused_remaining is not None


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    user_id: int
    display_name: str
    timeouts: int = 0  # steps in a row whose time ran out
    away: bool = False  # the bot plays this seat's defaults at once
    dms_closed: bool = False  # a DM to this player was refused


@dataclass(frozen=True, slots=True)
class TimerUpdate:
    """Set the game's timer of `kind` to fire at `due_at`, or cancel it (None)."""

    kind: str
    due_at: float | None
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]
    version: int = 0  # the game version that planned it (0: unknown, an older release)


_GAME_COLUMNS = (
    "id, guild_id, channel_id, parent_id, kind, options, status, host_id, locale, seed,"
    " state, version, table_message_id, created_at, updated_at, paused_remaining, state_version,"
    " table_posted_at, table_chapter, table_fingerprint, table_moved_from, table_stub"
)


_RAISE: Any = object()  # `_decode`: no fallback, raise Unreadable


def decode_object(text: Any, column: str) -> dict[str, Any]:
    """A stored JSON object; Unreadable when it is not one."""
    if isinstance(text, _Undecoded) or not isinstance(text, str):
        raise Unreadable(f"{column} is not UTF-8 text")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise Unreadable(f"{column} is not JSON ({error.msg}, character {error.pos})") from None
    except (ValueError, RecursionError):
        raise Unreadable(f"{column} is not JSON") from None
    if not isinstance(value, dict):
        raise Unreadable(f"{column} is JSON but not an object")
    return value


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.write_patience = WRITE_PATIENCE
        self._unreadable: dict[int, str] = {}  # game id -> what of it cannot be read
        # Seconds the wall clock stepped that the stored timers still have to move by
        # (see `shift_timers`); applied by the next write, added by every timer read.
        self._timer_shift = 0.0

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS) -> Store:
        """Open (creating if needed) the database and bring its schema up to date.
        Raises DatabaseUnusable, at once, for a database the bot could not keep games in."""
        await asyncio.to_thread(check_database, path, migrations)
        # Autocommit mode: every write opens its own transaction in `_write`. The
        # connection is used from two threads (see `_write`), never at once.
        db = await aiosqlite.connect(str(path), isolation_level=None, check_same_thread=False)
        db.row_factory = aiosqlite.Row
        db.text_factory = _text
        await db.execute("PRAGMA journal_mode=WAL")  # (in aiosqlite's thread: may wait)
        # NORMAL in WAL mode: a commit survives a crash of the bot; only a power cut
        # can lose the last transactions. Much faster than FULL.
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        # Writes run on the event loop: SQLite must never wait for a lock there; a
        # locked write is tried again asynchronously (see `_write`).
        await db.execute("PRAGMA busy_timeout=0")
        store = cls(db)
        try:
            await store.migrate(migrations)
        except BaseException as error:
            await db.close()
            if isinstance(error, StoreBusy):
                raise DatabaseUnusable(_locked_sentence(Path(path))) from None
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _write(
        self, work: Callable[[sqlite3.Connection], T], *, background: bool = False
    ) -> T:
        """Run `work` as one transaction, inline on the event loop.

        A write here takes tens of microseconds (WAL, synchronous=NORMAL: no fsync at
        commit), while handing it to aiosqlite's thread and back costs about 0.1 ms
        per statement; inline writes make an action four times cheaper. Reads, which
        can be larger, still go through aiosqlite's thread. The lock keeps the two
        from ever using the connection at the same time.

        While another process holds the write lock, the write is tried again after a
        short pause, without holding the lock in between (other games read and write
        meanwhile); after `write_patience` seconds it raises StoreBusy, or, for a
        `background` write (bookkeeping nobody waits for), it keeps trying.
        """
        patience = None  # made at the first locked attempt: the usual write needs none
        while True:
            async with self._lock:
                try:
                    result = _in_transaction(self._db._conn, work, self._timer_shift)
                except sqlite3.OperationalError as error:
                    if not _is_locked(error):
                        raise
                else:
                    self._timer_shift = 0.0  # applied with the write
                    return result
            patience = patience or _Patience(None if background else self.write_patience)
            await patience.pause()

    async def _read(self, sql: str, args: tuple[Any, ...]) -> tuple[list[aiosqlite.Row], float]:
        """The rows of a query, in aiosqlite's thread, and the timer shift still to apply
        to them. WAL lets reads run beside another process's write, but a read can
        still find the database locked for a moment (a checkpoint, a recovery): it is
        tried again as a write is."""
        patience = None
        while True:
            async with self._lock:
                try:
                    rows = await self._db.execute_fetchall(sql, args)  # one round trip
                except sqlite3.OperationalError as error:
                    if not _is_locked(error):
                        raise
                else:
                    return list(rows), self._timer_shift
            patience = patience or _Patience(self.write_patience)
            await patience.pause()

    async def _fetchall(self, sql: str, args: tuple[Any, ...] = ()) -> list[aiosqlite.Row]:
        rows, _ = await self._read(sql, args)
        return rows

    async def _fetchone(self, sql: str, args: tuple[Any, ...] = ()) -> aiosqlite.Row | None:
        rows = await self._fetchall(sql, args)
        return rows[0] if rows else None

    # -- decoding ------------------------------------------------------------------------

    def _decode(self, game_id: int, column: str, text: Any, fallback: Any = _RAISE) -> Any:
        """A JSON column of a game's row (the one place they are decoded). An unreadable
        value marks the game unreadable, then gives `fallback` (or raises Unreadable)."""
        try:
            return decode_object(text, column)
        except Unreadable as error:
            self._unreadable.setdefault(game_id, str(error))
            if fallback is _RAISE:
                raise
            return fallback

    def unreadable(self, game_id: int) -> str | None:
        """What of the game's stored rows could not be read, if anything was."""
        return self._unreadable.get(game_id)

    def _game(self, row: aiosqlite.Row) -> GameRow:
        values = dict(row)
        game_id = values["id"]
        values["options"] = self._decode(game_id, "options", values["options"], {})
        state = values["state"]
        values["state"] = None if state is None else self._decode(game_id, "state", state, None)
        return GameRow(**values)

    def _timer(self, row: aiosqlite.Row, shift: float) -> TimerRow:
        return TimerRow(
            id=row["id"],
            game_id=row["game_id"],
            kind=row["kind"],
            due_at=row["due_at"] + shift,
            payload=self._decode(row["game_id"], "a timer's payload", row["payload"], {}),
            version=row["version"],
        )

    async def _timers(self, sql: str, args: tuple[Any, ...]) -> list[TimerRow]:
        rows, shift = await self._read(sql, args)
        return [self._timer(row, shift) for row in rows]

    # -- schema --------------------------------------------------------------------------

    async def migrate(self, folder: Path = MIGRATIONS) -> list[int]:
        """Apply the numbered `NNN_name.sql` files not yet recorded, in order. Raises
        DatabaseUnusable for a database a newer release has migrated further."""
        await self._write(
            lambda db: db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
        )
        rows = await self._fetchall("SELECT version FROM schema_migrations")
        done = {row["version"] for row in rows}
        files = migration_files(folder)
        main = await self._fetchone("SELECT file FROM pragma_database_list WHERE name = 'main'")
        newer = _newer_schema(max(done, default=0), files, main["file"] if main else "")
        if newer is not None:
            raise DatabaseUnusable(newer)
        applied = []
        for number, path in files:
            if number in done:
                continue
            statements = [s for s in _split_sql(path.read_text(encoding="utf-8")) if s]

            await self._write(
                partial(_migrate, statements=statements, number=number, name=path.name)
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
        timers: Sequence[TimerUpdate] = (),
        notice: Notice | None = None,
        previous_id: int | None = None,
    ) -> GameRow:
        """A new game in its lobby, with the host seated first (and its lobby's timers,
        e.g. a scheduled start); `previous_id`: the game it is a rematch of."""
        values = (guild_id, channel_id, parent_id, kind, _dumps(options), host_id, locale, seed)

        def create(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (guild_id, channel_id, parent_id, kind, options, host_id,"
                " locale, seed, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (*values, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            db.execute(
                "INSERT INTO players (game_id, seat, user_id, display_name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
            if previous_id is not None:
                db.execute("INSERT INTO rematches VALUES (?, ?)", (game_id, previous_id))
            for timer in timers:
                _update_timer(db, game_id, timer, 0)
            if notice is not None:
                _to_outbox(db, game_id, 0, notice, now)
            return game_id

        try:
            game_id = await self._write(create)
        except sqlite3.IntegrityError as error:
            raise ChannelBusy(channel_id) from error
        game = await self.game(game_id)
        assert game is not None
        return game

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return self._game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"
            " AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return self._game(row) if row else None

    async def open_lobbies(self, guild_id: int, host_id: int, channel_id: int) -> tuple[int, int]:
        """How many lobbies of the guild are open: hosted by `host_id`, and opened from
        `channel_id` (a thread's parent, or the channel a game is played in)."""
        row = await self._fetchone(
            "SELECT COUNT(*) FILTER (WHERE host_id = ?) AS hosted,"
            " COUNT(*) FILTER (WHERE COALESCE(parent_id, channel_id) = ?) AS here"
            " FROM games WHERE guild_id = ? AND status = 'lobby'",
            (host_id, channel_id, guild_id),
        )
        return (int(row["hosted"]), int(row["here"])) if row is not None else (0, 0)

    async def games_in_guild(self, guild_id: int, limit: int = 25) -> list[GameRow]:
        """The guild's games, open ones first, newest first."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ?"
            " ORDER BY status NOT IN ('lobby', 'running'), updated_at DESC LIMIT ?",
            (guild_id, limit),
        )
        return [self._game(row) for row in rows]

    async def hosted(self, guild_id: int, host_id: int, kind: str) -> int:
        """How many games of `kind` the member has hosted on the server (any status)."""
        row = await self._fetchone(
            "SELECT COUNT(*) AS n FROM games WHERE guild_id = ? AND host_id = ? AND kind = ?",
            (guild_id, host_id, kind),
        )
        return int(row["n"]) if row is not None else 0

    async def place_gone(self, channel_id: int) -> None:
        """Remember that a thread or channel that held a game was deleted."""
        await self._write(
            lambda db: db.execute(
                "INSERT OR IGNORE INTO places_gone SELECT ?"
                " WHERE EXISTS (SELECT 1 FROM games WHERE channel_id = ?)",
                (channel_id, channel_id),
            )
        )

    async def places_gone(self, channel_ids: Iterable[int]) -> set[int]:
        """Those of the channels that were deleted (see `place_gone`)."""
        wanted = sorted(set(channel_ids))
        marks = ",".join("?" * len(wanted))
        rows = await self._fetchall(
            f"SELECT channel_id FROM places_gone WHERE channel_id IN ({marks})", tuple(wanted)
        )
        return {row["channel_id"] for row in rows}

    async def guild_locale(self, guild_id: int) -> str | None:
        """The server's default language for its games, set by an admin; None: unset."""
        row = await self._fetchone(
            "SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return str(row["locale"]) if row is not None else None

    async def set_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )
        )

    async def players(self, game_id: int) -> list[PlayerRow]:
        rows = await self._fetchall(
            "SELECT seat, user_id, display_name, timeouts, away, dms_closed FROM players"
            " WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
        return [
            PlayerRow(
                row["seat"],
                row["user_id"],
                clean_name(row["display_name"]),  # stored before names were cleaned, too
                row["timeouts"],
                bool(row["away"]),
                bool(row["dms_closed"]),
            )
            for row in rows
        ]

    async def join(
        self,
        game_id: int,
        user_id: int,
        name: str,
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
    ) -> int:
        """Seat the user last (in a rematch's lobby: see `seat_as_before`); the new
        version. Raises VersionConflict."""

        def join(db: sqlite3.Connection) -> int:
            version = _bump(db, game_id, expected, now, notice=notice)
            db.execute(
                "INSERT INTO players (game_id, seat, user_id, display_name)"
                " SELECT ?, COALESCE(MAX(seat) + 1, 0), ?, ? FROM players WHERE game_id = ?",
                (game_id, user_id, name, game_id),
            )
            seat_as_before(db, game_id)
            return version

        return await self._write(join)

    async def leave(
        self, game_id: int, user_id: int, *, expected: int, now: float, notice: Notice | None = None
    ) -> int:
        """Unseat the user and close the gap in seat order; the new version."""

        def leave(db: sqlite3.Connection) -> int:
            version = _bump(db, game_id, expected, now, notice=notice)
            row = db.execute(
                "SELECT seat FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ).fetchone()
            if row is not None:
                db.execute(
                    "DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
                )
                # Two steps so the primary key never sees two rows on one seat.
                db.execute(
                    "UPDATE players SET seat = -seat WHERE game_id = ? AND seat > ?",
                    (game_id, row["seat"]),
                )
                db.execute(
                    "UPDATE players SET seat = -seat - 1 WHERE game_id = ? AND seat < 0",
                    (game_id,),
                )
            return version

        return await self._write(leave)

    async def start(
        self,
        game_id: int,
        state: str,
        *,
        expected: int,
        now: float,
        timers: Sequence[TimerUpdate] = (),
        state_version: int = 1,
        host_id: int | None = None,
        notice: Notice | None = None,
    ) -> int:
        """The lobby becomes a running game with its first state (JSON) and deadline;
        with `host_id`, the seats turn so the host sits first (`seat_host_first`)."""
        encoded = state

        def start(db: sqlite3.Connection) -> int:
            version = _bump(
                db,
                game_id,
                expected,
                now,
                state=encoded,
                status="running",
                schema=state_version,
                notice=notice,
            )
            if host_id is not None:
                seat_host_first(db, game_id, host_id)
            for timer in timers:
                _update_timer(db, game_id, timer, version)
            return version

        return await self._write(start)

    async def commit_action(
        self,
        game_id: int,
        *,
        expected: int,
        user_id: int | None,
        action: dict[str, Any],
        state: str,
        status: str = "running",
        now: float,
        timers: Sequence[TimerUpdate] = (),
        state_version: int = 1,
        seats: Sequence[PlayerRow] = (),
        notice: Notice | None = None,
    ) -> int:
        """Log the action, store the state it produced (JSON) and set or cancel the
        deadline it brought, in one transaction. A game that ends loses all its timers.
        `seats`: players whose absence changed (timeouts in a row, away).

        Raises VersionConflict when another action landed since `expected`.
        """
        encoded_state, encoded_action = state, _dumps(action)

        def commit(db: sqlite3.Connection) -> int:
            version = _bump(
                db,
                game_id,
                expected,
                now,
                state=encoded_state,
                status=status,
                schema=state_version,
                notice=notice,
            )
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (game_id, version, user_id, encoded_action, now),
            )
            _update_seats(db, game_id, seats)
            if status != "running":
                db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            else:
                for timer in timers:
                    _update_timer(db, game_id, timer, version)
            return version

        return await self._write(commit)

    async def pause(
        self,
        game_id: int,
        remaining: float | None,
        *,
        expected: int,
        now: float,
        timers: Sequence[TimerUpdate] = (),
        notice: Notice | None = None,
    ) -> int:
        """Pause (`remaining`: the phase's seconds left, -1 for none) or resume (None) a
        game, with the timers that changes (dropped on a pause, set again on resume),
        in one transaction."""

        def pause(db: sqlite3.Connection) -> int:
            version = _bump(db, game_id, expected, now, notice=notice)
            db.execute("UPDATE games SET paused_remaining = ? WHERE id = ?", (remaining, game_id))
            for timer in timers:
                _update_timer(db, game_id, timer, version)
            return version

        return await self._write(pause)

    async def set_absence(
        self,
        game_id: int,
        seats: Sequence[PlayerRow],
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
    ) -> int:
        """Mark players away or back (the host's word, or a player's own)."""

        def mark(db: sqlite3.Connection) -> int:
            version = _bump(db, game_id, expected, now, notice=notice)
            _update_seats(db, game_id, seats)
            return version

        return await self._write(mark)

    async def close_game(
        self,
        game_id: int,
        status: str,
        *,
        expected: int,
        now: float,
        notice: Notice | None = None,
    ) -> int:
        """End a game as cancelled, aborted or finished; its timers go with it."""

        def close(db: sqlite3.Connection) -> int:
            version = _bump(db, game_id, expected, now, status=status, notice=notice)
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return version

        return await self._write(close)

    async def set_table_message(
        self,
        game_id: int,
        message_id: int | None,
        *,
        posted_at: float | None,
        chapter: str,
        moved_from: int | None = None,
    ) -> None:
        """The message that shows the game's table now, when it was posted, the chapter
        of the game it was posted for, and the old table it replaces (to shrink)."""
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_message_id = ?, table_posted_at = ?, table_chapter = ?,"
                " table_moved_from = ? WHERE id = ?",
                (message_id, posted_at, chapter, moved_from, game_id),
            ),
            background=True,
        )

    async def table_shrunk(self, game_id: int, stub: int | None) -> None:
        """The old table message has become a link, `stub` (None: it is gone)."""
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_moved_from = NULL, table_stub = ? WHERE id = ?",
                (stub, game_id),
            ),
            background=True,
        )

    async def record_solo(
        self, game_id: int, guild_id: int, kind: str, user_id: int, score: int, *, lowest: bool
    ) -> int | None:
        """Keep a finished solo game's score (once); the player's best score in other
        solo games of this kind on the server (the lowest where lower is better)."""
        await self._write(
            lambda db: db.execute(
                "INSERT OR IGNORE INTO solo_scores (game_id, guild_id, kind, user_id, score)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, guild_id, kind, user_id, score),
            ),
            background=True,
        )
        best = "MIN" if lowest else "MAX"
        row = await self._fetchone(
            f"SELECT {best}(score) AS best FROM solo_scores"  # best: MIN or MAX, no input
            " WHERE guild_id = ? AND kind = ? AND user_id = ? AND game_id != ?",
            (guild_id, kind, user_id, game_id),
        )
        return None if row is None or row["best"] is None else int(row["best"])

    # -- controls to retire (see bot.discord.retire) ---------------------------------------

    async def keep_controls(
        self, game_id: int, channel_id: int, message_id: int, phase: str | None, rows: Any
    ) -> None:
        """A DM whose controls act in `phase`: to be shown disabled once it is over."""
        await self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO controls_to_retire VALUES (?, ?, ?, ?, ?)",
                (game_id, message_id, channel_id, phase, _dumps({"rows": rows})),
            ),
            background=True,
        )

    async def controls_to_retire(self) -> list[tuple[int, int, int, str | None, Any]]:
        """(game, channel, message, phase, rows) of every DM still to retire, of open
        games (those of games that ended meanwhile are dropped)."""
        await self._write(
            lambda db: db.execute(
                "DELETE FROM controls_to_retire WHERE game_id IN"
                " (SELECT id FROM games WHERE status NOT IN ('lobby', 'running'))"
            ),
            background=True,
        )
        rows = await self._fetchall(
            "SELECT game_id, channel_id, message_id, phase, rows FROM controls_to_retire"
            " ORDER BY game_id, message_id"
        )
        kept = []
        for r in rows:
            controls = self._decode(r["game_id"], "controls to retire", r["rows"], None)
            if controls is not None:  # unreadable: its game is marked broken
                kept.append(
                    (r["game_id"], r["channel_id"], r["message_id"], r["phase"], controls["rows"])
                )
        return kept

    async def controls_retired(self, game_id: int, message_ids: Sequence[int]) -> None:
        await self._write(
            lambda db: db.executemany(
                "DELETE FROM controls_to_retire WHERE game_id = ? AND message_id = ?",
                [(game_id, m) for m in message_ids],
            ),
            background=True,
        )

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._fetchone(
            "SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,)
        )
        return int(row["channel_id"]) if row is not None else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO dm_channels (user_id, channel_id) VALUES (?, ?)",
                (user_id, channel_id),
            ),
            background=True,
        )

    async def set_dms_closed(self, game_id: int, seat: int, closed: bool) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE players SET dms_closed = ? WHERE game_id = ? AND seat = ?",
                (int(closed), game_id, seat),
            ),
            background=True,
        )

    async def set_table_fingerprint(self, game_id: int, fingerprint: str) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE games SET table_fingerprint = ? WHERE id = ?", (fingerprint, game_id)
            ),
            background=True,
        )

    async def outbox(self) -> list[tuple[int, int, Notice]]:
        """Every change not yet shown: (game id, version, notice), each game's in the
        order of its versions (not by time: the wall clock may have stepped back)."""
        rows = await self._fetchall(
            "SELECT game_id, version, change FROM outbox ORDER BY game_id, version"
        )
        return [
            (row["game_id"], row["version"], notice)
            for row in rows
            # An unreadable change stays in the table, and its game is marked broken.
            if (notice := self._decode(row["game_id"], "an outbox change", row["change"], None))
            is not None
        ]

    async def delivered(self, game_id: int, version: int) -> None:
        """A change has been shown: it leaves the outbox, with its record of what was sent."""

        def forget(db: sqlite3.Connection) -> None:
            key = (game_id, version)
            db.execute("DELETE FROM outbox WHERE game_id = ? AND version = ?", key)
            db.execute("DELETE FROM sent WHERE game_id = ? AND version = ?", key)

        await self._write(forget, background=True)

    # -- messages sent for a change still in the outbox --------------------------------------

    async def sent(self, game_id: int, version: int) -> dict[str, tuple[int, int]]:
        """The messages of a change that went out: slot -> (channel id, message id)."""
        rows = await self._fetchall(
            "SELECT slot, channel_id, message_id FROM sent WHERE game_id = ? AND version = ?",
            (game_id, version),
        )
        return {row["slot"]: (row["channel_id"], row["message_id"]) for row in rows}

    async def record_sent(
        self, game_id: int, version: int, slot: str, channel_id: int, message_id: int
    ) -> None:
        """A message of a change went out (see `sent`)."""
        await self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO sent VALUES (?, ?, ?, ?, ?)",
                (game_id, version, slot, channel_id, message_id),
            ),
            background=True,
        )

    async def actions(self, game_id: int) -> list[tuple[int, int | None, dict[str, Any]]]:
        """The action log: (sequence, user id or None, action)."""
        rows = await self._fetchall(
            "SELECT seq, user_id, action FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            (row["seq"], row["user_id"], self._decode(game_id, "an action", row["action"]))
            for row in rows
        ]

    # -- timers --------------------------------------------------------------------------

    async def set_timer(
        self, game_id: int, kind: str, due_at: float, payload: dict[str, Any]
    ) -> None:
        """Create or replace the game's timer of this kind (planned by its version now)."""

        def set_timer(db: sqlite3.Connection) -> None:
            row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            version = row["version"] if row is not None else 0
            _update_timer(db, game_id, TimerUpdate(kind, due_at, payload), version)

        await self._write(set_timer)

    async def cancel_timer(self, game_id: int, kind: str) -> None:
        await self._write(lambda db: _update_timer(db, game_id, TimerUpdate(kind, None), 0))

    async def delete_fired(self, timer: TimerRow) -> None:
        """Delete a timer that fired: only the row as the version that planned it left
        it, never one set again since (by its handler, or by another process)."""
        await self._write(
            lambda db: db.execute(
                "DELETE FROM timers WHERE id = ? AND version = ? AND due_at = ? AND payload = ?",
                (timer.id, timer.version, timer.due_at, _dumps(timer.payload)),
            )
        )

    def shift_timers(self, seconds: float) -> None:
        """Move every stored timer by `seconds` (the wall clock stepped), so each keeps
        the time it had left. Takes effect at once for reads, and is written with the
        next write, before anything that write plans (already in the new time)."""
        self._timer_shift += seconds

    async def next_timer(self, excluding: Iterable[int] = ()) -> TimerRow | None:
        """The timer due first, leaving out those with the ids in `excluding`."""
        skip = tuple(excluding)
        rows = await self._timers(
            f"SELECT * FROM timers WHERE id NOT IN ({','.join('?' * len(skip))})"
            " ORDER BY due_at, id LIMIT 1",
            skip,
        )
        return rows[0] if rows else None

    async def timers(self, game_id: int) -> list[TimerRow]:
        return await self._timers(
            "SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,)
        )


class _Patience:
    """Pauses between attempts at a statement that found the database locked: short
    at first, then longer; StoreBusy once `seconds` are spent (None: never)."""

    def __init__(self, seconds: float | None) -> None:
        self._seconds = seconds
        loop = asyncio.get_running_loop()
        self._give_up = None if seconds is None else loop.time() + seconds
        self._pause = FIRST_PAUSE

    async def pause(self) -> None:
        now = asyncio.get_running_loop().time()
        if self._give_up is not None and now + self._pause > self._give_up:
            raise StoreBusy(f"the database stayed locked for {self._seconds:g} s")
        await asyncio.sleep(self._pause)
        self._pause = min(self._pause * 2, LAST_PAUSE)


def _migrate(db: sqlite3.Connection, *, statements: list[str], number: int, name: str) -> None:
    for statement in statements:
        db.execute(statement)
    db.execute("INSERT INTO schema_migrations VALUES (?, ?, datetime('now'))", (number, name))


def _in_transaction(
    db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T], timer_shift: float = 0.0
) -> T:
    """`work` inside BEGIN IMMEDIATE ... COMMIT, after moving the timers by
    `timer_shift` seconds (see `Store.shift_timers`)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if timer_shift:
            db.execute("UPDATE timers SET due_at = due_at + ?", (timer_shift,))
        result = work(db)
    except BaseException:
        db.rollback()
        raise
    db.commit()
    return result


def _bump(
    db: sqlite3.Connection,
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
        _to_outbox(db, game_id, expected + 1, notice, now)
    return expected + 1


def _to_outbox(
    db: sqlite3.Connection, game_id: int, version: int, notice: Notice, now: float
) -> None:
    db.execute(
        "INSERT OR REPLACE INTO outbox VALUES (?, ?, ?, ?)",
        (game_id, version, _dumps(notice), now),
    )


def seat_host_first(db: sqlite3.Connection, game_id: int, host_id: int) -> None:
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


def seat_as_before(db: sqlite3.Connection, game_id: int) -> None:
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

    def place(row: sqlite3.Row) -> int:
        old = before.get(row["user_id"])
        return int(row["seat"]) + count if old is None else (old - start) % count

    order = sorted(seated, key=place)
    # Two steps so the primary key never sees two rows on one seat.
    db.executemany(
        "UPDATE players SET seat = ? WHERE game_id = ? AND user_id = ?",
        [(-1 - seat, game_id, row["user_id"]) for seat, row in enumerate(order)],
    )
    db.execute("UPDATE players SET seat = -seat - 1 WHERE game_id = ?", (game_id,))


def _update_seats(db: sqlite3.Connection, game_id: int, seats: Sequence[PlayerRow]) -> None:
    db.executemany(
        "UPDATE players SET timeouts = ?, away = ? WHERE game_id = ? AND seat = ?",
        [(p.timeouts, int(p.away), game_id, p.seat) for p in seats],
    )


def _update_timer(db: sqlite3.Connection, game_id: int, timer: TimerUpdate, version: int) -> None:
    """Set or cancel the game's timer of the kind, as planned by the game's `version`."""
    if timer.due_at is None:
        db.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, timer.kind))
        return
    db.execute(
        "INSERT INTO timers (game_id, kind, due_at, payload, version) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, kind) DO UPDATE"
        " SET due_at = excluded.due_at, payload = excluded.payload, version = excluded.version",
        (game_id, timer.kind, timer.due_at, _dumps(timer.payload), version),
    )


def _usable_path(path: Path) -> None:
    """The database path is a file (or can be made one) in a folder the bot may write."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseUnusable(
            f"The database folder {path.parent} cannot be created: {error.strerror}."
        ) from None
    if path.exists() and not path.is_file():
        raise DatabaseUnusable(f"The database path {path} is not a file; set DATABASE_PATH.")
    writable = os.access(path, os.W_OK) if path.exists() else True
    if not writable or not os.access(path.parent, os.W_OK):
        raise DatabaseUnusable(
            f"The database {path} is read-only (the file or its folder): the bot must"
            " be able to write it, and the files SQLite keeps beside it."
        )


def check_database(
    path: str | Path, migrations: Path = MIGRATIONS, *, wait: float = LOCK_WAIT_AT_START
) -> None:
    """Refuse now, with one sentence (DatabaseUnusable), a database the bot could not
    keep games in: a path that is no file, a folder or file it may not write, a file
    that is not SQLite or is damaged, one another process keeps locked (for `wait`
    seconds), one a newer release has migrated. A missing file is fine: it is created."""
    if str(path) == ":memory:":
        return
    path = Path(path)
    _usable_path(path)
    db = sqlite3.connect(path, isolation_level=None, timeout=wait)
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
        db.execute("BEGIN IMMEDIATE")  # can we write? (a read-only mount says no)
        try:
            db.execute("CREATE TABLE write_probe (x)")
            newer = _newer_schema(_schema_version(db), migration_files(migrations), str(path))
        finally:
            db.execute("ROLLBACK")
    except sqlite3.DatabaseError as error:
        if _is_locked(error):  # not damage: restoring a backup would lose newer games
            raise DatabaseUnusable(_locked_sentence(path)) from None
        raise DatabaseUnusable(
            f"The database {path} cannot be used ({error}); restore it from a backup"
            " or point DATABASE_PATH at another file."
        ) from None
    finally:
        db.close()
    if rows and rows[0][0] != "ok":
        raise DatabaseUnusable(
            f"The database {path} is damaged (SQLite's check: {rows[0][0]}); restore it"
            " from a backup or point DATABASE_PATH at another file."
        )
    if newer is not None:
        raise DatabaseUnusable(newer)


def _is_locked(error: sqlite3.Error) -> bool:
    """Another connection holds the lock the statement needed (SQLITE_BUSY/LOCKED)."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _locked_sentence(path: Path) -> str:
    return (
        f"The database {path} is locked by another process (another copy of the bot?);"
        " stop that process, or point DATABASE_PATH at another file."
    )


def _schema_version(db: sqlite3.Connection) -> int:
    """The newest migration recorded in the database (0: none yet)."""
    known = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if known is None:
        return 0
    (newest,) = db.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(newest or 0)


def _newer_schema(found: int, files: list[tuple[int, Path]], path: str) -> str | None:
    """The sentence refusing a database migrated further than this release knows."""
    known = max((number for number, _ in files), default=0)
    if found <= known:
        return None
    return (
        f"The database {path} was migrated by a newer release of the bot (schema version"
        f" {found}; this release knows versions up to {known}): run that release or a newer"
        " one, or point DATABASE_PATH at another file."
    )


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
