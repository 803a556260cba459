"""Cluster chaos benchmark: the cluster test (`tests/cluster`) for minutes.

    python -m tests.bench.bench_cluster [--minutes 5] [--kill-every 15,30]
        [--postgres-at 0.5] [--tables 1] [--max-concurrency 1] [--seed 1] [--keep DIR]

Three bot processes (shards 0, 1, 2 of 3) over a PostgreSQL server of the run's own,
every kind of game played on servers of every shard and Lupusburg's nights by DM; one
process killed with SIGKILL every 15-30 s (at random) and started again, PostgreSQL
restarted once (`--postgres-at`: that fraction of the way in); then the checks. Prints
the figures, the failure table (what was killed, what was observed) and every problem
found; exits 1 if anything was lost, done twice, late or refused, 2 if only what was
shown is wrong (out of a game's order, a table not final, an old table with controls).
IDENTIFY is limited as Discord gives a new bot (`max_concurrency` 1) unless told.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from bot.double import running_double
from tests.cluster.chaos import ClusterFigures, Plan, cluster_run, describe


async def bench(plan: Plan, folder: Path) -> ClusterFigures:
    async with running_double() as double:
        return await cluster_run(double, folder, plan)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_cluster")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--kill-every", default="15,30", help="seconds between kills: low,high")
    parser.add_argument("--postgres-at", type=float, default=0.5, help="fraction of the run")
    parser.add_argument("--tables", type=int, default=1, help="tables of players per kind")
    parser.add_argument("--max-concurrency", type=int, default=1, help="IDENTIFY's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the bots' logs here")
    args = parser.parse_args(argv)
    low, high = (float(x) for x in args.kill_every.split(","))
    seconds = args.minutes * 60
    plan = Plan(
        seconds=seconds,
        kill_every=(low, high),
        postgres_at=args.postgres_at * seconds,
        tables=args.tables,
        max_concurrency=args.max_concurrency,
        seed=args.seed,
    )
    with tempfile.TemporaryDirectory(prefix="bench-cluster-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        figures = asyncio.run(bench(plan, folder))
        print(describe(figures))
        print(f"(run took {time.perf_counter() - start:.0f} s; bot logs in {folder})")
    if figures.lost():
        return 1
    return 2 if figures.misshown() else 0


if __name__ == "__main__":
    sys.exit(main())
