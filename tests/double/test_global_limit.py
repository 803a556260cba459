"""The token's global rate limit: 50 counted requests a second, whoever sends them;
interaction responses exempt; past it 429 with `global: true`, as Discord answers."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from bot.double import DiscordDouble, connected
from bot.double.interactions import COMPONENT
from tests.support.testbot import TestBot

BUTTON = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}


def auth(double: DiscordDouble) -> dict[str, str]:
    return {"Authorization": f"Bot {double.bot_token}"}


async def test_past_fifty_requests_a_second_the_token_gets_a_global_429(
    double: DiscordDouble,
) -> None:
    now = [100.0]
    double.global_limit.now = lambda: now[0]
    double.discord_limits()
    me = double.api_base + "/users/@me"
    # Two clients (two processes' worth of connections) share the token's budget.
    async with aiohttp.ClientSession() as one, aiohttp.ClientSession() as other:
        for i in range(50):
            answer = await (one if i % 2 else other).get(me, headers=auth(double))
            assert answer.status == 200
        refused = await other.get(me, headers=auth(double))
        assert refused.status == 429
        assert refused.headers["X-RateLimit-Global"] == "true"
        assert refused.headers["X-RateLimit-Scope"] == "global"
        assert refused.headers["Via"] and refused.headers["Retry-After"] == "1"
        body = await refused.json()
        assert body == {
            "message": "You are being rate limited.",
            "retry_after": 1.0,
            "global": True,
        }
        now[0] += 0.5  # the window is any second: still full
        assert (await one.get(me, headers=auth(double))).status == 429
        now[0] += 0.5
        assert (await one.get(me, headers=auth(double))).status == 200
    limit = double.global_limit
    assert limit.counted == 51 and limit.peak == 50
    assert limit.refused == ["GET /users/@me"] * 2


async def test_interaction_responses_are_exempt(double: DiscordDouble) -> None:
    now = [0.0]
    double.global_limit.now = lambda: now[0]
    double.discord_limits()
    ana = double.add_member("Ana")
    channel = double.channel("general")
    prompt = double.state.post(
        channel, double.state.bot, {"content": "?", "components": [BUTTON]}, []
    )
    record = double.interactions.create(COMPONENT, ana.user, channel, {"custom_id": "go"}, prompt)
    base = double.api_base
    hook = f"{base}/webhooks/{double.state.application_id}/{record.token}"
    async with aiohttp.ClientSession() as http:
        for _ in range(50):
            await http.get(base + "/users/@me", headers=auth(double))
        assert (await http.get(base + "/users/@me", headers=auth(double))).status == 429
        exempt: list[tuple[str, str, dict[str, Any]]] = [
            ("POST", f"{base}/interactions/{record.id}/{record.token}/callback", {"type": 5}),
            ("PATCH", hook + "/messages/@original", {"content": "Done"}),
            ("POST", hook, {"content": "A follow-up"}),
        ]
        for method, url, body in exempt:
            answer = await http.request(method, url, json=body)
            assert answer.status < 300, (url, answer.status, await answer.text())
        post = base + f"/channels/{channel.id}/messages"
        message = await http.post(post, json={"content": "counts"}, headers=auth(double))
        assert message.status == 429
    assert double.global_limit.exempt == 3 and double.global_limit.counted == 50


async def test_discord_py_waits_out_a_global_429_and_carries_on(double: DiscordDouble) -> None:
    """Real time, no timing asserted: a small budget so discord.py meets it at once.
    Five requests over a budget of three need two rounds; discord.py gives up on a
    request refused five times, which eight at once could meet on a loaded machine."""
    double.global_limit.limit, double.global_limit.per = 3, 0.2
    double.discord_limits()
    ana = double.add_member("Ana")
    async with connected(double, TestBot()) as bot:
        users = await asyncio.gather(*(bot.fetch_user(ana.id) for _ in range(5)))
    assert {u.id for u in users} == {ana.id}
    assert double.global_limit.refused  # it was limited, waited, and got every answer
    assert double.global_limit.peak == 3


async def test_off_by_default_it_counts_without_refusing(double: DiscordDouble) -> None:
    """End-to-end tests play hours in seconds: counted, reported, not refused."""
    double.global_limit.now = lambda: 0.0
    async with aiohttp.ClientSession() as http:
        for _ in range(60):
            answer = await http.get(double.api_base + "/users/@me", headers=auth(double))
            assert answer.status == 200
    assert double.global_limit.counted == 60 and double.global_limit.peak == 60
    assert double.global_limit.refused == []
