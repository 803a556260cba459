"""Sharding as Discord does it: each session gets its shards' guilds and their events,
DMs go to shard 0; IDENTIFY limited per `max_concurrency` and per day."""

from __future__ import annotations

import contextlib
from typing import Any

import aiohttp
import discord
import pytest

from bot.double import DiscordDouble, connected
from bot.double.model import Channel, Message
from bot.double.shards import SessionStarts, Start, shard_of

BUTTON = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}


class ShardClient(discord.AutoShardedClient):
    """A bare sharded client that records what reaches it and acknowledges clicks."""

    def __init__(self, shard_ids: list[int], shard_count: int = 2) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            intents=intents, shard_ids=shard_ids, shard_count=shard_count, guild_ready_timeout=0
        )
        self.clicks: list[discord.Interaction] = []
        self.created: list[int] = []

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No wait: the double enforces no spacing unless a test asks it to."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.clicks.append(interaction)
        await interaction.response.defer()

    async def on_guild_channel_create(self, channel: discord.abc.GuildChannel) -> None:
        self.created.append(channel.id)


def post_button(double: DiscordDouble, channel: Channel) -> Message:
    return double.state.post(
        channel, double.state.bot, {"content": "Ready?", "components": [BUTTON]}, []
    )


def guilds_on(double: DiscordDouble, shard: int, count: int = 2) -> set[int]:
    return {g for g in double.state.guilds if shard_of(g, count) == shard}


async def test_each_shard_gets_its_guilds_and_only_their_events(double: DiscordDouble) -> None:
    first = double.add_guild("Zero", shard=(0, 2))
    second = double.add_guild("One", shard=(1, 2))
    assert shard_of(first.id, 2) == 0 and shard_of(second.id, 2) == 1
    zero, one = ShardClient([0]), ShardClient([1])
    async with connected(double, zero), connected(double, one):
        assert {g.id for g in zero.guilds} == guilds_on(double, 0)
        assert {g.id for g in one.guilds} == guilds_on(double, 1)
        assert double.gateway.connected_shards == {0, 1}

        games = double.add_channel("games", guild=second)
        await double.wait_for(lambda: games.id in one.created, describe="the new channel")
        ana = double.add_member("Ana", guild=second)
        await ana.click(post_button(double, games), "Go")
        await double.wait_for(lambda: one.clicks, describe="the click on shard 1")
        assert one.clicks[0].guild_id == second.id
        assert zero.clicks == [] and zero.created == []
    double.assert_healthy()


async def test_a_click_in_a_dm_reaches_shard_0_only(double: DiscordDouble) -> None:
    double.add_guild("One", shard=(1, 2))
    ana = double.add_member("Ana")
    zero, one = ShardClient([0]), ShardClient([1])
    async with connected(double, one), connected(double, zero):
        prompt = post_button(double, ana.dm_channel)
        await ana.click(prompt, "Go")
        await double.wait_for(lambda: zero.clicks, describe="the DM click on shard 0")
        assert zero.clicks[0].guild_id is None
        assert one.clicks == []
        assert all(
            payload.get("t") != "INTERACTION_CREATE"
            for session in double.gateway.sessions.values()
            if session.shard is not None and session.shard.id == 1
            for payload in session.buffer
        )


async def test_one_sharded_client_runs_both_shards_started_together(
    double: DiscordDouble,
) -> None:
    double.add_guild("One", shard=(1, 2))
    double.discord_limits()
    double.gateway.starts.max_concurrency = 2  # shards 0 and 1 may identify at once
    both = ShardClient([0, 1])
    async with connected(double, both):
        await double.wait_for(lambda: double.gateway.connected_shards == {0, 1})
        assert {g.id for g in both.guilds} == set(double.state.guilds)
    assert [a.outcome for a in double.gateway.starts.attempts] == [Start.ACCEPTED] * 2


async def test_gateway_bot_tells_shards_and_session_start_limit(double: DiscordDouble) -> None:
    double.gateway.starts.max_concurrency = 16
    double.gateway.shards = 4
    headers = {"Authorization": f"Bot {double.bot_token}"}
    async with aiohttp.ClientSession() as http:
        answer = await http.get(double.api_base + "/gateway/bot", headers=headers)
        data = await answer.json()
    assert data["url"] == double.gateway_url and data["shards"] == 4
    limit = data["session_start_limit"]
    assert limit["max_concurrency"] == 16 and limit["total"] == 1000
    assert limit["remaining"] == 1000 and 0 < limit["reset_after"] <= 86_400_000


# -- IDENTIFY, on the wire -------------------------------------------------------------


