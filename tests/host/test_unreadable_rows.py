"""A stored value that is not JSON (a torn write, a flipped bit, a bad hand edit) marks
only its own game broken: start-up, /games and every other game go on."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.errors import Refused
from bot.core.service import GameService
from bot.core.store import Store
from bot.double import running_double
from games import registry
from tests.support.clock import FakeClock
from tests.support.harness import World, table
from tests.support.started import ANA, started_race


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    clock = FakeClock()
    async with running_double(clock=clock) as double:
        world = World(double, clock, tmp_path / "games.sqlite3", [registry.get("race")])
        await world.start_bot()
        try:
            yield world
            world.check_clean()
        finally:
            await world.close()


def scribble(database: Path | str, sql: str, *args: object) -> None:
    """Change the file behind the bot's back, as a crash or a hand edit would."""
    with sqlite3.connect(database) as db:
        db.execute(sql, args)


def count(database: Path | str, sql: str, *args: object) -> int:
    with sqlite3.connect(database) as db:
        (value,) = db.execute(sql, args).fetchone()
    return int(value)


def game_in(world: World, channel_id: int) -> int:
    with sqlite3.connect(world.database) as db:
        (game_id,) = db.execute(
            "SELECT id FROM games WHERE channel_id = ?", (channel_id,)
        ).fetchone()
    return int(game_id)


async def test_an_unreadable_state_with_an_outbox_row_marks_only_that_game_broken_at_start_up(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    torn = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(torn), "Join")
    await world.press(ana, table(torn), "Start")
    other = await world.open_game(ben, "race", turn_seconds=60)
    await world.press(ana, table(other), "Join")
    await world.press(ben, table(other), "Start")
    torn_id = game_in(world, torn.id)
    await world.stop_bot()
    scribble(
        world.database, 'UPDATE games SET state = \'{"counter": 0, "tu\' WHERE id = ?', torn_id
    )
    scribble(  # a change the bot had not shown yet when it stopped
        world.database,
        "INSERT INTO outbox SELECT id, version, ?, updated_at FROM games WHERE id = ?",
        '{"kind": "reminder", "user_id": null, "events": [], "away": [], "back": [],'
        ' "waited_for": [], "phase_before": null}',
        torn_id,
    )

    await world.start_bot()  # no traceback: the other game plays on
    await world.settle()
    answer = await world.panel(ana, torn, "My panel")
    assert "cannot continue" in answer.said, answer.said
    # Told once in the thread; its unshown change stays for a release that can read it.
    said = [m.said for m in torn.visible_messages() if "cannot continue" in m.said]
    assert len(said) == 1
    assert count(world.database, "SELECT COUNT(*) FROM outbox WHERE game_id = ?", torn_id) == 1
    await world.press(ben, await world.panel(ben, other, "My panel"), "+2")
    assert "Counter: **2** of 10" in str(table(other).cards[0]["description"])


async def test_games_lists_a_server_with_an_unreadable_row(world: World) -> None:
    ana = world.double.user("Ana")
    torn = await world.open_game(ana, "race")
    gone = await world.open_game(ana, "race")
    fine = await world.open_game(ana, "race")
    scribble(world.database, "UPDATE games SET options = 'not json' WHERE channel_id = ?", torn.id)
    scribble(world.database, "UPDATE games SET kind = 'retired' WHERE channel_id = ?", gone.id)
    listing = await world.answer(await ana.slash("games"))
    assert f"Race to Ten in <#{torn.id}>: lobby" in listing.cards[0]["description"]
    assert f"retired in <#{gone.id}>: lobby" in listing.cards[0]["description"]
    assert f"Race to Ten in <#{fine.id}>: lobby" in listing.cards[0]["description"]


async def test_every_json_column_is_guarded_and_marks_its_game_broken(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    service = GameService(store, clock)
    ids = [await started_race(service, channel) for channel in (10, 11, 12, 13)]
    database = tmp_path / "games.sqlite3"
    bad_state, bad_options, bad_payload, bad_utf8 = ids
    scribble(database, "UPDATE games SET state = '[1, 2' WHERE id = ?", bad_state)
    scribble(database, "UPDATE games SET options = '' WHERE id = ?", bad_options)
    scribble(database, "UPDATE timers SET payload = '{' WHERE game_id = ?", bad_payload)
    scribble(  # a flipped high bit: the text is not UTF-8 any more
        database, "UPDATE games SET state = CAST(? AS TEXT) WHERE id = ?", b'{"c\xe1":1}', bad_utf8
    )
    restarted = GameService(store, clock)
    assert len(await store.games_in_guild(1)) == 4  # one query over every row still works
    for game_id in ids:
        live = await restarted.load(game_id)
        assert live.broken is not None, game_id
        with pytest.raises(Refused) as caught:
            await restarted.act(game_id, ANA, {"amount": 1})
        assert caught.value.key == "host.broken"
    assert "not JSON" in (store.unreadable(bad_state) or "")
    assert "not UTF-8" in (store.unreadable(bad_utf8) or "")
    assert "{" not in (store.unreadable(bad_payload) or "")  # never the value itself
