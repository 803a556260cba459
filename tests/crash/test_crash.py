"""Kill -9 the real bot process over and over while people play; nothing committed
is lost: every move is announced and shown on the table after the restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.double import running_double
from tests.crash.crashes import crash_run

KILLS = 20


async def test_moves_survive_twenty_kill_minus_nine(tmp_path: Path) -> None:
    async with running_double() as double:
        # One other kind here (the benchmark plays every kind longer), a few moves.
        others: list[tuple[str, dict[str, Any]]] = [("lama", {})]
        figures = await crash_run(double, tmp_path, seed=10, kills=KILLS, others=others, moves=4)
    print(figures.line())
    assert figures.kills >= KILLS and figures.games >= 2
    assert not figures.stale_tables, "an old table kept its buttons after a kill"
    assert figures.duplicates == 0, "a change delivered again posted its announcement twice"
