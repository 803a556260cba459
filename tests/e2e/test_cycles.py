"""What a click and a picture leave behind: nothing that only the garbage collector
frees (`bot.discord.cycles`), so collections stay short and rare under load."""

from __future__ import annotations

import gc
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import discord

from bot.discord.ui import Picture, Screen, files
from tests.support.harness import World, table


@contextmanager
def collector_off() -> Iterator[list[object]]:
    """Run the block without collections; then the list holds what a collection finds
    unreachable (reference cycles nothing else refers to)."""
    gc.collect()
    gc.disable()
    found: list[object] = []
    try:
        yield found
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def uploaded(make: Callable[[io.BytesIO], discord.File]) -> None:
    """A picture's upload as discord.py sends it: read by aiohttp, then closed."""
    upload = make(io.BytesIO(b"\x89PNG picture"))
    upload.reset()
    upload.fp.read()
    upload.fp.close()  # aiohttp closes what it read; discord.py's stub ignores it
    upload.close()


def test_an_uploaded_picture_leaves_nothing_for_the_collector() -> None:
    screen = Screen(pictures=(Picture("table.png", b"\x89PNG picture", "The table."),))
    with collector_off() as ours:
        uploaded(lambda _: files(screen)[0])
    with collector_off() as plain:  # discord.py's own File leaves its buffer in a cycle
        uploaded(lambda buffer: discord.File(buffer, filename="table.png"))
    assert not [o for o in ours if isinstance(o, io.BytesIO)]
    assert [o for o in plain if isinstance(o, io.BytesIO)], "discord.File no longer needs Upload"


async def test_a_handled_click_leaves_its_interaction_to_no_collector(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", None)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    with collector_off() as found:
        for user in (ana, ben):  # a panel opened, and a move on it
            await world.press(user, await world.panel(user, place, "My panel"), "+1")
        await world.settle()
    clicks = [
        o
        for o in found
        if isinstance(o, discord.Interaction) and o.type is discord.InteractionType.component
    ]
    assert not clicks
