"""The databases tests run on: a SQLite file in the test's folder, or, where a test
runs on each engine, a fresh schema of the PostgreSQL server at TEST_DATABASE_URL
(made for the test and dropped after it: no test sees another's rows)."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from bot.core.store import Store

if TYPE_CHECKING:
    import psycopg

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL") or None
SQLITE, POSTGRES = "sqlite", "postgresql"
# A test or module that runs on each engine: the PostgreSQL case is left out (with one
# line in the report's header) when TEST_DATABASE_URL is not set.
EACH_ENGINE = [SQLITE, pytest.param(POSTGRES, marks=pytest.mark.postgres)]


def with_schema(url: str, schema: str) -> str:
    """The URL with every connection's search path set to `schema`, and named after it
    (`application_name`: a test can find its store's connections)."""
    options = quote(f"-csearch_path={schema}")
    return f"{url}{'&' if '?' in url else '?'}options={options}&application_name={schema}"


def schema_of(database: str) -> str:
    return database.rsplit("application_name=", 1)[1]


def end_sessions(database: str) -> int:
    """End every server session of a test's store (as an operator or a crash would):
    how many there were."""
    with server() as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = %s AND pid <> pg_backend_pid()",
            (schema_of(database),),
        ).fetchall()
    return len(rows)


def server(url: str | None = None) -> psycopg.Connection[Any]:
    import psycopg  # (only where PostgreSQL is used: the benchmarks import this module)

    url = url or TEST_DATABASE_URL
    assert url is not None, "PostgreSQL tests need TEST_DATABASE_URL"
    return psycopg.connect(url, autocommit=True, connect_timeout=5)


@contextlib.contextmanager
def fresh_schema(url: str | None = None) -> Iterator[str]:
    """A URL (of TEST_DATABASE_URL's server, or `url`'s) whose connections see only a
    new, empty schema, dropped afterwards."""
    url = url or TEST_DATABASE_URL
    assert url is not None, "PostgreSQL tests need TEST_DATABASE_URL"
    schema = f"test_{uuid.uuid4().hex[:12]}"
    with server(url) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(url, schema)
    finally:
        with server(url) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@contextlib.contextmanager
def database_on(engine: str, folder: Path) -> Iterator[str]:
    """Where a test keeps its games on `engine`: a file in `folder`, or a schema."""
    if engine == SQLITE:
        yield str(folder / "games.sqlite3")
    else:
        with fresh_schema() as url:
            yield url


@contextlib.asynccontextmanager
async def opened(database: str) -> AsyncIterator[Store]:
    store = await Store.open(database)
    try:
        yield store
    finally:
        await store.close()


async def table_exists(store: Store, name: str) -> bool:
    """Whether the store's database has a table of that name (on either engine)."""
    if store.engine.dialect.name == POSTGRES:
        rows = await store._fetchall("SELECT to_regclass(?) AS t", (name,))
        return rows[0]["t"] is not None
    rows = await store._fetchall("SELECT 1 AS t FROM sqlite_master WHERE name = ?", (name,))
    return bool(rows)


def other_connection(database: str) -> psycopg.Connection[Any]:
    """Another process's connection to a test's PostgreSQL schema."""
    import psycopg

    return psycopg.connect(database, autocommit=True)
