"""Delivering a change when Discord or the bot falters: a change Discord could not take
is tried again until it is shown, in order, and no message of it is said twice, even
long after Discord forgot its nonces (`bot.double.nonces.WINDOW`)."""

from __future__ import annotations

import asyncio

from bot.core.service import RETRY_LAST
from bot.double import Channel, Message, SimUser, errors
from bot.double.errors import ApiError
from bot.double.nonces import WINDOW
from tests.support.harness import World, buttons, table

LONG_STOP = 600.0  # seconds: longer than Discord keeps a nonce
assert LONG_STOP > WINDOW


def board(place: Channel) -> str:
    return board_of(table(place))


def board_of(message: Message) -> str:
    return str(message.cards[0].get("description", ""))


def said(place: Channel, text: str) -> int:
    """How many messages in the place say `text`."""
    return sum(text in m.said for m in place.visible_messages())


async def race(world: World, *names: str, target: int = 20) -> tuple[Channel, list[SimUser]]:
    users = world.users(*names)
    place = await world.open_game(users[0], "race", None, target=target)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    return place, users


async def add(world: World, user: SimUser, place: Channel, label: str = "+1") -> None:
    await world.press(user, await world.panel(user, place, "My panel"), label)


async def test_a_change_delivered_again_after_a_long_stop_says_each_message_once(
    world: World,
) -> None:
    place, (ana, _) = await race(world, "Ana", "Ben")
    assert world.bot is not None and world.bot.service is not None

    async def crash(change: object) -> None:  # everything sent; it dies before marking it
        raise asyncio.CancelledError

    world.bot.service.listeners.append(crash)
    await add(world, ana, place, "+2")
    assert said(place, "Ana adds 2.") == 1 and "Counter: **2** of 20" in board(place)
    await world.stop_bot()
    await world.advance(LONG_STOP)  # Discord no longer knows the messages' nonces
    bot = await world.start_bot()
    await world.settle()
    assert said(place, "Ana adds 2.") == 1  # delivered again, nothing said twice
    assert bot.store is not None and bot.service is not None
    assert await bot.store.outbox() == []
    live = await bot.service.game_in(place.id)
    assert live is not None and await bot.store.sent(live.id, 3) == {}  # left with its row


async def test_discord_unavailable_for_minutes_loses_nothing_and_repeats_nothing(
    world: World,
) -> None:
    place, (ana, ben) = await race(world, "Ana", "Ben")
    other, (cleo, _) = await race(world, "Cleo", "Dan")
    await add(world, ana, place)
    first_table = table(place)
    channel = f"/api/v10/channels/{place.id}/"
    let_through = 1  # the next message in the game's thread goes out; then Discord is down

    def outage(route: str, path: str) -> ApiError | None:
        nonlocal let_through
        if not path.startswith(channel) or route.startswith("GET"):
            return None
        if let_through:
            let_through -= 1
            return None
        return errors.unavailable()

    world.double.fault = outage
    await add(world, ben, place)  # a new lap: the news goes out, the table posted anew fails
    assert said(place, "Ben adds 1.") == 1 and table(place).id == first_table.id
    await add(world, ana, place, "+2")  # waits behind Ben's move
    assert said(place, "Ana adds 2.") == 0
    await add(world, cleo, other)  # another game is not held up
    assert said(other, "Cleo adds 1.") == 1
    await world.advance(LONG_STOP)  # tried again and again, with growing pauses
    assert said(place, "Ana adds 2.") == 0
    world.double.fault = None
    await world.advance(RETRY_LAST)
    await world.settle()
    assert said(place, "Ben adds 1.") == 1 and said(place, "Ana adds 2.") == 1
    news = [m.said for m in place.visible_messages() if "adds" in m.said]
    assert news.index(next(n for n in news if "Ben adds 1." in n)) < len(news) - 1
    assert "Ana adds 2." in news[-1]
    assert table(place).id != first_table.id and "Counter: **4** of 20" in board(place)
    assert world.bot is not None and world.bot.store is not None
    assert await world.bot.store.outbox() == []
    injected = [e for e in world.double.exchanges if e.injected]
    assert len(injected) >= 9  # one per try: 1, 2, 4, ... 256 s, then a 300-s wait


async def test_a_stop_while_discord_is_unavailable_keeps_the_change_for_the_next_start(
    world: World,
) -> None:
    place, (ana, _) = await race(world, "Ana", "Ben")
    channel = f"/api/v10/channels/{place.id}/"

    def outage(route: str, path: str) -> ApiError | None:
        return errors.unavailable() if path.startswith(channel) else None

    world.double.fault = outage
    await add(world, ana, place)
    await world.stop_bot()  # at once: the delivery waiting to be tried again stops
    assert not [t for t in asyncio.all_tasks() if t.get_name() == "outbox" and not t.done()]
    world.double.fault = None
    bot = await world.start_bot()
    await world.settle()
    await world.advance(RETRY_LAST)  # nothing of the stopped bot wakes up
    assert said(place, "Ana adds 1.") == 1 and "Counter: **1** of 20" in board(place)
    assert bot.store is not None and await bot.store.outbox() == []


async def test_a_table_posted_anew_by_a_delivery_cut_short_becomes_the_table(
    world: World,
) -> None:
    """A new lap posts the table anew, and the bot dies before it stores which message
    the table is now. The next change shown is a newer one (here the last move) that
    would edit the old table in place: it makes the posted one the table instead, so
    no outdated table with live buttons is left below the one the game shows."""
    place, (ana, ben) = await race(world, "Ana", "Ben", target=3)
    await add(world, ana, place)
    assert world.bot is not None and world.bot.service is not None
    service = world.bot.service
    store_table = service.set_table_message

    async def dies(*args: object, **kwargs: object) -> None:  # posted; not stored
        service.set_table_message = store_table  # type: ignore[method-assign]
        raise asyncio.CancelledError

    service.set_table_message = dies  # type: ignore[method-assign]
    await add(world, ben, place)  # a new lap: the table is posted anew
    await add(world, ana, place)  # the game ends, shown before Ben's move is again
    await world.stop_bot()
    await world.start_bot()
    await world.settle()
    tables = [m for m in place.visible_messages() if m.cards and "Counter:" in board_of(m)]
    assert "Counter: **3** of 3" in board_of(tables[-1])
    assert table(place).id == tables[-1].id
    live = [m for m in place.visible_messages() if "My panel" in buttons(m)]
    assert not live, f"old tables kept their buttons: {[m.id for m in live]}"
    world.check_clean()
