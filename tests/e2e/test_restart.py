"""A restart mid-game: same database, new bot; the game, its buttons and timers resume."""

from __future__ import annotations

import asyncio

import pytest

from bot.double import Channel
from bot.double.model import IS_COMPONENTS_V2
from tests.support.harness import World, buttons, table


def board(place: Channel) -> str:
    return str(table(place).cards[0]["description"])


async def test_the_game_resumes_with_working_buttons_and_timers(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    await world.press(ana, await world.panel(ana, place, "My panel"), "+2")
    assert "Counter: **2** of 10" in board(place)

    await world.stop_bot()
    await world.advance(600)  # ten minutes down, past Ben's deadline
    await world.start_bot()
    await world.settle()  # the overdue deadline fires once on start-up (default +1)
    assert "Counter: **3** of 10" in board(place)
    # The table message from before the restart still works.
    panel = await world.panel(ana, place, "My panel")
    assert buttons(panel) == ["+1", "+2"]
    await world.press(ana, panel, "+1")
    assert "Counter: **4** of 10" in board(place)
    # The next deadline fires on time: Ben's turn runs out after 60 s.
    await world.advance(59)
    await world.settle()
    assert "Counter: **4** of 10" in board(place)
    await world.advance(1)
    await world.settle()
    assert "Counter: **5** of 10" in board(place)


async def test_a_lobby_survives_a_restart(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    await world.restart()
    assert await world.press(ben, table(place), "Join") == "You joined the game."
    assert "Ben" in board(place)


@pytest.mark.each_engine  # the outbox after a crash, on PostgreSQL too
async def test_a_crash_between_a_commit_and_its_messages_loses_nothing(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    service = world.bot.service

    async def crash(change: object) -> None:  # the process dies before it says anything
        raise asyncio.CancelledError

    service.listeners.insert(0, crash)
    panel = await world.panel(ana, place, "My panel")
    await ana.click(panel, "+2")
    await asyncio.sleep(0)
    said = [m.said for m in place.visible_messages()]
    assert not any("Ana adds 2." in text for text in said) and "**0** of 10" in board(place)
    store = world.bot.store
    assert store is not None
    game = await store.open_game_in(place.id)
    assert game is not None
    for _ in range(1000):  # the move is committed (on PostgreSQL, in the store's thread)
        if await store.actions(game.id):
            break
        await asyncio.sleep(0.005)

    await world.stop_bot()
    await world.start_bot()
    await world.settle()
    assert "Counter: **2** of 10" in board(place)
    notice = next(m.said for m in place.visible_messages() if "Ana adds 2." in m.said)
    assert notice.endswith(f"{ben.mention}: add 1 or 2 to the counter")
    assert world.bot.store is not None and await world.bot.store.outbox() == []
    await world.restart()
    assert sum("Ana adds 2." in m.said for m in place.visible_messages()) == 1  # said once


async def test_a_move_played_for_an_away_player_says_so_when_shown_after_a_crash(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    await (await ana.slash("away", channel=place, player=ben)).reply()
    await world.settle()
    assert world.bot is not None and world.bot.service is not None

    async def crash(change: object) -> None:  # dies before it shows Ben's move
        if getattr(change, "kind", None) == "expired":
            raise asyncio.CancelledError

    world.bot.service.listeners.insert(0, crash)
    await ana.click(await world.panel(ana, place, "My panel"), "+2")
    await asyncio.sleep(0)
    await world.stop_bot()
    await world.start_bot()
    await world.settle()
    assert "Counter: **3** of 10" in board(place)
    said = [m.said for m in place.visible_messages()]
    assert any(s.startswith("The bot played for Ben (away): their turn added 1.") for s in said)
    assert not any("Time ran out" in s for s in said)


async def test_a_table_sent_before_layout_components_is_upgraded_by_its_next_edit(
    world: World,
) -> None:
    """A table message the bot sent before it used layout components (an embed, its
    buttons in rows, no IS_COMPONENTS_V2 flag) keeps working after the upgrade, and its
    next edit turns it into the layout in place: the flag is set, content and embeds
    are cleared (Discord accepts nothing else), nothing is refused."""
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    old = table(place)
    card = old.cards[0]
    old.embeds = [{"type": "rich", "title": card["title"], "description": card["description"]}]
    old.components = old.rows
    old.flags &= ~IS_COMPONENTS_V2
    assert old.cards == [{**old.embeds[0]}] and buttons(old) == ["My panel"]

    await world.restart()  # the new release: it remembers no picture it showed
    await world.press(ana, await world.panel(ana, place, "My panel"), "+2")
    assert table(place).id == old.id and old.flags & IS_COMPONENTS_V2
    assert old.content == "" and old.embeds == []
    assert "Counter: **2** of 10" in board(place) and buttons(old) == ["My panel"]
