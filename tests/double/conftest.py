from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.clock import FakeClock
from bot.double import DiscordDouble, connected, running_double


def _load_testbot() -> Any:
    name = "double_testbot"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("testbot.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


testbot = _load_testbot()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def double(clock: FakeClock) -> AsyncIterator[DiscordDouble]:
    async with running_double(clock=clock) as running:
        yield running


@pytest.fixture
async def bot(double: DiscordDouble) -> AsyncIterator[Any]:
    client = testbot.TestBot()
    async with connected(double, client):
        yield client
