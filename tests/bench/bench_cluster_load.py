"""Load benchmark across set-ups: the load mix on one process over SQLite, one over
PostgreSQL, and three (shards 0, 1, 2 of 3) over PostgreSQL, side by side in one run.

    python -m tests.bench.bench_cluster_load [--games 50] [--seconds 60] [--seed 1]
        [--only sqlite,pg1,pg3] [--keep DIR]

Each set-up gets a Discord double of its own (in this process, with Discord's limits
on: the token's global 50 requests a second, IDENTIFY's pace) and the same players:
`--games` games of the mix (`tests/bench/load/games.py`: No Prob-Lama, live Tüfteln,
Lupusburg, Miss Lupun, Lucky Box), spread over three servers, one on each shard of
three, played as fast as the games allow for `--seconds` (`tests/bench/load/
players.py`). PostgreSQL is a server of the run's own (`tests/cluster/postgres.py`),
a fresh database for each set-up. Printed per set-up: clicks per second, the
acknowledgement's p50/p99 and late ones (over 3 s or never), the answer shown p99 (a
panel, its update, a sentence), actions committed per second, the requests counted
against the token's budget per second (the double's `global_limit`) and its busiest
second, the busiest second of the same requests as the bots sent them (all processes
together, each attempt as it left), global 429s, the CPU seconds per click of every
process tree (bots and their picture workers; the double and players are one process
besides), and the p99 event-loop lag of the bots and of the double. The double counts
a request against the global limit when its loop handles it: while that loop lags,
requests sent evenly are counted bunched, as a network that held them up would
deliver them to Discord (the two busiest seconds tell them apart).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

if __package__ in (None, ""):  # run as a script: the repository root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.double import DiscordDouble, SimUser, running_double
from bot.double.interactions import ACK_DEADLINE
from bot.double.model import Guild
from tests.bench.load.games import MIX, Kind, mix
from tests.bench.load.lag import LagSampler, busiest_second, read_lags, read_sent
from tests.bench.load.measure import ack_ms, percentile
from tests.bench.load.players import TIMEOUTS, Database, Players
from tests.bench.load.run import Measured, Recorder, _settle
from tests.cluster.postgres import PrivatePostgres

SHARDS = 3


@dataclass(frozen=True)
class Setup:
    key: str
    name: str
    processes: int  # 1: every shard in one process; 3: one shard each
    postgres: bool


SETUPS = (
    Setup("sqlite", "1 process, SQLite", 1, postgres=False),
    Setup("pg1", "1 process, PostgreSQL", 1, postgres=True),
    Setup("pg3", "3 processes, PostgreSQL", SHARDS, postgres=True),
)


@dataclass
class Figures:
    setup: Setup
    seconds: float = 0.0
    acks: list[float] = field(default_factory=list)  # ms
    answers: list[float] = field(default_factory=list)  # ms
    actions: int = 0
    counted: int = 0
    counted_peak: int = 0
    sent: list[float] = field(default_factory=list)  # when the bots' counted requests left
    global_429: int = 0
    cpu_seconds: float = 0.0
    games: int = 0
    troubles: int = 0
    bot_lags: list[float] = field(default_factory=list)  # ms, every bot process's loop
    double_lags: list[float] = field(default_factory=list)  # ms, the double's (and players')

    @property
    def clicks(self) -> int:
        return len(self.acks)

    @property
    def late(self) -> int:
        return sum(1 for a in self.acks if a > ACK_DEADLINE * 1000)

    def row(self) -> str:
        per = self.seconds or math.nan
        cpu = self.cpu_seconds / self.clicks * 1000 if self.clicks else math.nan
        return (
            f"| {self.setup.name} | {self.clicks / per:.1f} | {_ms(percentile(self.acks, 50))}"
            f" | {_ms(percentile(self.acks, 99))} | {self.late}"
            f" | {_ms(percentile(self.answers, 99))} | {self.actions / per:.1f}"
            f" | {self.counted / per:.1f} | {self.counted_peak}"
            f" | {busiest_second(self.sent)} | {self.global_429}"
            f" | {cpu:.1f} | {_ms(percentile(self.bot_lags, 99))}"
            f" | {_ms(percentile(self.double_lags, 99))} |"
        )


HEADER = (
    "| set-up | clicks/s | ack p50 ms | ack p99 ms | acks > 3 s | answer shown p99 ms"
    " | actions/s | counted requests/s | busiest second | busiest second as sent"
    " | global 429s | CPU ms/click | bots' loop lag p99 ms | double's loop lag p99 ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
)


def _ms(value: float) -> str:
    if math.isnan(value):
        return "-"
    return "never" if math.isinf(value) else f"{value:.0f}"


def _seat(double: DiscordDouble, kind: Kind, index: int, guilds: list[Guild]) -> list[SimUser]:
    users = []
    for seat in range(kind.seats):
        user = double.add_member(f"{kind.id[:4]}{index}p{seat}", guild=guilds[0])
        for guild in guilds[1:]:
            double.join(user, guild)
        users.append(user)
    return users


async def run_setup(
    setup: Setup, games: int, seconds: float, folder: Path, seed: int, postgres: str | None
) -> Figures:
    figures = Figures(setup)
    async with running_double() as double:
        double.discord_limits()
        double.gateway.starts.max_concurrency = SHARDS  # the processes start together
        guilds = [double.add_guild(f"Shard {s}", shard=(s, SHARDS)) for s in range(SHARDS)]
        recorder = Recorder(double.interactions)
        recorder.install()
        kinds = mix(games)
        tables = [_seat(double, kind, i, guilds) for i, kind in enumerate(kinds)]
        sharded = setup.processes > 1
        bots = [
            Measured(
                double,
                folder,
                bare=False,
                database=postgres,
                shards=(shard,) if sharded else None,
                shard_count=SHARDS if sharded else None,
                name=f"bot{shard}",
            )
            for shard in range(setup.processes)
        ]
        await asyncio.gather(*(bot.start() for bot in bots))
        db = Database(bots[0].database)
        stop = asyncio.Event()
        players = Players(double, db, random.Random(seed), stop)
        try:
            moves = sum(db.moves().values())
            double.global_limit.reset_stats()
            cpu = sum(bot.cpu() for bot in bots)
            recorder.begin()
            started = time.monotonic()
            lag = LagSampler()  # the double's loop: when it lags, requests look bunched
            lag.start()
            tasks = [
                asyncio.create_task(players.play_on(kind, users, [guilds[i % SHARDS]]))
                for i, (kind, users) in enumerate(zip(kinds, tables, strict=True))
            ]
            await asyncio.wait(tasks, timeout=seconds)
            stop.set()
            recorder.on = False
            ended = time.monotonic()
            figures.seconds = ended - started
            lag.stop()
            figures.double_lags = [ms for _, ms in lag.samples]
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, *TIMEOUTS):
                    await task
            await _settle(double, recorder.records)
            limit = double.global_limit
            figures.counted, figures.counted_peak = limit.counted, limit.peak
            figures.global_429 = len(limit.refused)
            figures.cpu_seconds = sum(bot.cpu() for bot in bots) - cpu
            figures.acks = [ack_ms(r) for r in recorder.records]
            figures.answers = [a * 1000 for a in players.answers]
            figures.actions = sum(db.moves().values()) - moves
            figures.games = players.games_played + len(kinds)
            figures.troubles = sum(players.troubles.values())
        finally:
            db.close()
            await asyncio.gather(*(bot.stop() for bot in bots))
        for bot in bots:  # written by each process as it stopped
            figures.bot_lags += read_lags(bot.lag_file, started, ended)
            figures.sent += read_sent(bot.lag_file, started, ended)
    return figures


def fresh_database(server: PrivatePostgres, name: str) -> str:
    with psycopg.connect(server.url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + f"/{name}"


async def bench(args: argparse.Namespace, folder: Path) -> list[Figures]:
    chosen = [s for s in SETUPS if s.key in args.only.split(",")]
    server = await PrivatePostgres.create() if any(s.postgres for s in chosen) else None
    results = []
    try:
        for setup in chosen:
            database = fresh_database(server, setup.key) if server and setup.postgres else None
            print(f"running {setup.name} ...", flush=True)
            (folder / setup.key).mkdir(parents=True, exist_ok=True)
            results.append(
                await run_setup(
                    setup, args.games, args.seconds, folder / setup.key, args.seed, database
                )
            )
    finally:
        if server is not None:
            await server.remove()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_cluster_load")
    parser.add_argument("--games", type=int, default=50, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="sqlite,pg1,pg3", help="set-ups: sqlite,pg1,pg3")
    parser.add_argument("--keep", type=Path, help="keep the logs (and SQLite file) here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-cluster-load-") as scratch:
        folder = args.keep or Path(scratch)
        started = time.perf_counter()
        results = asyncio.run(bench(args, folder))
        print(f"(run took {time.perf_counter() - started:.0f} s; logs in {folder})")
    kinds = ", ".join(k.id for k in MIX)
    print(f"{args.games} concurrent games (mix: {kinds}), {args.seconds:g} s each, limits on")
    print("\n".join([*HEADER, *(f.row() for f in results)]))
    for f in results:
        if f.troubles:
            print(f"{f.setup.name}: {f.games} games, {f.troubles} players' waits ran out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
