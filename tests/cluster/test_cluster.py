"""Three bot processes (shards 0, 1, 2 of 3) over one PostgreSQL server of the test's
own, while players play every kind of game on servers of every shard and Lupusburg's
nights by DM: a process is killed with SIGKILL every 8-11 s and started again, and the
database restarts once (`tests/cluster/chaos.py`; the long version is
`python -m tests.bench.bench_cluster --minutes 5`).

One run, two tests: nothing committed is lost, done twice, late or refused; and each
game is shown in the order of its versions, once, by one process at a time (a game's
delivery is claimed), its table final, no old table with controls.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.double import running_double
from tests.cluster.chaos import ClusterFigures, Plan, cluster_run, describe
from tests.cluster.postgres import PostgresMissing, binaries

PLAN = Plan(seconds=36, kill_every=(8, 11), postgres_at=18, max_concurrency=3)


async def _run(folder: Path) -> ClusterFigures:
    async with running_double() as double:
        return await cluster_run(double, folder, PLAN)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> ClusterFigures:
    try:
        binaries()
    except PostgresMissing as missing:
        pytest.skip(str(missing))
    figures = asyncio.run(_run(tmp_path_factory.mktemp("cluster")))
    print(describe(figures))
    return figures


def test_nothing_lost_through_kills_and_a_database_restart(run: ClusterFigures) -> None:
    assert run.kills >= 2 and len(run.outages) == run.kills + 1
    assert set(run.shards) == {0, 1, 2}, "games on every shard"
    assert run.dm_clicks > 0, "Lupusburg's nights by DM"
    assert run.deadlines > 0 and run.actions > 100
    assert not run.lost(), "\n".join(run.lost())


def test_each_game_shown_in_order_by_one_process(run: ClusterFigures) -> None:
    assert not run.misshown(), "\n".join(run.misshown())
