"""Calibrating the deck's points: `python -m games.lupun.calibrate [--seed 1] [--games N]`.

The method (issue 14, documented in the README):

1. For every task, play `games` rounds with 3 players and `games` with 5 (interleaved
   turns, tiles 0..9 each, 24 placements; with 5 players the last in turn order places
   one tile fewer). The task's owner sits at a random seat and plays the greedy policy
   (`games.lupun.policy`) for that task alone; the others place a random tile of theirs
   on a random empty space. The success rate is how often the task holds at the end.
2. Points follow the rate on a logit scale: points = a + b * logit(rate), the line
   through the published anchors' means with the slope that matches their spread
   (reduced major axis), rounded and clipped to 1..9. The rate is smoothed with one
   more round "won" at the task's plain random-fill rate, so a task never solved in the
   simulation is still ordered by how rare it is on random boards.
3. It prints each task's rate and points, the fit against the anchors (Spearman's rho
   and each anchor's deviation; all must be within +-2) and, for comparison, the rho of
   a plain random fill. `--write` puts the points into `deck.py` (the published cards
   keep their printed points) and picks the short deck.

Every round's randomness comes from `random.Random(f"{seed}:{task}:{players}:{round}")`,
so a run is reproducible and a task's rate does not depend on the others.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from games.lupun.board import LINES, SIZE, Board
from games.lupun.deck import DECK, PUBLISHED
from games.lupun.policy import greedy_placement
from games.lupun.tasks import Task

PLAYER_COUNTS = (3, 5)
GAMES = 16
DECK_FILE = Path(__file__).parent / "deck.py"
SHORT_DECK_SIZE = 36


def placements(players: int) -> list[int]:
    """How many tiles each seat places in a round (24 spaces; 2 players: 10 each)."""
    if players == 2:
        return [10, 10]
    counts = [SIZE // players] * players
    for seat in range(SIZE - sum(counts)):
        counts[seat] += 1
    return counts


def play_round(
    task: Task, players: int, rng: random.Random, hand_size: int = 3, spoil: float = 0.5
) -> bool:
    """One play-like round; whether the owner's task holds at its end."""
    return task.holds(play_board(task, players, rng, hand_size, spoil))


def play_board(
    task: Task, players: int, rng: random.Random, hand_size: int = 3, spoil: float = 0.5
) -> Board:
    """The board at the end of one play-like round.

    The owner holds `task` and `hand_size - 1` other tasks drawn from the deck, and plays
    the greedy policy for all of them (each weighted the same). Each other player, on
    its turn, spoils with probability `spoil`: not knowing the tasks, it picks the row or
    column holding most of the owner's tiles and puts its lowest tile there when those
    are high (mean >= 4.5), else its highest (the rulebook's own advice); otherwise it
    places a random tile of its own on a random empty space.
    """
    board: list[int | None] = [None] * SIZE
    owner = rng.randrange(players)
    others = [t for t in rng.sample(DECK, hand_size) if t.id != task.id][: hand_size - 1]
    hand = [_unweighted(t) for t in (task, *others)]
    tiles = [list(range(10)) for _ in range(players)]
    left = placements(players)
    owner_moves: list[tuple[int, int]] = []
    while any(left):
        for seat in range(players):
            if not left[seat]:
                continue
            left[seat] -= 1
            if seat == owner:
                space, tile = greedy_placement(tuple(board), hand, tiles[seat], rng)
                owner_moves.append((space, tile))
            else:
                space, tile = _other_move(board, tiles[seat], owner_moves, rng, spoil)
            board[space] = tile
            tiles[seat].remove(tile)
    return tuple(board)


def _unweighted(task: Task) -> Task:
    return Task(task.id, task.family, 1, task.condition)


def _other_move(
    board: list[int | None],
    tiles: list[int],
    owner_moves: list[tuple[int, int]],
    rng: random.Random,
    spoil: float,
) -> tuple[int, int]:
    empty = [s for s in range(SIZE) if board[s] is None]
    if owner_moves and rng.random() < spoil:
        target = _suspect_line(owner_moves, empty, rng)
        if target is not None:
            line, numbers = target
            high = sum(numbers) / len(numbers) >= 4.5
            return rng.choice(line), (min(tiles) if high else max(tiles))
    return rng.choice(empty), rng.choice(tiles)


