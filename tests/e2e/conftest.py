"""End-to-end fixtures: the Discord double, the real bot on a temporary database,
and simulated users, on a fake clock (see `tests.support.harness`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.double import running_double
from games import registry
from games.engine import AnyGame
from tests.support.clock import FakeClock
from tests.support.harness import World


@pytest.fixture
def offered_games() -> list[AnyGame] | None:
    """The games /newgame offers in this test module (override per module)."""
    return [registry.get("race")]


@pytest.fixture
async def world(database: str, offered_games: list[AnyGame] | None) -> AsyncIterator[World]:
    """(`database`: a SQLite file, or a PostgreSQL schema for a test marked each_engine.)"""
    clock = FakeClock()
    async with running_double(clock=clock) as double:
        world = World(double, clock, database, offered_games)
        await world.start_bot()
        try:
            yield world
            world.check_clean()
        finally:
            await world.close()
