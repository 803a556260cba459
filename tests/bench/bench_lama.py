"""No Prob-Lama benchmark: python -m tests.bench.bench_lama

Medians of: one turn step applied (engine), legal_actions, scoring a layout (with
jokers and without) and a whole round end, and the table picture for 6 players.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bot.i18n import t
from games.lama import GAME
from games.lama.models import LamaOptions, LamaState
from games.lama.pictures import render_panel, render_results, render_table
from games.lama.rounds import score_round
from games.lama.scoring import score_layout
from games.pictures import name_letters


def say(key: str, **params: object) -> str:
    return t(key, "de", **params)  # German: the longer words


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def mid_game(seats: int, seed: int) -> LamaState:
    state = GAME.setup(seats, LamaOptions(), seed)
    rng = random.Random(seed)
    while state.phase == "peek" or state.turn < 4 * seats or state.step != "choose":
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def main() -> None:
    states = [mid_game(6, seed) for seed in range(20)]
    steps = []
    for state in states:
        seat = state.to_act
        for action in GAME.legal_actions(state, seat):
            steps.append((state, seat, action))
    rng = random.Random(0)
    picks = [rng.choice(steps) for _ in range(2000)]
    it = iter(picks)

    def one_step() -> None:
        state, seat, action = next(it)
        GAME.apply(state, seat, action)

    print(f"apply one turn step (6 players): {median_ms(one_step, 2000):.3f} ms")
    drawn = [GAME.apply(s, s.to_act, GAME.legal_actions(s, s.to_act)[0])[0] for s in states]
    every = states + drawn
    print(
        "legal_actions:                   "
        f"{median_ms(lambda: GAME.legal_actions(rng.choice(every), 0), 5000):.4f} ms"
    )
    plain = ["7", "7", "7", "3", "-1", "9", "7", "10", "7"]
    jokers = ["joker", "joker", "joker", "joker", "9", "3", "4", "5", "joker"]
    print(f"score_layout, no joker:          {median_ms(lambda: score_layout(plain), 5000):.4f} ms")
    print(
        f"score_layout, five jokers:       {median_ms(lambda: score_layout(jokers), 5000):.4f} ms"
    )

    def round_end() -> None:
        state = states[0].model_copy(deep=True)
        state.ender = 0
        score_round(state)

    print(f"score a round end, 6 players:    {median_ms(round_end, 500):.3f} ms")
    views = [GAME.view(s, None) for s in states]
    names = ["Ana", "Ben", "Chen", "Dora", "Emil", "Fatima"]
    marks = name_letters(names)
    print(
        "render_table, 6 players:         "
        f"{median_ms(lambda: render_table(rng.choice(views), say, names, marks), 60):.2f} ms"
    )
    print(
        "render_panel:                    "
        f"{median_ms(lambda: render_panel(GAME.view(states[0], 0), say, names, marks), 60):.2f} ms"
    )
    finished = states[0].model_copy(deep=True)
    finished.ender = 0
    score_round(finished)
    result_view = GAME.view(finished, None)
    print(
        "render_results, 6 players:       "
        f"{median_ms(lambda: render_results(result_view, say, names, marks), 60):.2f} ms"
    )


if __name__ == "__main__":
    main()
