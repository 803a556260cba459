"""Discord's limit on edits of messages older than an hour (30046), on the double's clock."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.double import DiscordDouble
from bot.double.old_edits import OLD_EDITS_PER_HOUR
from tests.support.clock import FakeClock

HOUR = 3600.0


async def posted(double: DiscordDouble, bot: Any, content: str = "table") -> discord.Message:
    channel = bot.get_channel(double.channel("general").id)
    return await channel.send(content)  # type: ignore[no-any-return]


async def test_an_old_message_takes_a_few_edits_an_hour_then_discord_refuses(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    message = await posted(double, bot)
    await clock.advance(HOUR)
    for round_ in range(OLD_EDITS_PER_HOUR):
        await clock.advance(10)
        await message.edit(content=f"table, round {round_}")
    await clock.advance(10)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="one edit too many")
    assert refused.value.status == 429 and refused.value.code == 30046
    assert "older than 1 hour" in refused.value.text
    assert double.messages("general")[-1].content == f"table, round {OLD_EDITS_PER_HOUR - 1}"
    (failure,) = double.failures
    assert "30046" in failure and str(message.id) in failure
    with pytest.raises(AssertionError, match="30046"):
        double.assert_healthy()


async def test_the_refusal_says_when_to_try_again_and_the_hour_rolls_on(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    message = await posted(double, bot)
    await clock.advance(HOUR)
    for _ in range(OLD_EDITS_PER_HOUR):
        await message.edit(content="again")
        await clock.advance(10)
    with pytest.raises(discord.HTTPException):
        await message.edit(content="refused")
    answer = double.exchanges[-1]
    assert answer.status == 429 and answer.error is not None
    assert answer.error["code"] == 30046 and answer.error["global"] is False
    waited = 10 * OLD_EDITS_PER_HOUR
    assert answer.error["retry_after"] == pytest.approx(HOUR - waited)
    await clock.advance(HOUR - waited)  # the first edit has left the hour
    await message.edit(content="accepted again")
    assert double.messages("general")[-1].content == "accepted again"


async def test_edits_within_the_first_hour_are_free_and_do_not_count(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    message = await posted(double, bot)
    for minute in range(59):
        await clock.advance(60)
        await message.edit(content=f"minute {minute}")
    await clock.advance(120)  # now an hour old: a fresh allowance
    for _ in range(OLD_EDITS_PER_HOUR):
        await message.edit(content="old now")
    assert double.failures == []
    double.assert_healthy()


async def test_the_limit_is_per_message(double: DiscordDouble, bot: Any, clock: FakeClock) -> None:
    first, second = await posted(double, bot, "first"), await posted(double, bot, "second")
    await clock.advance(HOUR)
    for _ in range(OLD_EDITS_PER_HOUR):
        await first.edit(content="first again")
        await second.edit(content="second again")
    assert double.failures == []


async def test_an_interaction_edit_of_an_old_public_message_counts(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    ana = double.add_member("Ana")
    dice = await (await ana.slash("dice")).reply()
    await clock.advance(HOUR)
    for _ in range(OLD_EDITS_PER_HOUR):
        await ana.click(dice, "Roll")
        await double.idle()
    await ana.click(dice, "Roll")  # deferred, then its @original edit is refused
    await double.wait_for(lambda: double.failures, describe="the refused edit")
    assert "30046" in double.failures[0]


async def test_an_old_ephemeral_panel_may_be_updated_at_will(
    double: DiscordDouble, clock: FakeClock
) -> None:
    ana = double.add_member("Ana")
    general = double.channel("general")
    panel = double.state.post(general, double.state.bot, {"content": "your cards"}, [],
                              visible_to=ana.id)  # fmt: skip
    await clock.advance(2 * HOUR)
    for turn in range(OLD_EDITS_PER_HOUR * 3):
        double.state.edit(panel, {"content": f"your cards, turn {turn}"}, [])
    assert double.failures == []
