"""What the store asks of a database engine (SQLite or PostgreSQL), and the patience
both show a write that cannot go through at once.

A transaction is a plain function of a DB-API connection (`Connection`), written once
in `?` placeholders and SQL both engines speak; an engine runs it as one transaction
(where and how is its own business) and returns its result. Reads are one statement.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol, TypeVar

from bot.core.store.dialect import Dialect
from bot.core.store.rows import DatabaseUnusable, StoreBusy

T = TypeVar("T")
Row = Mapping[str, Any]  # a result row, read by column name

# How long a player's write may wait for another process's lock or for the database
# server to come back (seconds): a click is answered (deferred) first, and its outcome
# is due well before Discord's interaction token lapses.
WRITE_PATIENCE = 2.0
FIRST_PAUSE, LAST_PAUSE = 0.005, 0.1  # between attempts at a locked write (doubling)


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """What a transaction function uses: `?` placeholders, rows read by name."""

    def execute(self, sql: str, args: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, args: Iterable[Any], /) -> Cursor: ...


Work = Callable[[Connection], T]


class Engine(Protocol):
    """One database, as the store uses it."""

    dialect: Dialect
    name: str  # for sentences to the operator: the file, or the URL without its password
    write_patience: float
    sender: str  # this process's name on the wake-ups its transactions send (`wakeups`)

    @property
    def reachable(self) -> bool:
        """False while the database server cannot be reached (requests are refused)."""
        ...

    async def write(self, work: Work[T], *, background: bool = False) -> T:
        """Run `work` as one transaction. StoreBusy when it could not within the write
        patience (a `background` write keeps trying); Duplicate for a unique key."""
        ...

    async def read(self, sql: str, args: tuple[Any, ...]) -> list[Row]: ...

    async def read_small(self, sql: str, args: tuple[Any, ...]) -> list[Row]:
        """A query of a few rows that the engine may answer quicker than `read`."""
        ...

    async def close(self) -> None: ...

    async def listen(self, on_payload: Callable[[str], None]) -> None:
        """Until cancelled: the wake-ups other processes send, to `on_payload`."""
        ...

    def locked(self) -> DatabaseUnusable:
        """The start-up sentence for a database another process keeps locked."""
        ...


class Patience:
    """Pauses between attempts at a statement that could not go through: short at
    first, then longer (up to `longest`); StoreBusy once `seconds` are spent (None:
    never), or `give_up`'s exception."""

    def __init__(
        self,
        seconds: float | None,
        *,
        longest: float = LAST_PAUSE,
        give_up: Callable[[float], StoreBusy] | None = None,
    ) -> None:
        self._seconds = seconds
        loop = asyncio.get_running_loop()
        self._give_up_at = None if seconds is None else loop.time() + seconds
        self._pause = FIRST_PAUSE
        self._longest = longest
        self._give_up = give_up or (lambda s: StoreBusy(f"the database stayed locked for {s:g} s"))

    async def pause(self) -> None:
        now = asyncio.get_running_loop().time()
        if self._give_up_at is not None and now + self._pause > self._give_up_at:
            assert self._seconds is not None
            raise self._give_up(self._seconds)
        await asyncio.sleep(self._pause)
        self._pause = min(self._pause * 2, self._longest)
