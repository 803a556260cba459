"""The SQLite engine (the default): one aiosqlite connection to a file, in WAL mode.

Every write is one explicit transaction (BEGIN IMMEDIATE) under a lock, as coroutines
share the connection. A write runs inline on the event loop (tens of microseconds);
another process may hold the database's write lock, and a write never waits for it
inside SQLite (that would stop the event loop): it tries again a little later, and
gives up after the write patience with `StoreBusy` (background writes keep trying).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import aiosqlite

from bot.core.store.dialect import SQLITE
from bot.core.store.engine import WRITE_PATIENCE, Patience, Row, T, Work
from bot.core.store.migrations import MIGRATIONS, migration_files, newer_schema
from bot.core.store.rows import DatabaseUnusable, Duplicate, Undecoded

LOCK_WAIT_AT_START = 5.0  # how long the start-up check waits for a locked database
_UNIQUE = (sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)


def _text(data: bytes) -> str:
    """SQLite's text as str: bad UTF-8 must not fail the whole query (nor put the
    column's text in an exception); `Store._decode` refuses it for JSON columns."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        return Undecoded(data.decode(errors="replace"))


class SqliteEngine:
    dialect = SQLITE
    reachable = True  # a file is always there once opened
    sender = ""  # (one process per file: no wake-ups to sign)

    def __init__(self, db: aiosqlite.Connection, path: str | Path) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self.name = str(path)
        self.write_patience = WRITE_PATIENCE

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS) -> SqliteEngine:
        """Open (creating if needed) the file. Raises DatabaseUnusable, at once, for a
        database the bot could not keep games in."""
        await asyncio.to_thread(check_database, path, migrations)
        # Autocommit mode: every write opens its own transaction in `write`. The
        # connection is used from two threads (see `write`), never at once.
        db = await aiosqlite.connect(str(path), isolation_level=None, check_same_thread=False)
        db.row_factory = aiosqlite.Row
        db.text_factory = _text
        await db.execute("PRAGMA journal_mode=WAL")  # (in aiosqlite's thread: may wait)
        # NORMAL in WAL mode: a commit survives a crash of the bot; only a power cut
        # can lose the last transactions. Much faster than FULL.
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        # Writes run on the event loop: SQLite must never wait for a lock there; a
        # locked write is tried again asynchronously (see `write`).
        await db.execute("PRAGMA busy_timeout=0")
        return cls(db, path)

    def locked(self) -> DatabaseUnusable:
        """The start-up sentence for a database another process keeps locked."""
        return DatabaseUnusable(_locked_sentence(Path(self.name)))

    async def close(self) -> None:
        """Close the connection once nothing uses it: a write inline on the event loop
        beside aiosqlite's thread closing it would crash the process. Anything after
        this raises ValueError (no active connection)."""
        async with self._lock:
            await _to_the_end(self._db.close())

    async def listen(self, on_payload: Callable[[str], None]) -> None:
        """One process per file: no other process to hear from."""

    async def write(self, work: Work[T], *, background: bool = False) -> T:
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
                    return _in_transaction(self._db._conn, work)
                except sqlite3.IntegrityError as error:
                    if error.sqlite_errorcode in _UNIQUE:
                        raise Duplicate(str(error)) from error
                    raise
                except sqlite3.OperationalError as error:
                    if not _is_locked(error):
                        raise
            patience = patience or Patience(None if background else self.write_patience)
            await patience.pause()

    async def read(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        """The rows of a query, in aiosqlite's thread. WAL lets reads run beside another
        process's write, but a read can still find the database locked for a moment (a
        checkpoint, a recovery): it is tried again as a write is."""
        patience = None
        while True:
            async with self._lock:
                try:
                    rows = await _to_the_end(self._db.execute_fetchall(sql, args))
                    return cast(list[Row], list(rows))
                except sqlite3.OperationalError as error:
                    if not _is_locked(error):
                        raise
            patience = patience or Patience(self.write_patience)
            await patience.pause()

    async def read_small(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        """A query of a few rows, inline on the event loop as writes are (a round trip
        to aiosqlite's thread costs more than such a query): a game's version, its
        pending changes."""
        patience = None
        while True:
            async with self._lock:
                try:
                    return cast(list[Row], self._db._conn.execute(sql, args).fetchall())
                except sqlite3.OperationalError as error:
                    if not _is_locked(error):
                        raise
            patience = patience or Patience(self.write_patience)
            await patience.pause()

    async def execute(self, sql: str) -> list[tuple[Any, ...]]:
        """A statement's rows as tuples (tests look at PRAGMAs with it)."""
        async with self._lock:
            return [tuple(row) for row in await _to_the_end(self._db.execute_fetchall(sql))]


async def _to_the_end(call: Awaitable[T]) -> T:
    """`call` (work in aiosqlite's thread), awaited until that thread is done with the
    connection even if the caller is cancelled meanwhile, which then raises
    CancelledError. The lock must not be let go while the thread still uses the
    connection: the next write, inline on the event loop, would use it beside it, and
    SQLite's connection does not survive two threads at once."""
    task = asyncio.ensure_future(call)
    cancelled = False
    while not task.done():
        try:
            await asyncio.wait([task])
        except asyncio.CancelledError:
            cancelled = True
    if cancelled:
        if not task.cancelled():
            task.exception()  # (retrieved: the caller went away, no one else will)
        raise asyncio.CancelledError
    return task.result()


def _in_transaction(db: sqlite3.Connection, work: Work[T]) -> T:
    """`work` inside BEGIN IMMEDIATE ... COMMIT."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
    except BaseException:
        db.rollback()
        raise
    db.commit()
    return result


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
            newer = newer_schema(
                _schema_version(db), migration_files(migrations), str(path), SQLITE
            )
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
