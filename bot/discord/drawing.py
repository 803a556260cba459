"""Screens are built in a worker process, away from the event loop that answers clicks.

Building a screen with a picture costs 10-100 ms of CPU (drawing, then encoding the
PNG). In a thread of the bot's own process that work competes with the event loop
for the interpreter, so a click in one game would wait for another game's picture.
Here it runs in a pool of worker processes (by default one less than the machine's
cores, at least one), started with a lower priority (nice), so the operating system
too lets the bot's own process (acknowledgements, the database, Discord) go first.

Adapters are plain functions of a `Context`, which pickles: a worker imports the
adapter by the game's kind and builds the same screen the bot's process would. A
game whose adapter was registered at runtime (the tests' example game) is built in a
thread, as is everything when the pool is off (`workers=0`: the end-to-end tests,
which also change the catalog in their own process). A worker that dies is replaced,
and the screen is built in a thread meanwhile.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import pickle
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from bot.discord import adapters
from bot.discord.adapters.context import Context
from bot.discord.ui import Screen

log = logging.getLogger(__name__)

NICE = 5  # how much lower the workers' priority is than the bot's


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1) - 1)


def _start_worker() -> None:
    os.nice(NICE)
    adapters.adapters()  # import every game's adapter and pictures once, up front


def _build(kind: str, method: str, args: tuple[Any, ...]) -> Screen:
    screen = getattr(adapters.adapter_for(kind), method)(*args)
    assert isinstance(screen, Screen)
    return screen


def screen_key(kind: str, method: str, args: tuple[Any, ...]) -> bytes:
    """A digest of everything a screen is built from. A context's `version` is left out:
    it changes with every move, also when this reader's view does not, and adapters use
    it only as a cache key of their own."""
    plain = tuple(replace(a, version=0) if isinstance(a, Context) else a for a in args)
    return hashlib.blake2b(pickle.dumps((kind, method, plain)), digest_size=16).digest()


class Drawing:
    """Where screens are built: `await drawing.build(kind, "table", ctx)`.

    The last `KEPT` screens are kept by what they were built from: a panel opened again,
    or a table refreshed after a move it does not show, costs no drawing at all."""

    KEPT = 256

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._built: OrderedDict[bytes, Screen] = OrderedDict()
        self.drawn = self.reused = 0  # screens built, and taken from those kept

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: workers do not inherit the bot's threads, sockets or locks.
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_start_worker
            )
        return self._pool

    async def build(self, kind: str, method: str, *args: Any) -> Screen:
        """The adapter's `method(*args)` for a game of `kind`, built off the loop."""
        key = screen_key(kind, method, args)
        if key in self._built:
            self._built.move_to_end(key)
            self.reused += 1
            return self._built[key]
        self.drawn += 1
        screen = await self._build(kind, method, args)
        self._built[key] = screen
        while len(self._built) > self.KEPT:
            self._built.popitem(last=False)
        return screen

    async def _build(self, kind: str, method: str, args: tuple[Any, ...]) -> Screen:
        if not self.workers or kind in adapters.registered():
            return await asyncio.to_thread(_build, kind, method, args)
        try:
            future = self._executor().submit(_build, kind, method, args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            log.warning("a drawing worker died; starting new ones")
            self._pool = None
            return await asyncio.to_thread(_build, kind, method, args)

    def pids(self) -> list[int]:
        """The worker processes running now."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        log.info("screens: %d built, %d reused", self.drawn, self.reused)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
