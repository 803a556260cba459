from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.core.store import (
    MIGRATIONS,
    ChannelBusy,
    Store,
    TimerUpdate,
    VersionConflict,
    migration_files,
)
from bot.core.store.sqlite import SqliteEngine
from tests.support.databases import opened, table_exists

ON_EACH_ENGINE = True


async def new_game(store: Store, channel: int = 10) -> int:
    game = await store.create_game(
        guild_id=1,
        channel_id=channel,
        parent_id=5,
        kind="race",
        options={"target": 10},
        host_id=100,
        host_name="Ana",
        locale="en",
        seed=42,
        now=1.0,
    )
    return game.id


async def test_fresh_database_gets_every_migration(store: Store) -> None:
    numbers = [n for n, _ in migration_files(MIGRATIONS)]
    assert await store.applied_migrations() == numbers
    assert numbers[0] == 1


async def test_a_sqlite_database_is_in_wal_mode_with_foreign_keys(store: Store) -> None:
    if not isinstance(store.engine, SqliteEngine):
        pytest.skip("SQLite's own settings")
    assert await store.engine.execute("PRAGMA journal_mode") == [("wal",)]
    assert await store.engine.execute("PRAGMA foreign_keys") == [(1,)]


async def test_rerunning_migrations_applies_nothing_and_keeps_data(database: str) -> None:
    async with opened(database) as store:
        game_id = await new_game(store)
    async with opened(database) as store:
        assert await store.migrate() == []
        assert (await store.game(game_id)) is not None


async def test_new_migration_files_apply_in_order_and_a_failing_one_rolls_back(
    database: str, tmp_path: Path
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "001_a.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "002_b.sql").write_text("INSERT INTO a VALUES (1); CREATE TABLE b (y INTEGER);")
    store = await Store.open(database, migrations=folder)
    assert await store.applied_migrations() == [1, 2]
    (folder / "003_bad.sql").write_text(
        "CREATE TABLE c (z INTEGER); INSERT INTO nowhere VALUES (1);"
    )
    with pytest.raises(Exception, match="nowhere"):
        await store.migrate(folder)
    assert await store.applied_migrations() == [1, 2]
    assert not await table_exists(store, "c")  # the failed migration left nothing behind
    await store.close()


async def test_ids_and_times_keep_their_full_width(store: Store) -> None:
    """Discord ids are 64-bit and times are seconds with fractions, on either engine."""
    snowflake = 1_234_567_890_123_456_789
    game = await store.create_game(
        guild_id=snowflake, channel_id=snowflake + 1, parent_id=snowflake + 2, kind="race",
        options={}, host_id=snowflake + 3, host_name="Ana", locale="en", seed=2**53 - 1,
        now=1_700_000_000.123456,
    )  # fmt: skip
    row = await store.game(game.id)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.host_id) == (snowflake, snowflake + 1, snowflake + 3)
    assert row.created_at == 1_700_000_000.123456 and row.seed == 2**53 - 1
    await store.set_dm_channel(snowflake, snowflake + 9)
    assert await store.dm_channel(snowflake) == snowflake + 9


def test_two_migrations_with_one_number_are_an_error(tmp_path: Path) -> None:
    (tmp_path / "001_a.sql").write_text("")
    (tmp_path / "001_b.sql").write_text("")
    with pytest.raises(RuntimeError, match="two migrations numbered 1"):
        migration_files(tmp_path)


async def test_one_open_game_per_channel(store: Store) -> None:
    await new_game(store, channel=10)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=10)
    await new_game(store, channel=11)


async def test_closed_game_frees_its_channel(store: Store) -> None:
    game_id = await new_game(store, channel=10)
    await store.close_game(game_id, "cancelled", expected=0, now=2.0)
    await new_game(store, channel=10)


