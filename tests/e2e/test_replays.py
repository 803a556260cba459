"""Replays of finished games through the Discord double: every table change is kept by
its version (what a replay draws is checked against it); /history opens a game's page,
its replay steps through the game and its record downloads; nothing of a game still
running is reachable."""

from __future__ import annotations

import pytest

from bot.core.store import Store
from tests.e2e.test_stats import finished_race, store_of
from tests.support.harness import World


async def shown_rows(store: Store, game_id: int) -> list[tuple[int, str]]:
    rows = await store.engine.read(
        "SELECT version, fingerprint FROM table_shown WHERE game_id = ? ORDER BY version",
        (game_id,),
    )
    return [(int(row["version"]), str(row["fingerprint"])) for row in rows]


async def last_game(store: Store) -> int:
    (row,) = await store.engine.read("SELECT MAX(id) AS id FROM games", ())
    return int(row["id"])


@pytest.mark.each_engine
async def test_each_table_change_is_kept_by_its_version_and_goes_with_its_game(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    await finished_race(world, [ana, ben])
    store = store_of(world)
    game_id = await last_game(store)
    rows = await shown_rows(store, game_id)
    game = await store.game(game_id)
    assert game is not None and game.status == "finished"
    # The lobby (version 0) and Ben's join (1) are not kept: the start (2), each move.
    assert [version for version, _ in rows] == [2, 3, 4]
    assert [seq for seq, _, _ in await store.actions(game_id)] == [3, 4]
    assert rows[-1][1] == game.table_fingerprint  # the table as it ended
    assert len({fingerprint for _, fingerprint in rows}) == 3
    await store._write(lambda db: db.execute("DELETE FROM games WHERE id = ?", (game_id,)))
    assert await shown_rows(store, game_id) == []
