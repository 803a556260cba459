"""The wall clock stepping (NTP, a VM resumed) while time runs on: every pending
deadline keeps the time it had left, in the store and in the cached game."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.core.service import GameService
from bot.core.store import Store
from tests.support.clock import FakeClock
from tests.support.started import ANA, started_race

ON_EACH_ENGINE = True  # a store concern: checked on SQLite and PostgreSQL

HOUR = 3600.0


async def timeouts(store: Store, game_id: int) -> int:
    return sum(user is None for _, user, _ in await store.actions(game_id))


async def test_a_deadline_still_fires_on_time_when_the_wall_clock_jumps_back(
    service: GameService, store: Store, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await started_race(service, 10)
    clock.step(-HOUR)
    await clock.advance(30)
    live = await service.load(game_id)
    assert live.deadline_at == pytest.approx(clock.now() + 30)  # the cached one moved too
    (deadline,) = [t for t in await store.timers(game_id) if t.kind == "deadline"]
    assert deadline.due_at == pytest.approx(clock.now() + 30)
    await clock.advance(29)
    assert await timeouts(store, game_id) == 0
    await clock.advance(1)  # 60 s after the turn began, whatever the wall clock says
    assert await timeouts(store, game_id) == 1
    steps = [r for r in caplog.records if "wall clock stepped" in r.getMessage()]
    assert len(steps) == 1 and steps[0].levelno == logging.WARNING


async def test_a_deadline_does_not_fire_early_when_the_wall_clock_jumps_forward(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    waiting, other = await started_race(service, 10), await started_race(service, 11)
    clock.step(HOUR)
    await service.act(other, ANA, {"amount": 1})  # a click elsewhere wakes the timers
    await clock.advance(59)
    assert await timeouts(store, waiting) == 0  # not an hour's worth early
    assert await timeouts(store, other) == 0  # (its new deadline was set after the step)
    # On time, give or take a scheduler's wake over PostgreSQL (an hour's error is not).
    for _ in range(5):
        await clock.advance(1)
        if await timeouts(store, waiting) == 1 and await timeouts(store, other) == 1:
            break
    assert await timeouts(store, waiting) == 1
    assert await timeouts(store, other) == 1


async def test_two_writes_at_once_after_a_step_move_the_timers_once(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    """Both writes would apply a step not yet written: only one may, so the stored
    deadline moves by the step once (not twice, made up for by reads until a later
    write took it back)."""
    game_id = await started_race(service, 10)
    sql = "SELECT due_at FROM timers WHERE game_id = ? AND kind = 'deadline'"
    (before,) = await store.engine.read(sql, (game_id,))
    store.shift_timers(HOUR)
    await asyncio.gather(store._write(lambda db: None), store._write(lambda db: None))
    (after,) = await store.engine.read(sql, (game_id,))
    assert after["due_at"] == pytest.approx(before["due_at"] + HOUR)
