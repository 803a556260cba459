"""Where computer players think: worker processes, away from the event loop.

A strong policy searches for up to `games.computers.BUDGET` seconds of CPU. In the bot's
own process that would hold the interpreter from the event loop (clicks, the database,
Discord) for as long; here it runs in a small pool of worker processes of their own
(not the drawing workers: a picture never waits behind a search, nor a move behind a
burst of pictures), started with a lower priority than the bot's process, so the bot
answers first. The pool starts at the first move it is asked for.

A worker gets the game's kind, the state, the seat and the level, and returns the
chosen action as JSON: it decides from the seat's `Decision` (its view and legal
actions), as the policy would in the bot's process. A game registered at runtime (the
tests' example game) is unknown to a new process: its computers think in a thread,
unless the pool was given an `initializer` that registers it. A worker that dies is
replaced, and the move is computed in a thread instead.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games import registry
from games.computers import BUDGET, Decision
from games.engine import Seat, dump_action

log = logging.getLogger(__name__)

NICE = 10  # below the bot's process, above the drawing workers (19)
# Seconds (real time) a move may take at most before its computer plays the game's
# documented default instead: a policy that overran its budget (a bug) stalls no game.
GIVE_UP = 30.0


def default_workers() -> int:
    """One worker per core but one, and at least one: a second search in flight
    waits for a core either way."""
    return max(1, (os.cpu_count() or 1) - 1)


def choose(
    kind: str,
    state: dict[str, Any],
    state_version: int,
    seat: Seat,
    level: str,
    seed: str,
    budget: float = BUDGET,
) -> dict[str, Any] | None:
    """The action the computer of `level` at `seat` chooses, as JSON (in any process);
    None when the seat has nothing to choose from."""
    game = registry.get(kind)
    parsed = game.parse_state(state, state_version)
    decision = Decision.of(game, parsed, seat, seed, budget=budget)
    if not decision.legal:
        return None
    action = game.computers().policy(level)(decision)
    if action not in decision.legal:
        raise ValueError(f"the {level} computer of {kind} chose an action it may not take")
    return dump_action(action)


def _start_worker(initializer: Callable[[], None] | None) -> None:
    os.nice(NICE)
    if initializer is not None:
        initializer()
    registry.all_games()  # every game imported once, before the first move


class Thinker:
    """`await thinker.choose(...)`: a computer's move, computed off the event loop."""

    def __init__(
        self, workers: int | None = None, initializer: Callable[[], None] | None = None
    ) -> None:
        self.workers = default_workers() if workers is None else workers
        self._initializer = initializer  # run in each worker (registers runtime games)
        self._pool: ProcessPoolExecutor | None = None

    def _in_a_thread(self, kind: str) -> bool:
        return not self.workers or (kind in registry.registered() and self._initializer is None)

    async def choose(
        self,
        kind: str,
        state: dict[str, Any],
        state_version: int,
        seat: Seat,
        level: str,
        seed: str,
        budget: float = BUDGET,
    ) -> dict[str, Any] | None:
        """The move of the computer of `level` at `seat` in `state` (JSON, as stored),
        as JSON; None when it has none. A policy that fails or overruns plays the
        game's documented default instead (logged: a bug to fix)."""
        args = (kind, state, state_version, seat, level, seed, budget)
        try:
            return await asyncio.wait_for(self._choose(args), GIVE_UP)
        except (Exception, TimeoutError):
            if level == "default":
                raise
            log.exception("the %s computer of %s failed; it plays the default", level, kind)
        default = (kind, state, state_version, seat, "default", seed, budget)
        return await asyncio.to_thread(choose, *default)

    async def _choose(self, args: tuple[Any, ...]) -> dict[str, Any] | None:
        if self._in_a_thread(args[0]):
            return await asyncio.to_thread(choose, *args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), choose, *args)
        except BrokenProcessPool:
            log.warning("a thinking worker died; starting new ones")
            self.close()
            return await asyncio.to_thread(choose, *args)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: workers do not inherit the bot's threads, sockets or locks.
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("forkserver"),
                initializer=_start_worker,
                initargs=(self._initializer,),
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
