"""A reader's context is made once per state of the game: the announcement, the turn
notice, the table and a panel's steps share it, and a move makes a new one."""

from __future__ import annotations

import pytest

from bot.discord.contexts import seat_context, table_context
from games import registry
from games.engine import AnyGame
from tests.support.harness import World, table


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("lama")]


async def test_a_context_is_made_once_per_state_and_reader(world: World) -> None:
    assert world.bot is not None and world.bot.service is not None
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "lama")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.state is not None
    first = table_context(live)
    assert table_context(live) is first
    assert seat_context(live, 0) is seat_context(live, 0)
    assert seat_context(live, 0) is not seat_context(live, 1)
    assert seat_context(live, 0, "de") is not seat_context(live, 0, "en")
    assert table_context(live, for_away=True) is not first
    version = live.row.version
    seat = next(iter(live.game.active(live.state)))
    await world.bot.service.act(
        live.id, live.players[seat].user_id, live.game.legal_actions(live.state, seat)[0]
    )
    assert live.row.version > version
    after = table_context(live)
    assert after is not first and after.version == live.row.version
    assert after.view == live.game.view(live.state, None)
