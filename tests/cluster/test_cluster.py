"""Three bot processes (shards 0, 1, 2 of 3) over one PostgreSQL server of the test's
own, while players play every kind of game on servers of every shard and Lupusburg's
nights by DM: a process is killed with SIGKILL every 12-18 s and started again, and the
database restarts once. Nothing committed is lost, nothing said twice or out of order,
no deadline fires twice, no old table keeps its buttons, the token's global limit is
never hit, and every click outside a restart is acknowledged within 3 s (the long
version: `python -m tests.bench.bench_cluster --minutes 5`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.double import running_double
from tests.cluster.chaos import Plan, cluster_run, describe
from tests.cluster.postgres import PostgresMissing, binaries

PLAN = Plan(seconds=50, kill_every=(10, 15), postgres_at=25, max_concurrency=3)


@pytest.fixture(autouse=True)
def postgres_binaries() -> None:
    try:
        binaries()
    except PostgresMissing as missing:
        pytest.skip(str(missing))


async def test_three_processes_survive_kills_and_a_database_restart(tmp_path: Path) -> None:
    async with running_double() as double:
        figures = await cluster_run(double, tmp_path, PLAN)
    print(describe(figures))
    assert figures.kills >= 2 and len(figures.outages) == figures.kills + 1
    assert set(figures.shards) == {0, 1, 2}, "games on every shard"
    assert figures.dm_clicks > 0, "Lupusburg's nights by DM"
    assert not figures.problems(), "\n".join(figures.problems())
