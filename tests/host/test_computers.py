"""Computer seats in the host: seated in the lobby, moving by durable timers committed
with the state that makes them due, thinking off the loop, never counted as away."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from bot.core.errors import Refused
from bot.core.service import COMPUTER, GameService, replay
from bot.core.store import Store
from bot.core.thinking import Thinker, choose
from games.computers import Computers, Decision
from tests.support.clock import FakeClock
from tests.support.race import install

ANA, BEN = 100, 200


async def lobby(service: GameService, *levels: str, **options: object) -> int:
    live = await service.open_lobby(
        kind="race", options=options, guild_id=1, channel_id=10, parent_id=5, host_id=ANA,
        host_name="Ana", locale="en", computers=levels,
    )  # fmt: skip
    return live.id


async def refused(key: str, call: object) -> None:
    with pytest.raises(Refused) as caught:
        await call  # type: ignore[misc]
    assert caught.value.key == key


def computer_moves(actions: list[tuple[int, int | None, dict[str, Any]]]) -> list[int]:
    """The versions of the computer players' moves in an action log."""
    return [seq for seq, user, _ in actions if user is not None and user < 0]


class Held(Thinker):
    """A thinker that thinks until it is let go (a search that takes its time)."""

    def __init__(self) -> None:
        super().__init__(workers=0)
        self.thinking = asyncio.Event()
        self.go = asyncio.Event()
        self.calls = 0

    async def choose(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        self.calls += 1
        self.thinking.set()
        await self.go.wait()
        return await super().choose(*args, **kwargs)


async def until(done: Callable[[], Awaitable[object]], what: str) -> None:
    """Wait (real time, briefly) for something the event loop does by itself."""
    for _ in range(500):
        if await done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"waited in vain for {what}")


def thinks(held: Held) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        return held.thinking.is_set()

    return check


async def logged(store: Store, game_id: int, count: int) -> bool:
    return len(await store.actions(game_id)) >= count


@pytest.fixture
async def quiet_service(store: Store, clock: FakeClock) -> AsyncIterator[GameService]:
    """A service whose timers fire as the clock moves, without the clock waiting for
    their handlers (a handler held while it thinks would hold the clock too)."""
    service = GameService(store, clock, Held())
    service.scheduler.start()
    yield service
    await service.scheduler.stop()


# -- the lobby ------------------------------------------------------------------------------


async def test_the_host_seats_and_unseats_computers_within_the_player_count(
    service: GameService,
) -> None:
    game_id = await lobby(service, "strong")
    live = await service.load(game_id)
    assert [(p.display_name, p.computer) for p in live.players] == [
        ("Ana", None),
        ("🤖 Ada (strong)", "strong"),
    ]
    await service.join(game_id, BEN, "Ben")
    await refused("lobby.host_only", service.add_computer(game_id, BEN, "casual"))
    await service.add_computer(game_id, ANA, "casual")
    await refused("lobby.full", service.add_computer(game_id, ANA, "casual"))  # 4 at most
    await refused("lobby.no_such_computer", service.remove_computer(game_id, ANA, 999))
    await refused("lobby.no_such_computer", service.remove_computer(game_id, ANA, BEN))
    await service.remove_computer(game_id, ANA, -1)
    live = await service.add_computer(game_id, ANA, "casual")  # takes the free name again
    names = [p.display_name for p in live.players]
    assert names == ["Ana", "Ben", "🤖 Bit (casual)", "🤖 Ada (casual)"]
    assert live.computers == {2, 3} and live.people == 2
    await refused("host.stale", service.add_computer(game_id, ANA, "brilliant"))


async def test_computers_play_with_people_only_and_a_rematch_keeps_them(
    service: GameService, store: Store
) -> None:
    game_id = await lobby(service, "casual", "strong")
    await service.leave(game_id, ANA)
    await refused("lobby.people_needed", service.start(game_id, ANA))
    await service.join(game_id, ANA, "Ana")
    live = await service.start(game_id, ANA)
    assert live.players[0].display_name == "Ana"  # the host sits first
    await service.close(game_id, ANA, status="aborted")
    again = await service.open_lobby(
        kind="race", options={}, guild_id=1, channel_id=10, parent_id=5, host_id=BEN,
        host_name="Ben", locale="en", previous_id=game_id,
    )  # fmt: skip
    await service.join(again.id, ANA, "Ana")
    before = [(p.user_id, p.display_name, p.computer) for p in live.players]
    after = [
        (p.user_id, p.display_name, p.computer) for p in (await service.load(again.id)).players
    ]
    assert sorted(after, key=str) == sorted([*before, (BEN, "Ben", None)], key=str)


