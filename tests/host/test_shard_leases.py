"""Processes started alike split the shards by leases in the database; a dead one's
shards are taken over once its leases run out; IDENTIFYs of processes that start
together are spaced per rate-limit key. Each "process" is a store of its own (its
own connections), on a fake clock."""

from __future__ import annotations

import asyncio
import itertools
import os
import socket
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.core.store import Store, StoreUnreachable
from bot.core.store.shards import ShardCountDiffers, ShardLeases, reserve_identify
from bot.discord.budget import RequestBudget, per_process
from bot.discord.leases import LeaseTiming, ShardKeeper
from bot.discord.sharding import MARGIN, SPACING, DatabaseIdentifyGate, ShardPlan
from tests.support.clock import FakeClock

ON_EACH_ENGINE = True  # a store concern: checked on SQLite and PostgreSQL

LEASE = 15.0
T0 = 1_800_000_000.0


@pytest.fixture
async def processes(database: str) -> AsyncIterator[Callable[[str], Any]]:
    """`await processes("a")`: the leases of a new process named "a", on a store (and
    connections) of its own."""
    stores: list[Store] = []

    async def process(owner: str) -> ShardLeases:
        store = await Store.open(database)
        stores.append(store)
        return ShardLeases(store, owner)

    yield process
    for store in stores:
        await store.close()


async def tick(leases: ShardLeases, now: float, share: int = 1, count: int = 3) -> tuple[int, ...]:
    return (await leases.tick(count=count, share=share, now=now, lease=LEASE)).mine


async def test_three_processes_started_at_once_take_one_shard_each(processes: Any) -> None:
    a, b, c = [await processes(name) for name in "abc"]
    ticks = await asyncio.gather(
        *(p.tick(count=3, share=1, now=T0, lease=LEASE, first=True) for p in (a, b, c))
    )
    assert sorted(shard for t in ticks for shard in t.mine) == [0, 1, 2]
    assert [len(t.mine) for t in ticks] == [1, 1, 1]
    assert ticks[-1].expires_at == T0 + LEASE
    assert max(t.processes for t in ticks) == 3


async def test_unlimited_the_first_process_takes_every_shard_and_the_next_waits(
    processes: Any,
) -> None:
    first, second = await processes("first"), await processes("second")
    assert await tick(first, T0, share=3) == (0, 1, 2)
    assert await tick(second, T0 + 1, share=3) == ()  # a standby
    assert await tick(first, T0 + 5, share=3) == (0, 1, 2)  # renewed
    assert (await second.tick(count=3, share=3, now=T0 + 6, lease=LEASE)).processes == 2


async def test_a_dead_processs_shard_is_taken_over_once_its_lease_runs_out(
    processes: Any,
) -> None:
    a, b, c = [await processes(name) for name in "abc"]
    held = {p.owner: await tick(p, T0) for p in (a, b, c)}
    assert held == {"a": (0,), "b": (1,), "c": (2,)}
    restarted = await processes("c-again")  # c was killed; a new process starts
    for now in (T0 + 5, T0 + 10):
        assert await tick(a, now) == (0,) and await tick(b, now) == (1,)
        assert await tick(restarted, now) == ()  # c's lease still holds
    assert await tick(a, T0 + LEASE) == (0,)  # at its share: not a's to take
    assert await tick(restarted, T0 + LEASE) == (2,)
    assert await tick(c, T0 + LEASE + 1) == ()  # c, back from a long pause: not its any more


async def test_a_shard_nobody_holds_for_a_lease_is_taken_past_the_share(processes: Any) -> None:
    """Three shards, two processes of one shard each (the third process never came, or
    died for good): shard 2 is not left without a process."""
    a, b = await processes("a"), await processes("b")
    assert await tick(a, T0) == (0,) and await tick(b, T0) == (1,)
    assert await tick(a, T0 + LEASE - 1) == (0,)  # free, not yet for a whole lease
    assert await tick(a, T0 + LEASE) == (0, 2)
    assert await tick(b, T0 + LEASE) == (1,)
    assert await tick(a, T0 + LEASE + 5) == (0, 2)  # and kept


