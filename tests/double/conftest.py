from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.double import DiscordDouble, connected, running_double
from tests.support.clock import FakeClock
from tests.support.testbot import TestBot


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def double(clock: FakeClock) -> AsyncIterator[DiscordDouble]:
    async with running_double(clock=clock) as running:
        yield running


@pytest.fixture
async def bot(double: DiscordDouble) -> AsyncIterator[Any]:
    client = TestBot()
    async with connected(double, client):
        yield client