def identify(double: DiscordDouble, shard: list[int] | None) -> dict[str, Any]:
    data: dict[str, Any] = {"token": double.bot_token, "intents": 1, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    return {"op": 2, "d": data}


@contextlib.asynccontextmanager
async def socket(double: DiscordDouble) -> Any:
    async with aiohttp.ClientSession() as http, http.ws_connect(double.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == 10  # HELLO
        yield ws


async def test_an_identify_too_soon_in_its_bucket_is_an_invalid_session(
    double: DiscordDouble,
) -> None:
    now = [0.0]
    double.gateway.starts.now = lambda: now[0]
    double.discord_limits()
    async with socket(double) as first, socket(double) as second, socket(double) as third:
        await first.send_json(identify(double, [0, 2]))
        assert (await first.receive_json())["t"] == "READY"
        await second.send_json(identify(double, [1, 2]))  # key 1 % 1 == 0, as shard 0's
        assert await second.receive_json() == {"op": 9, "d": False}
        now[0] = 5.0
        await third.send_json(identify(double, [1, 2]))
        assert (await third.receive_json())["t"] == "READY"
    outcomes = [(a.shard_id, a.outcome) for a in double.gateway.starts.attempts]
    assert outcomes == [(0, Start.ACCEPTED), (1, Start.TOO_EARLY), (1, Start.ACCEPTED)]


async def test_max_concurrency_lets_shards_of_different_keys_start_together(
    double: DiscordDouble,
) -> None:
    double.gateway.starts.now = lambda: 0.0
    double.discord_limits()
    double.gateway.starts.max_concurrency = 2
    async with socket(double) as zero, socket(double) as one, socket(double) as two:
        for ws, shard in ((zero, 0), (one, 1)):
            await ws.send_json(identify(double, [shard, 3]))
            assert (await ws.receive_json())["t"] == "READY"
        await two.send_json(identify(double, [2, 3]))  # key 0 again
        assert (await two.receive_json())["op"] == 9


async def test_discord_py_identifies_again_after_an_invalid_session(
    double: DiscordDouble,
) -> None:
    """Two processes starting at once: the second is refused and discord.py, told by
    Invalid Session, identifies again after its hook (here: 5 s on a fake clock)."""
    now = [0.0]
    double.gateway.starts.now = lambda: now[0]
    double.discord_limits()

    class Waiting(ShardClient):
        async def before_identify_hook(
            self, shard_id: int | None, *, initial: bool = False
        ) -> None:
            if not initial:
                now[0] += 5.0

    async with connected(double, Waiting([0])), connected(double, Waiting([1])):
        await double.wait_for(lambda: double.gateway.connected_shards == {0, 1})
    outcomes = [a.outcome for a in double.gateway.starts.attempts]
    assert outcomes == [Start.ACCEPTED, Start.TOO_EARLY, Start.ACCEPTED]


async def test_a_shard_out_of_range_is_refused_with_4010(double: DiscordDouble) -> None:
    async with socket(double) as ws:
        await ws.send_json(identify(double, [2, 2]))
        closing = await ws.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010


async def test_past_the_days_identifies_discord_ends_every_session_and_resets_the_token(
    double: DiscordDouble,
) -> None:
    double.gateway.starts.total = 2
    token = double.bot_token
    async with socket(double) as first, socket(double) as second, socket(double) as third:
        for ws in (first, second):
            await ws.send_json(identify(double, None))
            assert (await ws.receive_json())["t"] == "READY"
        await third.send_json(identify(double, None))
        for ws in (first, third):
            while (message := await ws.receive()).type is not aiohttp.WSMsgType.CLOSE:
                pass
            assert message.data == 4004
    assert double.bot_token != token and not double.gateway.sessions
    assert any("reset the bot's token" in f for f in double.failures)
    double.reset_health()


@pytest.mark.parametrize("count", [1, 3, 7])
async def test_guilds_can_be_made_on_any_shard(double: DiscordDouble, count: int) -> None:
    made = [double.add_guild(f"G{i}", shard=(i, count)) for i in range(count)]
    assert [shard_of(g.id, count) for g in made] == list(range(count))
    assert [g.id for g in made] == sorted(g.id for g in made)


def test_the_days_session_starts_come_back_after_a_day() -> None:
    now = [0.0]
    starts = SessionStarts(lambda: now[0])
    assert [starts.start(0) for _ in range(2)] == [Start.ACCEPTED] * 2
    starts.total = 2
    assert starts.remaining == 0 and starts.start(0) is Start.EXHAUSTED
    now[0] = 86_399.0
    assert starts.limit_object()["reset_after"] == 1000
    now[0] = 86_400.0
    assert starts.remaining == 2 and starts.start(0) is Start.ACCEPTED
