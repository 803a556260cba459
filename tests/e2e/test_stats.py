"""/stats, /leaderboard and /history through the Discord double: games played to the
end show up, games still running never do, the leaderboard pages with buttons (an old
page shows the board as it is now), and /stats forget leaves nothing of the member."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.store import Store
from bot.core.store.engine import Connection
from bot.core.store.stats import MEMBER_TABLES, MIN_GAMES
from bot.double import Channel, Message, SimUser
from tests.support.harness import World, table

GAME_TARGET = 3  # Race to 3, +2 a turn: the second player wins on the first round


def store_of(world: World) -> Store:
    assert world.bot is not None and world.bot.store is not None
    return world.bot.store


async def race(world: World, users: list[SimUser], **options: int) -> Channel:
    place = await world.open_game(users[0], "race", None, target=GAME_TARGET, **options)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    return place


async def add_two(world: World, user: SimUser, place: Channel) -> None:
    await world.press(user, await world.panel(user, place, "My panel"), "+2")


async def finished_race(world: World, users: list[SimUser]) -> Channel:
    """A game the second player wins (2, then 4 of 3)."""
    place = await race(world, users)
    await add_two(world, users[0], place)
    await add_two(world, users[1], place)
    return place


async def ask(user: SimUser, command: str, **options: Any) -> Message:
    reply = await (await user.slash(command, **options)).reply()
    assert reply.ephemeral
    return reply


@pytest.mark.each_engine
async def test_stats_show_games_won_ratings_and_streaks_never_a_running_game(
    world: World,
) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    await finished_race(world, [ana, ben])
    await finished_race(world, [ana, ben])
    place = await finished_race(world, [cleo, ana])
    running = await race(world, [ben, cleo])  # still in play: shown nowhere
    await add_two(world, ben, running)

    mine = await ask(ana, "stats show")
    text = mine.text
    assert "Statistics: Ana" in text
    assert "**3** games · **1** won (33%)" in text
    assert "Streak: 1 win" in text and "Favourite game: **Race to Ten**" in text
    assert "Rating **" in text and "estimate" in text

    bens = await ask(ana, "stats show", member=ben, game="race")
    assert "Statistics: Ben · Race to Ten" in bens.text
    assert "**2** games · **2** won (100%)" in bens.text  # not the running game
    assert "Streak: 2 wins in a row" in bens.text
    (chart,) = bens.attachments  # the rating over his two rated games
    assert chart.filename == "rating.png"
    assert (chart.description or "").startswith("Ben's rating in Race to Ten over the last 2")
    assert not mine.attachments  # all games together: no picture
    cleos = await ask(cleo, "stats show")
    assert "**1** game · **0** won (0%)" in cleos.text

    history = await ask(ana, "history")
    lines = history.text
    assert lines.count("**Race to Ten**") == 3  # the running game is not listed
    assert f"<#{place.id}>" in lines and f"<#{running.id}>" not in lines
    assert f"🏆 {ana.mention} · {cleo.mention} 0" in lines
    world.check_clean()


async def seed_board(store: Store, guild_id: int, players: int) -> None:
    """`players` members with ratings on the board (enough games), and three newcomers."""
    rows = [
        (guild_id, "race", 1000 + n, f"P{n}", 30.0 - n * 0.5, 2.0, 24.0 - n * 0.5, MIN_GAMES, 1.0)
        for n in range(players)
    ] + [(guild_id, "race", 5000 + n, f"N{n}", 28.0, 7.0, 7.0, 1, 1.0) for n in range(3)]

    def seed(db: Connection) -> None:
        db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    await store._write(seed)


@pytest.mark.each_engine
async def test_the_leaderboard_pages_with_buttons_and_an_old_page_reads_the_board_now(
    world: World,
) -> None:
    ana = world.double.user("Ana")
    store = store_of(world)
    await seed_board(store, world.double.guild.id, 23)
    board = await ask(ana, "leaderboard", game="race")
    assert "Leaderboard: Race to Ten" in board.text
    assert "1. <@1000> · **24.0** (30.0 ± 2.0) · 5 games" in board.text
    assert "10. <@1009>" in board.text and "11. " not in board.text
    assert "Page 1 of 4" in board.text  # 23 ranked (3 pages) and 3 newcomers (1 page)
    previous, following = board.buttons
    assert previous.get("disabled") and not following.get("disabled")

    result = await ana.click(board, "Next")
    await world.settle()
    page = await result.reply()
    assert page.id == board.id  # the same private message, edited in place
    assert "11. <@1010>" in page.text and "Page 2 of 4" in page.text
    await world.settle()
    await ana.click(page, "Next")
    await world.settle()
    assert "21. <@1020>" in page.text and "23. <@1022>" in page.text
    await ana.click(page, "Next")
    await world.settle()
    assert "Not ranked yet" in page.text and "• <@5000>" in page.text
    assert "Page 4 of 4" in page.text and page.buttons[1].get("disabled")

    # The board shrinks meanwhile (an admin's reset): the old message's button shows
    # what there is now, not a page that no longer exists.
    await store.stats.reset(world.double.guild.id, "race")
    await ana.click(page, "Previous")
    await world.settle()
    assert "Nobody has a rated game of Race to Ten" in page.text and not page.buttons


async def test_forget_asks_first_then_leaves_no_row_of_the_member(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    await finished_race(world, [ana, ben])
    question = await ask(ana, "stats forget")
    await world.press(ana, question, "Keep them")
    assert "stay as they are" in question.text
    question = await ask(ana, "stats forget")
    await world.press(ana, question, "Remove my statistics")
    assert "are gone" in question.text
    store = store_of(world)
    for table_name in MEMBER_TABLES:
        rows = await store.engine.read(
            f"SELECT COUNT(*) AS n FROM {table_name} WHERE user_id = ?", (ana.id,)
        )
        assert rows[0]["n"] == 0, table_name
    mine = await ask(ana, "stats show")
    assert "You left this server's statistics" in mine.text
    assert "Ana left" in (await ask(ben, "stats show", member=ana)).text
    await world.press(ana, mine, "Count me again")
    assert "counted again" in mine.text
    await finished_race(world, [ana, ben])
    assert "**1** game ·" in (await ask(ana, "stats show")).text


async def test_only_a_server_admin_resets_a_leaderboard(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    boss = world.double.add_member("Boss", admin=True)
    await finished_race(world, [ana, ben])
    refused = await ask(ana, "stats reset", game="race")
    assert refused.text == "Only a member with Manage Server can do that."
    question = await ask(boss, "stats reset", game="race")
    await world.press(boss, question, "Reset the leaderboard")
    assert "starts afresh" in question.text
    board = await ask(ana, "leaderboard", game="race")
    assert "Nobody has a rated game" in board.text
    assert "**1** game ·" in (await ask(ben, "stats show")).text  # the history stays


async def test_a_german_reader_reads_german(world: World) -> None:
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.user("Ben")
    await finished_race(world, [ben, ana])
    mine = await ask(ana, "stats show")
    assert "Statistik: Ana" in mine.text and "**1** Spiel · **1** gewonnen (100 %)" in mine.text


async def test_a_stored_final_table_keeps_a_record_of_the_end(world: World) -> None:
    """The record keeps the public final table (the view everyone saw at the end)."""
    ana, ben = world.users("Ana", "Ben")
    await finished_race(world, [ana, ben])
    (row,) = await store_of(world).engine.read("SELECT final, people, rated FROM results", ())
    assert '"winner":1' in row["final"] and row["people"] == 2 and row["rated"] == 1
