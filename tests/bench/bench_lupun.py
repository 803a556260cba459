"""Miss Lupun benchmark: python -m tests.bench.bench_lupun [--games N] [--worst [--seconds S]]

Medians of: scoring one player's three tasks with two jokers on the board (and the
worst case found with seven), a placement applied (engine), the board picture and the
task cards (render, then PNG). Then simulated games where every player follows the
greedy policy (the absent player's default) and turns the suggested tiles: the
average points per player per round for 2-6 players, and how many rounds a
6-player long game lasts.

--worst instead searches for slow joker scoring (`tests/bench/lupun_worst.py`) and
prints the slowest hand and 6-seat round end found, timed before and after.

--lag measures what the slowest 6-seat round end found costs the event loop (how late
a 1 ms timer wakes while it is scored): on the loop, and in a thread as the host runs
a game's slow steps (`Game.slow_steps`).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Callable

from bot.i18n import t
from games.lupun import GAME
from games.lupun.board import SIZE, space_name
from games.lupun.cards import task
from games.lupun.deck import DECK
from games.lupun.models import Confirm, Done, Keep, LupunOptions, LupunState, Place
from games.lupun.pictures import render_board, render_tasks
from games.lupun.placing import default_placement
from games.lupun.scoring import best_score
from games.pictures import to_png
from tests.bench import lupun_worst


def say(key: str, **params: object) -> str:
    return t(key, "de", **params)  # German: the longer words


def timings(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def scoring(jokers: int, hands: int, seed: int = 1) -> tuple[float, float]:
    """Median and worst ms of scoring random hands on random full boards with
    `jokers` jokers (placed preferably inside the hand's regions: the hard case)."""
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        hand = rng.sample(DECK, 3)
        board = [rng.randrange(10) for _ in range(SIZE)]
        region = sorted({s for t_ in hand for s in t_.region})
        spaces = rng.sample(region, min(jokers, len(region)))
        spaces += rng.sample([s for s in range(SIZE) if s not in spaces], jokers - len(spaces))
        start = time.perf_counter()
        best_score(tuple(board), hand, spaces)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def mid_round(seats: int, seed: int) -> LupunState:
    state = GAME.setup(seats, LupunOptions(variant="jokers"), seed)
    rng = random.Random(seed)
    while state.stage != "place" or state.turn < 12:
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    if state.draft is not None:
        state, _ = GAME.apply(state, state.to_act, Confirm())
    return state


def greedy_game(seats: int, seed: int, **options: object) -> LupunState:
    """A whole game where everyone keeps the 3 cheapest tasks, places greedily and
    turns the suggested tiles."""
    state = GAME.setup(seats, LupunOptions(**options), seed)
    while GAME.result(state) is None:
        phase = GAME.phase(state)
        if phase in ("handicap", "turn"):
            for seat in list(state.to_turn):
                state, _ = GAME.apply(state, seat, Done())
        elif phase == "keep":
            for seat in [s for s in range(seats) if state.drawn[s]]:
                drop = max(state.drawn[seat], key=lambda c: task(c).points)
                state, _ = GAME.apply(state, seat, Keep(drop=drop))
        else:
            seat = state.to_act
            space, tile = default_placement(state, seat)
            state, _ = GAME.apply(state, seat, Place(space=space_name(space), tile=tile))
            state, _ = GAME.apply(state, seat, Confirm())
    return state


async def loop_lag(rounds: int = 40) -> None:
    """Max and median lateness of a 1 ms timer while the slowest round end is scored."""
    from tests.games.lupun.test_scoring import SLOW_ROUND, board_of, hand

    board, jokers = board_of(SLOW_ROUND[0])
    hands = [hand(*ids.split()) for ids in SLOW_ROUND[1].split(";")]

    def score() -> None:
        for tasks in hands:
            best_score(board, tasks, jokers)

    async def run_on_loop() -> None:
        await asyncio.sleep(0)
        score()

    async def run_in_thread() -> None:
        await asyncio.to_thread(score)

    for name, run in (("on the event loop", run_on_loop), ("in a thread", run_in_thread)):
        lates: list[float] = []
        for _ in range(rounds):
            done = asyncio.Event()
            probing = asyncio.create_task(_probe(done, lates))
            await asyncio.sleep(0.005)
            await run()
            done.set()
            await probing
        lates.sort()
        print(
            f"a 1 ms timer while the slowest round end is scored {name}: late by median"
            f" {statistics.median(lates):.2f} ms, p99 {lates[int(len(lates) * 0.99)]:.1f} ms,"
            f" max {lates[-1]:.1f} ms"
        )


async def _probe(done: asyncio.Event, lates: list[float]) -> None:
    """How late a 1 ms sleep wakes, again and again until `done`."""
    loop = asyncio.get_running_loop()
    while not done.is_set():
        start = loop.time()
        await asyncio.sleep(0.001)
        lates.append((loop.time() - start - 0.001) * 1000)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_lupun")
    parser.add_argument("--games", type=int, default=4, help="simulated games per figure")
    parser.add_argument("--worst", action="store_true", help="search for slow joker scoring")
    parser.add_argument("--seconds", type=float, default=120, help="the search's time (--worst)")
    parser.add_argument("--seed", type=int, default=1, help="the search's seed (--worst)")
    parser.add_argument("--lag", action="store_true", help="the event loop's delay")
    args = parser.parse_args(argv)
    if args.lag:
        asyncio.run(loop_lag())
        return
    if args.worst:
        lupun_worst.report(args.seconds, args.seed)
        return

    median2, worst2 = scoring(2, 400)
    median7, worst7 = scoring(7, 200)
    print(f"scoring 3 tasks, 2 jokers: median {median2:.2f} ms, worst {worst2:.2f} ms")
    print(f"scoring 3 tasks, 7 jokers: median {median7:.2f} ms, worst {worst7:.2f} ms")

    state = mid_round(6, 3)
    space = space_name(state.board.index(None))
    tile = state.tiles[state.to_act][0]
    place = Place(space=space, tile=tile)
    seat = state.to_act
    chosen = statistics.median(timings(lambda: GAME.apply(state, seat, place), 50))
    print(f"a placement chosen (engine apply): {chosen:.2f} ms")
    drafted, _ = GAME.apply(state, seat, place)
    confirmed = statistics.median(timings(lambda: GAME.apply(drafted, seat, Confirm()), 50))
    print(f"a placement confirmed (engine apply): {confirmed:.2f} ms")
    greedy = statistics.median(timings(lambda: default_placement(state, seat), 20))
    print(f"the greedy default placement: {greedy:.1f} ms")
    names = ["Anastasia", "Bartholomew", "Cleo", "Dmitri", "Eve", "Fay"]
    letters = ("A", "B", "C", "D", "E", "F")
    public = GAME.view(state, None)
    board_ms = timings(lambda: render_board(public, say, names, letters), 30)
    image, _ = render_board(public, say, names, letters)
    png_ms = timings(lambda: to_png(image), 30)
    board, png = statistics.median(board_ms), statistics.median(png_ms)
    print(f"board picture: render {board:.1f} ms, PNG {png:.1f} ms")
    own = GAME.view(state, 0)
    cards_ms = timings(lambda: render_tasks(own.hand, say, own.board), 30)
    print(f"task cards picture: render {statistics.median(cards_ms):.1f} ms")

    for seats in range(2, 7):
        per_round = []
        for seed in range(args.games):
            done = greedy_game(seats, seed, rounds=3)
            per_round += [p for points in done.history for p in points]
        print(f"{seats} players: {statistics.mean(per_round):.2f} points per player per round")
    lengths = [greedy_game(6, seed, goal="tiles").round for seed in range(args.games)]
    print(f"6-player long game: rounds {sorted(lengths)}, mean {statistics.mean(lengths):.1f}")


if __name__ == "__main__":
    main()
