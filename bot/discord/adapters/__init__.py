"""AnyGame adapters: one module per game exposing `ADAPTER`, found by the game id."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from bot.discord.adapters.base import GameAdapter
from games import registry
from games.engine import AnyGame

_registered: dict[str, GameAdapter[Any]] = {}  # adapters from elsewhere (the tests' game)


def register(adapter: GameAdapter[Any]) -> None:
    _registered[adapter.kind] = adapter
    adapters.cache_clear()


def registered() -> frozenset[str]:
    """The kinds whose adapters were registered at runtime (a new process lacks them)."""
    return frozenset(_registered)


@cache
def adapters() -> dict[str, GameAdapter[Any]]:
    found: dict[str, GameAdapter[Any]] = dict(_registered)
    for module in pkgutil.iter_modules(__path__):
        if module.name in ("base", "context"):
            continue
        adapter = getattr(importlib.import_module(f"{__name__}.{module.name}"), "ADAPTER", None)
        if isinstance(adapter, GameAdapter):
            found[adapter.kind] = adapter
    return found


def adapter_for(kind: str) -> GameAdapter[Any]:
    return adapters()[kind]


def playable() -> list[AnyGame]:
    """Games offered to players: not hidden, and with a Discord adapter."""
    return [g for g in registry.offered() if g.id in adapters()]
