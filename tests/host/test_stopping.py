"""SIGTERM (docker stop, systemd) stops the bot as gracefully as Ctrl-C, also when it
runs as a container's PID 1."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.stopping import until_signalled


async def test_a_stop_signal_cancels_the_work_and_lets_its_clean_up_run() -> None:
    cleaned: list[str] = []

    async def work() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            await asyncio.sleep(0)  # clean-up may still await (the bot's close does)
            cleaned.append("closed")

    asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
    assert await until_signalled(work()) is True
    assert cleaned == ["closed"]
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # nothing left behind


async def test_work_that_ends_by_itself_is_not_a_stop() -> None:
    async def work() -> None:
        await asyncio.sleep(0)

    assert await until_signalled(work()) is False


def _pid_one_available() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-pf", "--mount-proc", "true"], capture_output=True)
    return probe.returncode == 0


def _first_child(pid: int) -> int:
    return int(Path(f"/proc/{pid}/task/{pid}/children").read_text().split()[0])


def _closed_cleanly(database: Path) -> bool:
    """SQLite removes the write-ahead log when its last connection closes."""
    return database.exists() and not Path(f"{database}-wal").exists()


@pytest.mark.parametrize("as_pid_one", [False, True], ids=["process", "pid-1"])
async def test_sigterm_stops_the_bot_gracefully(tmp_path: Path, as_pid_one: bool) -> None:
    """The sandbox (the real bot against the double) stops within Docker's 10 s grace,
    with status 0, its database closed cleanly (no write-ahead log left)."""
    if as_pid_one and not _pid_one_available():
        pytest.skip("no PID namespaces here (unshare -pf)")
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SANDBOX_"))}
    env = {**keep, "DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "SANDBOX_PORT": "0"}
    command = [sys.executable, "-m", "bot"]
    if as_pid_one:
        command = ["unshare", "-pf", "--mount-proc", *command]
    process = await asyncio.create_subprocess_exec(
        *command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    assert process.stdout is not None
    said: list[str] = []
    async with asyncio.timeout(60):
        while not said or "Sandbox ready" not in said[-1]:
            line = (await process.stdout.readline()).decode()
            assert line, f"the sandbox stopped before it was ready: {said}"
            said.append(line)
    bot_pid = process.pid
    if as_pid_one:  # the bot is unshare's child, PID 1 of its namespace
        bot_pid = _first_child(process.pid)
    os.kill(bot_pid, signal.SIGTERM)
    async with asyncio.timeout(10):
        rest = (await process.stdout.read()).decode()
        status = await process.wait()
    assert status == 0, rest
    assert "SIGTERM received: stopping" in rest and "Traceback" not in rest
    assert _closed_cleanly(tmp_path / "bot-sandbox.sqlite3")