async def test_one_shard_past_the_share_per_tick(processes: Any) -> None:
    only = await processes("only")
    assert await tick(only, T0, count=4) == (0,)
    assert await tick(only, T0 + LEASE, count=4) == (0, 1)
    assert await tick(only, T0 + LEASE + 5, count=4) == (0, 1, 2)


async def test_a_graceful_stop_frees_its_shards_at_once(processes: Any) -> None:
    a, b = await processes("a"), await processes("b")
    assert await tick(a, T0, share=3) == (0, 1, 2)
    assert await tick(b, T0 + 1, share=3) == ()
    await a.release(T0 + 2)
    result = await b.tick(count=3, share=3, now=T0 + 3, lease=LEASE)
    assert result.mine == (0, 1, 2) and result.processes == 1


async def test_the_count_of_processes_forgets_a_dead_one_when_its_lease_runs_out(
    processes: Any,
) -> None:
    a, b = await processes("a"), await processes("b")
    await tick(a, T0)
    await tick(b, T0)
    assert await a.others_alive(T0 + 1) == 1
    assert (await a.tick(count=3, share=1, now=T0 + 5, lease=LEASE)).processes == 2
    later = await a.tick(count=3, share=1, now=T0 + LEASE + 1, lease=LEASE)  # b is gone
    assert later.processes == 1


async def test_a_process_with_another_shard_count_is_refused_in_one_sentence(
    processes: Any,
) -> None:
    a, b = await processes("a"), await processes("b")
    await tick(a, T0, count=3)
    with pytest.raises(ShardCountDiffers) as refused:
        await b.tick(count=4, share=1, now=T0 + 1, lease=LEASE, first=True)
    assert str(refused.value) == (
        "Bot processes with SHARD_COUNT=3 are running on this database and this one has"
        " SHARD_COUNT=4: give every process the same SHARD_COUNT."
    )
    # Once they are gone, the new count takes over (the rows of shard 3 are made).
    assert await tick(b, T0 + LEASE + 1, count=4, share=4) == (0, 1, 2, 3)


# -- IDENTIFY spaced across processes ---------------------------------------------------


async def test_identifies_reserved_by_two_processes_are_spaced_per_key(processes: Any) -> None:
    one, two = await processes("one"), await processes("two")
    gap = SPACING + MARGIN
    first = await reserve_identify(one.store, 0, earliest=T0, spacing=gap)
    second = await reserve_identify(two.store, 0, earliest=T0, spacing=gap)
    other_key = await reserve_identify(two.store, 1, earliest=T0, spacing=gap)
    late = await reserve_identify(one.store, 0, earliest=T0 + 60, spacing=gap)
    assert (first, second, other_key, late) == (T0, T0 + gap, T0, T0 + 60)


class IdentifyTime:
    """Sleeping moves time on at once; each IDENTIFY is recorded with its moment."""

    def __init__(self) -> None:
        self.now = T0
        self.identified: list[tuple[float, int]] = []

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)
        self.now += seconds

    async def identify(self, gate: DatabaseIdentifyGate, shard_id: int) -> None:
        await gate.wait(shard_id)
        self.identified.append((self.now, shard_id))


