"""Wake-ups between processes (PostgreSQL's LISTEN/NOTIFY) against the fallbacks alone.

    python -m tests.bench.bench_wakeups [--postgres URL] [--rounds 8]

Two stores on one database stand for two processes (each with its own connections);
the second runs the game service, once with its wake-up listener (`Store.listen`) and
once without it (as before wake-ups: a claim tried again after a growing pause, the
timers looked at every `SHARED_POLL` seconds). Measured, per round:

- delivery handed over: the first process shows a game (holds its delivery) for
  0.2-1.5 s, at random, while the second commits a change of that game and waits for
  the claim; from the first's release to the change shown by the second;
- a dead process's timer: the first plans a timer due in 0.5-1.5 s and dies before it
  is due (it never fires it); how late the second fires it. Planned at a random moment
  of the second's poll (0-10 s after it last looked).

Needs a PostgreSQL server: TEST_DATABASE_URL or --postgres (a fresh schema is made).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.core.clock import SystemClock
from bot.core.scheduler import SHARED_POLL
from bot.core.service import Change, GameService, LiveGame
from bot.core.store import Store, TimerRow
from tests.support.databases import TEST_DATABASE_URL, fresh_schema
from tests.support.race import install
from tests.support.started import ANA, started_race

BENCH = "bench"  # the timer kind measured here


class Second:
    """The second process: a game service that records when it shows a change and
    fires a timer, with or without its wake-up listener."""

    def __init__(self, store: Store, *, wake_ups: bool) -> None:
        self.store = store
        self.service = GameService(store, SystemClock())
        self.service.listeners.append(self._shown)
        self.service.timer_handlers[BENCH] = self._fired
        self.wake_ups = wake_ups
        self.shown: dict[tuple[int, int | None], asyncio.Future[float]] = {}
        self.fired: dict[int, asyncio.Future[float]] = {}  # game -> when its timer fired
        self._listening: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.service.scheduler.start()
        if self.wake_ups:
            self._listening = asyncio.create_task(self.store.listen(self.service.woken))
            await asyncio.sleep(0.5)  # listening

    async def stop(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
        await self.service.scheduler.stop()

    def when_shown(self, game: int, version: int | None) -> asyncio.Future[float]:
        return self.shown.setdefault((game, version), asyncio.get_running_loop().create_future())

    def when_fired(self, game: int) -> asyncio.Future[float]:
        return self.fired.setdefault(game, asyncio.get_running_loop().create_future())

    async def _shown(self, change: Change) -> None:
        shown = self.when_shown(change.game.id, change.version)
        if not shown.done():
            shown.set_result(time.monotonic())

    async def _fired(self, live: LiveGame, timer: TimerRow) -> None:
        fired = self.when_fired(live.id)
        if not fired.done():
            fired.set_result(time.time())


async def handed_over(first: GameService, second: Second, channel: int, hold: float) -> float:
    """Seconds from the first's release of a game's delivery to the second's change
    shown."""
    game = await started_race(first, channel)
    await first.shown()
    assert await first.store.claim_delivery(game, time.time())  # the first shows the game
    started = time.monotonic()
    await second.service.act(game, ANA, {"amount": 1})  # waits for the claim to show it
    version = await second.store.version(game)
    await asyncio.sleep(max(hold - (time.monotonic() - started), 0))
    released = time.monotonic()
    await first.store.release_delivery(game)
    return await second.when_shown(game, version) - released


async def dead_timer(
    first: GameService, second: Second, channel: int, due_in: float, phase: float
) -> float:
    """Seconds late the second fires a timer the first planned and died before."""
    game = await started_race(first, channel)
    await asyncio.sleep(phase)  # the second's last look at the timers: any time before
    due = time.time() + due_in
    await first.store.set_timer(game, BENCH, due, {})  # and the first dies
    return await second.when_fired(game) - due


async def run(url: str, rounds: int, seed: int) -> dict[tuple[str, bool], list[float]]:
    install()
    rng = random.Random(seed)
    results: dict[tuple[str, bool], list[float]] = {}
    channel = 1000
    for wake_ups in (False, True):
        first_store, second_store = await Store.open(url), await Store.open(url)
        first = GameService(first_store, SystemClock())  # no scheduler: it never fires
        second = Second(second_store, wake_ups=wake_ups)
        await second.start()
        try:
            for _ in range(rounds):
                channel += 1
                hold = rng.uniform(0.2, 1.5)
                took = await handed_over(first, second, channel, hold)
                results.setdefault(("delivery handed over", wake_ups), []).append(took)
            for _ in range(rounds):
                channel += 1
                due_in, phase = rng.uniform(0.5, 1.5), rng.uniform(0, SHARED_POLL)
                late = await dead_timer(first, second, channel, due_in, phase)
                results.setdefault(("a dead process's timer fired late", wake_ups), []).append(late)
        finally:
            await second.stop()
            await first.shown()
            await first_store.close()
            await second_store.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_wakeups")
    parser.add_argument("--postgres", default=TEST_DATABASE_URL, help="a PostgreSQL server")
    parser.add_argument("--rounds", type=int, default=8, help="of each measure, each way")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.postgres:
        print("Set TEST_DATABASE_URL or --postgres: wake-ups are PostgreSQL's.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    with fresh_schema(args.postgres) as url:
        results = asyncio.run(run(url, args.rounds, args.seed))
    print(f"{args.rounds} rounds each; timers polled every {SHARED_POLL:g} s without wake-ups")
    print("| measure (seconds) | wake-ups | median | max |")
    print("|---|---|---|---|")
    for (name, wake_ups), values in results.items():
        print(
            f"| {name} | {'on' if wake_ups else 'off'} | {statistics.median(values):.3f}"
            f" | {max(values):.3f} |"
        )
    print(f"(run took {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
