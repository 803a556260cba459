"""Screens with pictures built in a worker process (as the bot runs by default): the
players see exactly what the bot's own process would have drawn."""

from __future__ import annotations

import os

import pytest

from bot.discord.adapters import adapter_for
from bot.discord.contexts import seat_context, table_context
from games import registry
from games.engine import AnyGame
from tests.support.harness import World, table


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("tufteln")]


async def test_tables_and_panels_are_drawn_in_a_worker_process(world: World) -> None:
    world.drawing_workers = 1
    await world.restart()
    assert world.bot is not None and world.bot.service is not None
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "tufteln")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    panel = await world.panel(ana, place, "My sheet")

    workers = world.bot.drawing.pids()
    assert workers and os.getpid() not in workers
    live = await world.bot.service.game_in(place.id)
    assert live is not None
    adapter = adapter_for("tufteln")
    here = adapter.table(table_context(live)).pictures[0]
    shown = table(place).attachments[0]
    assert (shown.filename, shown.description, shown.data) == (
        here.name,
        here.description,
        here.data,
    )
    sheet = adapter.panel(seat_context(live, 0, "en"), ()).pictures[0]
    assert panel.attachments[0].data == sheet.data
