"""Another process holding the database's write lock: a write waits for it off the
event loop, so every other game's clicks and reads go on; a move that cannot be stored
in time is refused with one sentence, and background writes try again later."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.core.errors import Refused
from bot.core.service import GameService
from bot.core.store import Store
from bot.i18n import t
from tests.support.clock import FakeClock
from tests.support.started import ANA, started_race


@pytest.fixture
def other_process(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """Another program's connection to the bot's database (it takes the lock)."""
    db = sqlite3.connect(tmp_path / "games.sqlite3", isolation_level=None)
    yield db
    if db.in_transaction:
        db.execute("ROLLBACK")
    db.close()


async def test_a_write_waiting_for_another_process_never_stalls_other_games(
    store: Store, clock: FakeClock, other_process: sqlite3.Connection
) -> None:
    service = GameService(store, clock)
    store.write_patience = 0.3
    waiting, other = await started_race(service, 10), await started_race(service, 11)
    other_process.execute("BEGIN IMMEDIATE")

    move = asyncio.create_task(service.act(waiting, ANA, {"amount": 2}))
    await asyncio.sleep(0)  # the move has tried once and waits
    began = time.monotonic()
    live = await service.load(other)  # another game's click reads meanwhile ...
    await store.players(other)
    assert (time.monotonic() - began) < 0.05  # ... at once, and the loop stays free
    for _ in range(5):
        began = time.monotonic()
        await asyncio.sleep(0.01)
        assert time.monotonic() - began < 0.05  # a ping's lag, while the move waits

    with pytest.raises(Refused) as caught:
        await move
    assert caught.value.key == "host.busy"
    assert "Nothing was changed" in t("host.busy", "en")
    state = (await service.load(waiting)).state
    assert state is not None and state.model_dump()["counter"] == 0  # nothing was changed
    row = await store.game(other)
    assert row is not None and row.version == live.row.version

    other_process.execute("ROLLBACK")  # the other process is done
    await service.act(waiting, ANA, {"amount": 2})
    row = await store.game(waiting)
    assert row is not None and row.state is not None and row.state["counter"] == 2


async def test_a_move_is_stored_when_the_lock_goes_within_its_patience(
    store: Store, clock: FakeClock, other_process: sqlite3.Connection
) -> None:
    service = GameService(store, clock)
    game_id = await started_race(service, 10)
    other_process.execute("BEGIN IMMEDIATE")
    move = asyncio.create_task(service.act(game_id, ANA, {"amount": 1}))
    await asyncio.sleep(0.05)
    other_process.execute("ROLLBACK")
    await move
    row = await store.game(game_id)
    assert row is not None and row.state is not None and row.state["counter"] == 1


async def test_a_deadline_due_while_the_database_is_locked_fires_once_it_is_free(
    store: Store, service: GameService, clock: FakeClock, other_process: sqlite3.Connection
) -> None:
    store.write_patience = 0.05
    game_id = await started_race(service, 10)
    await service.shown()  # (delivering changes writes too: it would wait for the lock)
    other_process.execute("BEGIN IMMEDIATE")
    await clock.advance(60)  # Ana's turn times out, but nothing can be written
    assert await store.actions(game_id) == []
    other_process.execute("ROLLBACK")
    await clock.advance(1)  # tried again soon, not after a growing back-off
    assert [action for _, _, action in await store.actions(game_id)] == [
        {"type": "timeout", "phase": "t0"}
    ]


async def test_a_shown_change_leaves_the_outbox_once_the_lock_is_gone(
    store: Store, clock: FakeClock, other_process: sqlite3.Connection
) -> None:
    service = GameService(store, clock)
    store.write_patience = 0.05
    game_id = await started_race(service, 10)
    await service.shown()
    await service.act(game_id, ANA, {"amount": 1})
    other_process.execute("BEGIN IMMEDIATE")  # before the change is marked shown
    showing = asyncio.create_task(service.shown())
    await asyncio.sleep(0.2)  # far past a move's patience: the bookkeeping waits on
    assert not showing.done()
    other_process.execute("ROLLBACK")
    await showing
    assert await store.outbox() == []


async def test_a_lobby_that_cannot_be_stored_in_time_is_refused_in_one_sentence(
    store: Store, clock: FakeClock, other_process: sqlite3.Connection
) -> None:
    service = GameService(store, clock)
    store.write_patience = 0.1
    other_process.execute("BEGIN IMMEDIATE")
    with pytest.raises(Refused) as refused:
        await service.open_lobby(
            kind="race", options={}, guild_id=1, channel_id=10, parent_id=5,
            host_id=ANA, host_name="Ana", locale="en",
        )  # fmt: skip
    assert refused.value.key == "host.busy"
    other_process.execute("ROLLBACK")
    assert await store.open_game_in(10) is None  # nothing was made
