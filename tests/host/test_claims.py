"""Timers are claimed, not owned: with several processes on one database, each due
timer fires once, and a dead process's claims are taken over when their lease runs
out (at once by its successor on the same machine). On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from collections.abc import AsyncIterator

import pytest

from bot.core.service import GameService
from bot.core.store import Store, TimerRow
from bot.core.store.claims import TIMER_LEASE
from tests.support.clock import FakeClock
from tests.support.started import started_race

ON_EACH_ENGINE = True


@pytest.fixture
async def stores(database: str) -> AsyncIterator[tuple[Store, Store]]:
    first, second = await Store.open(database), await Store.open(database)
    yield first, second
    await first.close()
    await second.close()


async def test_a_due_timer_is_fired_by_one_process_only(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    fired: list[tuple[str, int]] = []
    services = [GameService(store, clock) for store in stores]
    for name, service in zip("ab", services, strict=True):

        async def record(live: object, timer: TimerRow, name: str = name) -> None:
            await asyncio.sleep(0.01)  # long enough for the other to try meanwhile
            fired.append((name, timer.id))

        service.timer_handlers["test"] = record
    game = await started_race(services[0], 10)
    now = clock.now()
    for n in range(6):
        await stores[0].set_timer(game, f"test{n}", now + 5, {})
    for service in services:
        for n in range(6):
            service.timer_handlers[f"test{n}"] = service.timer_handlers["test"]
        service.scheduler.start()
        clock.quiet_checks.append(service.scheduler.idle)
    await clock.advance(10)
    for _ in range(100):  # both schedulers have finished their handlers
        if (len(fired) >= 6 and not await stores[0].timers(game)) or len(fired) > 6:
            break
        await asyncio.sleep(0.02)
    assert sorted(timer for _, timer in fired) == sorted({timer for _, timer in fired})
    assert len(fired) == 6
    for service in services:
        await service.scheduler.stop()


async def test_a_timer_claimed_by_a_process_that_died_is_taken_over_after_its_lease(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    dead, alive = stores
    game = await started_race(GameService(dead, clock), 10)
    await dead.set_timer(game, "test", clock.now() + 5, {})
    await clock.advance(5)
    claimed = await dead.claim_timer(clock.now())  # ... and the process dies
    assert claimed is not None and claimed.kind == "test"
    assert await alive.claim_timer(clock.now()) is None  # held by the other
    assert await alive.next_wake(clock.now()) == pytest.approx(clock.now() + TIMER_LEASE)
    await clock.advance(TIMER_LEASE)
    taken = await alive.claim_timer(clock.now())
    assert taken is not None and taken.id == claimed.id


@pytest.fixture
def dead_pid() -> int:
    """The id of a process that has ended (as one killed with -9 has)."""
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(ended.stdout)


async def test_a_restarted_bot_takes_over_at_once_what_its_dead_predecessor_held(
    database: str, clock: FakeClock, dead_pid: int
) -> None:
    dead = f"{socket.gethostname()}:{dead_pid}:0123abcd"
    elsewhere = "another-machine:1:0123abcd"  # alive, as far as anyone here can tell
    store = await Store.open(database)
    service = GameService(store, clock)
    game, other = await started_race(service, 10), await started_race(service, 11)
    await service.shown()
    until = clock.now() + 999
    await store._write(
        lambda db: db.executemany(
            "INSERT INTO deliveries VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE"
            " SET claimed_by = excluded.claimed_by, claimed_until = excluded.claimed_until",
            [(game, dead, until), (other, elsewhere, until)],
        )
    )
    await store._write(
        lambda db: db.execute("UPDATE timers SET claimed_by = ?, claimed_until = ?", (dead, until))
    )
    await store.close()
    store = await Store.open(database)  # the bot starts again on this machine
    try:
        assert await store.claim_delivery(game, clock.now())
        assert not await store.claim_delivery(other, clock.now())  # its lease still runs
        rows = await store._fetchall("SELECT claimed_by FROM timers")
        assert rows and all(row["claimed_by"] is None for row in rows)
    finally:
        await store.close()
