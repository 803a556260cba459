"""Lupusburg benchmark: a full night and day resolved by the engine, then through the host
(GameService and a SQLite Store, every action committed; no waiting: deadlines are fired
at once), and the table picture.

Run: python -m tests.bench.bench_lupusburg
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.core.service import DEADLINE, GameService, LiveGame
from bot.core.store import Store, TimerRow
from bot.i18n import t
from games.lupusburg import GAME
from games.lupusburg.model import NIGHT_PHASES, LupusState
from games.lupusburg.pictures import table
from games.pictures import name_letters, to_png
from tests.support.clock import FakeClock

PLAYERS = 8


def first_night() -> LupusState:
    state = GAME.setup(PLAYERS, GAME.parse_options({}), seed=2024)
    for seat in range(PLAYERS):
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase == "thief"
    return state


def night_and_day(state: LupusState) -> LupusState:
    """Every prompt answered with its first legal choice; night phases run to their end."""
    day = state.day
    while not (state.phase == "thief" and state.day > day) and GAME.result(state) is None:
        active = sorted(GAME.waiting_for(state))
        night = state.phase in ("thief", "werewolf")
        if active:
            state, _ = GAME.apply(state, active[0], GAME.legal_actions(state, active[0])[0])
        if not active or night:
            state, _ = GAME.expire(state)
    return state


def median_ms(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


# -- through the host ---------------------------------------------------------------------


async def hosted_game(service: GameService, channel: int, players: int) -> LiveGame:
    """A game opened, joined, started and placed: its first night begins."""
    live = await service.open_lobby(
        kind="lupusburg", options={}, guild_id=1, channel_id=channel, parent_id=None,
        host_id=1, host_name="P1", locale="en",
    )  # fmt: skip
    for user in range(2, players + 1):
        await service.join(live.id, user, f"P{user}")
    await service.start(live.id, 1)
    for seat in range(players):
        await play_first(service, live, seat)
    assert isinstance(live.state, LupusState) and live.state.phase == "thief"
    return live


async def play_first(service: GameService, live: LiveGame, seat: int) -> float:
    """The seat's first legal action, applied and stored; the seconds the host took
    (choosing the action stands for the player's decision and is not counted)."""
    assert isinstance(live.state, LupusState)
    action = GAME.legal_actions(live.state, seat)[0].model_dump(mode="json")
    start = time.perf_counter()
    await service.act(live.id, live.players[seat].user_id, action)
    return time.perf_counter() - start


async def expire(service: GameService, live: LiveGame) -> float:
    """The phase's deadline, fired now (the scheduler would at its time); seconds taken."""
    timer = TimerRow(0, live.id, DEADLINE, 0.0, {"phase": live.phase})
    start = time.perf_counter()
    await service.timer_handlers[DEADLINE](live, timer)
    return time.perf_counter() - start


async def hosted_night_and_day(service: GameService, live: LiveGame) -> float:
    """The same cycle as `night_and_day`, every step validated, committed and timed out
    by the host; the night's roles act too. Returns the host's seconds."""
    assert isinstance(live.state, LupusState)
    day = live.state.day
    spent = 0.0
    while live.status == "running":
        state = live.state
        assert isinstance(state, LupusState)
        if state.phase == "thief" and state.day > day:
            break
        active = sorted(GAME.active(state))
        if active:
            spent += await play_first(service, live, active[0])
        if not active or state.phase in NIGHT_PHASES:
            spent += await expire(service, live)
    return spent


async def hosted(players: int, games: int) -> float:
    """Median of the first night and day of `games` games (random deals: the host seeds)."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = GameService(store, FakeClock())
        times = []
        for n in range(games):
            live = await hosted_game(service, 10_000 + n, players)
            times.append(await hosted_night_and_day(service, live))
        await store.close()
    return statistics.median(times) * 1000


def main() -> None:
    start = first_night()
    after = night_and_day(start)
    assert after.day == 2 and after.phase == "thief"
    cycle = median_ms(lambda: night_and_day(start), 200)
    print(f"night and day, {PLAYERS} players (engine only): {cycle:.2f} ms median")
    for players in (5, PLAYERS):
        hosted_cycle = asyncio.run(hosted(players, 60))
        print(
            f"night and day, {players} players (GameService + SQLite): {hosted_cycle:.2f} ms median"
        )
    view = GAME.view(after, None)
    names = ["Andrew", "Bea", "Carl", "David", "Emma", "Fiona", "Gus", "Hannah"]
    letters = name_letters(names)
    render = median_ms(lambda: table(view, german, names, letters), 100)
    print(f"table picture (German), {PLAYERS} players: {render:.2f} ms median")
    image, _ = table(view, german, names, letters)
    encode = median_ms(lambda: to_png(image), 50)
    print(f"table picture as PNG ({image.width}x{image.height}): {encode:.2f} ms median")


def german(key: str, **params: Any) -> str:
    return t(key, "de", **params)


if __name__ == "__main__":
    main()
