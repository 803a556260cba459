"""Idempotent message creation: a nonce with `enforce_nonce` (discord.py always sends it
with a nonce) returns the message already created with it, for a few minutes."""

from __future__ import annotations

from typing import Any

from bot.double import DiscordDouble
from bot.double.nonces import PRUNED_AT_ONCE, WINDOW, Nonces
from tests.support.clock import FakeClock


async def test_a_repeated_nonce_returns_the_first_message_and_posts_nothing(
    double: DiscordDouble, bot: Any
) -> None:
    channel = bot.get_channel(double.channel("general").id)
    first = await channel.send("Ana adds 3.", nonce="7.12.a0")
    again = await channel.send("Ana adds 3.", nonce="7.12.a0")
    assert again.id == first.id
    assert [m.content for m in double.messages("general")] == ["Ana adds 3."]


async def test_another_nonce_or_channel_posts_anew(double: DiscordDouble, bot: Any) -> None:
    general = bot.get_channel(double.channel("general").id)
    other = bot.get_partial_messageable(double.add_channel("other").id)
    await general.send("one", nonce="7.12.a0")
    await general.send("two", nonce="7.12.t0")
    await other.send("three", nonce="7.12.a0")
    assert [m.content for m in double.messages("general")] == ["one", "two"]
    assert [m.content for m in double.messages("other")] == ["three"]


async def test_a_nonce_is_forgotten_after_a_few_minutes(
    double: DiscordDouble, bot: Any, clock: FakeClock
) -> None:
    channel = bot.get_channel(double.channel("general").id)
    await channel.send("first", nonce="7.12.a0")
    await clock.advance(WINDOW + 1)
    await channel.send("second", nonce="7.12.a0")
    assert [m.content for m in double.messages("general")] == ["first", "second"]


def test_nonces_past_the_window_are_let_go_as_new_ones_come() -> None:
    nonces = Nonces()
    for second in range(3 * int(WINDOW)):  # a message a second for three windows
        nonces.remember(1, 2, f"n{second}", second, float(second))
    now = 3 * WINDOW
    assert nonces.earlier(1, 2, f"n{int(now) - 10}", now) == int(now) - 10
    assert nonces.earlier(1, 2, "n0", now) is None
    assert len(nonces) <= WINDOW + PRUNED_AT_ONCE  # not every nonce ever seen
