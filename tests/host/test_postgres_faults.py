"""PostgreSQL going away under a running bot: a lost connection is one log sentence and
a reconnection, and loses nothing; while the server cannot be reached a click is
refused in one sentence (nothing is acknowledged that was not stored); a row another
process keeps locked refuses a move as a locked SQLite file does. Against the real
server (TEST_DATABASE_URL): sessions are ended with pg_terminate_backend."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator

import psycopg
import pytest

from bot.core.errors import Refused
from bot.core.service import GameService
from bot.core.store import Store
from bot.core.store.postgres import PostgresEngine
from bot.i18n import t
from tests.support.clock import FakeClock
from tests.support.databases import POSTGRES, end_sessions, other_connection
from tests.support.started import ANA, BEN, started_race

pytestmark = pytest.mark.postgres
DEAD = "postgresql://postgres@127.0.0.1:1/test"  # nothing listens there: refused at once


@pytest.fixture
def engine() -> str:
    return POSTGRES


def lines(store: Store) -> list[object]:
    assert isinstance(store.engine, PostgresEngine)
    return [store.engine._writer, store.engine._reader]


def said(caplog: pytest.LogCaptureFixture, words: str) -> int:
    return sum(words in record.getMessage() for record in caplog.records)


async def test_a_lost_connection_is_one_sentence_a_reconnection_and_loses_nothing(
    store: Store, database: str, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    service = GameService(store, clock)
    game_id = await started_race(service, 10)
    caplog.set_level(logging.WARNING)
    assert end_sessions(database) == 2  # the store's writer and reader
    await service.act(game_id, ANA, {"amount": 2})  # reconnects, then stores the move
    await service.act(game_id, BEN, {"amount": 1})
    assert [a for _, _, a in await store.actions(game_id)] == [
        {"type": "add", "amount": 2},
        {"type": "add", "amount": 1},
    ]
    assert said(caplog, "Lost the connection to the database") == 1
    assert said(caplog, "Reconnected to the database") == 1
    assert "password" not in caplog.text and "options=" not in caplog.text


async def test_while_the_server_cannot_be_reached_a_click_is_refused_in_one_sentence(
    store: Store,
    database: str,
    clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = GameService(store, clock)
    store.write_patience = 10.0  # a click is refused at once, not after its patience
    game_id = await started_race(service, 10)
    caplog.set_level(logging.WARNING)
    for line in lines(store):  # the server goes away: connecting is refused
        monkeypatch.setattr(line, "_url", DEAD)
    end_sessions(database)
    for _ in range(3):
        began = time.monotonic()
        with pytest.raises(Refused) as refused:
            await service.act(game_id, ANA, {"amount": 2})
        assert refused.value.key == "host.unreachable"
        assert time.monotonic() - began < 5.0  # told at once, not after the patience
    assert not store.reachable
    assert "Nothing was changed" in t("host.unreachable", "en")
    assert "Nichts wurde geändert" in t("host.unreachable", "de")
    assert said(caplog, "Lost the connection") == 1  # one sentence for the whole outage

    for line in lines(store):  # the server is back
        monkeypatch.setattr(line, "_url", database)
    await service.act(game_id, ANA, {"amount": 2})
    assert store.reachable and said(caplog, "Reconnected") == 1
    assert [a for _, _, a in await store.actions(game_id)] == [{"type": "add", "amount": 2}]


async def test_a_delivery_recorded_while_the_server_is_away_is_recorded_once_it_is_back(
    store: Store, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await store.create_game(
        guild_id=1, channel_id=10, parent_id=None, kind="race", options={}, host_id=ANA,
        host_name="Ana", locale="en", seed=1, now=1.0, notice={"kind": "opened"},
    )  # fmt: skip
    for line in lines(store):
        monkeypatch.setattr(line, "_url", DEAD)
    end_sessions(database)
    delivered = asyncio.create_task(store.delivered(game.id, 0))  # bookkeeping: waits on
    await asyncio.sleep(0.5)
    assert not delivered.done()
    for line in lines(store):
        monkeypatch.setattr(line, "_url", database)
    await asyncio.wait_for(delivered, 10)
    assert await store.outbox() == []


@pytest.fixture
def other_process(database: str) -> Iterator[psycopg.Connection[object]]:
    conn = other_connection(database)
    yield conn
    conn.close()


async def test_a_game_row_another_process_keeps_locked_refuses_the_move_not_other_games(
    store: Store, clock: FakeClock, other_process: psycopg.Connection[object]
) -> None:
    service = GameService(store, clock)
    store.write_patience = 3.0
    waiting, other = await started_race(service, 10), await started_race(service, 11)
    other_process.execute("BEGIN")
    other_process.execute("SELECT * FROM games WHERE id = %s FOR UPDATE", (waiting,))

    move = asyncio.create_task(service.act(waiting, ANA, {"amount": 2}))
    await asyncio.sleep(0.05)
    began = time.monotonic()
    await service.act(other, ANA, {"amount": 1})  # another game's click goes on
    assert time.monotonic() - began < 1.5  # (not after the locked move's patience)
    assert not move.done()
    with pytest.raises(Refused) as caught:
        await move
    assert caught.value.key == "host.busy"
    other_process.execute("ROLLBACK")
    await service.act(waiting, ANA, {"amount": 2})
    row = await store.game(waiting)
    assert row is not None and row.state is not None and row.state["counter"] == 2
