"""Two processes on one database: a timer is judged by the game as it is in the store,
and deleted only as the game version that planned it left it."""

from __future__ import annotations

from pathlib import Path

from bot.core.service import GameService
from bot.core.store import Store, TimerUpdate
from tests.support.clock import FakeClock

ANA, BEN = 100, 200


async def test_a_process_with_a_stale_game_never_deletes_the_deadline_another_planned(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "games.sqlite3"
    first, second = await Store.open(path), await Store.open(path)
    try:
        stale, moving = GameService(first, clock), GameService(second, clock)
        live = await stale.open_lobby(
            kind="race", options={"turn_seconds": 60}, guild_id=1, channel_id=10,
            parent_id=5, host_id=ANA, host_name="Ana", locale="en",
        )  # fmt: skip
        await stale.join(live.id, BEN, "Ben")
        await stale.start(live.id, ANA)  # `stale` keeps Ana's turn in its cache
        await clock.advance(30)
        await moving.act(live.id, ANA, {"amount": 1})  # Ben's turn: its own deadline
        (planned,) = [t for t in await second.timers(live.id) if t.kind == "deadline"]
        assert planned.payload == {"phase": "t1"} and planned.version == 3

        stale.scheduler.start()  # only the stale process watches the timers
        clock.quiet_checks.append(stale.scheduler.idle)
        await clock.advance(60)  # Ben's deadline passes
        timeouts = [action for _, user, action in await first.actions(live.id) if user is None]
        assert timeouts == [{"type": "timeout", "phase": "t1"}]  # honoured, not dropped
        (following,) = [t for t in await first.timers(live.id) if t.kind == "deadline"]
        assert following.payload == {"phase": "t2"}  # and Ana's next turn has its own
        await stale.scheduler.stop()
    finally:
        await first.close()
        await second.close()


async def test_a_fired_timer_planned_again_by_a_later_version_is_kept(store: Store) -> None:
    game = await store.create_game(
        guild_id=1, channel_id=10, parent_id=5, kind="race", options={}, host_id=ANA,
        host_name="Ana", locale="en", seed=1, now=1.0,
    )  # fmt: skip
    same = TimerUpdate("deadline", 60.0, {"phase": "t0"})
    version = await store.start(game.id, "{}", expected=0, now=2.0, timers=[same])
    fired = await store.next_timer()
    assert fired is not None and fired.version == version
    await store.commit_action(  # another process plans the same moment again
        game.id, expected=version, user_id=ANA, action={}, state="{}", now=3.0, timers=[same]
    )
    await store.delete_fired(fired)
    (kept,) = await store.timers(game.id)
    assert kept.version == version + 1
