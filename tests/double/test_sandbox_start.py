"""Starting the sandbox (`python -m bot` without a token): a busy port is one sentence, no
voice-library warnings, its own database file, and an address that works in Docker."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import discord
import pytest
from discord.voice_client import VoiceClient

from bot.__main__ import quiet_voice_warnings
from bot.config import Settings, SettingsError
from bot.double.server import DiscordDouble
from bot.sandbox import in_container, load_sandbox_settings, sandbox_database, start_line

ROOT = Path(__file__).resolve().parents[2]


def environment(tmp_path: Path, **settings: str) -> dict[str, str]:
    """The test's environment without a token, with the given settings."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SANDBOX_"))}
    return {**keep, "DATABASE_PATH": str(tmp_path / "data" / "real.sqlite3"), **settings}


def test_a_busy_port_is_one_sentence_naming_sandbox_port(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "bot"],
            env=environment(tmp_path, SANDBOX_PORT=str(port)),
            cwd=tmp_path, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert run.returncode == 2
    assert run.stdout == ""
    # Log records (e.g. that the OpenAPI description is not beside this clone) aside,
    # the operator reads one sentence.
    said = [line for line in run.stderr.splitlines() if not re.match(r"\d{4}-\d\d-\d\d ", line)]
    assert len(said) == 1 and "Traceback" not in run.stderr
    sentence = said[0]
    assert "SANDBOX_PORT" in sentence and f"port {port} is in use" in sentence


async def test_the_sandbox_starts_quietly_on_its_own_database_and_every_address(
    tmp_path: Path,
) -> None:
    """In Docker it must listen on 0.0.0.0; the page is then opened via 127.0.0.1."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env=environment(tmp_path, SANDBOX_PORT="0", SANDBOX_HOST="0.0.0.0"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    before: list[str] = []
    try:
        assert process.stdout is not None
        async with asyncio.timeout(60):
            while not before or "Sandbox ready" not in before[-1]:
                line = (await process.stdout.readline()).decode()
                assert line, f"the sandbox stopped before it was ready: {before}"
                before.append(line)
        ready = before[-1]
        assert not [line for line in before if "voice" in line or "PyNaCl" in line], before
        own = tmp_path / "data" / "real-sandbox.sqlite3"
        assert f"games kept in {own}" in ready
        assert own.exists() and not (tmp_path / "data" / "real.sqlite3").exists()
        assert "every address" in ready
        address = ready.split("open ")[1].split()[0]
        assert address.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as session, session.get(address) as page:
            assert page.status == 200
    finally:
        process.terminate()
        await process.wait()


def test_the_real_bot_does_not_warn_about_voice(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    quiet_voice_warnings()
    with caplog.at_level(logging.WARNING, logger="discord"):
        discord.Client(intents=discord.Intents.none())
    assert [r.getMessage() for r in caplog.records if "voice" in r.getMessage()] == []


def test_the_sandbox_database_is_never_the_real_one() -> None:
    for real in ("data/tabletop.sqlite3", "/srv/bot/games.db", "data/tabletop"):
        settings = Settings(database_path=Path(real))
        own = sandbox_database(settings)
        assert own != settings.database_path and own.parent == settings.database_path.parent
        assert own.stem.endswith("-sandbox")
    default = sandbox_database(Settings())
    assert default == Path("data/tabletop-sandbox.sqlite3")


def test_loopback_in_a_container_is_explained_in_the_start_line(tmp_path: Path) -> None:
    database = Path("data/tabletop-sandbox.sqlite3")
    loopback = DiscordDouble(port=8080)
    hint = start_line(loopback, database, container=True)
    assert hint.startswith("Sandbox ready: open http://127.0.0.1:8080/sandbox/")
    assert "SANDBOX_HOST=0.0.0.0" in hint and "-p 8080:8080" in hint and "\n" not in hint
    assert "SANDBOX_HOST" not in start_line(loopback, database, container=False)
    everywhere = start_line(DiscordDouble(host="0.0.0.0", port=8080), database, container=True)
    assert "SANDBOX_HOST" not in everywhere and "every address" in everywhere


def test_a_container_is_recognised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    assert not in_container(tmp_path)
    (tmp_path / ".dockerenv").touch()
    assert in_container(tmp_path)


def test_a_malformed_sandbox_host_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.setenv("SANDBOX_HOST", "http://0.0.0.0/")
    with pytest.raises(SettingsError, match="SANDBOX_HOST is not valid"):
        load_sandbox_settings()
    monkeypatch.setenv("SANDBOX_HOST", "[::]")
    assert load_sandbox_settings().sandbox_host == "::"
