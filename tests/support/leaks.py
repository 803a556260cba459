"""Database connections a test opened and never closed.

aiosqlite runs each connection on a thread that is not a daemon, so a connection left
open makes the interpreter wait for it forever once pytest has printed its summary: a
run that passed would never end. Each connection remembers the test that opened it;
at the end of the session the ones still open are named (the run fails) and stopped,
so the process can end.
"""

from __future__ import annotations

import gc
import os
from typing import Any

import aiosqlite.core

_opened = aiosqlite.core.Connection.__init__


def install() -> None:
    def opened(self: aiosqlite.core.Connection, *args: Any, **kwargs: Any) -> None:
        _opened(self, *args, **kwargs)
        self._opened_by = os.environ.get("PYTEST_CURRENT_TEST", "outside a test")  # type: ignore[attr-defined]

    aiosqlite.core.Connection.__init__ = opened  # type: ignore[method-assign]


def close_leaked() -> list[str]:
    """Stop every connection still open; the tests that opened them."""
    gc.collect()
    leaked = [
        item
        for item in gc.get_objects()
        if isinstance(item, aiosqlite.core.Connection) and item._thread.is_alive()
    ]
    for connection in leaked:
        connection.stop()
    return sorted({getattr(c, "_opened_by", "unknown") for c in leaked})
