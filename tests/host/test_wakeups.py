"""Wake-ups (PostgreSQL's LISTEN/NOTIFY): a process learns as they are committed of
another process's timers (that process may die before they are due) and of a game's
delivery released while it waits for it, instead of at its next look (`SHARED_POLL`,
the claim's pause). The sweeps stay the source of truth; this is latency only."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from bot.core import service as service_module
from bot.core.service import Change, GameService
from bot.core.store import Store
from bot.core.store.wakeups import DELIVERY, EVERYTHING, TIMER, Wakeup, wake
from tests.support.clock import FakeClock
from tests.support.databases import POSTGRES
from tests.support.started import ANA, started_race


class Words:
    """A transaction's connection that can notify (as PostgreSQL's), signed "me"."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def notify(self, words: str) -> None:
        self.sent.append(f"{words} me")

    def execute(self, sql: str, args: object = ()) -> None:
        raise AssertionError("nothing else is asked of it here")


def test_a_wake_up_says_what_was_committed_and_by_whom() -> None:
    db = Words()
    wake(db, TIMER, 1_800_000_012.5)  # type: ignore[arg-type]
    wake(db, DELIVERY, 42)  # type: ignore[arg-type]
    wake(db, EVERYTHING)  # type: ignore[arg-type]
    assert [Wakeup.parse(words) for words in [*db.sent, "garbled", "t soon me"]] == [
        Wakeup(TIMER, "me", at=1_800_000_012.5),
        Wakeup(DELIVERY, "me", game_id=42),
        Wakeup(EVERYTHING, "me"),
        Wakeup(EVERYTHING),  # anything else: look at everything again
        Wakeup(EVERYTHING),
    ]


async def test_a_sqlite_file_has_nobody_to_listen_to(store: Store) -> None:
    heard: list[Wakeup] = []
    await asyncio.wait_for(store.listen(heard.append), 1)  # returns at once
    assert heard == []


@pytest.mark.postgres
@pytest.mark.parametrize("engine", [POSTGRES])
async def test_another_processs_timer_and_released_delivery_wake_this_one_at_once(
    database: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without a wake-up this process would try the claim again only after 2 s.
    monkeypatch.setattr(service_module, "CLAIM_PAUSE_FIRST", 2.0)
    first, second = await Store.open(database), await Store.open(database)
    one, two = GameService(first, clock), GameService(second, clock)  # one: no scheduler
    heard: list[Wakeup] = []
    listening = asyncio.Event()

    def woken(wakeup: Wakeup) -> None:
        heard.append(wakeup)
        listening.set()
        two.woken(wakeup)

    shown: list[tuple[int | None, float]] = []

    async def record(change: Change) -> None:
        shown.append((change.version, time.monotonic()))

    two.listeners.append(record)
    listener = asyncio.create_task(second.listen(woken))
    two.scheduler.start()
    try:
        await asyncio.wait_for(listening.wait(), 5)  # it listens: EVERYTHING, once
        await two.scheduler.idle()
        assert two.scheduler._waiting_until is None  # no timer yet: only its poll
        game = await started_race(one, 10)  # one plans a deadline (and may die)
        (deadline,) = await first.timers(game)
        await wait_until(lambda: two.scheduler._waiting_until == deadline.due_at)
        assert Wakeup(TIMER, first.owner, at=deadline.due_at) in heard

        await one.shown()
        assert await first.claim_delivery(game, clock.now())  # one shows the game
        acted = asyncio.create_task(two.act(game, ANA, {"amount": 1}))
        await wait_until(lambda: game in two._released)  # two waits for one's claim
        await acted
        await asyncio.sleep(0.1)
        released_at = time.monotonic()
        await first.release_delivery(game)
        await asyncio.wait_for(two.shown(), 5)
        ((version, at),) = shown
        assert version == 3 and at - released_at < 1.0  # not the 2 s pause
        assert Wakeup(DELIVERY, first.owner, game_id=game) in heard
        assert all(w.sender != second.owner for w in heard)  # never its own
    finally:
        listener.cancel()
        await asyncio.gather(listener, return_exceptions=True)
        await two.scheduler.stop()
        await first.close()
        await second.close()


async def wait_until(condition: Callable[[], bool], seconds: float = 2.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "no wake-up in time"
        await asyncio.sleep(0.01)
