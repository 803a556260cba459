"""Connecting real discord.py: login, READY and GUILD_CREATE, compression, resume."""

from __future__ import annotations

import threading
import time
from typing import Any

import aiohttp
import discord
import discord.gateway
import pytest

from bot.double import DiscordDouble, connected, running_double
from bot.double.web.views import snapshot
from tests.support.testbot import TestBot


async def test_ready_brings_the_guild_with_channels_roles_and_members(
    double: DiscordDouble, bot: Any
) -> None:
    (guild,) = bot.guilds
    assert guild.id == double.guild.id and guild.name == "Test Server"
    assert [c.name for c in guild.text_channels] == ["general"]
    assert {"@everyone", "Admin", "Tabletop"} <= {r.name for r in guild.roles}
    assert guild.me is not None and guild.me.id == bot.user.id
    assert bot.application_id == double.state.application_id
    assert double.gateway.transports[0] in ("zlib-stream", "zstd-stream")


async def test_members_and_permissions_reach_the_bot(double: DiscordDouble, bot: Any) -> None:
    boss = double.add_member("Boss", admin=True)
    ana = double.add_member("Ana")
    quiet = double.add_channel("quiet", threads=False)
    guild = bot.guilds[0]
    await double.wait_for(lambda: guild.get_member(ana.id) and guild.get_channel(quiet.id))
    assert guild.get_member(boss.id).guild_permissions.manage_guild
    assert not guild.get_member(ana.id).guild_permissions.manage_guild
    me = guild.me
    assert guild.get_channel(quiet.id).permissions_for(me).create_public_threads is False
    assert guild.get_channel(double.channel("general").id).permissions_for(me).send_messages


async def test_resume_replays_events_missed_while_disconnected(
    double: DiscordDouble, bot: Any
) -> None:
    await double.gateway.disconnect_all(4000)
    games = double.add_channel("games")
    await double.wait_for(lambda: double.gateway.resumed == 1, describe="the resume")
    await double.wait_for(lambda: bot.get_channel(games.id), describe="the missed channel")
    assert double.gateway.identified == 1
    ana = double.add_member("Ana")
    assert (await (await ana.slash("ping")).reply()).content == "pong"


async def test_unknown_session_is_invalidated_and_the_bot_identifies_again(
    double: DiscordDouble, bot: Any
) -> None:
    async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying again; not needed against the double."""

    bot.before_identify_hook = no_wait
    double.gateway.sessions.clear()
    await double.gateway.disconnect_all(4000)
    await double.wait_for(lambda: double.gateway.identified == 2, describe="a new identify")
    await double.wait_connected()
    ana = double.add_member("Ana")
    assert (await (await ana.slash("ping")).reply()).content == "pong"


async def test_wrong_token_is_refused() -> None:
    async with running_double() as double:
        with pytest.raises(discord.LoginFailure):
            async with connected(double, TestBot(), token="wrong"):
                pass


async def test_point_discord_py_at_restores_the_real_urls() -> None:
    from discord.http import Route

    from bot.double import point_discord_py_at

    before = Route.BASE
    async with running_double() as double:
        with point_discord_py_at(double):
            assert double.api_base == Route.BASE
        assert before == Route.BASE


async def test_heartbeats_are_acknowledged_after_the_keep_alive_thread_records_them(
    double: DiscordDouble, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py's keep-alive thread notes when it sent a heartbeat once it is scheduled
    again; an acknowledgement that comes first reads as a whole interval of latency
    ("Can't keep up, websocket is 41.3s behind"). Here the thread takes 10 ms to resume."""
    real = time.perf_counter

    def perf_counter() -> float:
        if threading.current_thread().name.startswith("keep-alive"):
            time.sleep(0.01)
        return real()

    monkeypatch.setattr(time, "perf_counter", perf_counter)  # the module discord.py reads
    latencies: list[float] = []
    ack = discord.gateway.KeepAliveHandler.ack

    def record(handler: discord.gateway.KeepAliveHandler) -> None:
        ack(handler)
        latencies.append(handler.latency)

    monkeypatch.setattr(discord.gateway.KeepAliveHandler, "ack", record)
    double.gateway.heartbeat_interval = 150
    async with connected(double, TestBot()):
        await double.wait_for(lambda: len(latencies) >= 4, 5, "four acknowledged heartbeats")
    assert max(latencies) < 0.1, latencies


async def test_a_bot_that_stops_heartbeating_goes_offline_and_back_online(
    double: DiscordDouble,
) -> None:
    double.gateway.heartbeat_interval = 100
    identify = {"op": 2, "d": {"token": double.bot_token, "intents": 513, "properties": {}}}
    async with aiohttp.ClientSession() as http, http.ws_connect(double.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == 10
        await ws.send_json(identify)
        ready = await ws.receive_json()
        assert ready["t"] == "READY" and double.gateway.connected
        await double.wait_for(lambda: not double.gateway.connected, 2, "the silent bot offline")
        assert not snapshot(double, None)["bot"]["connected"]
    async with aiohttp.ClientSession() as http, http.ws_connect(double.gateway_url) as ws:
        await ws.receive_json()
        resume = {"token": double.bot_token, "session_id": ready["d"]["session_id"], "seq": 1}
        await ws.send_json({"op": 6, "d": resume})
        await ws.send_json({"op": 1, "d": 1})
        await double.wait_for(lambda: double.gateway.connected, 2, "the resumed bot online")
        assert snapshot(double, None)["bot"]["connected"]