@pytest.mark.parametrize("concurrency", [1, 2])
async def test_two_claimants_starting_together_identify_five_seconds_apart_per_key(
    processes: Any, clock: FakeClock, concurrency: int
) -> None:
    identified: list[tuple[float, int]] = []
    sleeping: set[asyncio.Task[Any] | None] = set()

    async def starts(gate: DatabaseIdentifyGate, shards: list[int]) -> None:
        for shard in shards:  # as discord.py starts a process's shards: one by one
            await gate.wait(shard)
            identified.append((clock.now(), shard))

    async def sleep(seconds: float) -> None:
        sleeping.add(asyncio.current_task())
        try:
            await clock.sleep_until(clock.now() + seconds)
        finally:
            sleeping.discard(asyncio.current_task())

    both = []
    for name, shards in (("one", [0, 2, 4]), ("two", [1, 3, 5])):
        gate = DatabaseIdentifyGate(concurrency, now=clock.now, sleep=sleep)
        gate.bind((await processes(name)).store)
        both.append(asyncio.create_task(starts(gate, shards)))
    for _ in range(4000):  # time passes only while both wait for it, not for the database
        if all(task.done() for task in both):
            break
        if all(task.done() or task in sleeping for task in both):
            await clock.advance(0.25)
        else:
            await asyncio.sleep(0.001)
    await asyncio.wait_for(asyncio.gather(*both), 1)
    assert sorted(s for _, s in identified) == [0, 1, 2, 3, 4, 5]
    last: dict[int, float] = {}
    for at, shard in sorted(identified):
        key = shard % concurrency
        assert key not in last or at - last[key] >= SPACING, identified
        last[key] = at
    assert identified[-1][0] - identified[0][0] < 6 / concurrency * (SPACING + MARGIN)