async def test_a_german_table_names_its_computers_in_german(service: GameService) -> None:
    live = await service.open_lobby(
        kind="race", options={}, guild_id=1, channel_id=11, parent_id=5, host_id=ANA,
        host_name="Ana", locale="de", computers=("strong", "casual"),
    )  # fmt: skip
    assert [p.display_name for p in live.players[1:]] == ["🤖 Ada (stark)", "🤖 Bit (locker)"]


# -- moves ----------------------------------------------------------------------------------


@pytest.mark.each_engine
async def test_a_computer_move_is_a_timer_committed_with_its_state(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, "strong")
    live = await service.start(game_id, ANA)
    assert [t.kind for t in await store.timers(game_id)] == []  # Ana's turn: none yet
    change = await service.act(game_id, ANA, {"amount": 2})
    (timer,) = await store.timers(game_id)
    assert timer.kind == COMPUTER and timer.payload == {"seat": 1, "phase": "t1"}
    assert timer.version == change.version  # planned by the commit of the state it acts in
    pause = timer.due_at - clock.now()
    assert 1.0 <= pause < 3.0
    await clock.advance(pause - 0.01)
    assert computer_moves(await store.actions(game_id)) == []  # it waits, as people do
    await clock.advance(0.01)
    actions = await store.actions(game_id)
    assert computer_moves(actions) == [change.version + 1]
    # Strong leaves the next player 10 - 4 = 6 (a multiple of 3): it adds 2, announced.
    assert actions[-1][2] == {"type": "add", "amount": 2}
    acted = service.changes[-1]  # type: ignore[attr-defined]
    assert acted.kind == "acted" and acted.user_id == -1 and acted.game.seat_of(-1) == 1
    assert [e.key for e in acted.events] == ["race.added"]
    assert await store.timers(game_id) == []  # Ana's turn again
    replayed = await replay(store, game_id)
    assert replayed.model_dump()["counter"] == 4  # the log replays the computer too
    assert live.status == "running"


async def test_people_and_computers_play_a_game_to_its_end(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, "casual", "strong", target=12)
    live = await service.start(game_id, ANA)
    while live.status == "running":
        if live.game.active(live.state) == {0}:
            await service.act(game_id, ANA, {"amount": 1})
        await clock.advance(3)
    assert live.status == "finished"
    actions = await store.actions(game_id)
    assert {user for _, user, _ in actions} == {ANA, -1, -2}
    assert all(not p.away and p.timeouts == 0 for p in live.players)


async def test_a_stale_computer_timer_does_nothing(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, "strong")
    await service.start(game_id, ANA)
    await service.act(game_id, ANA, {"amount": 1})
    await clock.advance(3)  # the computer played t1
    moved = computer_moves(await store.actions(game_id))
    now = clock.now()
    for payload in ({"seat": 1, "phase": "t1"}, {"seat": 0, "phase": "t2"}, {"seat": 7}):
        await service.scheduler.schedule(game_id, COMPUTER, now, payload)
        await clock.advance(0)
    assert computer_moves(await store.actions(game_id)) == moved
    assert await store.timers(game_id) == []


async def test_when_its_step_ends_while_it_thinks_a_computer_does_nothing(
    quiet_service: GameService, store: Store, clock: FakeClock
) -> None:
    """Its turn timed out while it was thinking: the choice is dropped (the deadline's
    default was its move), and it is not counted as a missed turn."""
    service, held = quiet_service, quiet_service.thinker
    assert isinstance(held, Held)
    game_id = await lobby(service, "strong", turn_seconds=5)
    await service.start(game_id, ANA)
    await service.act(game_id, ANA, {"amount": 1})
    await clock.advance(3)  # its pause is over (1-3 s): it thinks
    await until(thinks(held), "the computer to think")
    await clock.advance(2)  # its turn's 5 s are over
    await until(partial(logged, store, game_id, 2), "the turn to time out")
    held.go.set()
    await asyncio.wait_for(service.scheduler.idle(), 5)  # its timer's handler ended
    actions = await store.actions(game_id)
    assert computer_moves(actions) == [] and actions[-1][1] is None  # the timeout's
    computer = (await store.players(game_id))[1]
    assert computer.timeouts == 0 and not computer.away


