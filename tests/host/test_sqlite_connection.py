"""The SQLite connection is used from two threads, the event loop's (writes, small
reads) and aiosqlite's (larger reads, closing), and must never be used by both at once:
SQLite's connection does not survive it (the process crashes)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.core.store import Store
from bot.core.store.sqlite import _to_the_end


async def test_closing_the_store_while_timers_are_claimed_and_read_ends_them_without_a_crash(
    tmp_path: Path,
) -> None:
    for attempt in range(20):  # (without the lock, it crashed within a few attempts)
        store = await Store.open(tmp_path / f"games{attempt}.sqlite3")
        busy = asyncio.create_task(_claim_and_read_until_closed(store))
        await asyncio.sleep(0.005)
        await store.close()
        assert str(await asyncio.wait_for(busy, 5)) == "no active connection"


async def _claim_and_read_until_closed(store: Store) -> ValueError:
    while True:
        try:
            await store.claim_timer(0.0)  # a write, inline on the event loop
            await store.next_timer()  # a read, in aiosqlite's thread
        except ValueError as error:
            return error


async def test_a_read_cancelled_in_the_thread_holds_on_until_the_thread_is_done() -> None:
    release, finished = threading.Event(), threading.Event()

    def slow_read() -> str:
        release.wait(5)
        finished.set()
        return "rows"

    loop = asyncio.get_running_loop()
    reader = asyncio.create_task(_to_the_end(loop.run_in_executor(None, slow_read)))
    await asyncio.sleep(0.01)
    reader.cancel()
    await asyncio.sleep(0.01)
    assert not reader.done()  # (it would let go of the lock while the thread reads)
    release.set()
    with pytest.raises(asyncio.CancelledError):
        await reader
    assert finished.is_set()
