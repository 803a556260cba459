"""The outbox: changes are shown in each game's order, a delivery Discord could not take
is tried again later, and what was sent of a change is recorded until it is shown."""

from __future__ import annotations

from bot.core.service import RETRY_FIRST, Change, DeliveryDelayed, GameService
from bot.core.store import Store
from tests.support.clock import FakeClock

ANA, BEN = 100, 200


ON_EACH_ENGINE = True  # a store concern: checked on SQLite and PostgreSQL


async def race(service: GameService, channel: int) -> int:
    live = await service.open_lobby(
        kind="race", options={}, guild_id=1, channel_id=channel, parent_id=5,
        host_id=ANA, host_name="Ana", locale="en",
    )  # fmt: skip
    await service.join(live.id, BEN, "Ben")
    await service.start(live.id, ANA)
    await service.shown()
    return live.id


async def new_game(store: Store, channel: int) -> int:
    row = await store.create_game(
        guild_id=1, channel_id=channel, parent_id=None, kind="race", options={},
        host_id=ANA, host_name="Ana", locale="en", seed=1, now=1.0,
    )  # fmt: skip
    return row.id


async def test_the_outbox_comes_in_version_order_when_the_clock_stepped_back(
    store: Store,
) -> None:
    one, two = await new_game(store, 10), await new_game(store, 11)
    notice = {"kind": "joined", "user_id": BEN}
    await store.join(one, BEN, "Ben", expected=0, now=1000.0, notice=notice)
    await store.join(two, BEN, "Ben", expected=0, now=500.0, notice=notice)
    # The wall clock steps back (NTP) between two commits of the first game.
    await store.leave(one, BEN, expected=1, now=100.0, notice={**notice, "kind": "left"})
    pending = [(game, version) for game, version, _ in await store.outbox()]
    of_one = [version for game, version in pending if game == one]
    assert of_one == [1, 2] and sorted(pending) == [(one, 1), (one, 2), (two, 1)]


async def test_what_was_sent_of_a_change_leaves_with_its_outbox_row(store: Store) -> None:
    game = await new_game(store, 10)
    await store.join(game, BEN, "Ben", expected=0, now=2.0, notice={"kind": "joined"})
    await store.record_sent(game, 1, "a0", 10, 555)
    await store.record_sent(game, 1, "d1-0", 77, 556)
    assert await store.sent(game, 1) == {"a0": (10, 555), "d1-0": (77, 556)}
    assert await store.sent(game, 0) == {}
    await store.delivered(game, 1)
    assert await store.sent(game, 1) == {} and await store.outbox() == []


async def test_a_delivery_discord_cannot_take_is_tried_again_and_holds_its_games_later_changes(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    one, two = await race(service, 10), await race(service, 11)
    refusals = 3

    async def unavailable(change: Change) -> None:  # Discord answers 5xx, three times
        nonlocal refusals
        if change.game.id == one and refusals:
            refusals -= 1
            raise DeliveryDelayed("503")

    service.listeners.insert(0, unavailable)
    changes: list[Change] = service.changes  # type: ignore[attr-defined]
    changes.clear()
    add = {"type": "add", "amount": 1}
    await service.act(one, ANA, add)
    await service.act(one, BEN, add)  # queued behind the first
    await service.act(two, ANA, add)  # another game is not held up
    await service.shown()
    assert [(c.game.id, c.version) for c in changes] == [(two, 3)]
    assert [(g, v) for g, v, _ in await store.outbox()] == [(one, 3), (one, 4)]
    await clock.advance(RETRY_FIRST)  # the second try: refused again
    await clock.advance(2 * RETRY_FIRST - 0.01)  # the third waits twice as long
    assert refusals == 1 and len(changes) == 1
    await clock.advance(0.01)  # refused; the fourth, after four times as long, passes
    await clock.advance(4 * RETRY_FIRST)
    assert [(c.game.id, c.version) for c in changes] == [(two, 3), (one, 3), (one, 4)]
    assert await store.outbox() == []
