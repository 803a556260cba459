"""The numbered migrations (the top-level migrations/ folder, shipped as
`bot.migrations`): one set of files for both engines (see `dialect`)."""

from __future__ import annotations

import re
import time
from importlib import resources
from pathlib import Path

from bot.core.store.dialect import Dialect
from bot.core.store.engine import Connection

MIGRATIONS = Path(str(resources.files("bot.migrations")))

CREATE_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
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


def statements(path: Path, dialect: Dialect) -> list[str]:
    """A migration file's statements in the engine's SQL (no triggers with inner
    semicolons are used)."""
    script = path.read_text(encoding="utf-8")
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("--")]
    return [dialect.schema(s.strip()) for s in "\n".join(lines).split(";") if s.strip()]


def apply(db: Connection, *, statements: list[str], number: int, name: str) -> bool:
    """Apply one migration in the caller's transaction, unless another process did it
    first; whether it was applied here."""
    if db.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (number,)).fetchone():
        return False
    for statement in statements:
        db.execute(statement)
    applied_at = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
    db.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (number, name, applied_at))
    return True


def newer_schema(
    found: int, files: list[tuple[int, Path]], name: str, dialect: Dialect
) -> str | None:
    """The sentence refusing a database migrated further than this release knows."""
    known = max((number for number, _ in files), default=0)
    if found <= known:
        return None
    return (
        f"The database {name} was migrated by a newer release of the bot (schema version"
        f" {found}; this release knows versions up to {known}): run that release or a newer"
        f" one, or {dialect.elsewhere}."
    )
