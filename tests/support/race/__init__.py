"""The example game, Race to Ten: a hidden game that exercises the host end to end."""

from __future__ import annotations

from pathlib import Path

from tests.support.race.engine import GAME


def install() -> None:
    """Register the game, its adapter and its sentences with the bot (tests only)."""
    from bot import i18n
    from bot.discord import adapters
    from games import registry
    from tests.support.race.adapter import ADAPTER

    registry.register(GAME)
    adapters.register(ADAPTER)
    i18n.add_root(Path(__file__).parent.parent)


__all__ = ["GAME", "install"]
