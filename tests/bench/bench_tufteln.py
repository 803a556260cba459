"""Benchmark Tüfteln: move generation, scoring, apply, rendering, 200 async players.

Run: python -m tests.bench.bench_tufteln  (prints medians; targets: legal moves and
scoring under 1 ms per placement, sheet render under 50 ms)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.i18n import t
from games.tufteln import GAME
from games.tufteln.models import TuftelnState
from games.tufteln.pictures import scoreboard_image, sheet_image
from games.tufteln.scoring import score_sheet


def say(key: str, **params: Any) -> str:
    """The pictures' words in German (the longer language)."""
    return t(key, "de", **params)


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:8.3f} ms (n={len(samples)})"


def solo_games(variant: str, games: int) -> tuple[list[float], list[float], list[float]]:
    """Per placement: legal_actions, scoring the sheet, apply."""
    legal, scoring, apply = [], [], []
    rnd = random.Random(1)
    for seed in range(games):
        state = GAME.setup(1, GAME.parse_options({"variant": variant}), seed)
        while not state.over:
            start = time.perf_counter()
            actions = GAME.legal_actions(state, 0)
            legal.append(time.perf_counter() - start)
            start = time.perf_counter()
            score_sheet(state.sheets[0])
            scoring.append(time.perf_counter() - start)
            action = rnd.choice(actions)
            start = time.perf_counter()
            state, _ = GAME.apply(state, 0, action)
            apply.append(time.perf_counter() - start)
    return legal, scoring, apply


def finished_state(seats: int, variant: str = "A") -> TuftelnState:
    state = GAME.setup(seats, GAME.parse_options({"variant": variant}), 7)
    rnd = random.Random(7)
    while not state.over:
        for seat in range(seats):
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
    return state


def async_rolls(players: int = 200) -> list[float]:
    """Time for all `players` to place one roll each (one apply per player)."""
    options = GAME.parse_options({"schedule": "every 4h"})
    state = GAME.setup(players, options, 3)
    rnd = random.Random(3)
    samples = []
    for _ in range(15):
        state, _ = GAME.expire(state)
        choices = [rnd.choice(GAME.legal_actions(state, seat)) for seat in range(players)]
        start = time.perf_counter()
        for seat, action in enumerate(choices):
            state, _ = GAME.apply(state, seat, action)
        samples.append(time.perf_counter() - start)
    return samples


def final_timeout(players: int = 200) -> list[float]:
    """The final deadline placing all 15 rolls by default for every player."""
    samples = []
    for seed in range(3):
        state = GAME.setup(players, GAME.parse_options({"schedule": "every 4h"}), seed)
        for _ in range(15):
            state, _ = GAME.expire(state)
        samples.append(timed(partial(GAME.expire, state)))
    return samples


def main() -> None:
    for variant in ("A", "B"):
        legal, scoring, apply = solo_games(variant, 40)
        print(f"variant {variant} legal_actions per placement: {ms(legal)}")
        print(f"variant {variant} score_sheet per placement:   {ms(scoring)}")
        print(f"variant {variant} apply per placement:         {ms(apply)}")
    fresh = GAME.setup(1, GAME.parse_options({}), 1)
    first = [timed(lambda: GAME.legal_actions(fresh, 0)) for _ in range(200)]
    print(f"legal_actions on a fresh sheet (worst): {ms(first)}")
    state = finished_state(3)
    view = GAME.view(state, None)
    sheet_image(view, say, seat=0)  # warm the cached blank grid
    renders = [timed(lambda: sheet_image(view, say, seat=0)) for _ in range(40)]
    print(f"sheet render:                          {ms(renders)}")
    big = GAME.view(finished_state(200, "B"), None)
    boards = [timed(lambda: scoreboard_image(big, say)) for _ in range(10)]
    print(f"scoreboard render (200 players):       {ms(boards)}")
    print(f"one roll placed by 200 async players:  {ms(async_rolls())}")
    print(f"final timeout, 200 players x 15 rolls: {ms(final_timeout())}")


if __name__ == "__main__":
    main()
