"""Stored states carry their schema version: an old state is migrated when it loads,
and a state that cannot be read marks its game broken without losing anything."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.errors import Refused
from bot.core.service import Change, GameService
from bot.core.store import Store
from tests.support.clock import FakeClock
from tests.support.race import GAME

ANA, BEN = 100, 200


def rewrite_state(database: Path, game_id: int, change: Any, version: int) -> None:
    """Edit a stored state as an older release would have written it."""
    with sqlite3.connect(database) as db:
        (text,) = db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        state = change(json.loads(text))
        db.execute(
            "UPDATE games SET state = ?, state_version = ? WHERE id = ?",
            (json.dumps(state), version, game_id),
        )


def renamed(state: dict[str, Any]) -> dict[str, Any]:
    """Version 1 of the state called the counter `count`."""
    state["count"] = state.pop("counter")
    return state


@pytest.fixture
def version_two(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The race game at state version 2: `count` became `counter`."""

    def migrate(data: dict[str, Any], version: int) -> dict[str, Any]:
        assert version == 1
        data = dict(data)
        data["counter"] = data.pop("count")
        return data

    monkeypatch.setattr(type(GAME), "state_version", 2)
    monkeypatch.setattr(GAME, "migrate_state", migrate)
    yield


async def started_game(store: Store, clock: FakeClock) -> int:
    service = GameService(store, clock)
    live = await service.open_lobby(
        kind="race", options={"turn_seconds": 60}, guild_id=1, channel_id=10, parent_id=5,
        host_id=ANA, host_name="Ana", locale="en",
    )  # fmt: skip
    await service.join(live.id, BEN, "Ben")
    await service.start(live.id, ANA)
    await service.act(live.id, ANA, {"amount": 2})
    return live.id


async def test_an_old_state_is_migrated_when_its_game_loads(
    store: Store, clock: FakeClock, tmp_path: Path, version_two: None
) -> None:
    game_id = await started_game(store, clock)
    rewrite_state(tmp_path / "games.sqlite3", game_id, renamed, version=1)
    restarted = GameService(store, clock)
    live = await restarted.load(game_id)
    assert live.broken is None
    assert live.state is not None and live.state.model_dump()["counter"] == 2
    await restarted.act(game_id, BEN, {"amount": 1})
    row = await store.game(game_id)
    assert row is not None and row.state_version == 2 and row.state is not None
    assert row.state["counter"] == 3


async def test_a_state_that_cannot_be_read_marks_the_game_broken_and_keeps_everything(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    game_id = await started_game(store, clock)
    rewrite_state(tmp_path / "games.sqlite3", game_id, renamed, version=1)  # no migration
    restarted = GameService(store, clock)
    told: list[Change] = []

    async def listen(change: Change) -> None:
        told.append(change)

    restarted.listeners.append(listen)
    restarted.scheduler.start()
    clock.quiet_checks.append(restarted.scheduler.idle)
    await clock.advance(600)  # the turn's deadline falls due, several times over
    with pytest.raises(Refused) as caught:
        await restarted.act(game_id, BEN, {"amount": 1})
    assert caught.value.key == "host.broken"
    assert [c.kind for c in told] == ["broken"]  # the table is told once
    (timer,) = await store.timers(game_id)  # the deadline is kept for a fixed release
    assert timer.kind == "deadline"
    row = await store.game(game_id)
    assert row is not None and row.status == "running" and row.state is not None
    assert "count" in row.state and len(await store.actions(game_id)) == 1
    await restarted.scheduler.stop()