@pytest.mark.each_engine
async def test_a_restart_while_a_computer_thinks_moves_it_exactly_once(
    quiet_service: GameService, store: Store, clock: FakeClock, database: str
) -> None:
    held = quiet_service.thinker
    assert isinstance(held, Held)
    game_id = await lobby(quiet_service, "strong")
    await quiet_service.start(game_id, ANA)
    await quiet_service.act(game_id, ANA, {"amount": 1})
    await clock.advance(3)
    await until(thinks(held), "the computer to think")
    await quiet_service.scheduler.stop()  # the process stops mid-thought

    again = await Store.open(database)  # its next run (its claims released at the start)
    try:
        service = GameService(again, clock, Thinker(workers=0))
        clock.quiet_checks.append(service.scheduler.idle)
        service.scheduler.start()
        await clock.advance(0)  # the timer is due still: it fires at the start
        await clock.advance(10)
        actions = await again.actions(game_id)
        assert len(computer_moves(actions)) == 1
        assert (await again.game(game_id)).version == 3  # type: ignore[union-attr]
        await service.scheduler.stop()
    finally:
        await again.close()
    held.go.set()  # the first process's thought, had it lived, would change nothing


async def test_a_computer_is_never_marked_away(
    quiet_service: GameService, store: Store, clock: FakeClock
) -> None:
    """It misses two deadlines in a row (its search holds): no timeout counted."""
    service, held = quiet_service, quiet_service.thinker
    assert isinstance(held, Held)
    game_id = await lobby(service, "strong", turn_seconds=5)
    await service.start(game_id, ANA)
    for turn in range(1, 5):  # Ana's turns time out too: she is away after two
        await clock.advance(5)
        await until(partial(logged, store, game_id, turn), "the turn to time out")
    players = await store.players(game_id)
    assert [(p.away, p.timeouts) for p in players] == [(True, 2), (False, 0)]
    held.go.set()


async def test_a_paused_game_plans_its_computer_again_when_it_resumes(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await lobby(service, "casual")
    await service.start(game_id, ANA)
    await service.act(game_id, ANA, {"amount": 1})
    await service.pause(game_id, ANA)
    assert await store.timers(game_id) == []
    await clock.advance(10)
    assert computer_moves(await store.actions(game_id)) == []
    await service.resume(game_id, ANA)
    assert [t.kind for t in await store.timers(game_id)] == [COMPUTER]
    await clock.advance(3)
    assert len(computer_moves(await store.actions(game_id))) == 1


# -- thinking -------------------------------------------------------------------------------


async def test_a_worker_process_chooses_from_the_seat_s_view() -> None:
    """The pool's path: a process of its own (the tests' game registered there too)."""
    from tests.support.race.engine import GAME

    state = GAME.setup(2, GAME.parse_options({"target": 10}), seed=3)
    state.counter, state.turn = 8, 1
    stored = state.model_dump(mode="json")
    thinker = Thinker(workers=1, initializer=install)
    try:
        chosen = await thinker.choose("race", stored, 1, 1, "strong", "1/1/5")
    finally:
        thinker.close()
    assert chosen == {"type": "add", "amount": 2}  # the win
    assert choose("race", stored, 1, 0, "strong", "1/0/5") is None  # not seat 0's turn


async def test_a_failing_policy_plays_the_documented_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.support.race import computer
    from tests.support.race.engine import GAME

    def broken(decision: Decision) -> Any:
        raise RuntimeError("a bug")

    bugged = Computers(computer.default, computer.casual, broken, computer.sample)
    monkeypatch.setattr(computer, "COMPUTERS", bugged)

    state = GAME.setup(2, GAME.parse_options({}), seed=3).model_dump(mode="json")
    chosen = await Thinker(workers=0).choose("race", state, 1, 0, "strong", "s")
    assert chosen == {"type": "add", "amount": 1}
