"""A search for slow Miss Lupun joker scoring: hill climbing over boards with up to 7
jokers and the task cards in play, for one hand (3 tasks) and for a 6-seat round end
(6 hands of distinct cards on one board). `python -m tests.bench.bench_lupun --worst`.

A candidate's cost is its scoring time (the least of a few runs, so that a pause of
the machine does not count as slowness); the climb keeps a change that makes it slower.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.lupun.board import SIZE, space_name
from games.lupun.deck import DECK
from games.lupun.scoring import best_score
from games.lupun.tasks import Task
from tests.games.lupun.scoring_oracle import best_score as oracle_score

Scorer = Callable[[tuple[int, ...], Sequence[Task], Sequence[int]], object]
MAX_JOKERS = 7


@dataclass(frozen=True)
class Round:
    """A full board (a placeholder 0 on each joker), the joker spaces and the hands."""

    board: tuple[int, ...]
    jokers: tuple[int, ...]
    hands: tuple[tuple[Task, ...], ...]

    def describe(self) -> str:
        rows = []
        for row in range(6):
            marks = [
                "J" if s in self.jokers else str(self.board[s]) for s in range(row * 4, row * 4 + 4)
            ]
            rows.append("  " + " ".join(marks))
        jokers = " ".join(space_name(s) for s in self.jokers)
        hands = "; ".join(" ".join(t.id for t in hand) for hand in self.hands)
        return "\n".join([*rows, f"  jokers {jokers}", f"  hands {hands}"])


def score_all(scorer: Scorer, candidate: Round) -> None:
    for hand in candidate.hands:
        scorer(candidate.board, hand, candidate.jokers)


def cost_ms(scorer: Scorer, candidate: Round, runs: int) -> float:
    """The least processor time of `runs` scorings (other jobs on the machine do not
    count)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        score_all(scorer, candidate)
        best = min(best, (time.process_time() - start) * 1000)
    return best


def median_ms(scorer: Scorer, candidate: Round, runs: int) -> tuple[float, float]:
    """The medians of `runs` scorings: wall-clock time, processor time."""
    wall, cpu = [], []
    for _ in range(runs):
        started, processed = time.perf_counter(), time.process_time()
        score_all(scorer, candidate)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - processed) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def random_round(rng: random.Random, seats: int) -> Round:
    cards = rng.sample(DECK, 3 * seats)
    hands = tuple(tuple(cards[3 * s : 3 * s + 3]) for s in range(seats))
    region = sorted({s for hand in hands for t in hand for s in t.region})
    jokers = rng.sample(region, min(MAX_JOKERS, len(region)))  # inside regions: the hard case
    board = tuple(rng.randrange(10) for _ in range(SIZE))
    return Round(board, tuple(sorted(jokers)), hands)


def mutate(rng: random.Random, candidate: Round) -> Round:
    board = list(candidate.board)
    jokers = list(candidate.jokers)
    hands = [list(hand) for hand in candidate.hands]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        roll = rng.random()
        if roll < 0.4:
            board[rng.randrange(SIZE)] = rng.randrange(10)
        elif roll < 0.75 or not jokers:
            free = [s for s in range(SIZE) if s not in jokers]
            if jokers and (len(jokers) == MAX_JOKERS or rng.random() < 0.7):
                jokers[rng.randrange(len(jokers))] = rng.choice(free)
            else:
                jokers.append(rng.choice(free))
        else:
            used = {t.id for hand in hands for t in hand}
            seat = rng.randrange(len(hands))
            hands[seat][rng.randrange(3)] = rng.choice([t for t in DECK if t.id not in used])
    return Round(tuple(board), tuple(sorted(jokers)), tuple(tuple(hand) for hand in hands))


def climb(
    scorer: Scorer, seats: int, seconds: float, rng: random.Random, starts: int = 40
) -> tuple[float, Round]:
    """The slowest round found in about `seconds`: the slowest of `starts` random rounds,
    then hill climbing, restarting from a fresh one when stuck."""
    deadline = time.perf_counter() + seconds
    overall: tuple[float, Round] | None = None
    while overall is None or time.perf_counter() < deadline:
        current = max(
            ((cost_ms(scorer, r, 1), r) for r in (random_round(rng, seats) for _ in range(starts))),
            key=lambda found: found[0],
        )
        stuck = 0
        while stuck < 300 and time.perf_counter() < deadline:
            candidate = mutate(rng, current[1])
            if cost_ms(scorer, candidate, 1) > current[0]:
                slower = cost_ms(scorer, candidate, 3)
                if slower > current[0]:
                    current, stuck = (slower, candidate), 0
                    continue
            stuck += 1
        if overall is None or current[0] > overall[0]:
            overall = current
    return overall


def report(seconds: float, seed: int) -> None:
    """Search, then print the slowest rounds found with their median times before (the
    exhaustive search kept as the tests' oracle) and after."""
    rng = random.Random(seed)
    for seats, share in ((1, 0.3), (6, 0.7)):
        for name, scorer in (("the old scoring", oracle_score), ("the new scoring", best_score)):
            _, found = climb(scorer, seats, seconds * share / 2, rng)
            before, after = median_ms(oracle_score, found, 9), median_ms(best_score, found, 9)
            what = "one hand" if seats == 1 else f"a {seats}-seat round end"
            print(f"slowest {what} found for {name}:")
            print(found.describe())
            print(
                f"  before {before[0]:.2f} ms ({before[1]:.2f} ms processor), "
                f"after {after[0]:.2f} ms ({after[1]:.2f} ms processor); medians of 9"
            )
