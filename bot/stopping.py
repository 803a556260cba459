"""A graceful stop on SIGTERM (`docker stop`, systemd) as on Ctrl-C (SIGINT).

The first signal cancels the running work, whose clean-up then runs: the bot stops its
timers, says what was committed (a few seconds at most; the rest waits in the outbox
for the next start) and closes the database. A second signal stops at once. Handlers
installed this way also reach a process running as PID 1 (a container's entry point),
which the kernel otherwise spares the default, deadly, SIGTERM.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def until_signalled(work: Coroutine[Any, Any, None]) -> bool:
    """Run `work` until it ends or a stop signal comes (then cancel it and wait for its
    clean-up). Whether a signal stopped it."""
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(work)
    received: list[str] = []

    def stop(signum: signal.Signals) -> None:
        log.info("%s received: stopping (a second one stops at once)", signum.name)
        received.append(signum.name)
        for each in STOP_SIGNALS:  # back to the defaults: a second signal ends the process
            loop.remove_signal_handler(each)
        task.cancel()

    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, stop, signum)
    try:
        await task
    except asyncio.CancelledError:
        if not received:
            raise
    finally:
        for signum in STOP_SIGNALS:
            loop.remove_signal_handler(signum)
    if received:
        log.info("stopped")
    return bool(received)
