"""The host's lobby and common commands, end to end: real discord.py against the double."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.adapters import playable
from bot.double import Channel
from bot.double import permissions as perms
from bot.double.model import Overwrite
from games import registry
from tests.support.harness import World, buttons, table

HOST_ONLY = "Only the host or a member with Manage Server can do that."


def lobby_text(place: Channel) -> str:
    return str(table(place).cards[0]["description"])


async def test_join_leave_start_in_a_thread(world: World) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "race", target=5)
    assert place.parent_id == world.channel.id  # a thread of the channel
    lobby = table(place)
    assert buttons(lobby) == ["Join", "Leave", "Start", "Cancel"]
    assert "1 to 4 players" in lobby_text(place) and "Ana" in lobby_text(place)
    assert "Options: Target: 5" in lobby_text(place)  # the option's label from the catalog

    assert await world.press(ben, lobby, "Join") == "You joined the game."
    assert "Ben" in lobby_text(place)
    assert await world.press(ben, lobby, "Join") == "You are already in this game."
    assert await world.press(cleo, lobby, "Leave") == "You are not in this game."
    await world.press(cleo, lobby, "Join")
    await world.press(cleo, lobby, "Leave")
    assert "Cleo" not in lobby_text(place)

    assert await world.press(ben, lobby, "Start") == HOST_ONLY
    await world.press(ana, lobby, "Start")
    assert buttons(table(place)) == ["My panel"]
    assert "Counter: **0** of 5" in lobby_text(place)
    notices = [m.said for m in place.visible_messages()[1:]]
    assert any(ana.mention in n and ben.mention in n and "begins" in n for n in notices)


async def test_start_refuses_when_the_count_is_out_of_range(world: World) -> None:
    ana, *others = world.users("Ana", "Ben", "Cleo", "Dan", "Eve")
    place = await world.open_game(ana, "race")
    for user in others[:3]:
        await world.press(user, table(place), "Join")
    assert await world.press(others[3], table(place), "Join") == "The game is full (4 players)."
    for user in [ana, *others[:3]]:
        await world.press(user, table(place), "Leave")
    refused = await world.press(ana, table(place), "Start")
    assert refused == "This game needs 1 to 4 players; there are 0."
    assert buttons(table(place)) == ["Join", "Leave", "Start", "Cancel"]


async def test_cancel_by_the_host_or_a_manager_only(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    boss = world.double.add_member("Boss", admin=True)
    place = await world.open_game(ana, "race")
    assert await world.press(ben, table(place), "Cancel") == HOST_ONLY
    await world.press(boss, table(place), "Cancel")
    assert buttons(table(place)) == []
    assert "cancelled" in lobby_text(place)
    again = await world.answer(await ana.slash("newgame race", channel=place))
    assert "is open in" in again.said  # a cancelled lobby frees its thread


async def test_one_game_per_thread_and_several_per_channel(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    first = await world.open_game(ana, "race")
    second = await world.open_game(ben, "race")
    assert first.id != second.id and first.parent_id == second.parent_id == world.channel.id
    refused = await world.answer(await ana.slash("newgame race", channel=first))
    assert "already has an open game" in refused.said


async def test_a_channel_without_threads_hosts_the_game_itself(world: World) -> None:
    ana = world.double.user("Ana")
    plain = world.double.add_channel("no-threads", threads=False)
    place = await world.open_game(ana, "race", channel=plain)
    assert place.id == plain.id
    assert buttons(table(place)) == ["Join", "Leave", "Start", "Cancel"]


async def test_abort_asks_first_and_only_the_host_or_a_manager_may(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    refused = await world.answer(await ben.slash("abort", channel=place))
    assert refused.said == HOST_ONLY
    confirm = await world.answer(await ana.slash("abort", channel=place))
    assert confirm.ephemeral and buttons(confirm) == ["End the game", "Keep playing"]
    kept = await (await ana.click(confirm, "Keep playing")).reply()
    assert kept.said == "The game goes on."
    confirm = await world.answer(await ana.slash("abort", channel=place))
    await world.press(ana, confirm, "End the game")
    # Said at the bottom; the table above shrinks to a line, its controls gone.
    assert place.visible_messages()[-1].said == f"{ana.mention} ended the game early."
    assert lobby_text(place) == "The game was ended early."
    assert buttons(table(place)) == [] and not table(place).attachments
    nothing = await world.answer(await ana.slash("abort", channel=place))
    assert nothing.said == "There is no open game in this channel."


async def test_games_rules_and_help(world: World) -> None:
    ana = world.double.user("Ana")
    empty = await world.answer(await ana.slash("games"))
    assert empty.said.startswith("No games yet")
    place = await world.open_game(ana, "race")
    listing = await world.answer(await ana.slash("games"))
    assert f"<#{place.id}>: lobby" in listing.cards[0]["description"] and listing.ephemeral
    rules = await world.answer(await ana.slash("rules", game="race"))
    assert rules.cards[0]["title"] == "Race to Ten"
    assert "Take turns adding 1 or 2" in rules.cards[0]["description"]
    helped = await world.answer(await ana.slash("help"))
    assert helped.cards[0]["title"] == "🎲 Tabletop games"
    assert "\n- `/newgame race`: Race to Ten\n" in helped.text and "\n- `/rules`: " in helped.text


async def test_help_names_option_choices_as_the_menu_shows_them(world: World) -> None:
    """/help tells how to get turn notices by DM in the words /newgame's menu shows
    (the choice's name), not the stored value (`pings:dm`)."""
    ana = world.double.user("Ana")
    ute = world.double.add_member("Ute", locale="de")
    helped = (await world.answer(await ana.slash("help"))).text
    assert "`pings: direct message`" in helped and "`pings: no notice`" in helped
    assert "pings:dm" not in helped
    german = (await world.answer(await ute.slash("help"))).text
    assert "`hinweise: Direktnachricht`" in german


async def test_panels_are_private_and_stale_buttons_refused(world: World) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    outsider = await world.panel(cleo, place, "My panel")
    assert outsider.said == "You are not playing in this game."
    panel = await world.panel(ana, place, "My panel")
    assert panel.ephemeral and buttons(panel) == ["+1", "+2"] and "lucky number" in panel.said
    assert not ben.can_see(panel) and not cleo.can_see(panel)
    second = await world.panel(ana, place, "My panel")
    await world.press(ana, second, "+2")
    assert buttons(second) == []  # the panel she used now offers no moves
    await world.press(ben, await world.panel(ben, place, "My panel"), "+1")
    # Ana's first panel is from her previous turn: shown disabled, and a click that
    # left before it was (the edit on its way) is refused, nothing applied twice.
    assert all(c.get("disabled") for c in panel.controls)
    plus_two = next(c for c in panel.controls if c["label"] == "+2")
    data = {"custom_id": plus_two["custom_id"], "component_type": 2}
    late = await ana._interact(3, place, data, panel, True)
    await world.settle()
    stale = [m.said for m in late.messages if m.ephemeral][-1]
    assert stale.startswith("That button is from an earlier turn")
    assert "Counter: **3** of 10" in lobby_text(place)


async def test_a_game_without_a_turn_limit_ends_when_its_thread_is_deleted(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    world.double.delete_channel(place)
    await world.settle()  # no timer will ever touch it: the deletion itself ends it
    assert world.bot is not None and world.bot.store is not None
    (row,) = await world.bot.store.games_in_guild(world.double.guild.id)
    assert row.status == "aborted"
    world.check_clean()


async def test_a_game_whose_thread_was_deleted_ends_quietly(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=30)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    world.double.delete_channel(place)
    await world.advance(30)  # the turn limit passes: the bot finds the thread gone
    await world.settle()
    assert world.bot is not None and world.bot.store is not None
    (row,) = await world.bot.store.games_in_guild(world.double.guild.id)
    assert row.status == "aborted" and await world.bot.store.timers(row.id) == []
    listing = await world.answer(await ana.slash("games"))
    assert "ended early" in listing.cards[0]["description"]
    world.double.reset_health()  # the bot's requests to the deleted thread failed, as expected


async def test_a_host_s_games_of_one_kind_get_numbered_threads(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    first = await world.open_game(ana, "race")
    await world.press(ana, table(first), "Cancel")
    second = await world.open_game(ana, "race")
    other = await world.open_game(ben, "race")
    assert (first.name, second.name) == ("Race to Ten: Ana", "Race to Ten: Ana (2)")
    assert other.name == "Race to Ten: Ben"


@pytest.mark.each_engine  # places gone, on PostgreSQL too
async def test_games_says_deleted_thread_for_a_game_whose_thread_is_gone(world: World) -> None:
    """Discord renders the mention of a deleted thread "#unknown": /games says what it
    was, for a game that ended with its thread and for one that had ended before."""
    ana, ben = world.users("Ana", "Ben")
    running = await world.open_game(ana, "race")
    await world.press(ben, table(running), "Join")
    await world.press(ana, table(running), "Start")
    cancelled = await world.open_game(ben, "race")
    await world.press(ben, table(cancelled), "Cancel")
    kept = await world.open_game(ben, "race")
    world.double.delete_channel(running)
    world.double.delete_channel(cancelled)
    await world.settle()
    listing = (await world.answer(await ana.slash("games"))).cards[0]["description"]
    assert f"<#{running.id}>" not in listing and f"<#{cancelled.id}>" not in listing
    assert "Race to Ten in a deleted thread: ended early" in listing
    assert "Race to Ten in a deleted thread: cancelled" in listing
    assert f"<#{kept.id}>: lobby" in listing


async def test_the_host_pauses_and_resumes(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race", turn_seconds=60)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    refused = await world.answer(await ben.slash("pause", channel=place))
    assert refused.said == HOST_ONLY
    paused = await world.answer(await ana.slash("pause", channel=place))
    assert paused.said.startswith("You paused the game")
    await world.settle()
    assert "paused the game" in place.visible_messages()[-1].said
    panel = await world.panel(ana, place, "My panel")
    assert await world.press(ana, panel, "+1") == (
        "The game is paused. The host can resume it with /resume."
    )
    await world.advance(600)
    await world.settle()
    assert "Counter: **0** of 10" in lobby_text(place)
    await world.answer(await ana.slash("resume", channel=place))
    await world.settle()
    assert "resumed the game" in place.visible_messages()[-1].said
    await world.advance(60)
    await world.settle()
    assert "Counter: **1** of 10" in lobby_text(place)


def subcommands(world: World) -> dict[str, dict[str, Any]]:
    """/newgame's subcommands as Discord stores them, by name, in their order."""
    newgame = next(c for c in world.double.commands() if c["name"] == "newgame")
    return {o["name"]: o for o in newgame["options"]}


@pytest.mark.parametrize("offered_games", [None])  # every playable game
async def test_newgame_lists_each_game_once_and_tabula_for_lupusburg(world: World) -> None:
    listed = subcommands(world)
    ids = [g.id for g in playable()]  # one entry per game, tabula right after Lupusburg
    after = ids.index("lupusburg") + 1
    assert list(listed) == [*ids[:after], "tabula", *ids[after:]]
    assert all(sub["type"] == 1 for sub in listed.values())
    lupusburg, tabula = listed["lupusburg"], listed["tabula"]
    assert tabula["description"] == lupusburg["description"]
    assert tabula["description"].startswith("Start a game of Lupusburg")
    german = (tabula["description_localizations"] or {}).get("de", "")
    assert german == (lupusburg["description_localizations"] or {}).get("de")
    assert german.startswith("Ein Spiel Lupusburg")
    assert [o["name"] for o in tabula["options"]] == [o["name"] for o in lupusburg["options"]]
    lama = registry.get("lama")
    assert all(registry.normalize(alias) not in listed for alias in lama.aliases)


@pytest.mark.parametrize("offered_games", [None])
async def test_newgame_tabula_opens_a_lupusburg_lobby(world: World) -> None:
    ana = world.double.user("Ana")
    place = await world.open_game(ana, "tabula")
    assert (place.name or "").startswith("Lupusburg")
    assert buttons(table(place)) == ["Join", "Leave", "Start", "Cancel"]


@pytest.mark.parametrize("offered_games", [[registry.get("lupun"), registry.get("lupusburg")]])
async def test_a_lobby_says_what_an_option_of_0_means(world: World) -> None:
    """0 is "no limit" for a time and "one per other player" for Lupun's rounds, with
    the count for the players there (at least the game's fewest)."""
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "lupun")
    assert "Rounds: one per other player (1)" in lobby_text(place)
    assert "Seconds per step: no limit" in lobby_text(place)
    await world.press(ben, table(place), "Join")
    await world.press(cleo, table(place), "Join")
    assert "Rounds: one per other player (2)" in lobby_text(place)
    other = await world.open_game(ben, "lupusburg", discussion_minutes=0, turn_seconds=0)
    shown = lobby_text(other)
    assert "Minutes of discussion: no limit" in shown and "Seconds per turn: no limit" in shown
    assert ": 0" not in shown


async def test_without_send_messages_in_threads_the_game_is_played_in_the_channel(
    world: World,
) -> None:
    """The bot may create threads but not write in them: no empty, blocked thread."""
    ana = world.users("Ana")[0]
    channel = world.double.add_channel("no-thread-talk")
    channel.overwrites.append(
        Overwrite(world.double.guild.id, 0, deny=perms.SEND_MESSAGES_IN_THREADS)
    )
    place = await world.open_game(ana, "race", channel)
    assert place.id == channel.id and "Join" in buttons(table(place))
    assert [c for c in world.double.state.channels.values() if c.is_thread] == []
    world.check_clean()


async def test_a_failed_write_leaves_no_empty_thread(world: World, monkeypatch: Any) -> None:
    ana = world.users("Ana")[0]
    assert world.bot is not None and world.bot.store is not None

    async def full_disk(**_: Any) -> None:
        raise OSError("database or disk is full")

    monkeypatch.setattr(world.bot.store, "create_game", full_disk)
    reply = await (await ana.slash("newgame race")).reply()
    assert "Something went wrong on my side" in reply.said
    await world.settle()
    threads = [c for c in world.double.state.channels.values() if c.is_thread]
    assert all(c.deleted for c in threads) and threads  # made, then taken away again


async def test_a_control_that_is_not_on_the_clicked_message_cannot_be_sent(
    world: World,
) -> None:
    """As on Discord, a click carries only a custom_id of the message clicked: a forged
    abort or panel step from the public table never reaches the bot."""
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    lobby = table(place)
    game_id = lobby.buttons[0]["custom_id"].split(":")[1]
    for forged in (f"abort:{game_id}:no", f"game:{game_id}:-:@x", "game:²:-:panel"):
        with pytest.raises(LookupError):
            await ben.click(lobby, custom_id=forged)
    assert table(place).revision == lobby.revision  # nothing was edited


async def test_a_game_needs_attach_files_and_not_embed_links(world: World) -> None:
    """Tables are layout components with attached pictures: without Attach Files the
    bot says which permission it lacks and opens nothing; Embed Links it does not need."""
    ana = world.users("Ana")[0]
    everyone = world.double.guild.roles[world.double.guild.id]
    bot_role = next(r for r in world.double.guild.roles.values() if r.managed)
    everyone.permissions &= ~perms.EMBED_LINKS
    bot_role.permissions &= ~perms.EMBED_LINKS
    place = await world.open_game(ana, "race")
    assert table(place).buttons  # the lobby is up
    everyone.permissions &= ~perms.ATTACH_FILES
    bot_role.permissions &= ~perms.ATTACH_FILES
    general = world.double.channel("general")
    threads = len(world.double.guild.channels)
    refused = await world.answer(await ana.slash("newgame race", channel=general))
    assert refused.said == (
        "I can't host a game here: I'm missing the permission Attach Files in this"
        " channel. A server admin can grant it."
    )
    assert len(world.double.guild.channels) == threads


async def test_newgame_in_a_running_games_thread_leaves_the_game_alone(world: World) -> None:
    """Even where the bot may delete threads, a refused /newgame changes nothing."""
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    bot_role = next(r for r in world.double.guild.roles.values() if r.managed)
    bot_role.permissions |= perms.MANAGE_THREADS
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    refused = await world.answer(await cleo.slash("newgame race", channel=place))
    assert refused.said.startswith("This channel already has an open game")
    await world.settle()
    assert not place.deleted
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"
    assert "Counter: **0** of 10" in lobby_text(place)


async def test_a_forged_click_never_turns_the_public_table_into_a_private_answer(
    world: World,
) -> None:
    """Should a client send a panel's move or /abort's "keep playing" as if from the
    public table (Discord refuses that today), the table is left as it is and the
    answer comes in a new private message."""
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    panel = await world.panel(ana, place, "My panel")
    move = next(c for c in panel.controls if c["label"] == "+1")
    game_id = move["custom_id"].split(":")[1]
    public = table(place)
    for forged in (move["custom_id"], f"abort:{game_id}:no"):
        data = {"custom_id": forged, "component_type": 2}
        result = await ana._interact(3, place, data, public, True)
        await world.settle()
        answers = [m for m in result.messages if m.ephemeral]
        assert answers and all(m.id != public.id for m in answers)
        assert table(place).id == public.id and buttons(table(place)) == ["My panel"]
        assert "Counter" in lobby_text(place)
    assert not public.ephemeral


async def test_open_lobbies_are_limited_per_member_and_per_channel(world: World) -> None:
    ana, *others = world.users("Ana", "Ben")
    first = [await world.open_game(ana, "race") for _ in range(3)]
    threads = len([c for c in world.double.state.channels.values() if c.is_thread])
    refused = await world.answer(await ana.slash("newgame race"))
    assert refused.said.startswith("You already host 3 open lobbies on this server")
    assert len([c for c in world.double.state.channels.values() if c.is_thread]) == threads
    await world.press(ana, table(first[0]), "Cancel")  # a cancelled lobby frees a place
    await world.open_game(ana, "race")
    hosts = [world.double.add_member(f"Host {n}") for n in range(8)]
    for host in hosts:  # 25 lobbies from #general in all
        for _ in range(3 if host != hosts[-1] else 1):
            await world.open_game(host, "race")
    refused = await world.answer(await others[0].slash("newgame race"))
    assert refused.said.startswith("This channel already has 25 open lobbies")
    elsewhere = world.double.add_channel("elsewhere")
    await world.open_game(others[0], "race", channel=elsewhere)


async def test_a_lobby_nobody_starts_closes_after_a_day(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    closes = world.clock.now() + 24 * 3600
    assert f"Closes <t:{int(closes)}:R> unless it starts." in lobby_text(place)
    started = await world.open_game(ben, "race")
    await world.press(ana, table(started), "Join")
    await world.press(ben, table(started), "Start")
    await world.restart()  # the closing is kept in the store
    await world.advance(24 * 3600 - 1)
    assert buttons(table(place)) == ["Join", "Leave", "Start", "Cancel"]
    await world.advance(1)
    assert buttons(table(place)) == []
    assert lobby_text(place) == "The lobby closed: nobody started it within a day."
    assert "Counter: **0** of 10" in lobby_text(started)  # a started game plays on
    again = await world.answer(await ana.slash("newgame race", channel=place))
    assert "is open in" in again.said  # its thread is free again
