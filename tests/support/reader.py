"""The bot's database as a test reads it while the bot runs: its SQLite file read only
(WAL: the bot keeps writing meanwhile), or its PostgreSQL database, with the store's
`?` placeholders on both.

A read that fails (no file yet, a busy file, a PostgreSQL server restarting) answers
nothing, and the next read connects afresh: a test polling the database waits on, as
a player looking at a table that does not load would.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import psycopg

from bot.core.store.dialect import postgres_placeholders
from bot.core.store.target import is_postgres

Row = tuple[Any, ...]


class Reader:
    def __init__(self, database: str | Path) -> None:
        self.database = str(database)
        self.postgres = is_postgres(self.database)
        self._sqlite: sqlite3.Connection | None = None
        self._postgres: psycopg.Connection[Row] | None = None

    def query(self, sql: str, args: tuple[Any, ...] = ()) -> list[Row]:
        """The rows, or none when the database cannot be read now."""
        try:
            if self.postgres:
                if self._postgres is None:
                    self._postgres = psycopg.connect(
                        self.database, autocommit=True, connect_timeout=2
                    )
                return self._postgres.execute(postgres_placeholders(sql), args or None).fetchall()
            if self._sqlite is None:
                self._sqlite = sqlite3.connect(
                    f"file:{self.database}?mode=ro", uri=True, timeout=10
                )
            return self._sqlite.execute(sql, args).fetchall()
        except (sqlite3.OperationalError, psycopg.OperationalError):
            self.close()
            return []

    def close(self) -> None:
        for conn in (self._sqlite, self._postgres):
            if conn is not None:
                conn.close()
        self._sqlite = self._postgres = None
