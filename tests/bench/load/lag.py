"""Event-loop lag, sampled inside a process: a task asks to wake every `interval`
seconds and records how late it woke. Samples carry CLOCK_MONOTONIC times, which every
process on the machine shares, so the benchmark keeps those of its measured window."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

INTERVAL = 0.02


class LagSampler:
    def __init__(self, interval: float = INTERVAL) -> None:
        self.interval = interval
        self.samples: list[tuple[float, float]] = []  # (monotonic time, lag in ms)
        self.sent: list[float] = []  # monotonic times the bot's counted requests left
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="lag-sampler")

    async def _run(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.interval)
            woke = time.monotonic()
            self.samples.append((woke, max(0.0, (woke - asked - self.interval) * 1000)))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def write(self, path: Path) -> None:
        written = {"interval": self.interval, "samples": self.samples, "sent": self.sent}
        path.write_text(json.dumps(written))


def read_sent(path: Path, start: float, end: float) -> list[float]:
    """When the process's counted requests left (monotonic), between `start` and `end`."""
    if not path.exists():
        return []
    return [at for at in json.loads(path.read_text()).get("sent", []) if start <= at <= end]


def busiest_second(moments: list[float]) -> int:
    """The most of `moments` in any window of one second."""
    ordered, most, first = sorted(moments), 0, 0
    for last, at in enumerate(ordered):
        while at - ordered[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def read_lags(path: Path, start: float, end: float) -> list[float]:
    """The lags (ms) sampled between `start` and `end` (monotonic), from a written file."""
    if not path.exists():
        return []
    data = json.loads(path.read_text())
    return [lag for at, lag in data["samples"] if start <= at <= end]