def _suspect_line(
    owner_moves: list[tuple[int, int]], empty: list[int], rng: random.Random
) -> tuple[list[int], list[int]] | None:
    """The row or column holding most of the owner's tiles (with room left), and those
    tiles: what a watchful player notices ("the 8 and the 9 in one row")."""
    options = []
    for line in LINES:
        numbers = [tile for space, tile in owner_moves if space in line]
        room = [s for s in empty if s in line]
        if numbers and room:
            options.append((len(numbers), rng.random(), room, numbers))
    if not options:
        return None
    _, _, room, numbers = max(options)
    return room, numbers


@dataclass(frozen=True)
class Result:
    task: Task
    wins: int
    rounds: int
    random_fill: float  # the rate on uniformly random full boards (for comparison)

    @property
    def rate(self) -> float:
        return self.wins / self.rounds

    @property
    def smoothed(self) -> float:
        """The rate with one extra round won with the random-fill rate (a prior that only
        matters when a task is (almost) never or always solved), kept inside 0.2%..99.8%."""
        rate = (self.wins + self.random_fill) / (self.rounds + 1)
        return min(max(rate, 0.002), 0.998)


def measure(task: Task, seed: int, games: int, spoil: float = 0.5) -> Result:
    wins = rounds = 0
    for players in PLAYER_COUNTS:
        for game in range(games):
            rng = random.Random(f"{seed}:{task.id}:{players}:{game}")
            wins += play_round(task, players, rng, spoil=spoil)
            rounds += 1
    fill_rng = random.Random(f"{seed}:{task.id}:fill")
    fills = 400
    hits = sum(task.holds(random_board(fill_rng)) for _ in range(fills))
    return Result(task, wins, rounds, hits / fills)


def random_board(rng: random.Random) -> Board:
    return tuple(rng.randrange(10) for _ in range(SIZE))


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def fit(results: Sequence[Result]) -> tuple[float, float]:
    """a, b of points = a + b * logit(rate) over the anchors: the line through their
    means whose slope matches their spreads (reduced major axis; least squares would
    pull every task towards 4 or 5 points, as the measured rates are noisy)."""
    xs = [logit(r.smoothed) for r in results if r.task.id in PUBLISHED]
    ys = [float(PUBLISHED[r.task.id]) for r in results if r.task.id in PUBLISHED]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread_x = math.sqrt(sum((x - mean_x) ** 2 for x in xs))
    spread_y = math.sqrt(sum((y - mean_y) ** 2 for y in ys))
    b = -spread_y / spread_x if spread_x else 0.0  # harder (rarer) means more points
    return mean_y - b * mean_x, b


def points_for(result: Result, a: float, b: float) -> int:
    return max(1, min(9, round(a + b * logit(result.smoothed))))


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((x - mx) * (y - my) for x, y in zip(rx, ry, strict=True))
    var = math.sqrt(sum((x - mx) ** 2 for x in rx) * sum((y - my) ** 2 for y in ry))
    return cov / var if var else 0.0


@dataclass(frozen=True)
class Calibration:
    results: tuple[Result, ...]
    a: float
    b: float
    points: dict[str, int]  # calibrated points of every task
    rho: float  # anchors: calibrated points (difficulty) against printed points
    rho_random_fill: float  # the same for a plain random fill's rate
    deviations: dict[str, int]  # anchor id -> calibrated minus printed


def calibrate(
    seed: int = 1, games: int = GAMES, tasks: Sequence[Task] = DECK, spoil: float = 0.5
) -> Calibration:
    results = tuple(measure(task, seed, games, spoil) for task in tasks)
    a, b = fit(results)
    points = {r.task.id: points_for(r, a, b) for r in results}
    anchors = [r for r in results if r.task.id in PUBLISHED]
    printed = [float(PUBLISHED[r.task.id]) for r in anchors]
    rho = spearman([-r.smoothed for r in anchors], printed)
    rho_fill = spearman([-r.random_fill for r in anchors], printed)
    deviations = {r.task.id: points[r.task.id] - PUBLISHED[r.task.id] for r in anchors}
    return Calibration(results, a, b, points, rho, rho_fill, deviations)


def deck_points(calibration: Calibration) -> dict[str, int]:
    """The points the deck holds: calibrated, except the published cards' printed ones."""
    return {**calibration.points, **PUBLISHED}


