"""Durable timers: one task sleeps until the next due timer in the store.

Timers live in the store, so a restart loses none: on start-up, overdue timers fire
at once, in due order. A timer is deleted after its handler returns; handlers must be
idempotent (the host checks the phase key a deadline was set for), so a timer that
fires again after a crash mid-handler does nothing the second time.

A handler that fails (a full disk, a bug) keeps its timer and is tried again after a
growing delay, with one log line per attempt, never in a tight loop. A timer whose
write found the database locked by another process is tried again soon (`BUSY_RETRY`),
as often as it takes: nothing failed.

Any process may fire a due timer: it claims it first, with a lease (renewed while its
handler runs), so only one does; the timers of a process that died are taken over
when their leases run out. Over PostgreSQL another process's timer wakes this one
when it is committed (`woken`, by LISTEN/NOTIFY: that process may die before it is
due), and the timers are looked at every `SHARED_POLL` seconds too, in case a wake-up
was missed.

A timer is deleted only as the game version that planned it left it: a process whose
copy of a game is older than the timer (another process moved it on) reloads the game
before it judges the timer (see the host's `_on_timer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core.clock import Clock
from bot.core.errors import Busy
from bot.core.store import Store, StoreBusy, TimerRow
from bot.core.store.claims import TIMER_LEASE

log = logging.getLogger(__name__)

Handler = Callable[[TimerRow], Awaitable[None]]

FIRST_RETRY = 5.0  # seconds after a failure; doubled each time, up to LAST_RETRY
LAST_RETRY = 3600.0
BUSY_RETRY = 1.0  # seconds after a write found the database locked by another process
# Handlers running at once, at most. After a long stop hundreds of timers are overdue;
# catching up a few games at a time leaves the event loop free for players' clicks.
MAX_FIRING = 8
# Over a database shared with other processes, look at the timers at least this often
# (seconds, real time): one may have planned a timer and died (its claim lapses).
SHARED_POLL = 10.0


class KeepTimer(Exception):
    """Raised by a handler that cannot act on its timer now (a game that cannot be
    loaded): the timer stays in the store, untouched, and fires again at the next start."""


class Scheduler:
    def __init__(self, store: Store, clock: Clock, handler: Handler) -> None:
        self._store = store
        self._clock = clock
        self._handler = handler
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._parked = asyncio.Event()
        self._waiting = False
        self._waiting_until: float | None = None
        self._firing: dict[int, asyncio.Task[None]] = {}  # timer id -> its handler
        self._kept: set[int] = set()  # timers kept for the next start (see KeepTimer)
        self._failed: dict[int, tuple[int, float]] = {}  # timer id -> (failures, retry at)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="scheduler")

    async def stop(self) -> None:
        for task in [self._task, *self._firing.values()]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = None
        self._firing.clear()

    async def schedule(
        self, game_id: int, kind: str, due_at: float, payload: dict[str, Any] | None = None
    ) -> None:
        """Set (or replace) the game's timer of this kind."""
        await self._store.set_timer(game_id, kind, due_at, payload or {})
        self.changed()

    async def cancel(self, game_id: int, kind: str) -> None:
        await self._store.cancel_timer(game_id, kind)
        self.changed()

    def changed(self) -> None:
        """The timers in the store changed (set or cancelled by someone else): look again."""
        self._waiting = False
        self._changed.set()

    def woken(self, due_at: float | None) -> None:
        """Another process committed a timer due at `due_at` (None: anything may have
        changed): look again now if it may come before what this one waits for (that
        process may die before it is due), not at the next poll."""
        waiting_until = self._waiting_until if self._waiting else None
        if due_at is None or waiting_until is None or due_at < waiting_until:
            self.changed()

    def clock_stepped(self, seconds: float) -> None:
        """The wall clock jumped (the store's timers move with it): so do the retries."""
        self._failed = {t: (n, at + seconds) for t, (n, at) in self._failed.items()}
        self.changed()

    async def idle(self) -> None:
        """Return once every timer due by now has fired and its handler finished."""
        while self._task is not None and not (
            self._waiting
            and not self._firing
            and (self._waiting_until is None or self._waiting_until > self._clock.now())
        ):
            self._parked.clear()
            await self._parked.wait()

    async def _run(self) -> None:
        while True:
            self._changed.clear()
            if len(self._firing) >= MAX_FIRING:
                await self._changed.wait()  # a handler finished
                continue
            now = self._clock.now()
            resting = {t for t, (_, at) in self._failed.items() if at > now}
            retry = min((at for _, at in self._failed.values() if at > now), default=None)
            excluding = self._firing.keys() | self._kept | resting
            timer = None
            try:
                due = await self._store.next_wake(now, excluding)
                if due is not None and due <= now:
                    timer = await self._store.claim_timer(now, excluding)
            except StoreBusy:  # locked, or the server is away (the store says so once)
                await self._wait(now + BUSY_RETRY)
                continue
            except Exception:  # the store cannot be read now: look again later
                log.exception("cannot read the timers")
                await self._wait(now + FIRST_RETRY)
                continue
            if timer is None:
                if due is not None and due <= now:  # another process took it just now
                    await asyncio.sleep(0.01)
                    continue
                await self._wait(min(due, retry) if due and retry else due or retry)
                continue
            # Each handler runs on its own, so one slow timer (a round of reminder DMs)
            # never holds back another game's deadline. Due timers start in due order.
            self._firing[timer.id] = asyncio.create_task(self._fire(timer))

    async def _fire(self, timer: TimerRow) -> None:
        lease = asyncio.create_task(self._keep_claim(timer))
        try:
            try:
                await self._handler(timer)
            except KeepTimer as reason:
                log.warning("timer %s of game %s kept: %s", timer.kind, timer.game_id, reason)
                self._kept.add(timer.id)
                return
            # Not reached when the bot stops mid-handler: the timer stays and fires
            # again on start-up (handlers are idempotent).
            await self._store.delete_fired(timer)
            self._failed.pop(timer.id, None)
        except (Busy, StoreBusy):
            log.warning(
                "timer %s of game %s waits: the database is locked or unreachable",
                timer.kind,
                timer.game_id,
            )
            failures = self._failed.get(timer.id, (0, 0.0))[0]
            self._failed[timer.id] = (failures, self._clock.now() + BUSY_RETRY)
        except Exception as error:
            self._back_off(timer, error)
        finally:
            lease.cancel()
            self._firing.pop(timer.id, None)
            self.changed()

    async def _keep_claim(self, timer: TimerRow) -> None:
        """While a handler runs (a round of reminder DMs may take a while), its timer's
        claim is renewed, so no other process takes it meanwhile."""
        while True:
            await asyncio.sleep(TIMER_LEASE / 3)  # real time: other processes live in it
            with contextlib.suppress(Exception):  # a lapsed claim is at worst fired again
                await self._store.renew_timer(timer, self._clock.now() + TIMER_LEASE)

    def _back_off(self, timer: TimerRow, error: Exception) -> None:
        """Keep a failed timer and try it again later, later each time."""
        failures = self._failed.get(timer.id, (0, 0.0))[0] + 1
        delay = min(LAST_RETRY, FIRST_RETRY * 2 ** (failures - 1))
        self._failed[timer.id] = (failures, self._clock.now() + delay)
        log.error(
            "timer %s of game %s failed (attempt %d), next try in %.0f s: %r",
            timer.kind,
            timer.game_id,
            failures,
            delay,
            error,
            exc_info=failures == 1,  # the traceback once, not on every attempt
        )

    async def _wait(self, due_at: float | None) -> None:
        """Sleep until `due_at` or until the timers change, whichever comes first."""
        changed = asyncio.ensure_future(self._changed.wait())
        waiters: set[asyncio.Future[Any]] = {changed}
        if self._store.shared:  # another process may plan a timer and die before it is due
            waiters.add(asyncio.ensure_future(asyncio.sleep(SHARED_POLL)))
        if due_at is not None:
            waiters.add(asyncio.ensure_future(self._clock.sleep_until(due_at)))
        if not self._changed.is_set():
            self._waiting, self._waiting_until = True, due_at
            self._parked.set()
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._waiting = False
            for waiter in waiters:
                waiter.cancel()
