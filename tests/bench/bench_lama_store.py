"""No Prob-Lama through the host: one turn applied and stored (medians).

    python -m tests.bench.bench_lama_store

Each action goes through GameService.act (validate, apply, commit to SQLite in WAL
mode on a temporary file, reschedule the step's deadline), as a click does, without
Discord. A turn is two actions: take a card, then place, discard or give it.
Target: one turn under 2 ms.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.core.clock import SystemClock
from bot.core.service import GameService, LiveGame
from bot.core.store import Store
from games.lama import GAME
from games.lama.models import LamaState

GAMES = 20
TURNS = 2000
PLAYERS = 4


async def new_game(service: GameService, channel: int) -> LiveGame:
    live = await service.open_lobby(
        kind="lama", options={"turn_seconds": 120}, guild_id=1, channel_id=channel,
        parent_id=None, host_id=1, host_name="P1", locale="en",
    )  # fmt: skip
    for user in range(2, PLAYERS + 1):
        await service.join(live.id, user, f"P{user}")
    return await service.start(live.id, 1)


async def act(service: GameService, live: LiveGame, rnd: random.Random) -> float:
    """One action by someone whose turn it is; its duration in seconds."""
    state = live.state
    assert isinstance(state, LamaState)
    seat = rnd.choice(sorted(GAME.active(state)))
    action = rnd.choice(GAME.legal_actions(state, seat)).model_dump(mode="json")
    start = time.perf_counter()
    await service.act(live.id, live.players[seat].user_id, action, phase=live.phase)
    return time.perf_counter() - start


async def main() -> None:
    rnd = random.Random(1)
    steps, turns = [], []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = GameService(store, SystemClock())
        games = [await new_game(service, 10_000 + n) for n in range(GAMES)]
        channel = 20_000
        for _ in range(TURNS):
            index = rnd.randrange(GAMES)
            live = games[index]
            state = live.state
            assert isinstance(state, LamaState)
            if state.phase == "peek":
                while isinstance(live.state, LamaState) and live.state.phase == "peek":
                    await act(service, live, rnd)
                continue
            first = await act(service, live, rnd)
            second = await act(service, live, rnd)
            steps += [first, second]
            turns.append(first + second)
            if live.status != "running":
                channel += 1
                games[index] = await new_game(service, channel)
        await service.scheduler.stop()
        await store.close()

    print(f"turns: {len(turns)} in {GAMES} games of {PLAYERS} players (SQLite, temp file)")
    print(f"one turn step applied and stored: median {statistics.median(steps) * 1000:.3f} ms")
    print(f"one turn applied and stored:      median {statistics.median(turns) * 1000:.3f} ms")
    print("target: one turn under 2 ms")


if __name__ == "__main__":
    asyncio.run(main())
