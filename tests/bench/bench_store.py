"""Store speed at 1,000 stored games: commit one action, reload one game (medians),
on SQLite and, with TEST_DATABASE_URL (or --postgres URL) set, on PostgreSQL too.

    python -m tests.bench.bench_store [--postgres postgresql://...]

Also reports the resident memory of the bot's process (discord.py, every game and
adapter loaded) holding 1,000 games in play, a mix of every game kind.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

import bot.discord.app  # noqa: F401  (the whole bot's code in memory, as when it runs)
from bot.core.clock import SystemClock
from bot.core.service import GameService
from bot.core.store import Store
from games import registry
from tests.support.databases import TEST_DATABASE_URL, fresh_schema
from tests.support.race import install

install()  # the example game, as in the tests

GAMES = 1000
SAMPLES = 2000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--postgres", default=TEST_DATABASE_URL, help="a PostgreSQL server")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("SQLite:")
        await measure(str(Path(folder) / "bench.sqlite3"))
    if args.postgres:
        print("PostgreSQL:")
        with fresh_schema(args.postgres) as url:
            await measure(url)


async def measure(database: str) -> None:
    store = await Store.open(database)
    service = GameService(store, SystemClock())
    ids = []
    kinds = [("race", {"target": 50})] + [(g.id, {}) for g in registry.offered()]
    for n in range(GAMES):
        kind, options = kinds[n % len(kinds)]
        live = await service.open_lobby(
            kind=kind, options=options, guild_id=1, channel_id=10_000 + n,
            parent_id=None, host_id=1, host_name="Ana", locale="en",
        )  # fmt: skip
        for user in range(2, 2 + max(1, live.game.min_players - 1)):
            await service.join(live.id, user, f"P{user}")
        await service.start(live.id, 1)
        if kind == "race":
            ids.append(live.id)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    commit, reload, act = [], [], []
    # Raw store writes go to a second set of games, so the service's stay intact.
    raw_ids, service_ids = ids[100:], ids[:100]
    raw = [(await store.game(i)).version for i in raw_ids]  # type: ignore[union-attr]
    versions = dict(zip(raw_ids, raw, strict=True))
    for _ in range(SAMPLES):
        game_id = random.choice(raw_ids)
        state = json.dumps({"counter": random.randint(0, 9), "padding": "x" * 400})
        start = time.perf_counter()
        versions[game_id] = await store.commit_action(
            game_id, expected=versions[game_id], user_id=1,
            action={"type": "add", "amount": 1}, state=state, now=time.time(),
        )  # fmt: skip
        commit.append(time.perf_counter() - start)
        start = time.perf_counter()
        await store.game(game_id)
        await store.players(game_id)
        reload.append(time.perf_counter() - start)

    # Through the service: validate, apply, commit (games held in memory).
    for _ in range(SAMPLES):
        live = await service.load(random.choice(service_ids))
        if live.status != "running":
            continue
        user = live.players[live.state.turn % 2].user_id  # type: ignore[union-attr]
        start = time.perf_counter()
        await service.act(live.id, user, {"type": "add", "amount": 1})
        act.append(time.perf_counter() - start)
    await service.shown()  # the outbox, emptied before the store closes
    await store.close()

    print(f"  games stored: {GAMES}, in play and in memory: {service.cached}")
    print(f"  commit one action (store): median {statistics.median(commit) * 1000:.3f} ms")
    print(f"  reload one game (store):   median {statistics.median(reload) * 1000:.3f} ms")
    print(f"  apply one action (service): median {statistics.median(act) * 1000:.3f} ms")
    print(f"  peak resident memory with {GAMES} games in play: {rss_mb:.0f} MB")


if __name__ == "__main__":
    asyncio.run(main())
