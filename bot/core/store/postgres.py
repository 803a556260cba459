"""The PostgreSQL engine (`DATABASE_URL=postgresql://...`): psycopg 3, one connection
used from one thread of its own.

The store's transactions are plain functions of a DB-API connection (see `engine`):
they run unchanged here, in this engine's thread, each as one transaction, so the
event loop never waits for the server. One connection, in one thread, keeps this
process's statements in the order they were asked for, as the SQLite engine does.

A write waits at most `LOCK_TIMEOUT` inside the server for a row another process has
locked, then is tried again as a locked SQLite write is (StoreBusy past the write
patience). A lost connection (the server restarts, the network drops, an operator
ends the session) is one log sentence; every request reconnects with a growing pause
until the server answers, and one more sentence says it is back. While it cannot be
reached, a player's request gives up at once with `StoreUnreachable` (it is told so,
and nothing is acknowledged that was not stored); background writes keep trying.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
from psycopg import errors
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row

from bot.core.store.dialect import POSTGRES, postgres_placeholders
from bot.core.store.engine import WRITE_PATIENCE, Patience, Row, T, Work
from bot.core.store.migrations import migration_files, newer_schema
from bot.core.store.rows import DatabaseUnusable, Duplicate, StoreBusy, StoreUnreachable
from bot.core.store.wakeups import CHANNEL, EVERYTHING

log = logging.getLogger(__name__)

PgConnection = psycopg.Connection[DictRow]

CONNECT_TIMEOUT = 2  # seconds for one connection attempt (libpq counts whole seconds)
LOCK_TIMEOUT_MS = 100  # how long a statement waits in the server for another's lock
RECONNECT_FIRST, RECONNECT_LAST = 0.25, 2.0  # pauses between reconnection attempts (s)
CONNECT_WAIT_AT_START = 30.0  # how long start-up waits for a server that is not up yet
# Connection failures worth waiting out: no answer at all (refused, no route, DNS),
# the server starting up or shutting down, too many connections, or cut off.
_TRANSIENT_STATES = {"57P01", "57P02", "57P03", "53300"}
_TRANSIENT_WORDS = ("starting up", "shutting down", "in recovery", "too many")


class _Lost(Exception):
    """(In the engine's thread.) The connection is gone; the store reconnects."""


class _Locked(Exception):
    """(In the engine's thread.) Another transaction held a lock past LOCK_TIMEOUT, or
    the server chose this one to fail (a deadlock, a serialization failure)."""


def display_name(url: str) -> str:
    """The database's URL for sentences and logs: never its password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an unreadable DATABASE_URL)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "localhost")
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


def connect(url: str) -> PgConnection:
    """A new connection in autocommit mode (a transaction is opened explicitly)."""
    conn = psycopg.connect(
        url, autocommit=True, row_factory=dict_row, connect_timeout=CONNECT_TIMEOUT
    )
    conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
    return conn


def _reason(error: BaseException) -> str:
    """The driver's first line, without libpq's prefixes ("connection failed: ...")."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    text = text.rsplit(" failed: ", 1)[-1].strip().rstrip(".")
    return text.removeprefix("FATAL:").strip()


def _transient(error: psycopg.OperationalError) -> bool:
    """Whether a failure to connect may pass by waiting: no answer at all (refused, no
    route, a name that does not resolve yet), or a server that is starting, stopping or
    full; not a refusal (a wrong password, no such database)."""
    if error.sqlstate is not None:
        return error.sqlstate in _TRANSIENT_STATES
    text = str(error)  # libpq gives no state for a refused connection: its words
    if "FATAL:" not in text:
        return True
    return any(words in text for words in _TRANSIENT_WORDS)


class Statements:
    """The `Connection` a transaction function sees: `?` placeholders, dict rows; and
    `notify` (see `wakeups`), signed with the name of its process (`sender`)."""

    def __init__(self, conn: PgConnection, sender: str = "") -> None:
        self._conn = conn
        self._sender = sender

    def notify(self, words: str) -> None:
        self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{words} {self._sender}"))

    def execute(self, sql: str, args: Any = (), /) -> psycopg.Cursor[DictRow]:
        return self._conn.execute(postgres_placeholders(sql), args or None)

    def executemany(self, sql: str, args: Iterable[Any], /) -> psycopg.Cursor[DictRow]:
        cursor = self._conn.cursor()
        cursor.executemany(postgres_placeholders(sql), list(args))
        return cursor


class _Line:
    """One connection and the one thread that uses it (made anew when it was lost)."""

    def __init__(self, url: str, conn: PgConnection | None, name: str) -> None:
        self._url = url
        self._conn = conn
        self._thread = ThreadPoolExecutor(1, thread_name_prefix=f"postgres-{name}")

    async def run(self, call: Callable[[PgConnection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, self._attempt, call)

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)

    def reset(self) -> None:
        """Connect anew at the next call (the other line found the server gone: this
        connection most likely went with it)."""
        self._thread.submit(self._close)

    def _attempt(self, call: Callable[[PgConnection], T]) -> T:
        """(In the line's thread.) `call` on the connection, made anew if it was lost;
        what went wrong sorted into lost, locked, a duplicate, or a real error."""
        try:
            if self._conn is None or self._conn.closed:
                self._conn = connect(self._url)
            return call(self._conn)
        except errors.UniqueViolation as error:
            raise Duplicate(str(error)) from error
        except (errors.LockNotAvailable, errors.TransactionRollback) as error:
            raise _Locked(str(error)) from error
        except psycopg.Error as error:
            lost = self._conn is None or self._conn.broken or self._conn.closed
            if lost or (isinstance(error, psycopg.OperationalError) and _transient(error)):
                self._close()
                raise _Lost(_reason(error)) from error
            raise

    def _close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.close()
            self._conn = None


class PostgresEngine:
    """Two connections: one for writes, one for reads, so a read never waits behind a
    write that waits for another process's lock (PostgreSQL reads take no row locks)."""

    dialect = POSTGRES

    def __init__(self, url: str, writer: PgConnection, reader: PgConnection | None = None) -> None:
        self.url = url
        self.name = display_name(url)
        self.write_patience = WRITE_PATIENCE
        self._writer = _Line(url, writer, "writes")
        self._reader = _Line(url, reader, "reads")
        self._lost_at: float | None = None  # when the connection was lost (monotonic)
        self.sender = ""  # this process's name on the wake-ups it sends (the store's)

    @classmethod
    async def open(cls, url: str, *, wait: float = CONNECT_WAIT_AT_START) -> PostgresEngine:
        """Connect, waiting up to `wait` seconds for a server that is not up yet;
        DatabaseUnusable (one sentence) when it does not answer or refuses."""
        writer = await asyncio.to_thread(connect_at_start, url, wait)
        return cls(url, writer, await asyncio.to_thread(connect_at_start, url, wait))

    def locked(self) -> DatabaseUnusable:
        """The start-up sentence for a database another process keeps locked."""
        return DatabaseUnusable(
            f"The database {self.name} is locked by another process (a long transaction?);"
            f" stop that process, or {self.dialect.elsewhere}."
        )

    @property
    def reachable(self) -> bool:
        return self._lost_at is None

    async def close(self) -> None:
        await self._writer.close()
        await self._reader.close()

    async def write(self, work: Work[T], *, background: bool = False) -> T:
        sender = self.sender

        def transaction(conn: PgConnection) -> T:
            with conn.transaction():
                return work(Statements(conn, sender))

        return await self._run(self._writer, transaction, background=background)

    async def read(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        def query(conn: PgConnection) -> list[Row]:
            return list(conn.execute(postgres_placeholders(sql), args or None).fetchall())

        return await self._run(self._reader, query, background=False)

    async def read_small(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        return await self.read(sql, args)

    async def listen(self, on_payload: Callable[[str], None]) -> None:
        """Until cancelled: every wake-up other processes send (`wakeups`), to
        `on_payload`, from a connection of its own that waits on the event loop (no
        thread, no polling). Lost, it connects again after a growing pause; each time
        it listens (again) it first hands on EVERYTHING (what it may have missed)."""
        pause, lost = RECONNECT_FIRST, False
        while True:
            try:
                # It only waits: TCP keepalives tell it when the server silently went.
                conn = await psycopg.AsyncConnection.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=CONNECT_TIMEOUT,
                    keepalives=1,
                    keepalives_idle=10,
                    keepalives_interval=5,
                    keepalives_count=3,
                )
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        log.info("Listening to the other processes' wake-ups again.")
                    pause, lost = RECONNECT_FIRST, False
                    on_payload(EVERYTHING)
                    async for note in conn.notifies():
                        on_payload(note.payload)
            except psycopg.Error as error:  # told once; the sweeps cover what is missed
                if not lost:
                    log.info("No wake-ups from other processes for now (%s).", _reason(error))
                lost = True
            await asyncio.sleep(pause)
            pause = min(pause * 2, RECONNECT_LAST)

    async def execute(self, sql: str) -> list[tuple[Any, ...]]:
        """A statement's rows as tuples (for tests)."""
        rows = await self.read(sql, ())
        return [tuple(row.values()) for row in rows]

    async def _run(self, line: _Line, call: Callable[[PgConnection], T], *, background: bool) -> T:
        """`call` on `line`, tried again while the database is locked or cannot be
        reached: StoreBusy (StoreUnreachable) past the patience, and at the second
        attempt for a player's request while the server is down."""
        patience: Patience | None = None
        while True:
            try:
                result = await line.run(call)
            except _Locked:
                pass
            except _Lost as lost:
                first = self._lost_at is None
                if first:
                    self._lost_at = time.monotonic()
                    (self._reader if line is self._writer else self._writer).reset()
                    log.warning(
                        "Lost the connection to the database %s (%s); reconnecting, and"
                        " refusing players' requests until it is back.",
                        self.name,
                        lost,
                    )
                elif not background and patience is not None:
                    raise StoreUnreachable(f"the database {self.name} cannot be reached") from None
            else:
                if self._lost_at is not None:
                    log.warning(
                        "Reconnected to the database %s after %.1f s.",
                        self.name,
                        time.monotonic() - self._lost_at,
                    )
                    self._lost_at = None
                return result
            patience = patience or Patience(
                None if background else self.write_patience,
                longest=RECONNECT_LAST,
                give_up=self._give_up,
            )
            await patience.pause()

    def _give_up(self, seconds: float) -> StoreBusy:
        if self._lost_at is not None:
            return StoreUnreachable(f"the database {self.name} cannot be reached")
        return StoreBusy(f"the database stayed locked for {seconds:g} s")


def connect_at_start(url: str, wait: float = CONNECT_WAIT_AT_START) -> PgConnection:
    """A connection for start-up: a server that does not answer (yet) is waited for,
    with one log sentence and growing pauses, up to `wait` seconds; one that refuses
    (a wrong password, no such database) is DatabaseUnusable at once."""
    name = display_name(url)
    give_up_at, pause, told = time.monotonic() + wait, 0.25, False
    while True:
        try:
            return connect(url)
        except psycopg.ProgrammingError as error:  # a malformed URL
            raise DatabaseUnusable(
                f"DATABASE_URL is not a PostgreSQL address ({_reason(error)}); set it as"
                " postgresql://user:password@host:port/database."
            ) from None
        except psycopg.OperationalError as error:
            if not _transient(error):
                raise DatabaseUnusable(
                    f"The database {name} refused the connection ({_reason(error)});"
                    " check DATABASE_URL."
                ) from None
            if time.monotonic() + pause > give_up_at:
                raise DatabaseUnusable(
                    f"The database {name} cannot be reached ({_reason(error)}); check"
                    " DATABASE_URL and that PostgreSQL is running."
                ) from None
            if not told:
                told = True
                log.warning(
                    "The database %s cannot be reached yet (%s); trying again for up to %.0f s.",
                    name,
                    _reason(error),
                    wait,
                )
            time.sleep(pause)
            pause = min(pause * 2, RECONNECT_LAST)


def check_database(url: str, migrations: Any, *, wait: float = CONNECT_WAIT_AT_START) -> None:
    """Refuse now, with one sentence (DatabaseUnusable), a database the bot could not
    keep games in: one that does not answer within `wait` seconds, refuses the
    connection, or was migrated by a newer release."""
    conn = connect_at_start(url, wait)
    try:
        known = conn.execute("SELECT to_regclass('schema_migrations') AS t").fetchone()
        found = 0
        if known is not None and known["t"] is not None:
            row = conn.execute("SELECT MAX(version) AS v FROM schema_migrations").fetchone()
            found = int(row["v"] or 0) if row is not None else 0
    except psycopg.Error as error:
        raise DatabaseUnusable(
            f"The database {display_name(url)} cannot be used ({_reason(error)});"
            f" {POSTGRES.elsewhere}."
        ) from None
    finally:
        conn.close()
    newer = newer_schema(found, migration_files(migrations), display_name(url), POSTGRES)
    if newer is not None:
        raise DatabaseUnusable(newer)
