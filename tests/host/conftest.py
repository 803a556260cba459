from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.core.service import Change, GameService
from bot.core.store import Store
from tests.support.clock import FakeClock


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    """The test's store: a SQLite file (tmp_path/games.sqlite3), or a PostgreSQL schema
    in a module or test that runs on each engine."""
    store = await Store.open(database)
    yield store
    await store.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(store: Store, clock: FakeClock) -> AsyncIterator[GameService]:
    service = GameService(store, clock)
    service.changes = []  # type: ignore[attr-defined]

    async def record(change: Change) -> None:
        service.changes.append(change)  # type: ignore[attr-defined]

    service.listeners.append(record)
    service.scheduler.start()
    clock.quiet_checks.append(service.scheduler.idle)  # advancing the clock waits for its timers
    clock.quiet_checks.append(service.shown)
    yield service
    await service.scheduler.stop()
