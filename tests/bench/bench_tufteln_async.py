"""Benchmark: one Tüfteln roll placed by 200 asynchronous players through the host.

    python -m tests.bench.bench_tufteln_async

A scheduled game of 200 players on a temporary SQLite file: the deadline timer makes
the roll, then every player's placement goes through `GameService.act` (validate,
apply, commit the state and the action log). Target: all 200 under 2 s. Prints the
total, the median per placement, and the table screen the presenter would draw
after each placement.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.core.service import GameService
from bot.core.store import Store
from bot.discord.adapters import adapter_for
from bot.discord.contexts import table_context
from games.engine import dump_action
from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from tests.support.clock import FakeClock

PLAYERS = 200
TARGET_SECONDS = 2.0


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        clock = FakeClock()
        service = GameService(store, clock)
        live = await service.open_lobby(
            kind="tufteln", options={"schedule": "every 4h"}, guild_id=1, channel_id=10,
            parent_id=None, host_id=1, host_name="P001", locale="en",
        )  # fmt: skip
        for user in range(2, PLAYERS + 1):
            await service.join(live.id, user, f"P{user:03}")
        await service.start(live.id, 1)
        service.scheduler.start()
        await clock.advance(1)  # phase r0 is due as the game starts: roll 1
        state = live.state
        assert isinstance(state, TuftelnState) and len(state.rolls) == 1

        rnd = random.Random(1)
        choices = [
            (p.user_id, dump_action(rnd.choice(GAME.legal_actions(state, p.seat))))
            for p in live.players
        ]
        samples = []
        started = time.perf_counter()
        for user_id, action in choices:
            start = time.perf_counter()
            await service.act(live.id, user_id, action)
            samples.append(time.perf_counter() - start)
        total = time.perf_counter() - started

        stored = await store.game(live.id)
        assert stored is not None and stored.state is not None
        assert stored.state["placed"] == [1] * PLAYERS, "every placement is in the store"
        adapter = adapter_for("tufteln")
        tables = []
        for _ in range(20):
            start = time.perf_counter()
            adapter.table(table_context(live))
            tables.append(time.perf_counter() - start)
        await service.scheduler.stop()
        await store.close()

    verdict = "ok" if total < TARGET_SECONDS else f"SLOWER than {TARGET_SECONDS:.0f} s"
    print(f"{PLAYERS} placements of one roll, applied and stored: {total:.3f} s ({verdict})")
    print(f"per placement: median {statistics.median(samples) * 1000:.3f} ms")
    print(f"table screen with {PLAYERS} players: median {statistics.median(tables) * 1000:.3f} ms")


if __name__ == "__main__":
    asyncio.run(main())
