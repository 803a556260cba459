"""Lupusburg benchmark: a full night and day resolved by the engine, and the table picture.

Run: python tests/bench/bench_lupusburg.py
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from games.lupusburg import GAME
from games.lupusburg.model import LupusState
from games.lupusburg.pictures import table

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


def main() -> None:
    start = first_night()
    after = night_and_day(start)
    assert after.day == 2 and after.phase == "thief"
    cycle = median_ms(lambda: night_and_day(start), 200)
    print(f"night and day, {PLAYERS} players (engine only): {cycle:.2f} ms median")
    view = GAME.view(after, None)
    names = ["Andrew", "Bea", "Carl", "David", "Emma", "Fiona", "Gus", "Hannah"]
    render = median_ms(lambda: table(view, names), 100)
    print(f"table picture, {PLAYERS} players: {render:.2f} ms median")


if __name__ == "__main__":
    main()
