"""The durable store (see `queries.Store`), over SQLite or PostgreSQL."""

from bot.core.store.engine import WRITE_PATIENCE
from bot.core.store.migrations import MIGRATIONS, migration_files
from bot.core.store.queries import Store
from bot.core.store.rows import (
    OPEN_STATUSES,
    ChannelBusy,
    DatabaseUnusable,
    Duplicate,
    GameRow,
    Notice,
    PlayerRow,
    StoreBusy,
    StoreUnreachable,
    TimerRow,
    TimerUpdate,
    Unreadable,
    VersionConflict,
    decode_object,
)
from bot.core.store.sql import seat_as_before, seat_host_first
from bot.core.store.target import check_database, is_postgres

__all__ = [
    "MIGRATIONS",
    "OPEN_STATUSES",
    "WRITE_PATIENCE",
    "ChannelBusy",
    "DatabaseUnusable",
    "Duplicate",
    "GameRow",
    "Notice",
    "PlayerRow",
    "Store",
    "StoreBusy",
    "StoreUnreachable",
    "TimerRow",
    "TimerUpdate",
    "Unreadable",
    "VersionConflict",
    "check_database",
    "decode_object",
    "is_postgres",
    "migration_files",
    "seat_as_before",
    "seat_host_first",
]