async def test_the_gate_spaces_this_processs_identifies_while_the_database_is_away(
    processes: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    time = IdentifyTime()
    gate = DatabaseIdentifyGate(1, now=lambda: time.now, sleep=time.sleep)
    gate.bind((await processes("one")).store)

    async def away(*args: object, **kwargs: object) -> float:
        raise StoreUnreachable("the database cannot be reached")

    monkeypatch.setattr("bot.discord.sharding.reserve_identify", away)
    for shard in range(3):
        await time.identify(gate, shard)
    moments = [at for at, _ in time.identified]
    assert [b - a for a, b in itertools.pairwise(moments)] == [SPACING + MARGIN] * 2


# -- the keeper: sessions started and stopped, the token's budget shared ----------------


class Sessions:
    def __init__(self) -> None:
        self.running: set[int] = set()
        self.log: list[str] = []

    def start_shard(self, shard_id: int) -> None:
        self.running.add(shard_id)
        self.log.append(f"+{shard_id}")

    async def stop_shard(self, shard_id: int) -> None:
        self.running.discard(shard_id)
        self.log.append(f"-{shard_id}")


TIMING = LeaseTiming(lease=LEASE, renew=5.0, margin=1.0)


@pytest.fixture
async def keepers(processes: Any, clock: FakeClock) -> AsyncIterator[Callable[..., Any]]:
    """`await keepers("a", share=1)`: a process's keeper with its sessions, renewing on
    the fake clock (advancing it waits for the renewals)."""
    made: list[ShardKeeper] = []

    async def keeper(owner: str, share: int | None = 1) -> tuple[ShardKeeper, Sessions]:
        budget = RequestBudget(per_process(1))
        plan = ShardPlan(3, None, share)
        made.append(ShardKeeper(await processes(owner), plan, clock, budget, TIMING))
        sessions = Sessions()
        sessions.running.update(await made[-1].claim())
        made[-1].start(sessions)
        clock.quiet_checks.append(made[-1].idle)
        return made[-1], sessions

    yield keeper
    for each in made:
        await each.stop()


async def test_three_processes_split_the_shards_and_one_killed_is_taken_over_after_its_lease(
    keepers: Any, clock: FakeClock
) -> None:
    (a, at_a), (b, at_b), (c, at_c) = [await keepers(name) for name in "abc"]
    assert [at_a.running, at_b.running, at_c.running] == [{0}, {1}, {2}]
    await clock.advance(5)
    assert [k.budget.limit for k in (a, b, c)] == [per_process(3)] * 3
    await c.stop()  # kill -9: nothing released
    restarted, at_restarted = await keepers("c-again")
    assert at_restarted.running == set() and restarted.budget.limit == per_process(4)
    await clock.advance(LEASE - 5)  # c's lease runs out: the next renewal takes it
    assert at_restarted.running == set()
    await clock.advance(5)
    assert at_restarted.running == {2} and at_restarted.log == ["+2"]
    assert (at_a.log, at_b.log) == ([], [])  # the others never moved
    assert [k.budget.limit for k in (a, b, restarted)] == [per_process(3)] * 3


async def test_a_process_joining_others_holds_its_requests_until_they_have_counted_it(
    keepers: Any, clock: FakeClock
) -> None:
    first, _ = await keepers("first")
    assert first.budget._held_until == 0.0  # alone: nobody to wait for
    second, _ = await keepers("second")
    assert second.budget._held_until > 0.0
    held = second.budget._held_until - second.budget._now()
    assert held == pytest.approx(TIMING.renew + TIMING.margin, abs=0.5)


async def test_a_process_that_cannot_renew_stops_its_shards_before_another_may_take_them(
    keepers: Any, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    keeper, sessions = await keepers("a", share=3)
    assert sessions.running == {0, 1, 2}
    renew = keeper.leases.tick

    async def away(**kwargs: Any) -> Any:
        raise StoreUnreachable("the database cannot be reached")

    monkeypatch.setattr(keeper.leases, "tick", away)
    await clock.advance(5)
    assert sessions.running == {0, 1, 2}  # the leases hold past the next attempt
    await clock.advance(5)  # they would not: stopped, 5 s before they run out
    assert sessions.running == set() and clock.now() < keeper.expires_at
    monkeypatch.setattr(keeper.leases, "tick", renew)
    await clock.advance(5)  # back: nobody took them meanwhile, so they are its again
    assert sessions.running == {0, 1, 2}
    assert sessions.log == ["-0", "-1", "-2", "+0", "+1", "+2"]


async def test_a_shard_another_process_holds_now_is_stopped_here(
    keepers: Any, processes: Any, clock: FakeClock
) -> None:
    keeper, sessions = await keepers("slow", share=1)
    assert sessions.running == {0}
    await keeper.stop()  # its loop stalls past the lease (a paused VM)
    await clock.advance(LEASE + 1)
    other = await processes("other")
    assert await tick(other, clock.now(), share=3) == (0, 1, 2)
    keeper.start(sessions)
    await clock.advance(5)
    assert sessions.running == set() and sessions.log == ["-0"]


async def test_a_restarted_process_frees_its_dead_predecessors_shards_at_once(
    keepers: Any, clock: FakeClock
) -> None:
    """Killed and started again on the same machine: the leases of a process of this
    host whose PID is gone are freed at its start, not waited out (15 s without the
    shards); a live process's, or another machine's, are left to their leases."""
    here = socket.gethostname()
    ended = await asyncio.create_subprocess_exec("true")
    await ended.wait()  # reaped: its PID is no longer there
    dead_pid = ended.pid
    alive = await asyncio.create_subprocess_exec("sleep", "60")
    try:
        (_, at_alive), (killed, _), (far, _) = [
            await keepers(owner)
            for owner in (f"{here}:{alive.pid}:a", f"{here}:{dead_pid}:b", f"far:{dead_pid}:c")
        ]
        await killed.stop()  # kill -9 of both: nothing released
        await far.stop()
        await clock.advance(1)
        restarted, at_restarted = await keepers(f"{here}:{os.getpid()}:new")
        assert at_restarted.running == {1}  # the dead one's shard, at once
        # Counted: the live one, the other machine's (until its lease runs out), itself.
        assert restarted.processes == 3 and restarted.budget.limit == per_process(3)
        await clock.advance(2 * LEASE)  # the far one's shard: free once its lease ran out
        assert at_alive.running | at_restarted.running == {0, 1, 2}
        assert 0 in at_alive.running and 1 in at_restarted.running
    finally:
        alive.kill()
        await alive.wait()