def short_deck(points: dict[str, int], tasks: Sequence[Task] = DECK) -> tuple[str, ...]:
    """36 tasks spread over the points: 4 per value 1..9 where there are enough, the
    rest one by one to the values with the fewest so far; within a value, the task of
    the family chosen least so far."""
    by_points: dict[int, list[Task]] = {p: [] for p in range(1, 10)}
    for task in tasks:
        by_points[points[task.id]].append(task)
    quota = {p: min(4, len(ts)) for p, ts in by_points.items()}
    while sum(quota.values()) < SHORT_DECK_SIZE:  # the rest: the thinnest values with room
        room = [p for p in by_points if quota[p] < len(by_points[p])]
        spare = min(room, key=lambda p: (quota[p], -len(by_points[p]), p))
        quota[spare] += 1
    chosen: list[Task] = []
    for p in sorted(by_points, key=lambda p: len(by_points[p])):  # the scarce values first
        candidates = list(by_points[p])
        for _ in range(quota[p]):  # the family chosen least so far, then deck order
            used = Counter(task.family for task in chosen)
            pick = min(candidates, key=lambda task: used[task.family])
            candidates.remove(pick)
            chosen.append(pick)
    return tuple(sorted(task.id for task in chosen))


def write_deck(
    points: dict[str, int],
    short: Sequence[str],
    calibrated: dict[str, int],
    path: Path = DECK_FILE,
) -> None:
    """Rewrite the points after each id in the deck file, the short deck, and what the
    calibration gave the anchors (a test checks they stay within 2 of the printed)."""
    text = path.read_text(encoding="utf-8")
    for task_id, value in points.items():
        text, found = re.subn(rf'(\("{task_id}", )\d+(,)', rf"\g<1>{value}\g<2>", text)
        if found != 1:
            raise ValueError(f"{task_id} not found once in {path}")
    rows = [", ".join(f'"{i}"' for i in short[k : k + 9]) + "," for k in range(0, len(short), 9)]
    block = "SHORT_DECK_IDS: tuple[str, ...] = (\n" + "\n".join(f"    {r}" for r in rows) + "\n)"
    text = re.sub(
        r"SHORT_DECK_IDS: tuple\[str, \.\.\.\] = \(\n.*?\n\)", block, text, flags=re.DOTALL
    )
    anchors = "".join(f'    "{i}": {calibrated[i]},\n' for i in PUBLISHED)
    text = re.sub(
        r"CALIBRATED_ANCHORS: dict\[str, int\] = \{.*?\}",
        "CALIBRATED_ANCHORS: dict[str, int] = {\n" + anchors + "}",
        text,
        flags=re.DOTALL,
    )
    path.write_text(text, encoding="utf-8")


def report(calibration: Calibration, out: Callable[[str], object] = print) -> None:
    final = deck_points(calibration)
    out(f"{'task':5} {'family':12} {'rate':>5} {'fill':>5} {'calib':>5} {'deck':>4}  anchor")
    for r in calibration.results:
        anchor = PUBLISHED.get(r.task.id)
        note = f"printed {anchor}" if anchor is not None else ""
        out(
            f"{r.task.id:5} {r.task.family:12} {r.rate:5.2f} {r.random_fill:5.2f} "
            f"{calibration.points[r.task.id]:5d} {final[r.task.id]:4d}  {note}"
        )
    out(f"fit: points = {calibration.a:.2f} + {calibration.b:.2f} * logit(rate)")
    out(
        f"Spearman rho against the anchors: {calibration.rho:.2f} "
        f"(plain random fill: {calibration.rho_random_fill:.2f})"
    )
    for task_id, deviation in calibration.deviations.items():
        out(
            f"  anchor {task_id} printed {PUBLISHED[task_id]}: calibrated "
            f"{calibration.points[task_id]} ({deviation:+d})"
        )
    worst = max(abs(d) for d in calibration.deviations.values())
    out(f"worst anchor deviation: {worst} ({'ok' if worst <= 2 else 'OFF BY MORE THAN 2'})")
    histogram = {p: sum(1 for v in final.values() if v == p) for p in range(1, 10)}
    out("deck points distribution: " + ", ".join(f"{p}: {n}" for p, n in histogram.items()))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Calibrate the Miss Lupun deck's points.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=GAMES, help="rounds per player count")
    parser.add_argument("--write", action="store_true", help="write the points into deck.py")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    calibration = calibrate(args.seed, args.games)
    report(calibration)
    print(
        f"seed {args.seed}, {args.games} rounds x {len(PLAYER_COUNTS)} player counts per "
        f"task, {time.perf_counter() - started:.0f} s"
    )
    if args.write:
        points = deck_points(calibration)
        write_deck(points, short_deck(points), calibration.points)
        print(f"wrote {DECK_FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
