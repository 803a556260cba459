"""Which engine a database setting names, and the start-up check for either."""

from __future__ import annotations

from pathlib import Path

from bot.core.store.migrations import MIGRATIONS


def is_postgres(target: str | Path) -> bool:
    """Whether a database setting names a PostgreSQL server (else: a SQLite file)."""
    return str(target).startswith(("postgresql://", "postgres://"))


def check_database(
    target: str | Path, migrations: Path = MIGRATIONS, *, wait: float | None = None
) -> None:
    """Refuse now, with one sentence (DatabaseUnusable), a database the bot could not
    keep games in (see each engine's check); `wait`: how long to wait for a database
    that is locked (SQLite) or does not answer yet (PostgreSQL), else the engine's own."""
    waits = {} if wait is None else {"wait": wait}
    if is_postgres(target):
        from bot.core.store import postgres

        postgres.check_database(str(target), migrations, **waits)
    else:
        from bot.core.store import sqlite

        sqlite.check_database(target, migrations, **waits)
