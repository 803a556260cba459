"""Tournaments between computer levels, and how long their decisions take.

    python -m tests.bench.bench_computers --game lama --games 1000
    python -m tests.bench.bench_computers --game lupusburg --games 100 --seats 6
    python -m tests.bench.bench_computers --game lama --timing 300   # decision times only
    python -m tests.bench.bench_computers --game lupun --options '{"variant": "jokers"}'
    python -m tests.bench.bench_computers --game tufteln --pairing casual-default

Pairings: strong vs casual, and casual vs the timeout default. In each game the seats
alternate between the two levels, and the first seat's level alternates from game to
game (seats rotated). A level's share of a game is the wins of its seats (a tie shares a
win; a team's win is each of its seats'); its head-to-head win rate is its share of all
wins, with a 95% interval (Wilson). The mean score margin (level A's seats minus level
B's, per game) is printed too, for the games scored by points.

Tournament games give the strong level a smaller budget than live play (`--budget`,
default 0.05 s), or they would take hours; `--timing` measures decisions at the live
budget on positions from games between all levels, and prints the median and p99 per level.
Games run on every core (`--workers`).

The figures measured, and the commands that reproduce them: README.md, "Computer
players: how strong".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.computers import BUDGET, Decision, wilson
from games.engine import AnyGame
from games.registry import get

PAIRINGS = (("strong", "casual"), ("casual", "default"))


@dataclass(frozen=True)
class Played:
    shares: tuple[float, float]  # wins of level A's seats, level B's
    margin: float  # mean score of A's seats minus B's
    seconds: dict[str, list[float]]  # CPU per decision, by level


def levels_for(seats: int, first: str, second: str) -> list[str]:
    return [first if seat % 2 == 0 else second for seat in range(seats)]


def play(
    game_id: str,
    seats: int,
    levels: Sequence[str],
    seed: int,
    budget: float,
    chosen: str = "{}",
) -> Played:
    game = get(game_id)
    computers = game.computers()
    options = game.parse_options(json.loads(chosen))
    state = game.setup(seats, options, seed)
    rng = random.Random(f"tournament/{seed}")
    seconds: dict[str, list[float]] = {level: [] for level in set(levels)}
    steps = 0
    while game.result(state) is None:
        steps += 1
        if steps > 100_000:
            raise RuntimeError(f"{game_id} game {seed} did not end")
        active = sorted(game.active(state))
        moved = False
        for seat in active:
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            level = levels[seat]
            decision = Decision(
                seat, game.view(state, seat), legal, random.Random(rng.random()), budget
            )
            started = time.process_time()
            action = computers.policy(level)(decision)
            seconds[level].append(time.process_time() - started)
            state, _ = game.apply(state, seat, action)
            moved = True
            break
        if not moved:
            state, _ = game.expire(state)
    result = game.result(state)
    assert result is not None
    first, second = levels[0], levels[1]
    shares = [0.0, 0.0]
    for seat in result.winners:
        shares[0 if levels[seat] == first else 1] += 1 / len(result.winners)
    sign = -1 if result.lower_is_better else 1
    mine = [s for seat, s in enumerate(result.scores) if levels[seat] == first]
    theirs = [s for seat, s in enumerate(result.scores) if levels[seat] == second]
    margin = sign * (statistics.mean(mine) - statistics.mean(theirs))
    return Played((shares[0], shares[1]), margin, seconds)


def _play(args: tuple[str, int, tuple[str, ...], int, float, str]) -> Played:
    return play(*args)


def tournament(
    game: AnyGame,
    seats: int,
    pair: tuple[str, str],
    games: int,
    budget: float,
    workers: int,
    chosen: str = "{}",
) -> None:
    first, second = pair
    jobs = []
    for n in range(games):
        order = (first, second) if n % 2 == 0 else (second, first)
        levels = tuple(levels_for(seats, *order))
        jobs.append((game.id, seats, levels, 10_000 + n, budget, chosen))
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        played = list(pool.map(_play, jobs, chunksize=max(1, games // (workers * 8))))
    a = b = 0.0
    margins = []
    for n, one in enumerate(played):
        mine, theirs = one.shares if n % 2 == 0 else one.shares[::-1]
        a += mine
        b += theirs
        margins.append(one.margin if n % 2 == 0 else -one.margin)
    decided = a + b
    rate = a / decided if decided else 0.5
    low, high = wilson(a, round(decided)) if decided else (0.0, 1.0)
    print(
        f"{game.id} {seats} seats, {first} vs {second}: {games} games,"
        f" {first} wins {rate:.1%} (95% {low:.1%}-{high:.1%}),"
        f" score margin {statistics.mean(margins):+.2f} per game,"
        f" {time.perf_counter() - started:.0f} s"
    )


def timing(game: AnyGame, seats: int, decisions: int, budget: float, chosen: str = "{}") -> None:
    """Decision times at the live budget, on positions of casual games."""
    computers = game.computers()
    options = game.parse_options(json.loads(chosen))
    by_level: dict[str, list[float]] = {"casual": [], "strong": []}
    seed = 50_000
    while min(len(v) for v in by_level.values()) < decisions:
        seed += 1
        state = game.setup(seats, options, seed)
        rng = random.Random(seed)
        while game.result(state) is None and min(len(v) for v in by_level.values()) < decisions:
            active = sorted(game.active(state))
            seat = next((s for s in active if game.legal_actions(state, s)), None)
            if seat is None:
                state, _ = game.expire(state)
                continue
            for level in by_level:
                decision = Decision.of(game, state, seat, f"{seed}/{level}", budget)
                started = time.process_time()
                computers.policy(level)(decision)
                by_level[level].append(time.process_time() - started)
            decision = Decision.of(game, state, seat, str(rng.random()), 0.0)
            state, _ = game.apply(state, seat, computers.casual(decision))
    for level, times in by_level.items():
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        median = statistics.median(times)
        print(
            f"{game.id} {level}: {len(times)} decisions, median {median * 1000:.1f} ms,"
            f" p99 {p99 * 1000:.1f} ms (budget {budget * 1000:.0f} ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=0, help="default: the game's usual count")
    parser.add_argument("--budget", type=float, default=0.05)
    parser.add_argument("--timing", type=int, default=0, help="decisions to time per level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--options", default="{}", help="the game's options, as JSON")
    parser.add_argument(
        "--pairing",
        choices=[f"{a}-{b}" for a, b in PAIRINGS],
        help="only this pairing (default: both)",
    )
    args = parser.parse_args()
    game = get(args.game)
    seats = args.seats or max(game.min_players, min(4, game.max_players or 4))
    if args.timing:
        timing(game, seats, args.timing, BUDGET, args.options)
        return
    for pair in PAIRINGS:
        if args.pairing and args.pairing != "-".join(pair):
            continue
        tournament(game, seats, pair, args.games, args.budget, args.workers, args.options)


if __name__ == "__main__":
    main()
