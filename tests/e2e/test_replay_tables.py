"""The replay of every kind of game shows, at each step, exactly the table the table
message showed at that moment while it was played: each game is played to its end
through the bot and the Discord double (players moving by the game's casual policy,
deadlines passing, a player away for a while), then each recorded table digest
(migration 021) is compared with the table its replay draws at that version."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.core.store.records import finished_record
from bot.discord.adapters import adapter_for
from bot.discord.replaying import table_at
from bot.discord.tables import fingerprint
from bot.double import SimUser
from games import registry
from games.computers import Decision
from games.engine import AnyGame
from tests.e2e.test_stats import ask, store_of
from tests.support.harness import World, table

KINDS = ("lama", "luckybox", "lupun", "lupusburg", "tufteln")
PLAYERS = {"lupusburg": 4}  # the others: 2
OPTIONS: dict[str, dict[str, Any]] = {
    "lama": {"turn_seconds": 60},
    "lupun": {"turn_seconds": 60, "rounds": 1, "deck": "short"},
    "tufteln": {"turn_seconds": 60},
}
SEEDS = {"lama": 4, "luckybox": 5, "lupun": 7, "lupusburg": 11, "tufteln": 13}


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get(kind) for kind in KINDS]


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """A fixed deal per game (the host draws its seed from SystemRandom)."""
    seed = SEEDS[request.node.callspec.params["kind"]]

    class Seeded:
        def getrandbits(self, _bits: int) -> int:
            return seed

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Seeded)


async def play_to_the_end(world: World, kind: str) -> int:
    """A game of `kind` played to its end by simulated members, each choosing by the
    game's casual policy; the first player misses two steps (away, then back by
    acting), and steps nobody acts in wait for their deadline. The game's id."""
    users = world.users(*("Ana", "Ben", "Cleo", "Dan")[: PLAYERS.get(kind, 2)])
    place = await world.open_game(users[0], kind, **OPTIONS.get(kind, {}))
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    service = world.bot.service
    live = await service.game_in(place.id)
    assert live is not None
    game, rng, missed, checked = live.game, random.Random(1), 0, False
    policy = game.computers().casual
    while live.status == "running":
        assert live.state is not None
        state, moved = live.state, False
        for seat in sorted(game.active(state)):
            legal = game.legal_actions(state, seat)
            if not legal or (seat == 0 and missed < 2 and live.deadline_at is not None):
                continue  # the first player lets a timed step pass, twice: away
            decision = Decision(seat, game.view(state, seat), legal, rng, budget=0.0)
            action = policy(decision).model_dump(mode="json")
            await service.act(live.id, live.players[seat].user_id, action)
            moved = True
            break
        if live.status == "running" and live.row.version >= MIDWAY and not checked:
            await nothing_shown_while_running(world, users[1], live.id)
            checked = True
        if not moved:
            if live.deadline_at is None:
                await world.advance(1)
            else:
                missed += any(seat == 0 for seat in game.waiting_for(state))
                await world.advance(max(live.deadline_at - world.clock.now(), 0) + 0.1)
        if rng.random() < 0.25:
            await world.settle()  # the table drawn at this version (else a burst: once)
    await world.settle()
    assert checked, "the statistics were asked about the game while it ran"
    return live.id


MIDWAY = 8  # the game's version at which what the statistics show of it is checked


async def nothing_shown_while_running(world: World, user: SimUser, game_id: int) -> None:
    """While the game runs, /history and /stats know nothing of it, and a crafted page,
    replay or record button for it is refused in a sentence showing nothing of it."""
    assert "No finished games on this server yet" in (await ask(user, "history")).text
    assert "No finished games on this server yet" in (await ask(user, "stats show")).text
    forged = [f"past:{game_id}", f"record:{game_id}"] + [
        f"replay:{game_id}:{step}:{who}" for step in (0, 3) for who in "t01"
    ]
    for custom_id in forged:
        data = {"custom_id": custom_id, "component_type": 2}
        result = await user._interact(3, world.channel, data, None, True)
        await world.settle()
        (answer,) = [m for m in result.messages if m.ephemeral]
        assert "still being played" in answer.said and not answer.attachments, custom_id


@pytest.mark.parametrize("kind", KINDS)
async def test_a_replay_draws_the_table_shown_at_each_recorded_version(
    world: World, kind: str, seeded: None
) -> None:
    began = time.perf_counter()
    game_id = await play_to_the_end(world, kind)
    played = time.perf_counter() - began
    store = store_of(world)
    record = await finished_record(store, world.double.guild.id, game_id)
    assert record.steps > 10 and len(record.shown) > 5
    assert any(s.away for s in record.shown), "a table with a player away was kept"
    assert any(entry.user_id is None for entry in record.log), "a deadline passed"
    adapter = adapter_for(kind)
    for shown in record.shown:
        step = record.step_of(shown.version)
        drawn = table_at(adapter, record, step, None, shown)
        assert fingerprint(drawn) == shown.fingerprint, f"{kind}: version {shown.version}"
    (stored,) = await store.engine.read(
        "SELECT table_fingerprint FROM games WHERE id = ?", (game_id,)
    )
    assert record.shown[-1].fingerprint == stored["table_fingerprint"]
    print(f"{kind}: {record.steps} steps, {len(record.shown)} tables, played in {played:.1f} s")
