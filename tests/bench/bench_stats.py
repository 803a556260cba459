"""/stats and /leaderboard with 100,000 finished games stored: the bot's CPU per answer.

    python -m tests.bench.bench_stats [--games 100000] [--members 300] [--runs 300]
                                      [--database postgresql://...]

Fills a fresh database (a temporary SQLite file, or `--database`) with finished games
on one server, each recorded by the code that records a game's end (`record_finish`:
the results, seats and openskill ratings), 1,000 games a transaction. Five games, 2-6
players each, members chosen with a skewed activity (the busiest plays in about one
game of six). Then answers `/stats show` (all games, and one game: with the rating's
picture and, for Tüfteln, the best sheet, from a real final table) for the busiest
member and for random ones, and `/leaderboard` pages, as the commands build them (the
store's reads, the pictures and the screen laid out by the one renderer), without
Discord. Pictures are kept once drawn; "drawn anew" asks for members not asked before.

Bot CPU is the process's CPU time (every thread: SQLite's reads run in aiosqlite's);
wall time is shown beside it. Target: median and p99 under 50 ms of CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from bot.core.clock import SystemClock
from bot.core.service import GameService
from bot.core.store import PlayerRow, Store
from bot.core.store.engine import Connection
from bot.core.store.stats import Finished, record_finish
from bot.discord.ui import Screen, layout
from bot.stats.commands import StatsCommands
from games.engine import Result, free_for_all
from tests.conformance.support import Case, playout

GUILD = 1
KINDS = ("lama", "tufteln", "lupun", "luckybox", "lupusburg")
BATCH = 1000


def fake_games(count: int, members: int, rnd: random.Random) -> list[Finished]:
    """`count` finished games on one server, a minute apart."""
    weights = [1 / (n + 1) ** 0.8 for n in range(members)]  # a few play most games
    games = []
    for number in range(count):
        kind = KINDS[number % len(KINDS)]
        seats = rnd.randint(2, 6)
        users: set[int] = set()
        while len(users) < seats:
            users.update(rnd.choices(range(members), weights, k=seats - len(users)))
        scores = tuple(rnd.randint(0, 60) for _ in range(seats))
        best = max(scores)
        result = Result(scores=scores, winners=tuple(s for s, v in enumerate(scores) if v == best))
        game_id = number + 1
        games.append(
            Finished(
                game_id=game_id,
                guild_id=GUILD,
                kind=kind,
                channel_id=10_000_000 + game_id,
                finished_at=1_600_000_000.0 + 60 * number,
                players=tuple(
                    PlayerRow(seat, 1000 + user, f"Player {user}")
                    for seat, user in enumerate(sorted(users))
                ),
                result=result,
                matches=(free_for_all(result),),
                final='{"over": true}',
            )
        )
    return games


async def real_sheets(store: Store) -> None:
    """Every member's best Tüfteln game gets a real final table (six sheets), for the
    best sheet's picture (the others keep a stand-in: nothing reads them)."""
    run = playout(Case("tufteln", 6, 1))
    final = run.case.game.view(run.final, None).model_dump_json()
    await store._write(
        lambda db: db.execute(
            "UPDATE results SET final = ? WHERE game_id IN (SELECT high_game FROM member_totals"
            " WHERE kind = 'tufteln' AND lower_is_better = 0)",
            (final,),
        )
    )


def record(db: Connection, batch: list[Finished], for_update: str) -> None:
    db.executemany(
        "INSERT INTO games (id, guild_id, channel_id, kind, options, status, host_id, seed,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, '{}', 'finished', ?, 0, ?, ?)",
        [
            (g.game_id, g.guild_id, g.channel_id, g.kind, g.players[0].user_id,
             g.finished_at, g.finished_at)
            for g in batch
        ],
    )  # fmt: skip
    for game in batch:
        record_finish(db, game, for_update)


async def fill(store: Store, games: list[Finished]) -> float:
    start = time.perf_counter()
    for first in range(0, len(games), BATCH):
        batch = games[first : first + BATCH]
        await store._write(partial(record, batch=batch, for_update=store.engine.dialect.for_update))
    return time.perf_counter() - start


async def measure(
    runs: int, answer: Callable[[], Awaitable[Screen]]
) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of each answer: the reads and the screen's layout."""
    cpu, wall = [], []
    for _ in range(runs):
        started, clock = time.process_time(), time.perf_counter()
        layout(await answer())
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - clock)
    return cpu, wall


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def report(name: str, cpu: list[float], wall: list[float]) -> None:
    def ms(values: list[float]) -> str:
        return (
            f"median {statistics.median(values) * 1000:6.2f} ms  p99 {p99(values) * 1000:6.2f} ms"
        )

    print(f"{name:<32} CPU {ms(cpu)}   (wall {ms(wall)})")


async def run(args: argparse.Namespace) -> None:
    rnd = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        target = args.database or str(Path(folder) / "bench.sqlite3")
        store = await Store.open(target)
        try:
            games = fake_games(args.games, args.members, rnd)
            took = await fill(store, games)
            engine = store.engine.dialect.name
            print(f"{args.games} finished games, {args.members} members, one server ({engine});"
                  f" recorded in {took:.1f} s")  # fmt: skip
            rows = await store.engine.read(
                "SELECT user_id, COUNT(*) AS n FROM result_seats GROUP BY user_id"
                " ORDER BY n DESC LIMIT 1",
                (),
            )
            busiest, most = int(rows[0]["user_id"]), int(rows[0]["n"])
            print(f"the busiest member played {most} games")
            await real_sheets(store)
            commands = StatsCommands(GameService(store, SystemClock()), games=[])
            members = [1000 + n for n in range(args.members)]

            def stats(user: int | None = None, kind: str | None = None) -> Awaitable[Screen]:
                who = user if user is not None else rnd.choice(members)
                return commands.stats_screen(GUILD, who, f"P{who}", kind, "en", own=True)

            fresh = iter(members)

            def board(page: int | None = None) -> Awaitable[Screen]:
                chosen = page if page is not None else rnd.randrange(4)
                return commands.board_screen(GUILD, rnd.choice(KINDS), chosen, "en")

            await measure(20, stats)  # warm up: caches, the first page reads
            runs = args.runs
            report("/stats, busiest member", *await measure(runs, lambda: stats(busiest)))
            report(
                "/stats <game>, busiest member",
                *await measure(runs, lambda: stats(busiest, rnd.choice(KINDS))),
            )
            report("/stats, a random member", *await measure(runs, stats))
            report(
                "/stats tufteln, drawn anew",
                *await measure(min(runs, args.members), lambda: stats(next(fresh), "tufteln")),
            )
            report("/leaderboard, first page", *await measure(runs, lambda: board(0)))
            report("/leaderboard, a random page", *await measure(runs, board))
        finally:
            await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--members", type=int, default=300)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a temporary SQLite file)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