async def test_join_and_leave_keep_seats_dense(store: Store) -> None:
    game_id = await new_game(store)
    version = await store.join(game_id, 200, "Ben", expected=0, now=2)
    version = await store.join(game_id, 300, "Cleo", expected=version, now=3)
    version = await store.join(game_id, 400, "Dan", expected=version, now=4)
    await store.leave(game_id, 200, expected=version, now=5)
    players = await store.players(game_id)
    assert [(p.seat, p.display_name) for p in players] == [(0, "Ana"), (1, "Cleo"), (2, "Dan")]


async def test_concurrent_commits_from_one_version_apply_once(store: Store) -> None:
    game_id = await new_game(store)
    await store.start(game_id, '{"n": 0}', expected=0, now=2)

    async def commit(n: int) -> int:
        return await store.commit_action(
            game_id, expected=1, user_id=100, action={"n": n}, state=json.dumps({"n": n}), now=3
        )

    results = await asyncio.gather(commit(1), commit(2), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["VersionConflict", "int"]
    winner = next(r for r in results if isinstance(r, int))
    assert winner == 2
    log = await store.actions(game_id)
    assert len(log) == 1
    game = await store.game(game_id)
    assert game is not None and game.version == 2 and game.state == log[0][2]


async def test_commit_with_an_old_version_is_refused_and_changes_nothing(store: Store) -> None:
    game_id = await new_game(store)
    await store.start(game_id, '{"n": 0}', expected=0, now=2)
    with pytest.raises(VersionConflict):
        await store.commit_action(
            game_id, expected=0, user_id=100, action={}, state='{"n": 9}', now=3
        )
    game = await store.game(game_id)
    assert game is not None and game.state == {"n": 0} and await store.actions(game_id) == []


async def test_timers_replace_per_kind_and_come_in_due_order(store: Store) -> None:
    game_id = await new_game(store)
    await store.set_timer(game_id, "deadline", 50.0, {"phase": "t1"})
    await store.set_timer(game_id, "reminder", 20.0, {})
    await store.set_timer(game_id, "deadline", 10.0, {"phase": "t2"})
    timers = await store.timers(game_id)
    assert [(t.kind, t.due_at) for t in timers] == [("deadline", 10.0), ("reminder", 20.0)]
    nxt = await store.next_timer()
    assert nxt is not None and nxt.payload == {"phase": "t2"}


async def test_a_fired_timer_set_again_by_its_handler_is_kept(store: Store) -> None:
    game_id = await new_game(store)
    await store.set_timer(game_id, "deadline", 10.0, {"phase": "t1"})
    fired = await store.next_timer()
    assert fired is not None
    await store.set_timer(game_id, "deadline", 70.0, {"phase": "t2"})  # the handler's new one
    await store.delete_fired(fired)
    (kept,) = await store.timers(game_id)
    assert (kept.due_at, kept.payload) == (70.0, {"phase": "t2"})
    await store.delete_fired(kept)
    assert await store.timers(game_id) == []


async def test_an_action_and_its_deadline_commit_together(store: Store) -> None:
    game_id = await new_game(store)
    await store.start(
        game_id, '{"n": 0}', expected=0, now=2, timers=[TimerUpdate("deadline", 60.0, {"p": "a"})]
    )
    with pytest.raises(VersionConflict):
        await store.commit_action(
            game_id, expected=0, user_id=100, action={}, state='{"n": 1}', now=3,
            timers=[TimerUpdate("deadline", 99.0, {"p": "b"})],
        )  # fmt: skip
    (timer,) = await store.timers(game_id)
    assert timer.due_at == 60.0  # the refused action left the deadline alone
    await store.commit_action(
        game_id, expected=1, user_id=100, action={}, state='{"n": 1}', now=3,
        timers=[TimerUpdate("deadline", None)],
    )  # fmt: skip
    assert await store.timers(game_id) == []


async def test_finishing_a_game_drops_its_timers(store: Store) -> None:
    game_id = await new_game(store)
    await store.start(game_id, "{}", expected=0, now=2)
    await store.set_timer(game_id, "deadline", 50.0, {})
    await store.commit_action(
        game_id, expected=1, user_id=100, action={}, state="{}", status="finished", now=3
    )
    assert await store.timers(game_id) == []
