"""The sandbox: `python -m bot` without a token plays on the double; games survive a
restart of the sandbox (the bot's SQLite file and the double's world both persist)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import aiohttp

from bot.discord.app import TabletopBot
from bot.double.web.sandbox import start_sandbox
from games import registry
from tests.support.harness import buttons


def sandbox_bot(folder: Path) -> TabletopBot:
    return TabletopBot(
        database=str(folder / "games.sqlite3"), games=[registry.get("race")], guild_ready_timeout=0
    )


async def test_a_lobby_survives_a_sandbox_restart(tmp_path: Path) -> None:
    world = tmp_path / "world.pickle"
    async with start_sandbox(sandbox_bot(tmp_path), world=world) as double:
        ana = double.user("Ana")
        reply = await (await ana.slash("newgame race", channel="games")).reply()
        thread_id = int(reply.said.split("<#")[1].split(">")[0])
        await double.idle()
    async with start_sandbox(sandbox_bot(tmp_path), world=world) as double:
        thread = double.channel(thread_id)
        lobby = thread.visible_messages()[0]
        assert buttons(lobby) == ["Join", "Leave", "Start", "Cancel"]
        ben = double.user("Ben")
        joined = await (await ben.click(lobby, "Join")).followup()
        assert joined.said == "You joined the game."
        await double.idle()
        assert "Ben" in thread.visible_messages()[0].cards[0]["description"]


async def test_python_m_bot_without_a_token_serves_the_sandbox_page(tmp_path: Path) -> None:
    environment = {
        **{k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"},
        "DATABASE_PATH": str(tmp_path / "data" / "games.sqlite3"),
        "SANDBOX_PORT": "0",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=environment,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        address = None
        assert process.stdout is not None
        async with asyncio.timeout(60):
            while address is None:
                line = (await process.stdout.readline()).decode()
                assert line, "the sandbox stopped before it was ready"
                if "Sandbox ready" in line:
                    address = line.split("open ")[1].split()[0]
        async with aiohttp.ClientSession() as session, session.get(address) as page:
            assert page.status == 200
            assert "<html" in (await page.text()).lower()
    finally:
        process.terminate()
        await process.wait()
