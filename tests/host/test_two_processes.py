"""Two processes on one database: a timer is judged by the game as it is in the store,
and deleted only as the game version that planned it left it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.core.errors import Refused
from bot.core.service import GameService, replay
from bot.core.store import Store, TimerUpdate
from tests.support.clock import FakeClock
from tests.support.started import ANA, BEN, started_race

ON_EACH_ENGINE = True  # a store concern: checked on SQLite and PostgreSQL


async def test_a_process_with_a_stale_game_never_deletes_the_deadline_another_planned(
    database: str, clock: FakeClock
) -> None:
    first, second = await Store.open(database), await Store.open(database)
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


async def test_a_click_in_a_process_whose_copy_is_stale_acts_on_the_game_as_stored(
    database: str, clock: FakeClock
) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        one, two = GameService(first, clock), GameService(second, clock)
        game_id = await started_race(one, 10)
        await two.load(game_id)  # `two` keeps Ana's turn in its cache
        await one.act(game_id, ANA, {"amount": 1})  # Ben's turn now
        await two.act(game_id, BEN, {"amount": 2})  # checked against the store: allowed
        with pytest.raises(Refused) as refused:
            await two.act(game_id, BEN, {"amount": 1})  # and its copy is current now
        assert refused.value.key == "engine.not_your_turn"
        logged = [action for _, _, action in await second.actions(game_id)]
        assert logged == [{"type": "add", "amount": 1}, {"type": "add", "amount": 2}]
        stored = await first.game(game_id)
        assert stored is not None and stored.version == 4
        assert (await replay(first, game_id)).model_dump() == stored.state
    finally:
        await first.close()
        await second.close()


async def test_two_processes_clicking_at_once_apply_one_action_per_version(
    database: str, clock: FakeClock
) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        one, two = GameService(first, clock), GameService(second, clock)
        game_id = await started_race(one, 10)
        await two.load(game_id)
        for _ in range(10):  # Ana's and Ben's clicks reach both processes at once
            row = await first.game(game_id)
            assert row is not None and row.state is not None
            user = (ANA, BEN)[row.state["turn"] % 2]
            results = await asyncio.gather(
                one.act(game_id, user, {"amount": 1}),
                two.act(game_id, user, {"amount": 1}),
                return_exceptions=True,
            )
            assert sum(not isinstance(r, BaseException) for r in results) == 1
            assert all(isinstance(r, Refused) for r in results if isinstance(r, BaseException))
        actions = await first.actions(game_id)
        assert [seq for seq, _, _ in actions] == list(range(3, 13))  # one per version
        stored = await first.game(game_id)
        assert stored is not None
        assert (await replay(first, game_id)).model_dump() == stored.state
    finally:
        await first.close()
        await second.close()


async def test_a_deadline_that_loses_its_write_to_another_process_is_judged_again_at_once(
    database: str, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Between this process's look at the game and its write, another process's click
    moves the game on: the store refuses the older version, and the deadline is judged
    again by the game as it now is (here: spent), not failed and tried in 5 s."""
    first, second = await Store.open(database), await Store.open(database)
    try:
        firing, clicking = GameService(first, clock), GameService(second, clock)
        game_id = await started_race(firing, 10)
        commit = first.commit_action

        async def click_first(game: int, **write: Any) -> int:
            first.commit_action = commit  # type: ignore[method-assign]
            await clicking.act(game, ANA, {"amount": 2})  # lands between look and write
            return await commit(game, **write)

        first.commit_action = click_first  # type: ignore[method-assign,assignment]
        firing.scheduler.start()
        clock.quiet_checks.append(firing.scheduler.idle)
        await clock.advance(60)  # Ana's deadline: the other process's click won
        logged = [(user, action) for _, user, action in await first.actions(game_id)]
        assert logged == [(ANA, {"type": "add", "amount": 2})]
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        (deadline,) = [t for t in await first.timers(game_id) if t.kind == "deadline"]
        assert deadline.payload == {"phase": "t1"}  # Ben's turn keeps its own
        await firing.scheduler.stop()
    finally:
        await first.close()
        await second.close()
