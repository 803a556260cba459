"""Kill -9 the real bot process over and over while people play, while Discord now and
then answers 503, and once keep it down longer than Discord keeps nonces; nothing
committed is lost and nothing is said twice: every move is announced once and shown
on the table after the restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.crash.crashes import crash_run, running_double

KILLS = 20


async def test_moves_survive_twenty_kill_minus_nine(tmp_path: Path) -> None:
    async with running_double() as double:
        # One other kind here (the benchmark plays every kind longer), a few moves.
        others: list[tuple[str, dict[str, Any]]] = [("lama", {})]
        figures = await crash_run(double, tmp_path, seed=10, kills=KILLS, others=others, moves=4)
    print(figures.line())
    assert figures.kills >= KILLS and figures.games >= 2
    assert figures.long_stops == 1 and figures.faults >= 1
    assert not figures.stale_tables, "an old table kept its buttons after a kill"
    assert figures.duplicates == 0, "a change delivered again posted its announcement twice"
