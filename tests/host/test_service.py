from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from bot.core.errors import Refused
from bot.core.service import SHOWING_AT_ONCE, GameService, replay
from bot.core.store import Store
from games import registry
from tests.support.clock import FakeClock

ANA, BEN, CLEO = 100, 200, 300


async def lobby(
    service: GameService, channel: int = 10, host: int = ANA, guild: int = 1, **options: object
) -> int:
    live = await service.open_lobby(
        kind="race", options=options, guild_id=guild, channel_id=channel, parent_id=5,
        host_id=host, host_name="Ana", locale="en",
    )  # fmt: skip
    return live.id


async def refused(key: str, call: object) -> None:
    with pytest.raises(Refused) as caught:
        await call  # type: ignore[misc]
    assert caught.value.key == key


async def test_lobby_join_leave_start(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await refused("lobby.already_joined", service.join(game_id, BEN, "Ben"))
    await service.leave(game_id, BEN)
    await refused("lobby.not_joined", service.leave(game_id, BEN))
    await service.join(game_id, BEN, "Ben")
    live = await service.start(game_id, ANA)
    assert live.status == "running"
    assert [p.display_name for p in live.players] == ["Ana", "Ben"]
    await refused("lobby.already_started", service.join(game_id, CLEO, "Cleo"))
    await service.shown()
    kinds = [c.kind for c in service.changes]  # type: ignore[attr-defined]
    assert kinds == ["opened", "joined", "left", "joined", "started"]


async def test_only_host_or_manager_starts_and_cancels(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await refused("lobby.host_only", service.start(game_id, BEN))
    await refused("lobby.host_only", service.close(game_id, BEN, status="cancelled"))
    live = await service.close(game_id, BEN, manager=True, status="cancelled")
    assert live.status == "cancelled"
    await refused("host.game_over", service.start(game_id, ANA))


async def test_start_refuses_a_player_count_out_of_range(service: GameService) -> None:
    game_id = await lobby(service)
    for n in range(3):
        await service.join(game_id, 1000 + n, f"P{n}")
    await refused("lobby.full", service.join(game_id, 2000, "Late"))
    for user in (ANA, 1000, 1001, 1002):
        await service.leave(game_id, user)
    with pytest.raises(Refused) as caught:
        await service.start(game_id, ANA)
    assert caught.value.key == "lobby.count_range"
    assert caught.value.params == {"min": 1, "max": 4, "count": 0}


async def test_actions_are_checked_committed_and_logged(service: GameService, store: Store) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    await refused("engine.not_your_turn", service.act(game_id, BEN, {"amount": 1}))
    await refused("host.not_a_player", service.act(game_id, CLEO, {"amount": 1}))
    await refused("race.bad_amount", service.act(game_id, ANA, {"amount": 3}))
    change = await service.act(game_id, ANA, {"amount": 2})
    assert [e.key for e in change.events] == ["race.added"]
    row = await store.game(game_id)
    assert row is not None and row.state is not None and row.state["counter"] == 2
    assert await store.actions(game_id) == [(row.version, ANA, {"type": "add", "amount": 2})]


async def test_two_clicks_on_one_button_apply_once(service: GameService, store: Store) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    live = await service.start(game_id, ANA)
    phase = live.phase
    results = await asyncio.gather(
        service.act(game_id, ANA, {"amount": 1}, phase=phase),
        service.act(game_id, ANA, {"amount": 1}, phase=phase),
        return_exceptions=True,
    )
    assert [type(r).__name__ for r in results].count("Change") == 1
    failure = next(r for r in results if isinstance(r, Refused))
    assert failure.key == "host.stale"
    assert len(await store.actions(game_id)) == 1


async def test_a_stale_button_is_refused(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    live = await service.start(game_id, ANA)
    old_phase = live.phase
    await service.act(game_id, ANA, {"amount": 1}, phase=old_phase)
    await service.act(game_id, BEN, {"amount": 1})
    await refused("host.stale", service.act(game_id, ANA, {"amount": 1}, phase=old_phase))


async def test_deadline_applies_the_default_once(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, turn_seconds=60)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    await clock.advance(59)
    assert (await service.load(game_id)).state.counter == 0  # type: ignore[union-attr]
    await clock.advance(1)
    live = await service.load(game_id)
    assert live.state.counter == 1 and live.state.turn == 1  # type: ignore[union-attr]
    await service.shown()
    assert service.changes[-1].kind == "expired"  # type: ignore[attr-defined]
    # Ben acts in time: his deadline is replaced by the next one.
    await clock.advance(30)
    await service.act(game_id, BEN, {"amount": 2})
    await clock.advance(59)
    assert live.state.counter == 3  # type: ignore[union-attr]
    await clock.advance(1)
    assert live.state.counter == 4  # type: ignore[union-attr]
    timers = await store.timers(game_id)
    assert len(timers) == 1 and timers[0].due_at == clock.now() + 60


async def test_a_deadline_for_a_passed_phase_does_nothing(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, turn_seconds=60)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    await service.act(game_id, ANA, {"amount": 1})
    # A leftover timer for Ana's finished turn (as after a crash) must not act again.
    await store.set_timer(game_id, "late", clock.now(), {"phase": "t0"})
    service.timer_handlers["late"] = service.timer_handlers["deadline"]
    await clock.advance(1)
    live = await service.load(game_id)
    assert live.state.counter == 1  # type: ignore[union-attr]


async def test_finished_game_leaves_memory_and_replays_from_its_log(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, target=3, turn_seconds=10)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    await service.act(game_id, ANA, {"amount": 1})
    await clock.advance(10)  # Ben times out: +1
    change = await service.act(game_id, ANA, {"amount": 2})
    assert change.kind == "finished"
    assert service.cached == 0
    row = await store.game(game_id)
    assert row is not None and row.status == "finished"
    assert await store.timers(game_id) == []
    assert (await replay(store, game_id)).model_dump(mode="json") == row.state
    await refused("host.game_over", service.act(game_id, BEN, {"amount": 1}))


async def test_a_restarted_service_resumes_games_and_timers(store: Store, clock: FakeClock) -> None:
    first = GameService(store, clock)
    first.scheduler.start()
    clock.quiet_checks.append(first.scheduler.idle)  # advancing the clock waits for its timers
    game_id = await lobby(first, turn_seconds=60)
    await first.start(game_id, ANA)
    await first.scheduler.stop()  # the bot goes down with a deadline pending
    await clock.advance(600)
    second = GameService(store, clock)
    second.scheduler.start()
    clock.quiet_checks.append(second.scheduler.idle)  # advancing the clock waits for its timers
    await clock.advance(0)
    live = await second.load(game_id)
    assert live.state.counter == 1  # type: ignore[union-attr]  # overdue: fired once
    await clock.advance(60)
    assert live.state.counter == 2  # type: ignore[union-attr]
    await second.scheduler.stop()


async def test_one_open_game_per_channel(service: GameService) -> None:
    await lobby(service, channel=10)
    with pytest.raises(Refused) as caught:
        await lobby(service, channel=10)
    assert caught.value.key == "host.channel_busy"


async def test_pause_stops_the_clock_and_resume_gives_the_time_left(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, turn_seconds=60)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    await clock.advance(40)
    await refused("lobby.host_only", service.pause(game_id, BEN))
    await service.pause(game_id, ANA)
    await refused("host.paused", service.act(game_id, ANA, {"amount": 1}))
    await refused("host.already_paused", service.pause(game_id, ANA))
    assert await store.timers(game_id) == []
    await clock.advance(3600)  # an hour paused: nothing times out
    live = await service.load(game_id)
    assert live.state.counter == 0  # type: ignore[union-attr]
    await service.resume(game_id, ANA)
    await refused("host.not_paused", service.resume(game_id, ANA))
    await clock.advance(19)
    assert live.state.counter == 0  # type: ignore[union-attr]
    await clock.advance(1)  # the 20 seconds Ana had left
    assert live.state.counter == 1  # type: ignore[union-attr]
    await service.shown()
    assert [c.kind for c in service.changes][-3:] == ["paused", "resumed", "expired"]  # type: ignore[attr-defined]


async def test_a_paused_game_stays_paused_after_a_restart(store: Store, clock: FakeClock) -> None:
    first = GameService(store, clock)
    game_id = await lobby(first, turn_seconds=60)
    await first.start(game_id, ANA)
    await clock.advance(10)
    await first.pause(game_id, ANA)
    second = GameService(store, clock)
    second.scheduler.start()
    clock.quiet_checks.append(second.scheduler.idle)  # advancing the clock waits for its timers
    live = await second.load(game_id)
    await refused("host.paused", second.act(game_id, ANA, {"amount": 1}))
    await second.resume(game_id, ANA)
    await clock.advance(50)
    assert live.state.counter == 1  # type: ignore[union-attr]
    await second.scheduler.stop()


async def test_changes_of_many_games_are_shown_a_few_games_at_a_time(
    service: GameService,
) -> None:
    """After a restart hundreds of games have something to show: a few at a time, so
    the store is not queued behind all of them (and every change is still shown)."""
    showing, most, release, full = 0, 0, asyncio.Event(), asyncio.Event()

    async def slow(change: object) -> None:
        nonlocal showing, most
        showing += 1
        most = max(most, showing)
        if most == SHOWING_AT_ONCE:
            full.set()
        await release.wait()
        showing -= 1

    service.listeners.append(slow)
    # 40 lobbies: on 40 servers, as one server may have a few open at once.
    games = [await lobby(service, channel=100 + n, host=n, guild=n) for n in range(40)]
    await asyncio.wait_for(full.wait(), 10)  # (a game is read before it is shown)
    for _ in range(20):  # every task that could start showing has started
        await asyncio.sleep(0)
    assert most == SHOWING_AT_ONCE < len(games)
    release.set()
    await service.shown()
    opened = [c.game.id for c in service.changes if c.kind == "opened"]  # type: ignore[attr-defined]
    assert sorted(opened) == sorted(games)


async def test_a_slow_games_step_leaves_the_event_loop_its_turn(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose steps may compute for long (Miss Lupun's round end) is stepped
    beside the event loop: other games' clicks are answered meanwhile. Here the step
    waits until the loop has run; stepped on the loop, it would wait in vain."""
    race = type(registry.get("race"))
    monkeypatch.setattr(race, "slow_steps", True)
    loop_ran = threading.Event()
    play = race.play

    def slow_play(self: Any, state: Any, seat: int, action: Any) -> Any:
        assert loop_ran.wait(5), "the event loop did not run during the step"
        return play(self, state, seat, action)

    monkeypatch.setattr(race, "play", slow_play)
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANA)
    acting = asyncio.create_task(service.act(game_id, ANA, {"amount": 1}))
    await asyncio.sleep(0)  # the step has begun
    loop_ran.set()  # the loop's turn, while the step is still running
    change = await acting
    assert change.kind == "acted" and (await service.load(game_id)).state.counter == 1  # type: ignore[union-attr]
