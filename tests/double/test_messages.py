"""Channel messages, attachments, threads and DMs, end to end through real discord.py."""

from __future__ import annotations

from typing import Any

import aiohttp

from bot.double import DiscordDouble


async def test_attachment_bytes_and_edit_with_new_attachment(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("picture")
    reply = await result.reply()
    await double.wait_for(lambda: reply.content == "board v2", describe="the second edit")
    assert [a.filename for a in reply.attachments] == ["board2.png"]
    picture = reply.attachments[0]
    assert picture.data == bot.png(320, 200) and picture.content_type == "image/png"
    async with aiohttp.ClientSession() as session, session.get(picture.url) as response:
        assert response.status == 200
        assert await response.read() == picture.data
    assert bot.edits[-1].attachments[0].width == 320


async def test_channel_message_edit_keeps_and_adds_attachments(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    await ana.slash("post")
    table = await double.wait_for(
        lambda: next((m for m in double.messages("general") if len(m.attachments) == 2), None),
        describe="the table with two attachments",
    )
    assert table.content == "table (kept)"
    assert [a.filename for a in table.attachments] == ["notes.txt", "extra.png"]
    assert table.attachments[0].data == b"hello"
    assert table.edited_timestamp is not None
    read_back = await bot.edits[-1].attachments[0].read()
    assert read_back == b"hello"


async def test_thread_from_message_post_and_archive(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    table = await (await ana.slash("thread")).reply()
    await double.wait_for(lambda: bot.threads, describe="the thread")
    (thread,) = double.threads("general")
    assert thread.id == table.id and thread.name == "game-1" and thread.archived
    assert [m.content for m in double.messages(thread)] == ["Welcome to the thread"]
    assert bot.threads == ["game-1"]


async def test_thread_without_message(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    reply = await (await ana.slash("lobby")).reply()
    (thread,) = double.threads()
    assert reply.content == f"lobby in <#{thread.id}>"
    assert thread.type == 11


async def test_channel_without_threads_makes_the_bot_fall_back(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    quiet = double.add_channel("quiet", threads=False)
    result = await ana.slash("thread", channel=quiet)
    fallback = await result.followup(0)
    assert fallback.content == "Threads are off here; playing in the channel"
    assert bot.threads == ["forbidden 50013"]
    assert double.threads(quiet) == []
    reply = await (await ana.slash("lobby", channel=quiet)).reply()
    assert reply.content == "no threads here"


async def test_direct_message_and_closed_dms(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    closed = double.add_member("Cleo", dms_open=False)
    await (await ana.slash("dm")).reply()
    assert [m.content for m in ana.dms()] == ["psst, your role is Spy"]
    note = await (await closed.slash("dm")).reply()
    assert note.content == "Your DMs are closed" and note.ephemeral
    assert bot.dm_results == ["sent", "forbidden 50007"]
    assert closed.dms() == []


async def test_deleted_channel_and_unknown_message_answer_404(
    double: DiscordDouble, bot: Any
) -> None:
    import discord

    games = double.add_channel("games")
    channel = bot.get_channel(games.id) or await bot.fetch_channel(games.id)
    sent = await channel.send("hello")
    await sent.delete()
    try:
        await channel.fetch_message(sent.id)
    except discord.NotFound as error:
        assert error.code == 10008
    else:
        raise AssertionError("expected 404 Unknown Message")
    double.delete_channel(games)
    try:
        await channel.send("anyone?")
    except discord.NotFound as error:
        assert error.code == 10003
    else:
        raise AssertionError("expected 404 Unknown Channel")


async def test_idle_waits_until_the_bot_stops_sending(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    await ana.slash("post")
    await double.idle()
    (table,) = double.messages("general")
    assert len(table.attachments) == 2
