"""Game adapters: one module per game exposing `ADAPTER`, found by the game id."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from bot.adapters.base import GameAdapter
from games import registry
from games.engine import Game


@cache
def adapters() -> dict[str, GameAdapter]:
    found: dict[str, GameAdapter] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name == "base":
            continue
        adapter = getattr(importlib.import_module(f"{__name__}.{module.name}"), "ADAPTER", None)
        if isinstance(adapter, GameAdapter):
            found[adapter.kind] = adapter
    return found


def adapter_for(kind: str) -> GameAdapter:
    return adapters()[kind]


def playable() -> list[Game]:
    """Games offered to players: not hidden, and with a Discord adapter."""
    return [g for g in registry.offered() if g.id in adapters()]
