"""The bot on some shards (`SHARD_COUNT`/`SHARD_IDS`): it gets its shards' guilds, one
process syncs the commands, and IDENTIFYs keep to Discord's limit even when processes
start together, and together they keep within the token's global rate limit. Here two
or three bots stand for processes, against the double with Discord's limits on;
IDENTIFY's 5 seconds pass on a fake clock shared with the double."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord.http import Route

from bot.discord.app import SessionStartsExhausted, TabletopBot
from bot.discord.sharding import LocalIdentifyGate, ShardPlan
from bot.double import DiscordDouble, connected, running_double
from bot.double.errors import ApiError
from bot.double.shards import Start, shard_of
from games import registry
from tests.support.clock import FakeClock

PUT_COMMANDS = "PUT /applications/{application_id}/commands"
VIA = {"Via": "1.1 double"}  # discord.py waits out a 429 only with it (else Cloudflare's)


class IdentifyTime:
    """The seconds IDENTIFY is limited by, on a fake clock: the double's limiter reads
    it, and the bots' gates sleep by moving it on."""

    def __init__(self) -> None:
        self.now = 0.0

    async def sleep(self, seconds: float) -> None:
        self.now += seconds

    def gate(self) -> LocalIdentifyGate:
        return LocalIdentifyGate(now=lambda: self.now, sleep=self.sleep)


@pytest.fixture
def identify_time() -> IdentifyTime:
    return IdentifyTime()


@pytest.fixture
async def double(identify_time: IdentifyTime) -> AsyncIterator[DiscordDouble]:
    async with running_double(clock=FakeClock()) as running:
        running.discord_limits()
        running.gateway.starts.now = lambda: identify_time.now
        for shard in range(3):
            running.add_guild(f"Server {shard}", shard=(shard, 3))
        yield running


def bot(folder: Path, time: IdentifyTime, count: int, *ids: int) -> TabletopBot:
    return TabletopBot(
        database=str(folder / f"shards-{'-'.join(map(str, ids))}.sqlite3"),
        games=[registry.get("race")],
        guild_ready_timeout=0,
        drawing_workers=0,
        shards=ShardPlan(count, ids),
        identify_gate=time.gate(),
    )


def guilds_on(double: DiscordDouble, count: int, *ids: int) -> set[int]:
    return {g for g in double.state.guilds if shard_of(g, count) in ids}


def puts(double: DiscordDouble) -> int:
    return sum(e.route == PUT_COMMANDS for e in double.exchanges)


async def test_one_process_on_every_shard_identifies_them_five_seconds_apart(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    async with connected(double, bot(tmp_path, identify_time, 3, 0, 1, 2)) as every:
        await double.wait_for(lambda: double.gateway.connected_shards == {0, 1, 2})
        assert {g.id for g in every.guilds} == set(double.state.guilds)
    attempts = list(double.gateway.starts.attempts)
    assert [a.outcome for a in attempts] == [Start.ACCEPTED] * 3
    assert [b.at - a.at >= 5 for a, b in itertools.pairwise(attempts)] == [True] * 2
    assert puts(double) == 1 and double.global_limit.refused == []


async def test_only_the_process_with_shard_0_syncs_the_commands(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    async with connected(double, bot(tmp_path, identify_time, 3, 1, 2)) as later:
        assert {g.id for g in later.guilds} == guilds_on(double, 3, 1, 2)
        assert puts(double) == 0 and double.state.global_commands == []
        async with connected(double, bot(tmp_path, identify_time, 3, 0)) as first:
            assert {g.id for g in first.guilds} == guilds_on(double, 3, 0)
            assert puts(double) == 1
            assert "newgame" in {c["name"] for c in double.state.global_commands}


async def test_processes_started_together_end_up_spaced(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    """Each process's gate knows only its own IDENTIFYs: one of two started at once is
    refused (Invalid Session) and identifies again 5 s later, as Discord asks."""
    bots = [bot(tmp_path, identify_time, 3, shard) for shard in range(3)]
    async with contextlib.AsyncExitStack() as stack:
        await asyncio.gather(*(stack.enter_async_context(connected(double, b)) for b in bots))
        await double.wait_for(lambda: double.gateway.connected_shards == {0, 1, 2})
    accepted = [a.at for a in double.gateway.starts.attempts if a.outcome is Start.ACCEPTED]
    assert len(accepted) == 3
    assert all(b - a >= 5 for a, b in itertools.pairwise(accepted))
    assert puts(double) == 1 and double.global_limit.refused == []


async def test_two_processes_together_stay_within_the_tokens_global_limit(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    """Each process keeps to its share (`bot.discord.budget`): 120 messages sent at once
    by two processes meet no global 429 (real time: about three seconds)."""
    channel = double.channel("general")
    async with contextlib.AsyncExitStack() as stack:
        bots = [
            await stack.enter_async_context(connected(double, bot(tmp_path, identify_time, 2, i)))
            for i in (0, 1)
        ]
        assert [b.budget.limit for b in bots] == [22, 22]
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        sends = [
            b.http.request(route, json={"content": f"{i}-{n}"})
            for i, b in enumerate(bots)
            for n in range(60)
        ]
        await asyncio.gather(*sends)
    assert len(double.messages(channel)) >= 120
    assert double.global_limit.refused == [] and double.global_limit.peak <= 50


async def test_a_start_past_the_days_session_starts_is_refused_with_one_sentence(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    """Discord resets the token of a bot that identifies past its daily budget: the bot
    does not start, and says why."""
    double.gateway.starts.used = 999  # one start left; this process needs two
    with pytest.raises(SessionStartsExhausted) as refused:
        async with connected(double, bot(tmp_path, identify_time, 3, 0, 1)):
            pass
    assert str(refused.value).startswith("Discord allows 1 more session starts today and 2")
    assert "\n" not in str(refused.value) and double.gateway.identified == 0


async def test_every_attempt_takes_its_turn_as_it_leaves_retries_included(
    double: DiscordDouble, identify_time: IdentifyTime, tmp_path: Path
) -> None:
    """A request Discord refused (a route's 429) and discord.py sent again takes a turn
    for each attempt; what does not go through `HTTPClient.request` on the same
    connections (interaction responses, which Discord does not count) takes none."""
    channel = double.channel("general")
    refusals = 2

    def refuse(route: str, path: str) -> ApiError | None:
        nonlocal refusals
        if route != "POST /channels/{channel_id}/messages" or not refusals:
            return None
        refusals -= 1
        extra = {"retry_after": 0.01, "global": False}
        return ApiError(429, 0, "You are being rate limited.", extra=extra, headers=VIA)

    async with connected(double, bot(tmp_path, identify_time, 1, 0)) as one:
        turns: list[str] = []
        take = one.budget.take

        async def counted() -> None:
            turns.append("turn")
            await take()

        one.budget.take = counted  # type: ignore[method-assign]
        double.fault = refuse
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        await one.http.request(route, json={"content": "third time lucky"})
        assert len(turns) == 3 and refusals == 0  # the attempt and its two retries
        session = one.http._HTTPClient__session  # type: ignore[attr-defined]
        async with session.get(double.api_base + "/gateway") as answer:
            assert answer.status == 200
        assert len(turns) == 3
    assert [m.content for m in double.messages(channel)] == ["third time lucky"]
