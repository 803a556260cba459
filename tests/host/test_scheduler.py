from __future__ import annotations

import asyncio

from bot.core.scheduler import MAX_FIRING, Scheduler
from bot.core.store import Store, TimerRow
from tests.support.clock import FakeClock, settle


async def make_games(store: Store, count: int) -> list[int]:
    ids = []
    for n in range(count):
        game = await store.create_game(
            guild_id=1, channel_id=100 + n, parent_id=None, kind="race", options={},
            host_id=1, host_name="Ana", locale="en", seed=1, now=0,
        )  # fmt: skip
        ids.append(game.id)
    return ids


class Recorder:
    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.fired: list[tuple[int, str, float]] = []

    async def __call__(self, timer: TimerRow) -> None:
        self.fired.append((timer.game_id, timer.kind, self.clock.now()))


async def test_timers_fire_at_their_time_in_order(store: Store, clock: FakeClock) -> None:
    a, b = await make_games(store, 2)
    recorder = Recorder(clock)
    scheduler = Scheduler(store, clock, recorder)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    start = clock.now()
    await scheduler.schedule(a, "deadline", start + 30)
    await scheduler.schedule(b, "deadline", start + 10)
    await scheduler.schedule(a, "reminder", start + 20)
    await settle()
    await clock.advance(5)
    assert recorder.fired == []
    await clock.advance(30)
    await scheduler.idle()
    assert recorder.fired == [
        (b, "deadline", start + 10),
        (a, "reminder", start + 20),
        (a, "deadline", start + 30),
    ]
    assert await store.next_timer() is None
    await scheduler.stop()


async def test_overdue_timers_fire_at_once_on_start_up_in_order(
    store: Store, clock: FakeClock
) -> None:
    a, b, c = await make_games(store, 3)
    now = clock.now()
    await store.set_timer(c, "deadline", now - 10, {})
    await store.set_timer(a, "deadline", now - 300, {})
    await store.set_timer(b, "deadline", now + 60, {})
    recorder = Recorder(clock)
    scheduler = Scheduler(store, clock, recorder)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    await settle()
    await scheduler.idle()
    assert [game for game, _, _ in recorder.fired] == [a, c]
    await clock.advance(60)
    await scheduler.idle()
    assert [game for game, _, _ in recorder.fired] == [a, c, b]
    await scheduler.stop()


async def test_cancelled_and_rescheduled_timers(store: Store, clock: FakeClock) -> None:
    a, b = await make_games(store, 2)
    recorder = Recorder(clock)
    scheduler = Scheduler(store, clock, recorder)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    now = clock.now()
    await scheduler.schedule(a, "deadline", now + 10)
    await scheduler.schedule(b, "deadline", now + 10)
    await scheduler.cancel(a, "deadline")
    await scheduler.schedule(b, "deadline", now + 100)  # pushed back
    await clock.advance(50)
    await scheduler.idle()
    assert recorder.fired == []
    await clock.advance(50)
    await scheduler.idle()
    assert recorder.fired == [(b, "deadline", now + 100)]
    await scheduler.stop()


async def test_an_earlier_timer_wakes_a_sleeping_scheduler(store: Store, clock: FakeClock) -> None:
    a, b = await make_games(store, 2)
    recorder = Recorder(clock)
    scheduler = Scheduler(store, clock, recorder)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    now = clock.now()
    await scheduler.schedule(a, "deadline", now + 1000)
    await settle()
    await scheduler.schedule(b, "deadline", now + 5)
    await clock.advance(5)
    await scheduler.idle()
    assert recorder.fired == [(b, "deadline", now + 5)]
    await scheduler.stop()


async def test_a_failing_handler_does_not_stop_the_others(store: Store, clock: FakeClock) -> None:
    a, b = await make_games(store, 2)
    fired: list[int] = []

    async def handler(timer: TimerRow) -> None:
        if timer.game_id == a:
            raise RuntimeError("boom")
        fired.append(timer.game_id)

    scheduler = Scheduler(store, clock, handler)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    await scheduler.schedule(a, "deadline", clock.now() + 1)
    await scheduler.schedule(b, "deadline", clock.now() + 2)
    await clock.advance(2)
    await scheduler.idle()
    assert fired == [b]
    await scheduler.stop()


