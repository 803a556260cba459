"""What Discord refuses, the double refuses: deadlines, expired tokens, limits, 429s."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.double import DiscordDouble, InteractionFailed, connected, running_double
from bot.double.schema import SpecValidator
from tests.support.clock import FakeClock
from tests.support.testbot import TestBot


async def test_interaction_not_acknowledged_in_3_seconds_fails(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    ana = double.add_member("Ana")
    pending = asyncio.create_task(ana.slash("never"))
    await double.wait_for(lambda: double.interactions.records, describe="the interaction")
    await clock.advance(3.01)
    with pytest.raises(InteractionFailed, match="did not respond"):
        await pending
    assert double.failures and "/never by Ana" in double.failures[0]
    bot.release.set()
    await double.wait_for(lambda: bot.errors, describe="the bot's late answer")
    (error,) = bot.errors
    assert isinstance(error, discord.NotFound) and error.code == 10062
    with pytest.raises(AssertionError, match="not acknowledged"):
        double.assert_healthy()


async def test_ack_deadline_also_runs_in_real_time() -> None:
    async with running_double(ack_timeout=0.2) as double:
        client = _bot()
        async with connected(double, client):
            ana = double.add_member("Ana")
            with pytest.raises(InteractionFailed):
                await ana.slash("never")
            assert len(double.failures) == 1
            client.release.set()


async def test_followup_after_15_minutes_is_refused(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("later")
    assert result.deferred
    await clock.advance(15 * 60 + 1)
    bot.release.set()
    await double.wait_for(lambda: bot.errors, describe="the expired follow-up")
    (error,) = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert error.status == 401 and error.code == 50027
    assert result.message is not None and result.message.loading


async def test_followup_within_15_minutes_works(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("later")
    await clock.advance(14 * 60)
    bot.release.set()
    assert (await result.reply()).content == "finally"


@pytest.mark.parametrize(
    ("what", "field"),
    [
        ("content", "content"),
        ("rows", "components"),
        ("buttons", "components.0.components"),
        ("options", "components.0.components.0.options"),
        ("custom_id", "components.0.components.0.custom_id"),
        ("embeds", "embeds"),
        pytest.param(
            "schema",
            "components.0.components.0.style",
            marks=pytest.mark.skipif(
                not SpecValidator().available,
                reason="Discord's OpenAPI description is not beside the checkout",
            ),
        ),
    ],
)
async def test_payload_limits_answer_400_invalid_form_body(
    double: DiscordDouble, bot: Any, what: str, field: str
) -> None:
    ana = double.add_member("Ana")
    await ana.slash("broken", what=what)
    await double.wait_for(lambda: bot.errors, describe="the refused message")
    (error,) = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert error.status == 400 and error.code == 50035
    assert f"In {field}:" in error.text
    (refused,) = double.http_errors
    assert refused.error is not None and refused.error["message"] == "Invalid Form Body"


async def test_attachment_over_25_mib_is_refused(double: DiscordDouble, bot: Any) -> None:
    ana = double.add_member("Ana")
    await ana.slash("huge")
    await double.wait_for(lambda: bot.errors, describe="the refused upload")
    (error,) = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert error.status == 413 and error.code == 40005


async def test_one_429_is_retried_by_discord_py(double: DiscordDouble, bot: Any) -> None:
    channel = bot.get_channel(double.channel("general").id)
    double.rate_limits.fail_next("POST /channels/*/messages", count=1, retry_after=0.05)
    sent = await channel.send("after a 429")
    assert double.rate_limits.limited == ["POST /channels/{channel_id}/messages"]
    assert double.messages("general")[-1].id == sent.id
    double.assert_healthy()


async def test_route_limit_is_respected_by_discord_py(double: DiscordDouble, bot: Any) -> None:
    channel = bot.get_channel(double.channel("general").id)
    double.rate_limits.limit("POST /channels/*/messages", 2, per=0.2)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.gather(*(channel.send(f"burst {i}") for i in range(5)))
    assert loop.time() - started >= 0.3
    contents = sorted(m.content for m in double.messages("general"))
    assert contents == [f"burst {i}" for i in range(5)]
    double.assert_healthy()


def _bot() -> Any:
    return TestBot()
