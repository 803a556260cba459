"""Replays of long finished games: how long a click on a replay's button takes.

    python -m tests.bench.bench_replays [--runs 60] [--workers 2] [--copies 10]

For each game, a long game is played to its end by the casual policy (the most seats,
the longest options: No Prob-Lama with 6 players, Miss Lupun's jokers with 6, ...) and
stored as the bot stores one (games, players, actions, results and a table digest
per step) in a temporary SQLite file, `--copies` times under other ids. Then, as a
click does (`PastGames`: the record read from the store, the step drawn by the game's
adapter in the drawing workers, the screen composed and laid out):

- "open, cold": a copy's last step, never replayed before in its worker (the whole
  game is replayed from the seed);
- "step": a step forward or back from a random step (replayed from a state kept);
- "seen by": a random step as a seat saw it (its panel);
- "page": the game's page (its final table, from the stored view, and the result).

Printed per game: its steps, then the median and p99 wall time of each, and the bot
process's own CPU per click (the replay and the pictures run in the workers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

from bot.core.clock import SystemClock
from bot.core.records import GameRecord
from bot.core.service import GameService
from bot.core.store import Store
from bot.core.store.engine import Connection
from bot.discord.drawing import Drawing
from bot.discord.ui import Screen, layout
from bot.stats.past import PastGames
from games import registry
from games.computers import Decision
from games.engine import AnyGame

GUILD = 1
LONG: dict[str, tuple[int, dict[str, Any]]] = {  # seats and options of a long game
    "lama": (6, {}),
    "lupun": (6, {"variant": "jokers"}),
    "tufteln": (6, {}),
    "luckybox": (6, {}),
    "lupusburg": (8, {}),
}


def long_game(game: AnyGame, seats: int, options: dict[str, Any], seed: int) -> list[Any]:
    """A game played to its end by the casual policy: its log, (seat or None, action)."""
    state = game.setup(seats, game.parse_options(options), seed)
    rng, log = random.Random(seed), list[tuple[int | None, Any]]()
    policy = game.computers().casual
    while game.result(state) is None:
        active = sorted(game.active(state))
        legal = game.legal_actions(state, active[0]) if active else []
        if not legal:
            state, _ = game.expire(state)
            log.append((None, {"type": "timeout", "phase": "-"}))
            continue
        action = policy(Decision(active[0], game.view(state, active[0]), legal, rng, budget=0))
        state, _ = game.apply(state, active[0], action)
        log.append((active[0], action.model_dump(mode="json")))
    result = game.result(state)
    assert result is not None
    return [log, game.view(state, None).model_dump_json(), result.model_dump_json()]


def store_game(
    db: Connection, game_id: int, kind: str, seats: int, options: str, seed: int, made: list[Any]
) -> None:
    log, final, outcome = made
    now = 1_700_000_000.0
    db.execute(
        "INSERT INTO games (id, guild_id, channel_id, kind, options, status, host_id, seed,"
        " created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, 'finished', 1000, ?, ?, ?, ?)",
        (game_id, GUILD, 10_000 + game_id, kind, options, seed, now, now, len(log) + seats),
    )
    db.executemany(
        "INSERT INTO players (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)",
        [(game_id, seat, 1000 + seat, f"Player {seat}") for seat in range(seats)],
    )
    first = seats + 1  # the lobby's joins, then the start
    db.executemany(
        "INSERT INTO actions (game_id, seq, user_id, action, created_at) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, first + n, None if seat is None else 1000 + seat,
             json.dumps(action), now + n)
            for n, (seat, action) in enumerate(log)
        ],
    )  # fmt: skip
    db.executemany(
        "INSERT INTO table_shown (game_id, version, fingerprint) VALUES (?, ?, ?)",
        [(game_id, first + n - 1, f"digest {n}") for n in range(len(log) + 1)],
    )
    db.execute(
        "INSERT INTO results (game_id, guild_id, kind, channel_id, finished_at, people, rated,"
        " lower_is_better, final, outcome) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?, ?)",
        (game_id, GUILD, kind, 10_000 + game_id, now + len(log), seats, final, outcome),
    )


async def measure(
    runs: int, click: Callable[[int], Awaitable[Screen]]
) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for run in range(runs):
        started, clock = time.process_time(), time.perf_counter()
        layout(await click(run))
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - clock)
    return wall, cpu


def figures(values: list[float]) -> str:
    p99 = statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]
    return f"{statistics.median(values) * 1000:7.1f} / {p99 * 1000:7.1f}"


async def bench_game(
    store: Store, past: PastGames, number: int, kind: str, args: argparse.Namespace
) -> None:
    seats, options = LONG[kind]
    rnd = random.Random(number)
    made = long_game(registry.get(kind), seats, options, seed=11)
    ids = [1000 * (number + 1) + copy for copy in range(args.copies)]
    for game_id in ids:
        await store._write(
            partial(store_game, game_id=game_id, kind=kind, seats=seats,
                    options=json.dumps(options), seed=11, made=made)
        )  # fmt: skip
    steps = len(made[0])
    await past.step(await past.record(GUILD, ids[0]), 1, None, "en")  # warm up

    async def record(game_id: int) -> GameRecord:
        return await past.record(GUILD, game_id)

    async def cold(n: int) -> Screen:
        return await past.step(await record(ids[n % len(ids)]), steps, None, "en")

    async def step(n: int) -> Screen:
        return await past.step(await record(ids[0]), at[n] + rnd.choice((-1, 1)), None, "en")

    async def seen(n: int) -> Screen:
        at, seat = rnd.randrange(steps), rnd.randrange(seats)
        return await past.step(await record(ids[0]), at, seat, "en")

    async def page(n: int) -> Screen:
        return await past.page(await record(ids[n % len(ids)]), "en")

    at = [rnd.randrange(1, steps) for _ in range(args.runs)]
    for n in at:  # each "step" starts where the player stands (as a click before it did)
        await past.step(await record(ids[0]), n, None, "en")
    for name, click, runs in (
        ("open, cold", cold, min(args.copies, args.runs)),
        ("step", step, args.runs),
        ("seen by", seen, args.runs),
        ("page", page, args.runs),
    ):
        wall, cpu = await measure(runs, click)
        print(f"{kind:<11} {steps:>5}  {name:<12} {figures(wall)}     {figures(cpu)}")


async def run(args: argparse.Namespace) -> None:
    drawing = Drawing(args.workers)
    drawing.start()
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "replays.sqlite3"))
        try:
            past = PastGames(GameService(store, SystemClock()), drawing)
            print("game        steps  click        wall ms (median / p99)   bot CPU ms")
            for number, kind in enumerate(LONG):
                await bench_game(store, past, number, kind, args)
        finally:
            await store.close()
            drawing.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2, help="drawing workers (0: threads)")
    parser.add_argument("--copies", type=int, default=10)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
