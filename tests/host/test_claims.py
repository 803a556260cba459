"""Timers and deliveries are claimed, not owned: with several processes on one
database, each due timer fires once, a dead process's claims are taken over when
their lease runs out, and one game's changes are shown once each, in order, never
interleaved by two processes. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from collections.abc import AsyncIterator

import pytest

from bot.core.service import Change, GameService
from bot.core.store import Store, TimerRow
from bot.core.store.claims import TIMER_LEASE
from tests.support.clock import FakeClock
from tests.support.started import ANA, BEN, started_race

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


async def test_one_games_changes_are_shown_once_each_in_order_by_either_process(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    one, two = (GameService(store, clock) for store in stores)
    shown: list[tuple[str, int | None]] = []
    release = asyncio.Event()

    def recorder(name: str, *, hold: bool = False):
        async def record(change: Change) -> None:
            if hold and change.version == 3:
                await release.wait()  # process one is slow to show its change
            shown.append((name, change.version))

        return record

    one.listeners.append(recorder("one", hold=True))
    two.listeners.append(recorder("two"))
    game = await started_race(one, 10)
    await one.shown()
    shown.clear()
    await one.act(game, ANA, {"amount": 1})  # v3: one shows it, slowly
    await asyncio.sleep(0.05)
    await two.act(game, BEN, {"amount": 1})  # v4 in process two: waits for one's claim
    await two.act(game, ANA, {"amount": 2})  # v5
    await asyncio.sleep(0.2)
    assert shown == []  # nobody shows v4 before v3
    release.set()
    await one.shown()
    await asyncio.wait_for(two.shown(), 10)
    assert [version for _, version in shown] == [3, 4, 5]  # each once, in order
    assert await stores[0].outbox() == []


async def test_changes_a_process_left_unshown_when_it_died_are_shown_by_another(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    dead, alive = (GameService(store, clock) for store in stores)
    shown: list[int | None] = []

    async def never(change: Change) -> None:  # the process dies before it says anything
        raise asyncio.CancelledError

    async def record(change: Change) -> None:
        shown.append(change.version)

    dead.listeners.append(never)
    alive.listeners.append(record)
    game = await started_race(dead, 10)
    await dead.act(game, ANA, {"amount": 1})
    await asyncio.sleep(0.05)
    assert await alive.sweep() == 0  # too recent: its process may still show them
    await clock.advance(10)
    assert await alive.sweep() == 1
    await alive.shown()
    assert shown == [0, 1, 2, 3] and await stores[1].outbox() == []


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
