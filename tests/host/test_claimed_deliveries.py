"""Deliveries are claimed, not owned (over PostgreSQL, where several processes share
the games): one game's changes are shown once each, in order, by whichever process
holds the game's delivery, never interleaved by two; changes a process left unshown
when it died are shown by another."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.core.service import Change, GameService
from bot.core.store import Store
from tests.support.clock import FakeClock
from tests.support.databases import POSTGRES
from tests.support.started import ANA, BEN, started_race

pytestmark = pytest.mark.postgres


@pytest.fixture
def engine() -> str:
    return POSTGRES


@pytest.fixture
async def stores(database: str) -> AsyncIterator[tuple[Store, Store]]:
    first, second = await Store.open(database), await Store.open(database)
    yield first, second
    await first.close()
    await second.close()


async def test_one_games_changes_are_shown_once_each_in_order_by_either_process(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    one, two = (GameService(store, clock) for store in stores)
    shown: list[tuple[str, int | None]] = []
    holding, release = asyncio.Event(), asyncio.Event()

    def recorder(name: str, *, hold: bool = False):
        async def record(change: Change) -> None:
            if hold and change.version == 3:
                holding.set()
                await release.wait()  # process one is slow to show its change
            shown.append((name, change.version))

        return record

    one.listeners.append(recorder("one", hold=True))
    two.listeners.append(recorder("two"))
    game = await started_race(one, 10)
    await one.shown()
    shown.clear()
    await one.act(game, ANA, {"amount": 1})  # v3: one shows it, slowly
    await asyncio.wait_for(holding.wait(), 10)
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


async def test_a_process_shows_its_change_on_the_table_another_process_posted_last(
    stores: tuple[Store, Store], clock: FakeClock
) -> None:
    """Which message shows the table is written by the delivery that posts it, without
    a new version: a process holding the game's delivery takes it as stored, not as it
    read the game when it committed (else it edits an old table, now a link)."""
    one, two = (GameService(store, clock) for store in stores)
    seen: list[tuple[str, int | None, int | None]] = []  # (process, version, table it saw)
    posted = iter(range(1000, 2000))
    release = asyncio.Event()

    def presenter(name: str, service: GameService, *, hold: bool = False):
        async def show(change: Change) -> None:
            if hold and change.version == 3:
                await release.wait()  # process one is slow to show its change
            seen.append((name, change.version, change.game.row.table_message_id))
            await service.set_table_message(change.game, next(posted))  # posted anew

        return show

    one.listeners.append(presenter("one", one, hold=True))
    two.listeners.append(presenter("two", two))
    game = await started_race(one, 10)
    await one.shown()
    await two.load(game)
    await one.act(game, ANA, {"amount": 1})  # v3: one shows it, slowly
    await asyncio.sleep(0.05)
    await two.act(game, BEN, {"amount": 1})  # v4: two read the table before v3 moved it
    release.set()
    await one.shown()  # v3 and v4, in order, by one
    await asyncio.wait_for(two.shown(), 10)
    await two.act(game, ANA, {"amount": 2})  # v5: two's copy is v4, as stored
    await asyncio.wait_for(two.shown(), 10)
    assert seen[-2:] == [("one", 4, 1003), ("two", 5, 1004)]  # the table one posted last
    stored = await stores[0].game(game)
    assert stored is not None and stored.table_message_id == 1005
