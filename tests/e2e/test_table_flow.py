"""The table as players live with it, for every game alike (played with the example
game): turn notices, absent players, retired controls, the table following the talk,
the host as the first player, and a rematch."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.double import Channel, Message, SimUser
from tests.support.harness import World, buttons, table

TURN = 60  # seconds per turn in these games
STEP = "add 1 or 2 to the counter"


def board(place: Channel) -> str:
    return str(table(place).cards[0]["description"])


def notices(place: Channel) -> list[str]:
    """What the bot said in the place, oldest first (the table messages left out)."""
    return [m.said for m in place.visible_messages() if not m.cards and m.said]


async def race(world: World, *names: str, **options: int | str) -> tuple[Channel, list[SimUser]]:
    users = world.users(*names)
    place = await world.open_game(users[0], "race", None, turn_seconds=TURN, **options)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    return place, users


async def add(world: World, user: SimUser, place: Channel, label: str = "+1") -> None:
    await world.press(user, await world.panel(user, place, "My panel"), label)


async def test_a_turn_notice_pings_the_next_player_and_names_the_step(world: World) -> None:
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo")
    assert notices(place)[-1].endswith(f"{ana.mention}: {STEP}")
    await add(world, ana, place)
    said = notices(place)[-1]
    assert said.startswith("Ana adds 1.") and said.endswith(f"{ben.mention}: {STEP}")
    assert cleo.mention not in said and "your turn" not in said
    # A mention in a text display pings as the message allows: Ben alone.
    assert [m.pinged for m in place.visible_messages() if m.said == said] == [[ben.id]]


async def test_the_lobby_names_its_host_without_pinging_them(world: World) -> None:
    ana = world.double.user("Ana")
    lobby = table(await world.open_game(ana, "race"))
    assert f"Host: {ana.mention}" in lobby.cards[0]["description"] and lobby.pinged == []


async def test_turn_notices_by_dm_or_none_ping_nobody_in_the_channel(world: World) -> None:
    place, (ana, ben, _) = await race(world, "Ana", "Ben", "Cleo", pings="dm")
    assert notices(place)[-1] == f"The game begins! Ana, Ben and Cleo\nAna: {STEP}"
    (dm,) = ana.dms()
    assert dm.said.startswith(f"Your turn in Race to Ten: {STEP} https://")
    assert dm.said.endswith(f"/{place.id}")  # a link to the game's thread
    await add(world, ana, place)
    assert notices(place)[-1].endswith(f"Ben: {STEP}")
    assert not any(ben.mention in n for n in notices(place))
    assert len(ben.dms()) == 1 and len(ana.dms()) == 1

    quiet, (dan, eve) = await race(world, "Dan", "Eve", pings="off")
    await add(world, dan, quiet)
    assert notices(quiet)[-1].endswith(f"Eve: {STEP}") and eve.mention not in notices(quiet)[-1]
    assert not dan.dms() and not eve.dms()


async def test_turn_notices_by_dm_mention_a_player_whose_dms_are_closed(world: World) -> None:
    place, (ana, ben) = await race(world, "Ana", "Ben", pings="dm")
    ben.dms_open = False
    await add(world, ana, place)  # the DM to Ben fails: he is mentioned instead
    assert notices(place)[-1] == f"{ben.mention}: {STEP}" and not ben.dms()
    await add(world, ben, place)
    await add(world, ana, place)  # his DMs are known to be closed: the line mentions him
    assert notices(place)[-1].endswith(f"\n{ben.mention}: {STEP}")
    assert sum(ben.mention in n for n in notices(place)) == 2 and len(ana.dms()) == 2


async def test_a_player_whose_time_runs_out_twice_is_away_until_back(world: World) -> None:
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo", target=30)
    await add(world, ana, place)
    await world.advance(TURN)  # Ben's time runs out: said as such, not as his choice
    await world.settle()
    assert "Time ran out: Ben's turn added 1." in notices(place)[-1]
    assert "away" not in board(place).lower()
    await add(world, cleo, place)
    await add(world, ana, place)
    await world.advance(TURN)  # a second time in a row: Ben is away
    await world.settle()
    said = "\n".join(notices(place)[-2:])
    assert "Ben let the time run out twice in a row and is away now" in said
    assert "Away (the bot plays for them): Ben" in board(place)
    assert "I'm back" in buttons(table(place))

    # From now on Ben's turns are played at once: no one waits for him.
    await add(world, cleo, place)
    await add(world, ana, place)
    assert "Counter: **8** of 30" in board(place)  # Ana 1, then Ben's default 1 at once
    assert notices(place)[-1].endswith(f"{cleo.mention}: {STEP}")

    # Only Ben can say he is back; then he plays again himself.
    assert await world.press(ana, table(place), "I'm back") == "That player is not away."
    await world.press(ben, table(place), "I'm back")
    assert "Ben is back and plays again." in notices(place)[-1]
    assert "Away" not in board(place)
    await add(world, cleo, place)
    await add(world, ana, place)
    assert notices(place)[-1].endswith(f"{ben.mention}: {STEP}")
    world.check_clean()


async def test_acting_again_brings_an_away_player_back(world: World) -> None:
    place, (ana, ben) = await race(world, "Ana", "Ben", target=30)
    await add(world, ana, place)
    for _ in range(2):  # Ben misses two turns; Ana plays in between
        await world.advance(TURN)
        await world.settle()
        if "is away now" not in "\n".join(notices(place)):
            await add(world, ana, place)
    assert "Away (the bot plays for them): Ben" in board(place)
    await add(world, ana, place)  # Ben's turn is played at once: Ana's turn again
    panel = await world.panel(ben, place, "My panel")
    assert buttons(panel) == []  # not his turn
    await add(world, ana, place, "+2")
    assert "Away" in board(place)


async def test_a_move_played_at_once_for_an_away_player_says_so(world: World) -> None:
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo", target=30)
    await (await ana.slash("away", channel=place, player=ben)).reply()
    await add(world, ana, place)  # Ben's turn is played at once: no time ran out
    said = notices(place)[-1]
    assert said.startswith("The bot played for Ben (away): their turn added 1.")
    assert "Time ran out" not in said and said.endswith(f"{cleo.mention}: {STEP}")
    await world.advance(TURN)  # Cleo's deadline passes: that one did run out
    await world.settle()
    assert notices(place)[-1].startswith("Time ran out: Cleo's turn added 1.")


async def test_everyone_away_is_not_played_to_the_end_at_once(world: World) -> None:
    place, _ = await race(world, "Ana", "Ben", target=30)
    for _ in range(4):
        await world.advance(TURN)
        await world.settle()
    assert "Ana, Ben" in board(place)  # both away
    # The notice promises nothing the table does not do: nobody plays, so it waits.
    said = next(n for n in notices(place) if "Ben let the time run out" in n)
    assert "at once while others play, at the step's deadline when nobody does" in said
    assert "Time ran out" in notices(place)[-1]  # a deadline passed, not a move at once
    counter = board(place)
    await world.settle()
    assert board(place) == counter  # the game waits for the next deadline
    await world.advance(TURN)
    await world.settle()
    assert board(place) != counter


async def test_a_panel_is_retired_when_its_turn_is_over(world: World) -> None:
    place, (ana, _ben) = await race(world, "Ana", "Ben")
    panel = await world.panel(ana, place, "My panel")
    assert buttons(panel) == ["+1", "+2"]
    await world.advance(TURN)  # her time runs out while the panel is open
    await world.settle()
    panel = ana.ephemerals(place)[-1]
    assert all(c.get("disabled") for c in panel.controls)
    world.check_clean()


async def test_every_panel_a_player_opened_is_retired_not_only_the_last(world: World) -> None:
    place, (ana, _ben) = await race(world, "Ana", "Ben")
    first = await world.panel(ana, place, "My panel")
    second = await world.panel(ana, place, "My panel")  # opened again, the first unused
    assert first.id != second.id and buttons(first) == buttons(second) == ["+1", "+2"]
    await world.advance(TURN)
    await world.settle()
    for panel in (first, second):
        assert all(c.get("disabled") for c in panel.controls)
    world.check_clean()


async def test_the_table_moves_down_each_lap_and_the_old_one_links_to_it(world: World) -> None:
    place, (ana, ben) = await race(world, "Ana", "Ben", target=20)
    first = table(place)
    await add(world, ana, place)
    assert table(place).id == first.id  # within a lap the table is edited in place
    await add(world, ben, place)  # a new lap: the table is posted anew below
    now, old = table(place), _fresh(place, first)
    assert now.id > first.id and "Counter: **2** of 20" in board(place)
    assert old.said.startswith("The table moved down:") and str(now.id) in old.said
    assert not old.cards and not old.attachments and not old.controls
    assert place.visible_messages()[-1].id == now.id or "My panel" not in buttons(
        place.visible_messages()[-1]
    )
    world.check_clean()


async def test_a_long_game_leaves_one_moved_down_line_not_one_per_lap(world: World) -> None:
    place, (ana, ben) = await race(world, "Ana", "Ben", target=30)
    for _ in range(4):  # four laps: the table moves down three times
        await add(world, ana, place)
        await add(world, ben, place)
    stubs = [m for m in place.visible_messages() if m.said.startswith("The table moved")]
    assert len(stubs) == 1 and str(table(place).id) in stubs[0].said
    world.check_clean()


async def test_a_long_game_never_edits_an_old_table(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=3600, target=50)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    for _ in range(6):  # slow turns: hours pass, and the table is edited within a lap
        await world.advance(55 * 60)
        await add(world, ana, place)
        await world.advance(55 * 60)
        await add(world, ben, place)
    assert "Counter: **12** of 50" in board(place)
    world.check_clean()  # no edit of an hour-old message was refused (30046)


async def test_the_host_is_first_even_after_leaving_and_joining_again(world: World) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Leave")
    await world.press(cleo, table(place), "Join")
    await world.press(ana, table(place), "Join")
    await world.press(ana, table(place), "Start")
    assert "Ana to play." in board(place)


async def finished_race(world: World) -> tuple[Channel, SimUser, SimUser, Message]:
    """Ana and Ben play a race to 3 to its end: the place, both, the results message."""
    place, (ana, ben) = await race(world, "Ana", "Ben", target=3)
    await add(world, ana, place, "+2")
    await add(world, ben, place)
    return place, ana, ben, _last_with(place, "Rematch")


async def test_a_rematch_opens_a_lobby_with_the_same_options_and_invites_everyone(
    world: World,
) -> None:
    place, ana, ben, results = await finished_race(world)
    await world.press(ben, results, "Rematch")
    lobby = _last_with(place, "Join")
    assert lobby.id != results.id and "Target: 3" in str(lobby.cards[0]["description"])
    assert f"Host: {ben.mention}" in str(lobby.cards[0]["description"])
    assert any(ana.mention in n and "rematch" in n for n in notices(place))
    assert await world.press(ana, lobby, "Join") == "You joined the game."


async def test_a_rematch_invite_links_its_lobby_and_a_second_press_names_it(
    world: World,
) -> None:
    place, ana, ben, results = await finished_race(world)
    await world.press(ben, results, "Rematch")
    lobby = _last_with(place, "Join")
    link = f"https://discord.com/channels/{world.double.guild.id}/{place.id}/{lobby.id}"
    (invite,) = [n for n in notices(place) if "rematch" in n]
    assert invite.endswith(f"join the new game: {link}") and ana.mention in invite
    again = f"{ben.mention} already opened a rematch: {link}"
    assert await world.press(ana, results, "Rematch") == again
    assert await world.press(ben, results, "Rematch") == again


async def test_a_rematch_keeps_the_last_game_s_seat_order(world: World) -> None:
    """Ben opens the rematch; Ana joins before Cleo, yet the seats go on clockwise as
    in the last game (Ana, Ben, Cleo): Ben, Cleo, Ana."""
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo", target=3)
    await add(world, ana, place, "+2")
    await add(world, ben, place)
    await world.press(ben, _last_with(place, "Rematch"), "Rematch")
    await world.press(ana, _last_with(place, "Join"), "Join")
    await world.press(cleo, _last_with(place, "Join"), "Join")
    assert "1. Ben\n2. Cleo\n3. Ana" in str(_last_with(place, "Join").cards[0]["description"])
    await world.press(ben, _last_with(place, "Start"), "Start")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and [p.display_name for p in live.players] == ["Ben", "Cleo", "Ana"]


async def test_a_rematch_in_a_locked_thread_is_refused_as_newgame_would_be(
    world: World,
) -> None:
    """A moderator locked the finished game's thread: the bot could not post a lobby
    there, so none is opened (an invisible lobby would block the thread)."""
    place, ana, ben, results = await finished_race(world)
    world.double.state.update_thread(place, {"locked": True, "archived": True})
    await world.settle()
    refused = await world.press(ben, results, "Rematch")
    assert refused is not None and refused.startswith("This thread is locked")
    newgame = await world.answer(await ana.slash("newgame race", channel=place))
    assert newgame.said == refused
    assert world.bot is not None and world.bot.service is not None
    assert await world.bot.service.game_in(place.id) is None


async def burst(world: World, place: Channel, *users: SimUser) -> int:
    """Each user adds 1 in turn, each move committed before the next, while the bot is
    slow to show them (as when Discord is slow to take its messages); how many screens
    showing them took."""
    assert world.bot is not None and world.bot.service is not None
    shown = asyncio.Event()

    async def slow(change: object) -> None:
        await shown.wait()

    world.bot.service.listeners.insert(0, slow)
    for user in users:
        panel = await world.panel(user, place, "My panel")
        await user.click(panel, "+1")
        await world.double.wait_for(_edited(panel, panel.revision), 5.0, "the panel")
    built = world.bot.drawing.drawn + world.bot.drawing.reused
    shown.set()
    await world.settle()
    world.bot.service.listeners.remove(slow)
    return world.bot.drawing.drawn + world.bot.drawing.reused - built


async def test_moves_made_faster_than_they_are_shown_ping_once_and_draw_the_table_once(
    world: World,
) -> None:
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo", target=30)
    assert await burst(world, place, ana, ben, cleo) == 1  # the table, once
    said = "\n".join(notices(place)[-3:])
    for name in ("Ana", "Ben", "Cleo"):
        assert f"{name} adds 1." in said
    assert said.count(ana.mention) == 1 and said.endswith(f"{ana.mention}: {STEP}")
    assert ben.mention not in said and cleo.mention not in said
    world.check_clean()


async def test_moves_shown_after_the_game_ended_ask_discord_nothing_more(world: World) -> None:
    place, users = await race(world, "Ana", "Ben", "Cleo", target=3)
    world.double.exchanges.clear()
    await burst(world, place, *users)  # the last move ends the game
    assert "Cleo adds 1." in "\n".join(notices(place))
    routes = [e.route for e in world.double.exchanges]
    assert "GET /channels/{channel_id}/messages" not in routes  # the count is kept
    world.check_clean()


def _edited(message: Message, revision: int) -> Callable[[], bool]:
    return lambda: message.revision > revision


def _fresh(place: Channel, message: Message) -> Message:
    return next(m for m in place.visible_messages() if m.id == message.id)


def _last_with(place: Channel, label: str) -> Message:
    return next(m for m in reversed(place.visible_messages()) if label in buttons(m))


async def test_the_host_marks_a_player_away_and_the_player_comes_back(world: World) -> None:
    place, (ana, ben, cleo) = await race(world, "Ana", "Ben", "Cleo", target=30)
    refused = await (await ben.slash("away", channel=place, player=cleo)).reply()
    assert "Only the host" in refused.said
    done = await (await ana.slash("away", channel=place, player=ben)).reply()
    assert done.said == "Ben is marked away."
    await world.settle()
    assert f"{ana.mention} marked Ben as away" in notices(place)[-1]
    await add(world, ana, place)  # Ben's turn is played at once
    assert "Counter: **2** of 30" in board(place) and "Cleo to play." in board(place)
    back = await (await ben.slash("back", channel=place)).reply()
    assert back.said == "Ben is back."
    await world.settle()
    assert "Away" not in board(place)


async def test_a_lobby_open_for_hours_moves_down_rather_than_edit_an_old_message(
    world: World,
) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "race")
    first = table(place)
    await world.advance(2 * 3600)
    for _ in range(3):  # six joins and leaves, two hours after the lobby opened
        await world.press(ben, table(place), "Join")
        await world.press(ben, table(place), "Leave")
    await world.press(cleo, table(place), "Join")
    lobby = table(place)
    assert lobby.id != first.id and "Cleo" in str(lobby.cards[0]["description"])
    world.check_clean()  # no edit refused with 30046
