"""A py-spy profile of the measured process and its children (the drawing workers).

py-spy comes from PyPI (`pip install py-spy`); the profile is raw (collapsed stacks,
one line a stack with its sample count), for flamegraph tools or `sort -k2`.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import sys
from pathlib import Path

RATE = 200  # samples a second
LONGEST = 600  # seconds: py-spy stops by itself at the latest after this


def py_spy() -> str:
    return shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")


async def record(pid: int, out: Path, until: asyncio.Event, *, idle: bool = True) -> None:
    """Sample `pid` and its children until `until` is set: every thread's stack (`idle`),
    or only those running on a CPU (where the CPU goes)."""
    command = [py_spy(), "record", "--subprocesses", *(["--idle"] if idle else []), "-p", str(pid)]
    command += ["-f", "raw", "-o", str(out), "-d", str(LONGEST), "-r", str(RATE)]
    spying = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    try:
        await until.wait()
    finally:
        if spying.returncode is None:
            spying.send_signal(signal.SIGINT)  # py-spy writes what it sampled, then ends
        await spying.wait()