async def test_a_slow_handler_does_not_hold_back_other_timers(
    store: Store, clock: FakeClock
) -> None:
    slow_game, other = await make_games(store, 2)
    release, other_fired = asyncio.Event(), asyncio.Event()
    fired: list[int] = []

    async def handler(timer: TimerRow) -> None:
        fired.append(timer.game_id)
        if timer.game_id == slow_game:
            await release.wait()  # e.g. a round of reminder DMs
        else:
            other_fired.set()

    scheduler = Scheduler(store, clock, handler)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)  # advancing the clock waits for its timers
    await scheduler.schedule(slow_game, "reminder", clock.now() + 1)
    await scheduler.schedule(other, "deadline", clock.now() + 2)
    await settle()
    clock.quiet_checks.clear()  # advance without waiting for the slow handler
    await clock.advance(2)
    await asyncio.wait_for(other_fired.wait(), timeout=5)  # while the slow one still runs
    assert fired == [slow_game, other] and not release.is_set()
    release.set()
    await scheduler.idle()
    assert await store.next_timer() is None
    await scheduler.stop()


async def test_a_timer_whose_handler_was_cut_short_fires_again_after_a_restart(
    store: Store, clock: FakeClock
) -> None:
    (game,) = await make_games(store, 1)
    started = asyncio.Event()

    async def stuck(timer: TimerRow) -> None:
        started.set()
        await asyncio.Event().wait()

    first = Scheduler(store, clock, stuck)
    first.start()
    clock.quiet_checks.append(first.idle)  # advancing the clock waits for its timers
    await first.schedule(game, "deadline", clock.now())
    await started.wait()
    await first.stop()  # the bot goes down mid-handler
    recorder = Recorder(clock)
    second = Scheduler(store, clock, recorder)
    second.start()
    clock.quiet_checks.append(second.idle)  # advancing the clock waits for its timers
    await second.idle()
    assert [g for g, _, _ in recorder.fired] == [game]
    await second.stop()


async def test_a_failing_handler_is_tried_again_later_each_time_not_in_a_loop(
    store: Store, clock: FakeClock
) -> None:
    (game,) = await make_games(store, 1)
    attempts: list[float] = []

    async def handler(timer: TimerRow) -> None:
        attempts.append(clock.now())
        if len(attempts) < 4:
            raise OSError("database or disk is full")

    scheduler = Scheduler(store, clock, handler)
    scheduler.start()
    clock.quiet_checks.append(scheduler.idle)
    start = clock.now()
    await scheduler.schedule(game, "deadline", start + 1)
    await clock.advance(1)
    await scheduler.idle()
    assert attempts == [start + 1]  # failed once: kept, not retried at once
    for _ in range(60):
        await clock.advance(1)
    await scheduler.idle()
    # 5, 10 and 20 seconds later; then it worked and the timer is spent
    assert [round(at - start) for at in attempts] == [1, 6, 16, 36]
    assert await store.next_timer() is None
    await scheduler.stop()


async def test_after_a_long_stop_overdue_timers_catch_up_a_few_at_a_time(
    store: Store, clock: FakeClock
) -> None:
    games = await make_games(store, 3 * MAX_FIRING)
    for n, game in enumerate(games):
        await store.set_timer(game, "deadline", clock.now() - 100 + n, {})
    running, most, release, full = set(), 0, asyncio.Event(), asyncio.Event()

    async def handler(timer: TimerRow) -> None:
        nonlocal most
        running.add(timer.game_id)
        most = max(most, len(running))
        if most == MAX_FIRING:
            full.set()
        await release.wait()
        running.discard(timer.game_id)

    scheduler = Scheduler(store, clock, handler)
    scheduler.start()
    # until the first ones run (each reads the store first, in aiosqlite's thread)
    await asyncio.wait_for(full.wait(), 10)
    await settle()
    assert most == MAX_FIRING  # the others wait their turn, in due order
    assert running == set(games[:MAX_FIRING])
    release.set()
    await scheduler.idle()
    assert most == MAX_FIRING and await store.next_timer() is None
    await scheduler.stop()
