"""Panel benchmark: python -m tests.bench.bench_panels [--games lama,tufteln] [--seeds 5]

The players' panels are what the drawing workers build most under load (a panel after
every click). This builds each acting seat's panel along seeded random play-outs, as
a worker would (a context made from the state, the adapter's `panel`), first along
three warm-up play-outs (so the kept tiles and pictures are those of a running bot),
then along `--seeds` others, and prints the CPU milliseconds per panel, per game and in
all: the workers' cost per click without Discord, the double or the other processes
that make `bench_load`'s figures noisy. Compare two trees by running it in each, in
turn, a few times.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from bot.discord.adapters import adapter_for, adapters
from bot.discord.adapters.context import Context
from bot.discord.contexts import context_of
from games import registry

GAMES = "luckybox,lama,tufteln,lupun"  # the games whose panels hold a picture of their own
SEATS = {"luckybox": 4, "lama": 4, "tufteln": 3, "lupun": 4}
STATES = 60  # acting seats' panels per play-out
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")
WARM_UP = range(3)


def panels(game_id: str, seed: int) -> list[Context[Any]]:
    """The contexts of the seat that acts at each of a random play-out's first states."""
    game, rng = registry.get(game_id), random.Random(seed)
    seats = SEATS.get(game_id, 4)
    state = game.setup(seats, game.parse_options({}), seed)
    found: list[Context[Any]] = []
    while len(found) < STATES and game.result(state) is None:
        active = sorted(game.active(state))
        if not active:
            state, _ = game.expire(state)
            continue
        seat = rng.choice(active)
        found.append(
            context_of(
                game,
                state,
                seat,
                locale="en",
                game_id=seed + 1,
                names=NAMES[:seats],
                user_ids=tuple(range(1, seats + 1)),
            )
        )
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_panels")
    parser.add_argument("--games", default=GAMES, help="game ids, comma-separated")
    parser.add_argument("--seeds", type=int, default=5, help="measured play-outs per game")
    args = parser.parse_args(argv)
    adapters()
    chosen = [g for g in args.games.split(",") if g]
    for game_id in chosen:  # warm-up: the tiles and pictures a running worker keeps
        for seed in WARM_UP:
            for context in panels(game_id, seed):
                adapter_for(game_id).panel(context, ())
    measured = range(len(WARM_UP), len(WARM_UP) + args.seeds)
    jobs = [(g, c) for g in chosen for seed in measured for c in panels(g, seed)]
    spent: dict[str, list[float]] = defaultdict(list)
    for game_id, context in jobs:  # in the order of the play-outs, games one after another
        start = time.process_time()
        adapter_for(game_id).panel(context, ())
        spent[game_id].append((time.process_time() - start) * 1000)
    print(f"{'game':<10} {'panels':>7} {'cpu ms per panel':>17}")
    for game_id in chosen:
        times = spent[game_id]
        print(f"{game_id:<10} {len(times):>7} {sum(times) / len(times):>17.3f}")
    every = [t for times in spent.values() for t in times]
    print(f"{'all':<10} {len(every):>7} {sum(every) / len(every):>17.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
